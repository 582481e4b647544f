#pragma once
// Numbers as the overlay prints them (digit groups, bytes in B/KiB/MiB/GiB) and the summary
// of a per-frame series (the allocator's plot).
// Plain C++20: never include ImGui or GL, so the unit tests check these without a window.
#include <algorithm>
#include <cstdint>
#include <string>

#include "ui/history.hpp"

namespace slotcraft::figures {

// 1234567 -> "1,234,567".
std::string group_digits(uint64_t value);

// A count in at most six characters, so a row of the overlay never grows with it: exact up to
// 99,999 ("12,345"), then three significant digits and k, M, G, T, P or E ("123k", "1.23M").
std::string short_count(uint64_t value);

// Bytes with a binary unit and at most three significant digits past the point:
// 512 -> "512 B", 1536 -> "1.50 KiB", 3 << 20 -> "3.00 MiB".
std::string format_bytes(uint64_t bytes);

// The least, mean, largest and newest of a per-frame series' kept samples.
struct SeriesSummary {
    int samples = 0;
    float min = 0, average = 0, max = 0, last = 0;
};
// The kept samples of `history`, oldest first.
template <int N>
SeriesSummary summarize(const History<float, N>& history) {
    SeriesSummary s;
    s.samples = history.size();
    if (s.samples == 0) return s;
    double sum = 0.0;
    s.min = s.max = history.at(0);
    for (int i = 0; i < s.samples; ++i) {
        const float v = history.at(i);
        s.min = std::min(s.min, v);
        s.max = std::max(s.max, v);
        sum += v;
    }
    s.last = history.last();
    s.average = static_cast<float>(sum / s.samples);
    return s;
}

}  // namespace slotcraft::figures
