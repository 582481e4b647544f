// SlotTree: lowest-first promise, growth, batch calls, bad input, stats, and a randomized
// comparison with a std::set reference model.
#include "alloc/slot_tree.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include "support/heap_counter.hpp"

namespace slotcraft {
namespace {

using Slot = SlotTree::Slot;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// Two million operations take about 5 s in the Debug + ASan build, under 1 s optimised.
constexpr int kChurnOps = 2'000'000;

// Lowest-first reference: the free slots below the high-water mark in a std::set (its first
// element is the answer), and a flag per slot for is_taken.
class ReferenceSlots {
public:
    Slot allocate() {
        Slot s = top_;
        if (!holes_.empty()) {
            s = *holes_.begin();
            holes_.erase(holes_.begin());
        } else {
            ++top_;
            if (top_ > taken_.size()) taken_.resize(top_ * 2);
        }
        taken_[s] = true;
        ++count_;
        return s;
    }
    void free(Slot s) {
        taken_[s] = false;
        --count_;
        holes_.insert(s);
        while (top_ > 0 && holes_.count(top_ - 1) != 0) holes_.erase(--top_);
    }
    [[nodiscard]] bool is_taken(Slot s) const { return s < taken_.size() && taken_[s]; }
    [[nodiscard]] std::uint64_t taken() const { return count_; }
    [[nodiscard]] std::uint64_t high_water() const { return top_; }

private:
    std::set<Slot> holes_;
    std::vector<bool> taken_;
    std::uint64_t count_ = 0;
    Slot top_ = 0;
};

std::vector<Slot> allocate_many(SlotTree& tree, int count) {
    std::vector<Slot> out;
    for (int i = 0; i < count; ++i) out.push_back(tree.allocate());
    return out;
}

TEST(SlotTree, DefaultConstructedIsEmpty) {
    const SlotTree tree;
    EXPECT_EQ(tree.taken(), 0u);
    EXPECT_EQ(tree.high_water(), 0u);
    EXPECT_EQ(tree.capacity(), 0u);
    EXPECT_EQ(tree.levels(), 0u);
    EXPECT_FALSE(tree.is_taken(0));
    EXPECT_TRUE(tree.leaf_words().empty());
    EXPECT_EQ(tree.find_invariant_violation(), std::nullopt);
}

TEST(SlotTree, HandsOutZeroOneTwoFromEmpty) {
    SlotTree tree;
    const std::vector<Slot> got = allocate_many(tree, 200);
    for (Slot i = 0; i < 200; ++i) EXPECT_EQ(got[i], i);
    EXPECT_EQ(tree.taken(), 200u);
    EXPECT_EQ(tree.high_water(), 200u);
    EXPECT_EQ(tree.find_invariant_violation(), std::nullopt);
}

TEST(SlotTree, ReusesLowestGapFirstInTheSeedScenario) {
    SlotTree tree;
    allocate_many(tree, 190);
    for (const Slot s : {13u, 17u, 70u, 71u, 150u, 152u}) tree.free(s);
    EXPECT_EQ(tree.taken(), 184u);
    EXPECT_EQ(tree.stats().gaps, 6u);
    // The seed hands out 150, 152, 190, 191 before 13; the lowest free slot comes first here.
    EXPECT_THAT(allocate_many(tree, 10), ElementsAre(13, 17, 70, 71, 150, 152, 190, 191, 192, 193));
    EXPECT_EQ(tree.high_water(), 194u);
    EXPECT_EQ(tree.stats().gaps, 0u);
    EXPECT_EQ(tree.find_invariant_violation(), std::nullopt);
}

TEST(SlotTree, GrowsALevelAtEachPowerOf64) {
    SlotTree tree;
    struct Step {
        std::uint64_t filled;
        unsigned levels;
        std::uint64_t capacity;
    };
    const Step steps[] = {{1, 1, 64},        {64, 1, 64},         {65, 2, 4096},        {4096, 2, 4096},
                          {4097, 3, 262144}, {262144, 3, 262144}, {262145, 4, 1u << 24}};
    std::uint64_t next = 0;
    for (const Step& step : steps) {
        for (; next < step.filled; ++next) ASSERT_EQ(tree.allocate(), next);
        EXPECT_EQ(tree.levels(), step.levels) << "after " << step.filled << " slots";
        EXPECT_EQ(tree.capacity(), step.capacity) << "after " << step.filled << " slots";
        EXPECT_EQ(tree.high_water(), step.filled);
    }
    EXPECT_EQ(tree.find_invariant_violation(), std::nullopt);

    // Emptying it in random order keeps every count right; the next slot is 0 again.
    std::vector<Slot> order(next);
    for (Slot i = 0; i < next; ++i) order[i] = i;
    std::shuffle(order.begin(), order.end(), std::mt19937(7));
    for (const Slot s : order) tree.free(s);
    EXPECT_EQ(tree.taken(), 0u);
    EXPECT_EQ(tree.high_water(), 0u);
    EXPECT_EQ(tree.find_invariant_violation(), std::nullopt);
    EXPECT_EQ(tree.allocate(), 0u);
    EXPECT_EQ(tree.levels(), 4u);  // a tree never shrinks its levels
}

// The batch call fills fast enough to reach five and six levels (2^24 and 2^30 slots): the
// growth path above four levels, and a free and a lowest-first refill at the top.
TEST(SlotTree, GrowsToFiveAndSixLevelsThroughTheBatchCall) {
    SlotTree tree;
    std::vector<Slot> out(std::uint64_t{1} << 20);
    std::uint64_t filled = 0;
    auto fill_to = [&](std::uint64_t target) {
        while (filled < target) {
            const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(out.size(), target - filled));
            tree.allocate_n(n, out.data());
            ASSERT_EQ(out[0], filled);
            ASSERT_EQ(out[n - 1], filled + n - 1);
            filled += n;
        }
    };
    fill_to((std::uint64_t{1} << 24) + 1);
    EXPECT_EQ(tree.levels(), 5u);
    EXPECT_EQ(tree.capacity(), std::uint64_t{1} << 30);
    fill_to((std::uint64_t{1} << 30) + 1);
    EXPECT_EQ(tree.levels(), 6u);
    EXPECT_EQ(tree.high_water(), filled);
    const Slot low = 123456789;
    tree.free(low);
    tree.free(static_cast<Slot>(filled - 1));
    EXPECT_EQ(tree.high_water(), filled - 1);
    EXPECT_EQ(tree.allocate(), low);  // the gap first, never past the high-water mark
    EXPECT_EQ(tree.allocate(), filled - 1);
    EXPECT_EQ(tree.find_invariant_violation(), std::nullopt);
}

TEST(SlotTree, HighWaterFallsWhenTheTopSlotIsFreed) {
    SlotTree tree;
    allocate_many(tree, 5000);
    tree.free(4999);
    EXPECT_EQ(tree.high_water(), 4999u);
    tree.free(4000);  // below the top: no change
    EXPECT_EQ(tree.high_water(), 4999u);
    for (Slot s = 4001; s < 4999; ++s) tree.free(s);  // now 3999 is the highest taken
    EXPECT_EQ(tree.high_water(), 4000u);
    for (Slot s = 1; s < 4000; ++s) tree.free(s);
    EXPECT_EQ(tree.high_water(), 1u);
    tree.free(0);
    EXPECT_EQ(tree.high_water(), 0u);
    EXPECT_EQ(tree.find_invariant_violation(), std::nullopt);
}

TEST(SlotTree, FreeRejectsSlotsThatAreNotTakenAndChangesNothing) {
    SlotTree tree;
    allocate_many(tree, 100);
    tree.free(42);
    const std::vector<std::uint64_t> words(tree.leaf_words().begin(), tree.leaf_words().end());
    const SlotTree::Stats before = tree.stats();
    for (const Slot bad : {Slot{42}, Slot{100}, Slot{127}, Slot{128}, Slot{5000}, ~Slot{0}}) {
        try {
            tree.free(bad);
            ADD_FAILURE() << "free(" << bad << ") did not throw";
        } catch (const std::invalid_argument& e) {
            EXPECT_THAT(e.what(), HasSubstr("slot " + std::to_string(bad)));
        }
    }
    EXPECT_TRUE(std::equal(words.begin(), words.end(), tree.leaf_words().begin(), tree.leaf_words().end()));
    EXPECT_EQ(tree.stats().taken, before.taken);
    EXPECT_EQ(tree.stats().high_water, before.high_water);
    EXPECT_EQ(tree.stats().frees, before.frees);
    EXPECT_THROW(SlotTree().free(0), std::invalid_argument);
    EXPECT_EQ(tree.find_invariant_violation(), std::nullopt);
}

TEST(SlotTree, LimitRefusesTheNextSlotAndKeepsState) {
    SlotTree tree(100);
    EXPECT_EQ(tree.limit(), 100u);
    allocate_many(tree, 100);
    EXPECT_THROW(tree.allocate(), std::length_error);
    Slot out[2] = {};
    EXPECT_THROW(tree.allocate_n(1, out), std::length_error);
    EXPECT_EQ(tree.taken(), 100u);
    tree.free(5);
    tree.free(77);
    EXPECT_THROW(tree.allocate_n(3, out), std::length_error);  // takes nothing
    EXPECT_EQ(tree.taken(), 98u);
    tree.allocate_n(2, out);
    EXPECT_THAT(out, ElementsAre(5, 77));
    EXPECT_LE(tree.capacity(), 100u);
    EXPECT_EQ(tree.find_invariant_violation(), std::nullopt);

    EXPECT_THROW(SlotTree(0), std::invalid_argument);
    EXPECT_THROW(SlotTree(SlotTree::kMaxSlots + 1), std::invalid_argument);
}

TEST(SlotTree, BatchGivesTheSameSlotsAsSingleCalls) {
    SlotTree single;
    SlotTree batch;
    std::mt19937 rng(11);
    std::vector<Slot> live;
    for (const std::size_t count : {0u, 1u, 63u, 64u, 65u, 200u, 5000u, 700u, 3u, 64u, 9000u}) {
        // Punch random holes into both trees the same way, then compare a batch with singles.
        for (std::size_t i = 0; i < live.size() / 3; ++i) {
            const std::size_t at = rng() % live.size();
            single.free(live[at]);
            batch.free(live[at]);
            live[at] = live.back();
            live.pop_back();
        }
        std::vector<Slot> from_batch(count);
        batch.allocate_n(from_batch);
        for (std::size_t i = 0; i < count; ++i) {
            const Slot s = single.allocate();
            ASSERT_EQ(from_batch[i], s) << "slot " << i << " of a batch of " << count;
            live.push_back(s);
        }
        ASSERT_TRUE(std::ranges::equal(single.leaf_words(), batch.leaf_words()));
        EXPECT_EQ(single.high_water(), batch.high_water());
        EXPECT_EQ(single.taken(), batch.taken());
        EXPECT_EQ(single.stats().allocations, batch.stats().allocations);
    }
    EXPECT_EQ(batch.find_invariant_violation(), std::nullopt);
    EXPECT_EQ(single.find_invariant_violation(), std::nullopt);
}

TEST(SlotTree, BatchFromEmptyGrowsLikeSingleCalls) {
    for (const std::uint64_t limit : {SlotTree::kMaxSlots, std::uint64_t{300'001}}) {
        SlotTree tree(limit);
        std::vector<Slot> out(300'001);
        tree.allocate_n(out);  // crosses 64, 4096 and 262144 in one call
        for (Slot i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], i);
        EXPECT_EQ(tree.levels(), 4u);
        EXPECT_EQ(tree.high_water(), out.size());
        EXPECT_EQ(tree.stats().allocations, out.size());
        EXPECT_EQ(tree.find_invariant_violation(), std::nullopt);
        if (limit == out.size()) {
            EXPECT_THROW(tree.allocate(), std::length_error);
        } else {
            EXPECT_EQ(tree.allocate(), out.size());
        }
    }
}

TEST(SlotTree, MatchesTheSetModelUnderRandomChurn) {
    SlotTree tree;
    ReferenceSlots model;
    std::mt19937_64 rng(2024);
    std::vector<Slot> live;
    std::vector<Slot> batch;
    // Occupancy wanders between targets so that the tree crosses level boundaries both ways.
    const std::uint64_t targets[] = {40, 700, 5000, 70000, 300, 9000, 0, 20000};
    const int ops = kChurnOps;
    for (int op = 0; op < ops; ++op) {
        const std::uint64_t target = targets[(op / (ops / 16)) % std::size(targets)];
        const bool grow = live.size() < target ? rng() % 8 != 0 : rng() % 8 == 0;
        if (rng() % 64 == 0) {
            batch.resize(rng() % 150);
            tree.allocate_n(batch);
            for (const Slot s : batch) {
                ASSERT_EQ(s, model.allocate()) << "in a batch at op " << op;
                live.push_back(s);
            }
        } else if (grow || live.empty()) {
            const Slot s = tree.allocate();
            ASSERT_EQ(s, model.allocate()) << "at op " << op;
            live.push_back(s);
        } else {
            const std::size_t at = rng() % live.size();
            tree.free(live[at]);
            model.free(live[at]);
            live[at] = live.back();
            live.pop_back();
        }
        ASSERT_EQ(tree.taken(), model.taken()) << "at op " << op;
        ASSERT_EQ(tree.high_water(), model.high_water()) << "at op " << op;
        const auto probe = static_cast<Slot>(rng() % (model.high_water() + 70));
        ASSERT_EQ(tree.is_taken(probe), model.is_taken(probe)) << "slot " << probe << " at op " << op;
        if (op % 20000 == 0) {
            ASSERT_EQ(tree.find_invariant_violation(), std::nullopt) << "at op " << op;
        }
    }
    EXPECT_EQ(tree.find_invariant_violation(), std::nullopt);
}

TEST(SlotTree, StatsCountOperationsGapsAndMemory) {
    SlotTree tree;
    allocate_many(tree, 300);
    tree.free(10);
    tree.free(20);
    tree.free(299);
    SlotTree::Stats s = tree.stats();
    EXPECT_EQ(s.taken, 297u);
    EXPECT_EQ(s.high_water, 299u);
    EXPECT_EQ(s.gaps, 2u);
    EXPECT_EQ(s.capacity, 4096u);
    EXPECT_EQ(s.levels, 2u);
    EXPECT_EQ(s.allocations, 300u);
    EXPECT_EQ(s.frees, 3u);
    EXPECT_GE(s.bytes, 5 * sizeof(std::uint64_t));  // five leaf words and a root
    tree.reset_counters();
    s = tree.stats();
    EXPECT_EQ(s.allocations, 0u);
    EXPECT_EQ(s.frees, 0u);
    EXPECT_EQ(s.taken, 297u);
}

TEST(SlotTree, LeafWordsShowWhichSlotsAreTaken) {
    SlotTree tree;
    allocate_many(tree, 70);
    tree.free(1);
    tree.free(65);
    ASSERT_EQ(tree.leaf_words().size(), 2u);
    EXPECT_EQ(tree.leaf_words()[0], ~std::uint64_t{0} & ~std::uint64_t{2});
    EXPECT_EQ(tree.leaf_words()[1], std::uint64_t{0b111101});
}

TEST(SlotTree, ClearEmptiesTheTreeAndItStartsAgainAtZero) {
    SlotTree tree;
    allocate_many(tree, 5000);
    tree.clear();
    EXPECT_EQ(tree.taken(), 0u);
    EXPECT_EQ(tree.high_water(), 0u);
    EXPECT_EQ(tree.capacity(), 0u);
    EXPECT_EQ(tree.find_invariant_violation(), std::nullopt);
    EXPECT_THAT(allocate_many(tree, 3), ElementsAre(0, 1, 2));
    EXPECT_EQ(tree.find_invariant_violation(), std::nullopt);
}

TEST(SlotTree, CopiesAreIndependentAndMovedFromTreesAreEmpty) {
    SlotTree tree(1000);
    allocate_many(tree, 100);
    SlotTree copy = tree;
    copy.free(3);
    EXPECT_TRUE(tree.is_taken(3));
    SlotTree moved = std::move(tree);
    EXPECT_EQ(moved.taken(), 100u);
    EXPECT_EQ(moved.limit(), 1000u);
    EXPECT_EQ(tree.taken(), 0u);  // NOLINT(bugprone-use-after-move): the moved-from state is specified
    EXPECT_EQ(tree.find_invariant_violation(), std::nullopt);
    EXPECT_EQ(tree.allocate(), 0u);
    copy = std::move(moved);
    EXPECT_EQ(copy.taken(), 100u);
    EXPECT_EQ(copy.find_invariant_violation(), std::nullopt);
}

TEST(SlotTree, SteadyChurnDoesNotTouchTheHeap) {
    ASSERT_TRUE(test::heap_counter_counts()) << "the counting operator new is not in use";
    SlotTree tree;
    std::vector<Slot> live = allocate_many(tree, 20000);
    std::mt19937 rng(5);
    std::vector<Slot> batch(100);
    const std::uint64_t before = test::heap_allocations();
    for (int i = 0; i < 20000; ++i) {
        const std::size_t at = rng() % live.size();
        tree.free(live[at]);
        live[at] = tree.allocate();
    }
    for (std::size_t i = 0; i < batch.size(); ++i) tree.free(live[i]);
    tree.allocate_n(batch);
    EXPECT_EQ(test::heap_allocations(), before);
    EXPECT_EQ(tree.find_invariant_violation(), std::nullopt);
}

}  // namespace
}  // namespace slotcraft
