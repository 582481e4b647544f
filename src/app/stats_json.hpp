#pragma once
// The stats document: one JSON object of nested objects, built from dotted keys
// ("frame.count") in insertion order. Counts are written as JSON integers. Pure C++.
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
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

// An output file (a screenshot, a stats file) that could not be written: what() names the
// file and the reason ("cannot write the screenshot '/dev/full': No space left on device").
struct OutputFileError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Writes text to path with write_atomically (app/atomic_file.hpp): a failure never leaves part
// of a file under the final name, and a device such as /dev/stdout or /dev/full is written
// through. `what` names the file in the message ("the screenshot"). Throws OutputFileError.
void write_file_atomically(const std::string& path, const std::string& text, const char* what = "the file");

// Checks, before a run, that the folder `path` will be written into exists and is writable.
// Throws OutputFileError: "cannot write into 'DIR' (reason): choose a writable folder".
void check_output_folder(const std::string& path);

}  // namespace slotcraft
