#pragma once
// Numbers as the overlay prints them (digit groups, bytes in B/KiB/MiB/GiB) and the summary
// of a per-frame series kept in a ring (the allocator's plot).
// Plain C++20: never include ImGui or GL, so the unit tests check these without a window.
#include <cstdint>
#include <span>
#include <string>

namespace slotcraft::figures {

// 1234567 -> "1,234,567".
std::string group_digits(uint64_t value);

// A count in at most six characters, so a row of the overlay never grows with it: exact up to
// 99,999 ("12,345"), then three significant digits and k, M, G, T, P or E ("123k", "1.23M").
std::string short_count(uint64_t value);

// Bytes with a binary unit and at most three significant digits past the point:
// 512 -> "512 B", 1536 -> "1.50 KiB", 3 << 20 -> "3.00 MiB".
std::string format_bytes(uint64_t bytes);

// The kept values of a ring of per-frame samples, oldest first. `count` samples were ever
// written (the newest at (count - 1) % ring.size()); at most ring.size() are kept.
struct RingWindow {
    int size = 0;   // samples kept
    int first = 0;  // ring index of the oldest kept sample
};
RingWindow ring_window(size_t ring_size, int64_t count);

struct SeriesSummary {
    int samples = 0;
    float min = 0, average = 0, max = 0, last = 0;
};
SeriesSummary summarize(std::span<const float> ring, int64_t count);

}  // namespace slotcraft::figures
