// The stats keys' writer and the key table of docs/stats.md, both made from kStatKeys.
#include "app/stats_keys.hpp"

#include <cassert>

#include "app/stats_json.hpp"

namespace slotcraft {

std::string_view stat_type_name(StatType type) {
    switch (type) {
        case StatType::kInteger: return "integer";
        case StatType::kIntegerOrNull: return "integer or null";
        case StatType::kNumber: return "number";
        case StatType::kBool: return "bool";
        case StatType::kString: return "string";
        case StatType::kStringOrNull: return "string or null";
        case StatType::kStrings: return "array of strings";
        case StatType::kIntegers: return "array of integers";
        case StatType::kObjectOrNull: return "object or null";
    }
    assert(false && "stat_type_name: a StatType without a name");
    return {};
}

// [SECTION] writing

namespace {

const StatDecl& declared(StatKey key) {
    assert(key.index < std::size(kStatKeys) && "StatsWriter: a StatKey not made by stat()");
    return kStatKeys[key.index];
}

// The key, after checking that a value of `type` (or `or_type`) is what it declares.
const StatDecl& expect(StatKey key, StatType type, StatType or_type) {
    const StatDecl& decl = declared(key);
    assert((decl.type == type || decl.type == or_type) &&
           "StatsWriter: the value's type is not the key's declared type (kStatKeys, docs/stats.md)");
    (void)type;
    (void)or_type;
    return decl;
}

}  // namespace

void StatsWriter::set(StatKey key, int64_t value) {
    json_.set(std::string(expect(key, StatType::kInteger, StatType::kIntegerOrNull).key), value);
}

void StatsWriter::set(StatKey key, double value) {
    json_.set(std::string(expect(key, StatType::kNumber, StatType::kNumber).key), value);
}

void StatsWriter::set(StatKey key, bool value) {
    json_.set(std::string(expect(key, StatType::kBool, StatType::kBool).key), value);
}

void StatsWriter::set(StatKey key, const std::string& value) {
    json_.set(std::string(expect(key, StatType::kString, StatType::kStringOrNull).key), value);
}

void StatsWriter::set(StatKey key, const std::vector<std::string>& values) {
    json_.set(std::string(expect(key, StatType::kStrings, StatType::kStrings).key), values);
}

void StatsWriter::set(StatKey key, const std::vector<int64_t>& values) {
    json_.set(std::string(expect(key, StatType::kIntegers, StatType::kIntegers).key), values);
}

void StatsWriter::set_null(StatKey key) {
    const StatDecl& decl = declared(key);
    assert((decl.type == StatType::kIntegerOrNull || decl.type == StatType::kStringOrNull ||
            decl.type == StatType::kObjectOrNull) &&
           "StatsWriter::set_null: the key is not declared as one that may be null");
    json_.set_null(std::string(decl.key));
}

namespace {

// `key` with its NAME replaced by `name`.
std::string named(std::string_view key, std::string_view name) {
    const std::size_t at = key.find("NAME");
    assert(at != std::string_view::npos && "StatsWriter: a name given for a key without NAME in it");
    std::string out(key);
    out.replace(at, 4, name);
    return out;
}

}  // namespace

void StatsWriter::set(StatKey key, std::string_view name, double value) {
    json_.set(named(expect(key, StatType::kNumber, StatType::kNumber).key, name), value);
}

void StatsWriter::set(StatKey key, std::string_view name, bool value) {
    json_.set(named(expect(key, StatType::kBool, StatType::kBool).key, name), value);
}

// [SECTION] the page

std::string stats_doc_table() {
    std::string out = "| key | type | meaning |\n| --- | --- | --- |\n";
    const std::size_t count = std::size(kStatKeys);
    for (std::size_t first = 0; first < count;) {
        // Neighbours with the same type and doc line share the row.
        std::size_t end = first + 1;
        while (end < count && kStatKeys[end].type == kStatKeys[first].type &&
               kStatKeys[end].doc == kStatKeys[first].doc) {
            ++end;
        }
        out += "| ";
        for (std::size_t i = first; i < end; ++i) {
            if (i > first) out += ", ";
            out += "`" + std::string(kStatKeys[i].key) + "`";
        }
        out += " | " + std::string(stat_type_name(kStatKeys[first].type)) + " | " + std::string(kStatKeys[first].doc) +
               " |\n";
        first = end;
    }
    return out;
}

}  // namespace slotcraft
