#pragma once
// Frame times of the last 240 frames: what the overlay plots and the stats JSON reports.
// Plain C++; app/ fills it, ui/ reads it.
#include <algorithm>
#include <cstdint>

#include "ui/history.hpp"

namespace slotcraft {

class FrameTimes {
public:
    static constexpr int kHistory = 240;

    void add(double ms) { history_.add(static_cast<float>(ms)); }
    int64_t count() const { return history_.count(); }
    int size() const { return history_.size(); }
    // The i-th oldest of the kept frames, 0 <= i < size().
    float at(int i) const { return history_.at(i); }
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
    History<float, kHistory> history_;
};

}  // namespace slotcraft
