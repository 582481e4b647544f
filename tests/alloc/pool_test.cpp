// Tests of alloc/pool.hpp: recycling order, construction and destruction, stable addresses,
// no heap traffic once warm, and a random churn against a reference model.
#include "alloc/pool.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include "support/heap_counter.hpp"

namespace slotcraft {
namespace {

using IntPool = Pool<int, 64>;

// Counts its live instances through a counter the test owns.
struct Tracked {
    Tracked(int& alive, int initial) : alive_(&alive), value(initial) { ++*alive_; }
    ~Tracked() { --*alive_; }
    Tracked(const Tracked&) = delete;
    Tracked& operator=(const Tracked&) = delete;
    int* alive_;
    int value;
};

struct ThrowsOnNegative {
    explicit ThrowsOnNegative(int v) : value(v) {
        if (v < 0) throw std::invalid_argument("negative");
    }
    int value;
};

TEST(Pool, HandsOutDistinctLiveObjects) {
    IntPool pool;
    std::set<IntPool::Index> seen;
    std::vector<IntPool::Index> indices;
    for (int i = 0; i < 1000; ++i) {
        IntPool::Index index = pool.acquire(i * 7);
        EXPECT_TRUE(seen.insert(index).second) << "index " << index << " handed out twice";
        indices.push_back(index);
    }
    for (int i = 0; i < 1000; ++i) {
        EXPECT_TRUE(pool.is_live(indices[static_cast<std::size_t>(i)]));
        EXPECT_EQ(pool[indices[static_cast<std::size_t>(i)]], i * 7);
    }
    EXPECT_EQ(pool.size(), 1000u);
    EXPECT_EQ(pool.stats().blocks, (1000u + 63u) / 64u);
    EXPECT_EQ(pool.stats().recycled, 0u);
}

TEST(Pool, ReusesTheMostRecentlyReleasedSlotFirst) {
    IntPool pool;
    IntPool::Index a = pool.acquire(1);
    IntPool::Index b = pool.acquire(2);
    IntPool::Index c = pool.acquire(3);
    pool.release(b);
    pool.release(a);
    EXPECT_FALSE(pool.is_live(a));
    EXPECT_FALSE(pool.is_live(b));
    EXPECT_EQ(pool.acquire(10), a);
    EXPECT_EQ(pool.acquire(20), b);
    IntPool::Index d = pool.acquire(30);
    EXPECT_NE(d, a);
    EXPECT_NE(d, b);
    EXPECT_NE(d, c);
    EXPECT_EQ(pool[a], 10);
    EXPECT_EQ(pool[b], 20);
    EXPECT_EQ(pool.stats().recycled, 2u);
    EXPECT_EQ(pool.stats().acquired, 6u);
}

TEST(Pool, ConstructsOnAcquireAndDestroysOnRelease) {
    int alive = 0;
    Pool<Tracked, 64> pool;
    auto a = pool.acquire(alive, 5);
    auto b = pool.acquire(alive, 6);
    EXPECT_EQ(alive, 2);
    EXPECT_EQ(pool[a].value, 5);
    pool.release(a);
    EXPECT_EQ(alive, 1);
    auto c = pool.acquire(alive, 7);  // reuses a's slot: constructed afresh
    EXPECT_EQ(c, a);
    EXPECT_EQ(pool[c].value, 7);
    EXPECT_EQ(pool[b].value, 6);
    EXPECT_EQ(alive, 2);
}

TEST(Pool, ClearAndDestructionDestroyOnlyLiveObjects) {
    int alive = 0;
    {
        Pool<Tracked, 64> pool;
        std::vector<Pool<Tracked, 64>::Index> indices;
        for (int i = 0; i < 200; ++i) indices.push_back(pool.acquire(alive, i));
        for (std::size_t i = 0; i < indices.size(); i += 3) pool.release(indices[i]);
        EXPECT_EQ(alive, 200 - 67);
        pool.clear();
        EXPECT_EQ(alive, 0);
        EXPECT_EQ(pool.size(), 0u);
        std::size_t blocks = pool.stats().blocks;
        for (int i = 0; i < 150; ++i) pool.acquire(alive, i);
        EXPECT_EQ(pool.stats().blocks, blocks) << "clear() keeps the blocks for reuse";
        EXPECT_EQ(alive, 150);
    }
    EXPECT_EQ(alive, 0) << "the destructor destroys what is still live";
}

TEST(Pool, AddressesStayPutWhileThePoolGrows) {
    IntPool pool;
    IntPool::Index first = pool.acquire(42);
    int* address = pool.get(first);
    for (int i = 0; i < 10000; ++i) pool.acquire(i);
    EXPECT_EQ(pool.get(first), address);
    EXPECT_EQ(*address, 42);
}

TEST(Pool, WarmPoolDoesNotTouchTheHeap) {
    ASSERT_TRUE(test::heap_counter_counts()) << "the counting operator new is not in use";
    IntPool pool;
    std::vector<IntPool::Index> live;
    for (int i = 0; i < 500; ++i) live.push_back(pool.acquire(i));
    for (IntPool::Index index : live) pool.release(index);
    live.clear();
    live.reserve(500);
    IntPool::Stats warm = pool.stats();

    std::mt19937 rng(7);
    std::uint64_t before = test::heap_allocations();
    for (int step = 0; step < 20000; ++step) {
        bool take = live.empty() || (live.size() < 500 && rng() % 2 == 0);
        if (take) {
            live.push_back(pool.acquire(step));
        } else {
            std::size_t pick = rng() % live.size();
            pool.release(live[pick]);
            live[pick] = live.back();
            live.pop_back();
        }
    }
    EXPECT_EQ(test::heap_allocations(), before);
    EXPECT_EQ(pool.stats().blocks, warm.blocks);
    EXPECT_EQ(pool.stats().recycled - warm.recycled, pool.stats().acquired - warm.acquired)
        << "every acquire after warm-up reused a released slot";
}

TEST(Pool, ReserveMakesLaterAcquiresAllocationFree) {
    ASSERT_TRUE(test::heap_counter_counts()) << "the counting operator new is not in use";
    IntPool pool;
    pool.reserve(1000);
    EXPECT_GE(pool.stats().capacity, 1000u);
    std::uint64_t before = test::heap_allocations();
    for (int i = 0; i < 1000; ++i) pool.acquire(i);
    EXPECT_EQ(test::heap_allocations(), before);
}

TEST(Pool, ThrowingConstructorLeavesThePoolAsItWas) {
    Pool<ThrowsOnNegative, 64> pool;
    auto a = pool.acquire(1);
    EXPECT_THROW(pool.acquire(-1), std::invalid_argument);
    EXPECT_EQ(pool.size(), 1u);
    EXPECT_EQ(pool.stats().acquired, 1u);
    auto b = pool.acquire(2);
    EXPECT_NE(a, b);
    EXPECT_TRUE(pool.is_live(b));
    EXPECT_EQ(pool[b].value, 2);
}

TEST(Pool, MoveHandsOverTheObjects) {
    int alive = 0;
    Pool<Tracked, 64> source;
    auto a = source.acquire(alive, 11);
    Pool<Tracked, 64> target(std::move(source));
    EXPECT_EQ(target[a].value, 11);
    EXPECT_EQ(target.size(), 1u);
    EXPECT_EQ(source.size(), 0u);  // NOLINT(bugprone-use-after-move): moved-from is empty by contract
    Pool<Tracked, 64> other;
    other.acquire(alive, 1);
    other = std::move(target);
    EXPECT_EQ(alive, 1) << "assignment destroyed the target's old objects";
    EXPECT_EQ(other[a].value, 11);
}

TEST(Pool, RandomChurnMatchesAReferenceModel) {
    IntPool pool;
    std::map<IntPool::Index, int> model;
    std::mt19937 rng(12345);
    std::size_t most_live = 0;
    for (int step = 0; step < 20000; ++step) {
        // Phases of growth and shrinkage, so blocks fill, empty and refill.
        bool growing = (step / 2500) % 2 == 0;
        bool take = model.empty() || rng() % 100 < (growing ? 70u : 30u);
        if (take) {
            IntPool::Index index = pool.acquire(step);
            ASSERT_FALSE(model.contains(index)) << "a live index was handed out again";
            model[index] = step;
            most_live = std::max(most_live, model.size());
        } else {
            auto it = model.begin();
            std::advance(it, static_cast<long>(rng() % model.size()));
            pool.release(it->first);
            model.erase(it);
        }
        if (step % 997 == 0) {
            ASSERT_EQ(pool.size(), model.size());
            for (IntPool::Index i = 0; i < pool.stats().capacity; ++i) {
                ASSERT_EQ(pool.is_live(i), model.contains(i)) << "slot " << i;
                if (model.contains(i)) {
                    ASSERT_EQ(pool[i], model[i]);
                }
            }
        }
    }
    std::size_t fresh = pool.stats().acquired - pool.stats().recycled;
    EXPECT_EQ(fresh, most_live) << "a never-used slot is taken only when no released slot waits";
    EXPECT_EQ(pool.stats().capacity, 64 * ((most_live + 63) / 64)) << "a block is added only when all are full";
    for (auto& [index, value] : model) pool.release(index);
    EXPECT_EQ(pool.size(), 0u);
}

#ifndef NDEBUG
TEST(PoolDeathTest, DoubleReleaseIsCaught) {
    IntPool pool;
    auto a = pool.acquire(1);
    pool.release(a);
    EXPECT_DEATH(pool.release(a), "not live");
}
#endif

}  // namespace
}  // namespace slotcraft
