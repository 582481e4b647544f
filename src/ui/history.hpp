#pragma once
// The last N samples of a per-frame figure, oldest first: the one ring behind the overlay's
// plots and the stats over the last 240 frames (frame times, stage times, slot allocations).
// Plain C++; app/ adds a sample a frame, ui/ reads them.
#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>

namespace slotcraft {

template <class T, int N>
class History {
    static_assert(N > 0, "a History keeps at least one sample");

public:
    static constexpr int kCapacity = N;

    void add(const T& sample) {
        samples_[static_cast<std::size_t>(count_ % N)] = sample;
        ++count_;
    }
    int64_t count() const { return count_; }                                // samples added so far (kept or not)
    int size() const { return count_ < N ? static_cast<int>(count_) : N; }  // samples kept
    // The i-th oldest kept sample, 0 <= i < size().
    const T& at(int i) const {
        assert(i >= 0 && i < size() && "History::at: past the kept samples");
        return samples_[static_cast<std::size_t>((count_ - size() + i) % N)];
    }
    // The newest sample (T{} before the first).
    T last() const { return size() ? at(size() - 1) : T{}; }

private:
    std::array<T, N> samples_{};
    int64_t count_ = 0;
};

}  // namespace slotcraft
