#pragma once
// One table per named enum: the single place where its values' names are written. Parsing,
// printing and the "one of ..." lists in messages and usage texts all come from it, as
// sokol_gfx.h makes its enum and its messages from one table. Plain C++20, no dependencies.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace slotcraft {

template <typename Enum, std::size_t N>
struct NameTable {
    std::array<std::pair<Enum, std::string_view>, N> rows;

    // The name of `value`; every value of the enum must have a row (a missing one is a bug).
    constexpr std::string_view name(Enum value) const {
        for (const auto& [v, n] : rows) {
            if (v == value) return n;
        }
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
