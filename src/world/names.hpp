#pragma once
// One table per named enum: the single place where its values' names are written. Parsing,
// printing and the "one of ..." lists in messages and usage texts all come from it, as
// sokol_gfx.h makes its enum and its messages from one table. Plain C++20, no dependencies.
#include <array>
#include <cassert>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace slotcraft {

// A table of N rows names the enum values 0..N-1, each once (in any order: the order is the
// one `choices` lists). The constructor checks that at compile time (the tables are constexpr):
// a value twice, a value outside 0..N-1, an empty or repeated name, or a row left out when N
// grew does not compile.
template <typename Enum, std::size_t N>
struct NameTable {
    using Row = std::pair<Enum, std::string_view>;
    std::array<Row, N> rows;

    consteval NameTable(std::array<Row, N> table) : rows(table) {
        for (std::size_t i = 0; i < N; ++i) {
            const auto v = static_cast<std::size_t>(rows[i].first);
            if (v >= N) throw "NameTable: a row names a value past the table's size N";
            if (rows[i].second.empty()) throw "NameTable: a row without a name (N counts more rows than given?)";
            for (std::size_t j = 0; j < i; ++j) {
                if (rows[j].first == rows[i].first) throw "NameTable: a value has two rows (or N is too big)";
                if (rows[j].second == rows[i].second) throw "NameTable: two values share a name";
            }
        }
    }

    // The name of `value`. Every value 0..N-1 has its row (the constructor checked); a value
    // past N is an enum that grew without its row: a bug the assert names (at compile time
    // too, where the name is asked for in a constant expression).
    constexpr std::string_view name(Enum value) const {
        for (const auto& [v, n] : rows) {
            if (v == value) return n;
        }
        assert(false && "NameTable::name: the enum has a value without a row: add it to its table and raise N");
        return "?";
    }
    // The value named exactly `text`; nullopt for anything else.
    constexpr std::optional<Enum> parse(std::string_view text) const {
        for (const auto& [v, n] : rows) {
            if (n == text) return v;
        }
        return std::nullopt;
    }
    // Every name, in table order, separated by `separator`: "flat|terrain".
    std::string choices(std::string_view separator = "|") const {
        std::string out;
        for (const auto& [v, n] : rows) {
            if (!out.empty()) out += separator;
            out += n;
        }
        return out;
    }
};

}  // namespace slotcraft
