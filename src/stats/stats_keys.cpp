// The figures' writer and the key table of docs/stats.md, both made from the declarations.
#include "stats/stats_keys.hpp"

#include <cassert>

#include "stats/stats_json.hpp"

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

// `key` with its NAME replaced by `name`.
std::string named(std::string_view key, std::string_view name) {
    const std::size_t at = key.find("NAME");
    assert(at != std::string_view::npos && "write_figure: a named value for a key without NAME in it");
    std::string out(key);
    out.replace(at, 4, name);
    return out;
}

bool may_be_null(StatType type) {
    return type == StatType::kIntegerOrNull || type == StatType::kStringOrNull || type == StatType::kObjectOrNull;
}

// Asserts that a value of `type` (or `or_type`) is what `decl` declares.
void expect(const StatDecl& decl, StatType type, StatType or_type) {
    assert((decl.type == type || decl.type == or_type) &&
           "write_figure: the value's type is not the key's declared type (app/figures.cpp, docs/stats.md)");
    (void)decl;
    (void)type;
    (void)or_type;
}

}  // namespace

void write_figure(StatsJson& json, const StatDecl& decl, const FigureValue& value) {
    const std::string key(decl.key);
    struct Write {
        StatsJson& json;
        const StatDecl& decl;
        const std::string& key;
        void operator()(std::monostate) const {
            assert(may_be_null(decl.type) && "write_figure: the key is not declared as one that may be null");
            json.set_null(key);
        }
        void operator()(int64_t v) const {
            expect(decl, StatType::kInteger, StatType::kIntegerOrNull);
            json.set(key, v);
        }
        void operator()(double v) const {
            expect(decl, StatType::kNumber, StatType::kNumber);
            json.set(key, v);
        }
        void operator()(bool v) const {
            expect(decl, StatType::kBool, StatType::kBool);
            json.set(key, v);
        }
        void operator()(const std::string& v) const {
            expect(decl, StatType::kString, StatType::kStringOrNull);
            json.set(key, v);
        }
        void operator()(const std::vector<std::string>& v) const {
            expect(decl, StatType::kStrings, StatType::kStrings);
            json.set(key, v);
        }
        void operator()(const std::vector<int64_t>& v) const {
            expect(decl, StatType::kIntegers, StatType::kIntegers);
            json.set(key, v);
        }
        void operator()(const NamedNumbers& v) const {
            expect(decl, StatType::kNumber, StatType::kNumber);
            for (const auto& [name, number] : v) json.set(named(key, name), number);
        }
        void operator()(const NamedStrings& v) const {
            expect(decl, StatType::kString, StatType::kString);
            for (const auto& [name, text] : v) json.set(named(key, name), text);
        }
        void operator()(const NamedFlags& v) const {
            expect(decl, StatType::kBool, StatType::kBool);
            for (const auto& [name, flag] : v) json.set(named(key, name), flag);
        }
    };
    std::visit(Write{json, decl, key}, value);
}

// [SECTION] the page

std::string stats_doc_table(std::span<const StatDecl> decls) {
    std::string out = "| key | type | meaning |\n| --- | --- | --- |\n";
    const std::size_t count = decls.size();
    for (std::size_t first = 0; first < count;) {
        // Neighbours with the same type and doc line share the row.
        std::size_t end = first + 1;
        while (end < count && decls[end].type == decls[first].type && decls[end].doc == decls[first].doc) ++end;
        out += "| ";
        for (std::size_t i = first; i < end; ++i) {
            if (i > first) out += ", ";
            out += "`" + std::string(decls[i].key) + "`";
        }
        out += " | " + std::string(stat_type_name(decls[first].type)) + " | " + std::string(decls[first].doc) + " |\n";
        first = end;
    }
    return out;
}

}  // namespace slotcraft
