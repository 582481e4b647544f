#pragma once
// A small JSON reader for tests: parses the stats documents the program writes and looks
// values up by dotted path ("slots.taken"). Throws std::runtime_error on malformed input.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace slotcraft::test {

struct Json {
    enum class Kind { kNull, kBool, kInteger, kDouble, kString, kArray, kObject };
    Kind kind = Kind::kNull;
    bool boolean = false;
    int64_t integer = 0;
    double number = 0;  // also set for integers
    std::string string;
    std::vector<Json> array;
    std::map<std::string, Json> object;

    static Json parse(const std::string& text);
    static Json parse_file(const std::string& path);
    // The value at a dotted path; nullptr when any step is missing.
    const Json* find(const std::string& path) const;
    // As find, but throws naming the path when missing.
    const Json& at(const std::string& path) const;
    bool is_null() const { return kind == Kind::kNull; }
};

}  // namespace slotcraft::test
