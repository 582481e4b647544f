#pragma once
// The stats document: one JSON object of nested objects, built from dotted keys
// ("frame.count") in insertion order. Counts are written as JSON integers. Pure C++.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace slotcraft {

class StatsJson {
public:
    struct Null {};
    // Sets a value at a dotted path; intermediate objects are created as needed.
    void set(const std::string& path, int64_t value) { put(path, Value{value}); }
    void set(const std::string& path, int value) { put(path, Value{static_cast<int64_t>(value)}); }
    void set(const std::string& path, uint64_t value) { put(path, Value{static_cast<int64_t>(value)}); }
    void set(const std::string& path, double value) { put(path, Value{value}); }
    void set(const std::string& path, bool value) { put(path, Value{value}); }
    void set(const std::string& path, const std::string& value) { put(path, Value{value}); }
    void set(const std::string& path, const char* value) { put(path, Value{std::string(value)}); }
    void set_null(const std::string& path) { put(path, Value{Null{}}); }
    // An array of strings.
    void set(const std::string& path, const std::vector<std::string>& values) { put(path, Value{values}); }
    // An array of integers.
    void set(const std::string& path, const std::vector<int64_t>& values) { put(path, Value{values}); }

    std::string dump() const;

private:
    struct Object;
    using Value = std::variant<Null, bool, int64_t, double, std::string, std::vector<std::string>, std::vector<int64_t>,
                               std::shared_ptr<Object>>;
    struct Object {
        std::vector<std::pair<std::string, Value>> members;
    };
    void put(const std::string& path, Value value);
    static void write(std::string& out, const Value& v, int indent);

    Object root_;
};

// The one escaping of a string in every JSON the program writes (the stats document, the
// overlay's layout record): quotes, backslashes and control bytes escaped, and every byte
// that is not part of well-formed UTF-8 (a file name or a block name from outside) written as
// U+FFFD, so a strict parser always reads the document. Appends the quoted string to `out`.
void append_json_string(std::string& out, std::string_view s);
std::string json_string(std::string_view s);  // the same, as a new string

}  // namespace slotcraft
