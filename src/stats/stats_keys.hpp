#pragma once
// A stats figure is declared once: its key, its type, its doc line and how it is read from
// what it describes (Figure<Source>). The stats JSON is written from the declarations
// (write_figures) and the key table of docs/stats.md is made from them (stats_doc_table; a
// unit test keeps the committed page equal to it). Pure C++; never depends on the parts: the
// App declares the program's figures over its parts (app/figures.cpp).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace slotcraft {

class StatsJson;

// What a key holds, as docs/stats.md names it.
enum class StatType : uint8_t {
    kInteger,        // a JSON integer: a count
    kIntegerOrNull,  // an integer, or null while there is none
    kNumber,         // a JSON number with a fraction: a measurement
    kBool,
    kString,
    kStringOrNull,
    kStrings,       // an array of strings
    kIntegers,      // an array of integers (one a level: lod.*)
    kObjectOrNull,  // an object of the keys below it, or null while there is none
};
std::string_view stat_type_name(StatType type);  // "integer or null"

struct StatDecl {
    std::string_view key;  // dotted; NAME stands for a name the writer fills in
    StatType type;
    std::string_view doc;  // the meaning column of docs/stats.md
};

// What a figure reads: null (std::monostate) or a value of its declared type. A key with NAME
// in it reads (name, value) pairs, one key written for each; an object-or-null key reads true
// while its object is there, or null (the keys below it are then left out).
using NamedNumbers = std::vector<std::pair<std::string, double>>;
using NamedFlags = std::vector<std::pair<std::string, bool>>;
using NamedStrings = std::vector<std::pair<std::string, std::string>>;
using FigureValue = std::variant<std::monostate, int64_t, double, bool, std::string, std::vector<std::string>,
                                 std::vector<int64_t>, NamedNumbers, NamedFlags, NamedStrings>;

// One figure: its declaration and how it is read from its Source (a captureless lambda).
template <class Source>
struct Figure {
    StatDecl decl;
    FigureValue (*read)(const Source&);
};

// [SECTION] writing

// Writes `value` under its declared key, asserting that its type is the declared one (a
// mismatch is a bug: the page would promise another type than the file holds).
void write_figure(StatsJson& json, const StatDecl& decl, const FigureValue& value);

// Writes every figure of `figures`, read from `source`, in their order. An object-or-null key
// that reads null is written as null and the keys below it are left out.
template <class Source>
void write_figures(StatsJson& json, std::span<const Figure<Source>> figures, const Source& source) {
    std::string_view null_object;  // the object-or-null key that read null, if any
    for (const Figure<Source>& f : figures) {
        const std::string_view key = f.decl.key;
        if (!null_object.empty() && key.size() > null_object.size() && key.starts_with(null_object) &&
            key[null_object.size()] == '.') {
            continue;
        }
        const FigureValue value = f.read(source);
        if (f.decl.type == StatType::kObjectOrNull) {
            if (std::holds_alternative<std::monostate>(value)) {
                write_figure(json, f.decl, value);
                null_object = key;
            }
            continue;  // present: the keys below it make the object
        }
        write_figure(json, f.decl, value);
    }
}

// [SECTION] the page

// The declarations of `figures`, in their order.
template <class Source>
std::vector<StatDecl> declarations(std::span<const Figure<Source>> figures) {
    std::vector<StatDecl> out;
    out.reserve(figures.size());
    for (const Figure<Source>& f : figures) out.push_back(f.decl);
    return out;
}

// The key table of docs/stats.md (its header and one line a row, each ending in '\n'), made
// from `decls`: neighbours with the same type and doc line share one row.
std::string stats_doc_table(std::span<const StatDecl> decls);

}  // namespace slotcraft
