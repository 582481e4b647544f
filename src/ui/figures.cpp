// Number formatting and series summaries for the overlay. See figures.hpp.
#include "ui/figures.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

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

std::string format_bytes(uint64_t bytes) {
    if (bytes < 1024) return std::to_string(bytes) + " B";
    constexpr std::array<const char*, 4> kUnits = {"KiB", "MiB", "GiB", "TiB"};
    double value = static_cast<double>(bytes) / 1024.0;
    size_t unit = 0;
    while (value >= 1024.0 && unit + 1 < kUnits.size()) {
        value /= 1024.0;
        ++unit;
    }
    // Three significant digits: "1.50", "12.5", "512".
    const char* format = value < 10.0 ? "%.2f %s" : value < 100.0 ? "%.1f %s" : "%.0f %s";
    char text[32];
    std::snprintf(text, sizeof text, format, value, kUnits[unit]);
    return text;
}

RingWindow ring_window(size_t ring_size, int64_t count) {
    const auto capacity = static_cast<int64_t>(ring_size);
    const int64_t kept = std::clamp<int64_t>(count, 0, capacity);
    RingWindow w;
    w.size = static_cast<int>(kept);
    w.first = capacity > 0 ? static_cast<int>((count - kept) % capacity) : 0;
    return w;
}

SeriesSummary summarize(std::span<const float> ring, int64_t count) {
    const RingWindow w = ring_window(ring.size(), count);
    SeriesSummary s;
    s.samples = w.size;
    if (w.size == 0) return s;
    double sum = 0.0;
    s.min = s.max = ring[static_cast<size_t>(w.first)];
    for (int i = 0; i < w.size; ++i) {
        const float v = ring[static_cast<size_t>(w.first + i) % ring.size()];
        s.min = std::min(s.min, v);
        s.max = std::max(s.max, v);
        sum += v;
        s.last = v;
    }
    s.average = static_cast<float>(sum / w.size);
    return s;
}

}  // namespace slotcraft::figures
