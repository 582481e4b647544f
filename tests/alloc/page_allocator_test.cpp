// PageAllocator: owners fill their own pages lowest-first, pages come lowest-first from the
// tree, pages go back when empty, owners release at once, compaction shrinks owners; and a
// randomized comparison with a model built from std::map and std::set.
#include "alloc/page_allocator.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <bit>
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include "support/heap_counter.hpp"

namespace slotcraft {
namespace {

using Slot = PageAllocator::Slot;
using Page = PageAllocator::Page;
using OwnerId = PageAllocator::OwnerId;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

#ifdef NDEBUG
constexpr int kScale = 10;
#else
constexpr int kScale = 1;
#endif

constexpr std::uint64_t kFull = ~std::uint64_t{0};

std::vector<Slot> allocate_for(PageAllocator& pages, OwnerId owner, int count) {
    std::vector<Slot> out;
    for (int i = 0; i < count; ++i) out.push_back(pages.allocate(owner).slot);
    return out;
}

TEST(PageAllocator, FirstSlotOfAnOwnerOpensTheLowestFreePage) {
    PageAllocator pages;
    const auto a = pages.allocate(7);
    EXPECT_EQ(a.slot, 0u);
    EXPECT_TRUE(a.new_page);
    const auto a2 = pages.allocate(7);
    EXPECT_EQ(a2.slot, 1u);
    EXPECT_FALSE(a2.new_page);
    const auto b = pages.allocate(0xDEADBEEFCAFEull);
    EXPECT_EQ(b.slot, 64u);
    EXPECT_TRUE(b.new_page);
    EXPECT_EQ(pages.owner_of_page(0), 7u);
    EXPECT_EQ(pages.owner_of_page(1), 0xDEADBEEFCAFEull);
    EXPECT_EQ(pages.owner_of_page(2), std::nullopt);
    EXPECT_EQ(pages.find_invariant_violation(), std::nullopt);
}

TEST(PageAllocator, OwnerFillsItsOwnPagesBeforeTakingAnother) {
    PageAllocator pages;
    allocate_for(pages, 1, 64);  // page 0 full
    pages.allocate(2);           // page 1
    const auto next = pages.allocate(1);
    EXPECT_TRUE(next.new_page);
    EXPECT_EQ(next.slot, 128u);
    pages.free(5);
    const auto reuse = pages.allocate(1);  // the hole in page 0 comes before page 2's room
    EXPECT_FALSE(reuse.new_page);
    EXPECT_EQ(reuse.slot, 5u);
    EXPECT_THAT(pages.owner_pages(1), ElementsAre(PageAllocator::OwnedPage{0, kFull}, PageAllocator::OwnedPage{2, 1}));
    EXPECT_EQ(pages.owner_slots(1), 65u);
    EXPECT_EQ(pages.find_invariant_violation(), std::nullopt);
}

TEST(PageAllocator, EmptiedPageGoesBackAndIsTheFirstHandedOut) {
    PageAllocator pages;
    pages.allocate(1);                      // page 0
    const Slot b = pages.allocate(2).slot;  // page 1
    pages.allocate(3);                      // page 2
    EXPECT_EQ(pages.free(b), std::optional<Page>(1));
    EXPECT_EQ(pages.owner_of_page(1), std::nullopt);
    EXPECT_EQ(pages.allocate(4).slot, 64u);  // page 1 again, not page 3
    const Slot first = pages.allocate(1).slot;
    EXPECT_EQ(pages.free(first), std::nullopt);  // page 0 still holds slot 0
    EXPECT_EQ(pages.find_invariant_violation(), std::nullopt);
}

TEST(PageAllocator, ReleaseOwnerReturnsEveryPageAtOnce) {
    PageAllocator pages;
    allocate_for(pages, 1, 10);
    allocate_for(pages, 2, 130);  // pages 1, 2, 3
    allocate_for(pages, 1, 60);   // fills page 0, then page 4
    EXPECT_THAT(pages.release_owner(2), ElementsAre(1, 2, 3));
    EXPECT_TRUE(pages.release_owner(2).empty());
    EXPECT_TRUE(pages.release_owner(99).empty());
    EXPECT_EQ(pages.stats().slots_taken, 70u);
    EXPECT_EQ(pages.stats().pages, 2u);
    EXPECT_EQ(pages.allocate(3).slot, 64u);  // page 1 is free again
    EXPECT_THAT(pages.release_owner(1), ElementsAre(0, 4));
    EXPECT_EQ(pages.find_invariant_violation(), std::nullopt);
}

// Owner 1 on pages 0, 1, 2 with holes 3, 10, 70 and only 128, 129 left on page 2.
PageAllocator three_page_owner() {
    PageAllocator pages;
    allocate_for(pages, 1, 192);
    for (const Slot s : {3u, 10u, 70u}) pages.free(s);
    for (Slot s = 130; s < 192; ++s) pages.free(s);
    return pages;
}

TEST(PageAllocator, CompactionMovesTheTopPageIntoTheLowestHoles) {
    PageAllocator pages = three_page_owner();
    const PageAllocator::Compaction c = pages.compact(1, 100);
    ASSERT_EQ(c.moves.size(), 2u);
    EXPECT_EQ(c.moves[0].from, 128u);
    EXPECT_EQ(c.moves[0].to, 3u);
    EXPECT_EQ(c.moves[1].from, 129u);
    EXPECT_EQ(c.moves[1].to, 10u);
    EXPECT_THAT(c.released_pages, ElementsAre(2));
    EXPECT_EQ(pages.owner_pages(1).size(), 2u);  // ceil(127 / 64)
    EXPECT_TRUE(pages.is_taken(3));
    EXPECT_FALSE(pages.is_taken(128));
    EXPECT_TRUE(pages.compact(1, 100).moves.empty());  // nothing left to gain
    EXPECT_EQ(pages.stats().moves, 2u);
    EXPECT_EQ(pages.find_invariant_violation(), std::nullopt);
}

TEST(PageAllocator, CompactionDoesAtMostTheGivenMovesPerCall) {
    PageAllocator pages = three_page_owner();
    PageAllocator::Compaction c = pages.compact(1, 1);
    ASSERT_EQ(c.moves.size(), 1u);
    EXPECT_EQ(c.moves[0].to, 3u);
    EXPECT_TRUE(c.released_pages.empty());
    EXPECT_EQ(pages.find_invariant_violation(), std::nullopt);
    c = pages.compact_all(1);
    ASSERT_EQ(c.moves.size(), 1u);
    EXPECT_EQ(c.moves[0].from, 129u);
    EXPECT_THAT(c.released_pages, ElementsAre(2));
    EXPECT_TRUE(pages.compact(1, 0).moves.empty());
    EXPECT_EQ(pages.find_invariant_violation(), std::nullopt);
}

TEST(PageAllocator, CompactAllShrinksEveryOwnerThatCan) {
    PageAllocator pages;
    std::vector<Slot> slots[4];
    for (int round = 0; round < 3; ++round) {
        for (OwnerId owner = 0; owner < 4; ++owner) {
            auto more = allocate_for(pages, owner, 64);
            slots[owner].insert(slots[owner].end(), more.begin(), more.end());
        }
    }
    // Owners 0..2 free every other slot (96 of 192 live: 2 pages would do); owner 3 keeps all.
    for (OwnerId owner = 0; owner < 3; ++owner) {
        for (std::size_t i = 0; i < slots[owner].size(); i += 2) pages.free(slots[owner][i]);
    }
    const PageAllocator::Compaction c = pages.compact_all(10'000);
    EXPECT_EQ(c.released_pages.size(), 3u);
    for (OwnerId owner = 0; owner < 4; ++owner) {
        const std::uint64_t live = pages.owner_slots(owner);
        EXPECT_EQ(pages.owner_pages(owner).size(), (live + 63) / 64) << "owner " << owner;
    }
    EXPECT_EQ(pages.find_invariant_violation(), std::nullopt);
}

TEST(PageAllocator, FreeRejectsSlotsThatAreNotTaken) {
    PageAllocator pages;
    allocate_for(pages, 1, 3);
    pages.free(1);
    for (const Slot bad : {Slot{1}, Slot{3}, Slot{64}, Slot{1'000'000}}) {
        try {
            pages.free(bad);
            ADD_FAILURE() << "free(" << bad << ") did not throw";
        } catch (const std::invalid_argument& e) {
            EXPECT_THAT(e.what(), HasSubstr("slot " + std::to_string(bad)));
        }
    }
    EXPECT_EQ(pages.stats().slots_taken, 2u);
    EXPECT_EQ(pages.find_invariant_violation(), std::nullopt);
}

TEST(PageAllocator, StatsDescribeSlotsPagesAndGaps) {
    PageAllocator pages;
    allocate_for(pages, 1, 70);  // pages 0, 1
    allocate_for(pages, 2, 3);   // page 2: slots 128..130
    pages.free(10);
    PageAllocator::Stats s = pages.stats();
    EXPECT_EQ(s.slots_taken, 72u);
    EXPECT_EQ(s.pages, 3u);
    EXPECT_EQ(s.owners, 2u);
    EXPECT_EQ(s.high_water, 131u);
    EXPECT_EQ(s.gaps, 131u - 72u);
    EXPECT_EQ(s.slack, 3 * 64u - 72u);
    EXPECT_EQ(s.capacity, 64u * 64u);
    EXPECT_EQ(s.page_allocations, 3u);
    EXPECT_EQ(pages.page_masks()[2], 0b111u);
    pages.release_owner(2);
    s = pages.stats();
    EXPECT_EQ(s.high_water, 70u);
    EXPECT_EQ(s.page_frees, 1u);
    pages.reset_counters();
    EXPECT_EQ(pages.stats().page_allocations, 0u);
}

TEST(PageAllocator, WarmChurnWithinOwnersDoesNotTouchTheHeap) {
    ASSERT_TRUE(test::heap_counter_counts()) << "the counting operator new is not in use";
    PageAllocator pages;
    std::mt19937_64 rng(3);
    std::vector<std::pair<OwnerId, Slot>> live;
    for (int i = 0; i < 4000; ++i) {
        const OwnerId owner = i < 20 ? static_cast<OwnerId>(i) : rng() % 20;
        live.emplace_back(owner, pages.allocate(owner).slot);
    }
    // Warm up: owners' page lists and the page arrays reach their working size.
    auto churn = [&](int steps) {
        for (int i = 0; i < steps; ++i) {
            auto& [owner, slot] = live[20 + rng() % (live.size() - 20)];  // one slot per owner stays
            pages.free(slot);
            owner = rng() % 20;
            slot = pages.allocate(owner).slot;
        }
    };
    churn(20000);
    const std::uint64_t before = test::heap_allocations();
    churn(20000);
    EXPECT_EQ(test::heap_allocations(), before);
    EXPECT_EQ(pages.find_invariant_violation(), std::nullopt);
}

// [SECTION] randomized comparison with a model

class PageModel {
public:
    PageAllocator::Allocation expect_allocate(OwnerId owner) const {
        if (const auto it = pages_of_.find(owner); it != pages_of_.end()) {
            for (const Page p : it->second) {
                if (mask_.at(p) != kFull) return {p * 64 + static_cast<Slot>(std::countr_one(mask_.at(p))), false};
            }
        }
        Page p = 0;
        while (mask_.count(p) != 0) ++p;  // the lowest free page
        return {p * 64, true};
    }
    void take(OwnerId owner, Slot slot) {
        const Page p = slot / 64;
        if (mask_.count(p) == 0) pages_of_[owner].insert(p);
        mask_[p] |= std::uint64_t{1} << (slot % 64);
        owner_[p] = owner;
    }
    std::optional<Page> free(Slot slot) {
        const Page p = slot / 64;
        mask_[p] &= ~(std::uint64_t{1} << (slot % 64));
        if (mask_[p] != 0) return std::nullopt;
        auto& mine = pages_of_[owner_[p]];
        mine.erase(p);
        if (mine.empty()) pages_of_.erase(owner_[p]);
        mask_.erase(p);
        owner_.erase(p);
        return p;
    }
    std::vector<Page> release(OwnerId owner) {
        std::vector<Page> out;
        if (const auto it = pages_of_.find(owner); it != pages_of_.end())
            out.assign(it->second.begin(), it->second.end());
        for (const Page p : out) {
            mask_.erase(p);
            owner_.erase(p);
        }
        pages_of_.erase(owner);
        return out;
    }
    // Checks that a move takes the lowest slot of its owner's top page into the owner's
    // lowest hole, then applies it; returns the page it emptied, if any.
    std::optional<Page> move(PageAllocator::Move m) {
        const OwnerId owner = owner_.at(m.from / 64);
        const std::set<Page>& mine = pages_of_.at(owner);
        EXPECT_EQ(m.from / 64, *mine.rbegin()) << "moved from a page that is not the owner's top";
        EXPECT_EQ(m.from % 64, static_cast<Slot>(std::countr_zero(mask_.at(m.from / 64))));
        const PageAllocator::Allocation hole = expect_allocate(owner);
        EXPECT_FALSE(hole.new_page);
        EXPECT_EQ(m.to, hole.slot) << "moved into a hole that is not the owner's lowest";
        EXPECT_LT(live(owner) + 63, 64 * mine.size()) << "moved although the owner cannot shrink";
        take(owner, m.to);
        return free(m.from);
    }
    [[nodiscard]] std::uint64_t live(OwnerId owner) const {
        std::uint64_t n = 0;
        if (const auto it = pages_of_.find(owner); it != pages_of_.end()) {
            for (const Page p : it->second) n += static_cast<unsigned>(std::popcount(mask_.at(p)));
        }
        return n;
    }
    [[nodiscard]] std::size_t page_count(OwnerId owner) const {
        const auto it = pages_of_.find(owner);
        return it == pages_of_.end() ? 0 : it->second.size();
    }
    [[nodiscard]] const std::map<OwnerId, std::set<Page>>& owners() const { return pages_of_; }

private:
    std::map<Page, std::uint64_t> mask_;
    std::map<Page, OwnerId> owner_;
    std::map<OwnerId, std::set<Page>> pages_of_;
};

// Live slots with O(1) random pick and rename (for compaction moves).
class LiveSlots {
public:
    void add(Slot s) {
        at_[s] = slots_.size();
        slots_.push_back(s);
    }
    void remove(Slot s) {
        const std::size_t i = at_.at(s);
        at_[slots_.back()] = i;
        slots_[i] = slots_.back();
        slots_.pop_back();
        at_.erase(s);
    }
    void rename(Slot from, Slot to) {
        const std::size_t i = at_.at(from);
        at_.erase(from);
        at_[to] = i;
        slots_[i] = to;
    }
    [[nodiscard]] bool empty() const { return slots_.empty(); }
    Slot pick(std::mt19937_64& rng) const { return slots_[rng() % slots_.size()]; }

private:
    std::vector<Slot> slots_;
    std::unordered_map<Slot, std::size_t> at_;
};

void check_compaction(const PageAllocator::Compaction& c, PageModel& model, LiveSlots& live) {
    std::vector<Page> released;
    for (const PageAllocator::Move m : c.moves) {
        if (const auto page = model.move(m)) released.push_back(*page);
        live.rename(m.from, m.to);
    }
    EXPECT_EQ(c.released_pages, released);
}

// Random allocations, frees, releases and compactions for owner_count owners, each step
// checked against the model; ends by compacting to completion.
void run_random_churn(int owner_count, int ops, std::uint64_t seed) {
    PageAllocator pages;
    PageModel model;
    LiveSlots live;
    std::mt19937_64 rng(seed);
    std::vector<OwnerId> owners;
    for (int i = 0; i < owner_count; ++i) owners.push_back(rng());  // opaque 64-bit ids, like chunk keys
    for (int op = 0; op < ops; ++op) {
        const auto action = rng() % 1000;
        // Owners are picked with a skew, so some grow to many pages and some stay small.
        const OwnerId owner = owners[std::min(rng() % owners.size(), rng() % owners.size())];
        const bool growing = (op / 8000) % 2 == 0;  // waves: owners grow, then thin out and leave holes
        if (action < 10) {
            const std::size_t budget = rng() % 40;
            check_compaction(rng() % 2 ? pages.compact_all(budget) : pages.compact(owner, budget), model, live);
        } else if (action < 11) {
            const std::vector<Page> want = model.release(owner);
            for (const Page p : want) {
                for (Slot s = p * 64; s < p * 64 + 64; ++s) {
                    if (pages.is_taken(s)) live.remove(s);
                }
            }
            ASSERT_EQ(pages.release_owner(owner), want) << "op " << op;
        } else if (action < (growing ? 620u : 400u) || live.empty()) {
            const auto want = model.expect_allocate(owner);
            const auto got = pages.allocate(owner);
            ASSERT_EQ(got.slot, want.slot) << "op " << op;
            ASSERT_EQ(got.new_page, want.new_page) << "op " << op;
            model.take(owner, got.slot);
            live.add(got.slot);
        } else {
            const Slot s = live.pick(rng);
            ASSERT_EQ(pages.free(s), model.free(s)) << "op " << op;
            live.remove(s);
        }
        if (op % 5000 == 0) {
            ASSERT_EQ(pages.find_invariant_violation(), std::nullopt) << "op " << op;
        }
    }
    // Run compaction to completion: every owner ends on ceil(live / 64) pages.
    check_compaction(pages.compact_all(~std::size_t{0}), model, live);
    for (const auto& [owner, mine] : model.owners()) {
        EXPECT_EQ(mine.size(), (model.live(owner) + 63) / 64) << "owner " << owner;
        EXPECT_EQ(pages.owner_pages(owner).size(), mine.size());
    }
    EXPECT_EQ(pages.find_invariant_violation(), std::nullopt);
}

// Few owners: they grow to many pages, so compaction has real work.
TEST(PageAllocator, MatchesAModelWithFewBusyOwners) { run_random_churn(12, 60'000 * kScale, 77); }

// Hundreds of owners, like loaded chunks: records come and go and are reused.
TEST(PageAllocator, MatchesAModelWithHundredsOfOwners) { run_random_churn(300, 40'000 * kScale, 78); }

}  // namespace
}  // namespace slotcraft
