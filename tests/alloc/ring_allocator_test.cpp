// RingAllocator: wrap-around, alignment, full and empty, markers in order, bad input, and a
// randomized comparison with a byte-by-byte model of the ring.
#include "alloc/ring_allocator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

namespace slotcraft {
namespace {

using Size = RingAllocator::Size;

#ifdef NDEBUG
constexpr int kScale = 10;
#else
constexpr int kScale = 1;
#endif

// Reserves exactly `bytes` (asserting success) and commits them.
Size write(RingAllocator& ring, Size bytes, Size alignment = 1) {
    const auto r = ring.try_begin_write(bytes, alignment);
    EXPECT_TRUE(r.has_value()) << "no room for " << bytes << " bytes";
    if (!r) return ~Size{0};
    ring.end_write(r->offset, bytes);
    return r->offset;
}

TEST(RingAllocator, EmptyRingOffersItsWholeCapacity) {
    RingAllocator ring(256);
    EXPECT_TRUE(ring.empty());
    EXPECT_EQ(ring.capacity(), 256u);
    const auto r = ring.try_begin_write(10);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->offset, 0u);
    EXPECT_EQ(r->size, 256u);
    ring.end_write(r->offset, 10);
    EXPECT_EQ(ring.size(), 10u);
    EXPECT_EQ(ring.free_bytes(), 246u);
}

TEST(RingAllocator, WrapsToTheStartWhenTheEndIsTooShort) {
    RingAllocator ring(100);
    EXPECT_EQ(write(ring, 60), 0u);
    RingAllocator::Marker first = ring.current_marker();
    EXPECT_EQ(write(ring, 30), 60u);
    RingAllocator::Marker second = ring.current_marker();
    ring.free_up_to(std::move(first));
    EXPECT_EQ(ring.size(), 30u);

    // 10 bytes are free at the end, 60 at the start: 20 bytes must jump to offset 0.
    const auto r = ring.try_begin_write(20);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->offset, 0u);
    EXPECT_EQ(r->size, 60u);
    ring.end_write(0, 20);
    EXPECT_EQ(ring.size(), 60u);  // 30 + the 10 skipped + 20
    EXPECT_EQ(ring.stats().bytes_skipped, 10u);
    ring.free_up_to(std::move(second));
    EXPECT_EQ(ring.size(), 30u);  // the skipped end belongs to the frame of the write that skipped it
    // The free space is now [20, 90), contiguous.
    EXPECT_FALSE(ring.try_begin_write(71));
    const auto next = ring.try_begin_write(70);
    ASSERT_TRUE(next);
    EXPECT_EQ(next->offset, 20u);
    EXPECT_EQ(next->size, 70u);
}

TEST(RingAllocator, AlignsOffsetsAndCountsThePadding) {
    RingAllocator ring(128);
    write(ring, 3);
    const auto r = ring.try_begin_write(8, 16);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->offset, 16u);
    EXPECT_EQ(r->size, 112u);
    ring.end_write(r->offset, 8);
    EXPECT_EQ(ring.size(), 24u);
    EXPECT_EQ(ring.stats().bytes_skipped, 13u);
    EXPECT_EQ(ring.stats().bytes_written, 11u);
    // From the cursor at 24, alignment 32 places 96 bytes exactly up to the end of the ring.
    EXPECT_EQ(write(ring, 96, 32), 32u);
    EXPECT_EQ(ring.size(), 128u);
    EXPECT_EQ(ring.stats().bytes_skipped, 21u);
    EXPECT_FALSE(ring.try_begin_write(1, 64));
}

TEST(RingAllocator, FullRingRefusesUntilAFrameIsFreed) {
    RingAllocator ring(64);
    write(ring, 40);
    RingAllocator::Marker frame = ring.current_marker();
    write(ring, 24);
    EXPECT_EQ(ring.size(), 64u);
    EXPECT_EQ(ring.free_bytes(), 0u);
    EXPECT_FALSE(ring.try_begin_write(1));
    EXPECT_EQ(ring.stats().failed_reservations, 1u);
    ring.free_up_to(std::move(frame));
    EXPECT_EQ(write(ring, 40), 0u);
    EXPECT_EQ(ring.size(), 64u);
    ring.free_up_to(ring.current_marker());  // everything, although the cursors meet again
    EXPECT_TRUE(ring.empty());
    EXPECT_EQ(write(ring, 64), 0u);
}

TEST(RingAllocator, MarkersFreeTheirFramesInOrder) {
    RingAllocator ring(1000);
    std::deque<RingAllocator::Marker> frames;
    for (const Size bytes : {100u, 250u, 50u}) {
        write(ring, bytes);
        frames.push_back(ring.current_marker());
    }
    frames.push_back(ring.current_marker());  // a frame that wrote nothing
    EXPECT_EQ(ring.size(), 400u);
    RingAllocator::Marker first = frames.front();
    ring.free_up_to(std::move(frames[1]));  // frees both of the first frames
    EXPECT_EQ(ring.size(), 50u);
    EXPECT_THROW(ring.free_up_to(std::move(first)), std::invalid_argument);  // out of order
    ring.free_up_to(std::move(frames[1]));                                   // consumed: nothing happens
    EXPECT_EQ(ring.size(), 50u);
    ring.free_up_to(std::move(frames[2]));
    ring.free_up_to(std::move(frames[3]));
    EXPECT_TRUE(ring.empty());
    ring.free_up_to(RingAllocator::Marker{});  // default-constructed: nothing
    EXPECT_TRUE(ring.empty());
}

TEST(RingAllocator, RejectsRequestsThatCanNeverBeMet) {
    RingAllocator ring(100);
    EXPECT_THROW((void)ring.try_begin_write(0), std::invalid_argument);
    EXPECT_THROW((void)ring.try_begin_write(101), std::invalid_argument);
    EXPECT_THROW((void)ring.try_begin_write(4, 3), std::invalid_argument);
    EXPECT_THROW((void)ring.try_begin_write(4, 0), std::invalid_argument);
    EXPECT_THROW(ring.end_write(0, 4), std::invalid_argument);  // no reservation
    const auto r = ring.try_begin_write(10);
    ASSERT_TRUE(r);
    EXPECT_THROW(ring.end_write(1, 4), std::invalid_argument);    // another offset
    EXPECT_THROW(ring.end_write(0, 101), std::invalid_argument);  // more than reserved
    EXPECT_TRUE(ring.empty());
    RingAllocator::Marker old = ring.current_marker();
    ring.reset(50);
    EXPECT_THROW(ring.free_up_to(std::move(old)), std::invalid_argument);  // from before reset
    EXPECT_THROW((void)RingAllocator().try_begin_write(1), std::invalid_argument);
}

TEST(RingAllocator, CancelledReservationSkipsNothing) {
    RingAllocator ring(100);
    write(ring, 90);
    RingAllocator::Marker m = ring.current_marker();
    write(ring, 5);
    ring.free_up_to(std::move(m));
    const auto r = ring.try_begin_write(20);  // would jump to 0
    ASSERT_TRUE(r);
    EXPECT_EQ(r->offset, 0u);
    ring.end_write(r->offset, 0);
    EXPECT_EQ(ring.size(), 5u);
    EXPECT_EQ(write(ring, 5), 95u);  // the end of the ring is still used first
}

// The ring byte by byte: which frame holds each byte (-1: free). Placement rule: at the
// aligned write cursor if the bytes there are free, else at 0 if those are free.
class RingModel {
public:
    explicit RingModel(Size capacity) : frame_of_(capacity, -1) {}

    std::optional<RingAllocator::Reservation> expect(Size min, Size alignment) {
        if (used() == 0) cursor_ = 0;
        const Size aligned = (cursor_ + alignment - 1) / alignment * alignment;
        for (const Size at : {aligned, Size{0}}) {
            if (run_from(at) >= min) return RingAllocator::Reservation{at, run_from(at)};
        }
        return std::nullopt;
    }
    void write(Size offset, Size bytes, int frame) {
        if (bytes == 0) return;
        const Size skip_end = offset < cursor_ ? frame_of_.size() : offset;
        for (Size i = cursor_; i < skip_end; ++i) take(i, frame);
        for (Size i = offset; i < offset + bytes; ++i) take(i, frame);
        cursor_ = (offset + bytes) % frame_of_.size();
    }
    void free_through(int frame) {
        for (int& f : frame_of_) f = f <= frame ? -1 : f;
    }
    [[nodiscard]] Size used() const {
        return static_cast<Size>(std::count_if(frame_of_.begin(), frame_of_.end(), [](int f) { return f >= 0; }));
    }

private:
    [[nodiscard]] Size run_from(Size at) const {
        Size n = 0;
        while (at + n < frame_of_.size() && frame_of_[at + n] < 0) ++n;
        return n;
    }
    void take(Size i, int frame) {
        ASSERT_LT(frame_of_[i], 0) << "byte " << i << " handed out while still in use";
        frame_of_[i] = frame;
    }
    std::vector<int> frame_of_;
    Size cursor_ = 0;
};

TEST(RingAllocator, MatchesAByteModelUnderRandomUse) {
    std::mt19937_64 rng(99);
    for (const Size capacity : {64u, 97u, 256u}) {
        RingAllocator ring(capacity);
        RingModel model(capacity);
        std::deque<std::pair<RingAllocator::Marker, int>> frames;
        int frame = 0;
        for (int op = 0; op < 20000 * kScale; ++op) {
            const auto action = rng() % 10;
            if (action < 6) {
                const Size min = 1 + rng() % (rng() % 8 == 0 ? capacity : capacity / 3);
                const Size alignment = Size{1} << (rng() % 5);
                const auto got = ring.try_begin_write(min, alignment);
                const auto want = model.expect(min, alignment);
                ASSERT_EQ(got.has_value(), want.has_value()) << "min " << min << " align " << alignment << " op " << op;
                if (!got) continue;
                ASSERT_EQ(got->offset, want->offset) << "op " << op;
                ASSERT_EQ(got->size, want->size) << "op " << op;
                ASSERT_EQ(got->offset % alignment, 0u);
                const Size bytes = rng() % 10 == 0 ? 0 : std::min(got->size, min + rng() % (min + 1));
                ring.end_write(got->offset, bytes);
                model.write(got->offset, bytes, frame);
            } else if (action < 8) {
                frames.emplace_back(ring.current_marker(), frame++);
            } else if (!frames.empty()) {
                ring.free_up_to(std::move(frames.front().first));
                model.free_through(frames.front().second);
                frames.pop_front();
            }
            ASSERT_EQ(ring.size(), model.used()) << "op " << op;
            ASSERT_EQ(ring.empty(), model.used() == 0);
        }
    }
}

}  // namespace
}  // namespace slotcraft
