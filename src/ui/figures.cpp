// Number formatting and series summaries for the overlay. See figures.hpp.
#include "ui/figures.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <span>

namespace slotcraft::figures {

std::string group_digits(uint64_t value) {
    std::string digits = std::to_string(value);
    std::string out;
    out.reserve(digits.size() + digits.size() / 3);
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

namespace {

// `value` divided by `base` once, then again while it reaches `limit` and a larger unit is
// left, with three significant digits and its unit after `separator`: "1.50 KiB", "12.3M".
std::string in_units(uint64_t value, double base, double limit, std::span<const char* const> units,
                     const char* separator) {
    double scaled = static_cast<double>(value) / base;
    size_t unit = 0;
    while (scaled >= limit && unit + 1 < units.size()) {
        scaled /= base;
        ++unit;
    }
    // Rounding never carries into a fourth digit: 9.996 is "10.0", not "10.00".
    const char* format = scaled < 9.995 ? "%.2f%s%s" : scaled < 99.95 ? "%.1f%s%s" : "%.0f%s%s";
    char text[32];
    std::snprintf(text, sizeof text, format, scaled, separator, units[unit]);
    return text;
}

}  // namespace

std::string short_count(uint64_t value) {
    if (value < 100000) return group_digits(value);
    constexpr std::array<const char*, 6> kUnits = {"k", "M", "G", "T", "P", "E"};
    // 999,999 is "1.00M", not "1000k": a larger unit from 999.5 of the smaller on.
    return in_units(value, 1000.0, 999.5, kUnits, "");
}

std::string format_bytes(uint64_t bytes) {
    if (bytes < 1024) return std::to_string(bytes) + " B";
    constexpr std::array<const char*, 4> kUnits = {"KiB", "MiB", "GiB", "TiB"};
    return in_units(bytes, 1024.0, 1024.0, kUnits, " ");
}

}  // namespace slotcraft::figures
