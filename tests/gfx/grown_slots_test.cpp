// How the instance buffer grows: by a quarter (and 131,072 slots) at least, to what is needed
// and a quarter at most, in whole pages.
#include "gfx/grown_slots.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace slotcraft::gfx {
namespace {

TEST(GrownSlots, AQuarterOrTheSmallestStepMoreAndNeverMoreThanThatPastWhatIsNeeded) {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 100000; ++i) {
        const uint64_t current = (rng() % (1u << 22)) / 64 * 64 + 64;
        const uint64_t needed = current + 1 + rng() % (i % 2 ? 64 : current * 3);
        const uint64_t grown = grown_slots(current, needed);
        ASSERT_EQ(grown % 64, 0u) << current << " -> " << needed;
        ASSERT_GE(grown, needed);
        ASSERT_GE(grown, current + current / 4);
        ASSERT_GE(grown, current + kMinGrowthSlots);
        // Past what is needed by a quarter of it or the smallest step at most (and the page it ends in).
        ASSERT_LE(grown, std::max(needed + needed / 4, current + kMinGrowthSlots) + 63) << current << " -> " << needed;
        // A smaller smallest step (the corner blocks'): a quarter past what is needed at most.
        ASSERT_LE(grown_slots(current, needed, 64), needed + needed / 4 + 63);
    }
}

// A view that fills slot by slot grows the buffer a few times, and ends close to what it holds.
TEST(GrownSlots, FillingSlotBySlotGrowsAFewTimesAndEndsWithinAQuarter) {
    uint64_t slots = 4096;  // CubeRendererConfig::initial_slots
    int growths = 0;
    for (uint64_t used = 1; used <= 552275; ++used) {
        if (used > slots) {
            slots = grown_slots(slots, used);
            ++growths;
        }
    }
    EXPECT_EQ(growths, 5) << "doubling took 8 (to 1,048,576); a quarter at a time without the 1 MiB step, 22";
    EXPECT_LE(slots, 552275 + 552275 / 4 + 63);
    EXPECT_GE(slots, 552275u);
}

}  // namespace
}  // namespace slotcraft::gfx
