#pragma once
// Frame times of the last 240 frames: what the overlay plots and the stats JSON reports.
// Plain C++; app/ fills it, ui/ reads it.
#include <algorithm>
#include <array>
#include <cstdint>

namespace slotcraft {

class FrameTimes {
public:
    static constexpr int kHistory = 240;

    void add(double ms) {
        history_[static_cast<size_t>(count_ % kHistory)] = static_cast<float>(ms);
        ++count_;
    }
    int64_t count() const { return count_; }
    int size() const { return static_cast<int>(std::min<int64_t>(count_, kHistory)); }
    // The i-th oldest of the kept frames, 0 <= i < size().
    float at(int i) const {
        const int64_t first = count_ - size();
        return history_[static_cast<size_t>((first + i) % kHistory)];
    }
    double average_ms() const {
        return reduce(0.0, [](double a, float v) { return a + v; }) / std::max(1, size());
    }
    double min_ms() const {
        return size() ? reduce(1e300, [](double a, float v) { return std::min<double>(a, v); }) : 0.0;
    }
    double max_ms() const {
        return reduce(0.0, [](double a, float v) { return std::max<double>(a, v); });
    }

private:
    template <typename F>
    double reduce(double init, F f) const {
        for (int i = 0; i < size(); ++i) init = f(init, at(i));
        return init;
    }
    std::array<float, kHistory> history_{};
    int64_t count_ = 0;
};

}  // namespace slotcraft
