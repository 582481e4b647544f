// PageAllocator: owners' pages on top of a SlotTree of pages; allocation inside an owner's
// pages, page hand-back, release of an owner, compaction, stats and invariants.
// Standard library only.
#include "alloc/page_allocator.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <stdexcept>

namespace slotcraft {

namespace {

constexpr std::uint64_t bit_of(unsigned index) { return std::uint64_t{1} << index; }

}  // namespace

// [SECTION] allocation and freeing

PageAllocator::Allocation PageAllocator::allocate(OwnerId owner) {
    std::uint32_t record = find_record(owner);
    if (record != kNoRecord) {
        Owner& o = records_[record];
        if (o.full_pages < o.pages.size()) return {take_lowest_slot(o), false};
    }
    // Every page of the owner is full (or it has none): take the lowest free page. The tree
    // is asked first so that a length_error leaves no empty record behind.
    const Page page = static_cast<Page>(tree_.allocate());
    try {
        if (record == kNoRecord) record = new_record(owner);
        if (page >= page_used_.size()) {
            page_used_.resize(page + std::size_t{1}, 0);
            page_record_.resize(page + std::size_t{1}, kNoRecord);
        }
    } catch (...) {
        tree_.free(page);
        throw;
    }
    Owner& o = records_[record];
    o.pages.insert(std::upper_bound(o.pages.begin(), o.pages.end(), page), page);
    page_used_[page] = 1;
    page_record_[page] = record;
    ++o.live;
    ++slots_taken_;
    ++page_allocations_;
    return {static_cast<Slot>(std::uint64_t{page} * kSlotsPerPage), true};
}

PageAllocator::Slot PageAllocator::take_lowest_slot(Owner& owner) {
    for (const Page page : owner.pages) {
        std::uint64_t& mask = page_used_[page];
        if (mask == kFull) continue;
        const auto bit = static_cast<unsigned>(std::countr_one(mask));
        mask |= bit_of(bit);
        if (mask == kFull) ++owner.full_pages;
        ++owner.live;
        ++slots_taken_;
        return static_cast<Slot>(std::uint64_t{page} * kSlotsPerPage + bit);
    }
    assert(false && "PageAllocator: full_pages said a page had room, but none has");
    return 0;
}

std::optional<PageAllocator::Page> PageAllocator::free(Slot slot) {
    const Page page = slot / kSlotsPerPage;
    const std::uint64_t bit = bit_of(slot % kSlotsPerPage);
    if (page >= page_used_.size() || (page_used_[page] & bit) == 0) {
        throw std::invalid_argument("PageAllocator::free: slot " + std::to_string(slot) + " is not taken");
    }
    const std::uint32_t record = page_record_[page];
    Owner& o = records_[record];
    const std::uint64_t before = page_used_[page];
    page_used_[page] = before & ~bit;
    if (before == kFull) --o.full_pages;
    --o.live;
    --slots_taken_;
    std::optional<Page> released;
    if (page_used_[page] == 0) {
        give_back_page(o, page);
        released = page;
        if (o.pages.empty()) {
            drop_record(record);
            return released;
        }
    }
    if (!o.queued && compactable(o)) {
        o.queued = true;
        compact_queue_.push_back(record);
    }
    return released;
}

std::vector<PageAllocator::Page> PageAllocator::release_owner(OwnerId owner) {
    const std::uint32_t record = find_record(owner);
    if (record == kNoRecord) return {};
    std::vector<Page> pages = records_[record].pages;
    for (const Page page : pages) {
        slots_taken_ -= static_cast<unsigned>(std::popcount(page_used_[page]));
        page_used_[page] = 0;
        page_record_[page] = kNoRecord;
        tree_.free(page);
        ++page_frees_;
    }
    drop_record(record);
    return pages;
}

// [SECTION] owner records

std::uint32_t PageAllocator::find_record(OwnerId owner) const noexcept {
    // Slots are mostly taken in runs of one owner (a chunk's cubes as it loads): the last
    // record found answers those without the map.
    if (last_record_ != kNoRecord && records_[last_record_].id == owner) return last_record_;
    const auto it = index_.find(owner);
    if (it == index_.end()) return kNoRecord;
    last_record_ = it->second;
    return it->second;
}

std::uint32_t PageAllocator::new_record(OwnerId owner) {
    const bool reuse = !free_records_.empty();
    const std::uint32_t record = reuse ? free_records_.back() : static_cast<std::uint32_t>(records_.size());
    if (!reuse) records_.emplace_back();
    index_.emplace(owner, record);
    if (reuse) free_records_.pop_back();
    records_[record].id = owner;
    return record;
}

void PageAllocator::drop_record(std::uint32_t record) {
    Owner& o = records_[record];
    index_.erase(o.id);
    if (last_record_ == record) last_record_ = kNoRecord;
    o.pages.clear();  // keeps its capacity for the next owner of this record
    o.live = 0;
    o.full_pages = 0;
    // o.queued stays: it says whether this record index is still in compact_queue_.
    free_records_.push_back(record);
}

void PageAllocator::give_back_page(Owner& owner, Page page) {
    const auto it = std::lower_bound(owner.pages.begin(), owner.pages.end(), page);
    assert(it != owner.pages.end() && *it == page && "PageAllocator: page not in its owner's list");
    owner.pages.erase(it);
    page_record_[page] = kNoRecord;
    tree_.free(page);
    ++page_frees_;
}

// [SECTION] compaction

PageAllocator::Compaction PageAllocator::compact(OwnerId owner, std::size_t max_moves) {
    Compaction out;
    const std::uint32_t record = find_record(owner);
    if (record != kNoRecord) compact_record(record, max_moves, out);
    return out;
}

PageAllocator::Compaction PageAllocator::compact_all(std::size_t max_moves) {
    Compaction out;
    while (max_moves > 0 && !compact_queue_.empty()) {
        const std::uint32_t record = compact_queue_.back();
        Owner& o = records_[record];
        compact_record(record, max_moves, out);  // an empty (dropped) record is not compactable
        if (compactable(o)) break;               // out of budget: stays queued for the next call
        o.queued = false;
        compact_queue_.pop_back();
    }
    return out;
}

void PageAllocator::compact_record(std::uint32_t record, std::size_t& budget, Compaction& out) {
    Owner& o = records_[record];
    std::size_t hole_page = 0;  // index in o.pages of the lowest page that may have a hole
    while (budget > 0 && compactable(o)) {
        const Page top = o.pages.back();
        while (page_used_[o.pages[hole_page]] == kFull) ++hole_page;
        // live fits in pages-1 pages, so the lower pages have at least as many holes as top has
        // used slots: the hole is never in top itself.
        assert(hole_page + 1 < o.pages.size() && "PageAllocator: compaction found no hole below the top page");
        const Page dest = o.pages[hole_page];
        const auto from_bit = static_cast<unsigned>(std::countr_zero(page_used_[top]));
        const auto to_bit = static_cast<unsigned>(std::countr_one(page_used_[dest]));
        if (page_used_[top] == kFull) --o.full_pages;
        page_used_[top] &= ~bit_of(from_bit);
        page_used_[dest] |= bit_of(to_bit);
        if (page_used_[dest] == kFull) ++o.full_pages;
        out.moves.push_back({static_cast<Slot>(std::uint64_t{top} * kSlotsPerPage + from_bit),
                             static_cast<Slot>(std::uint64_t{dest} * kSlotsPerPage + to_bit)});
        --budget;
        ++moves_;
        if (page_used_[top] == 0) {
            give_back_page(o, top);
            out.released_pages.push_back(top);
        }
    }
}

// [SECTION] queries

void PageAllocator::owner_pages(OwnerId owner, std::vector<OwnedPage>& out) const {
    out.clear();
    const std::uint32_t record = find_record(owner);
    if (record == kNoRecord) return;
    for (const Page page : records_[record].pages) out.push_back({page, page_used_[page]});
}

std::vector<PageAllocator::OwnedPage> PageAllocator::owner_pages(OwnerId owner) const {
    std::vector<OwnedPage> out;
    owner_pages(owner, out);
    return out;
}

std::uint64_t PageAllocator::owner_slots(OwnerId owner) const {
    const std::uint32_t record = find_record(owner);
    return record == kNoRecord ? 0 : records_[record].live;
}

std::optional<PageAllocator::OwnerId> PageAllocator::owner_of_page(Page page) const {
    if (page >= page_record_.size() || page_record_[page] == kNoRecord) return std::nullopt;
    return records_[page_record_[page]].id;
}

bool PageAllocator::is_taken(Slot slot) const noexcept {
    const Page page = slot / kSlotsPerPage;
    return page < page_used_.size() && ((page_used_[page] >> (slot % kSlotsPerPage)) & 1) != 0;
}

PageAllocator::Stats PageAllocator::stats() const noexcept {
    Stats s;
    s.slots_taken = slots_taken_;
    s.pages = tree_.taken();
    s.owners = index_.size();
    const std::uint64_t page_water = tree_.high_water();
    if (page_water > 0) {
        const std::uint64_t mask = page_used_[page_water - 1];
        s.high_water = page_water * kSlotsPerPage - static_cast<unsigned>(std::countl_zero(mask));
    }
    s.gaps = s.high_water - slots_taken_;
    s.slack = s.pages * kSlotsPerPage - slots_taken_;
    s.capacity = tree_.capacity() * kSlotsPerPage;
    s.page_allocations = page_allocations_;
    s.page_frees = page_frees_;
    s.moves = moves_;
    return s;
}

void PageAllocator::reset_counters() noexcept {
    page_allocations_ = page_frees_ = moves_ = 0;
    tree_.reset_counters();
}

// [SECTION] invariants

std::optional<std::string> PageAllocator::find_invariant_violation() const {
    if (auto tree = tree_.find_invariant_violation()) return "page tree: " + *tree;
    if (page_used_.size() != page_record_.size()) return "page arrays differ in length";
    if (tree_.high_water() > page_used_.size()) return "a taken page lies past the page arrays";
    std::uint64_t slots = 0;
    for (std::size_t p = 0; p < page_used_.size(); ++p) {
        const auto page = static_cast<Page>(p);
        const bool used = page_used_[p] != 0;
        const bool owned = page_record_[p] != kNoRecord;
        if (used != tree_.is_taken(page) || used != owned) {
            return "page " + std::to_string(p) + ": mask, owner and tree disagree";
        }
        slots += static_cast<unsigned>(std::popcount(page_used_[p]));
    }
    if (slots != slots_taken_) return "slots_taken is off by " + std::to_string(slots_taken_ - slots);
    std::uint64_t pages = 0;
    for (const auto& [id, record] : index_) {
        const Owner& o = records_[record];
        const std::string who = "owner " + std::to_string(id) + ": ";
        if (o.id != id) return who + "record names another owner";
        if (o.pages.empty()) return who + "kept with no pages";
        if (!std::is_sorted(o.pages.begin(), o.pages.end()) ||
            std::adjacent_find(o.pages.begin(), o.pages.end()) != o.pages.end()) {
            return who + "pages not strictly ascending";
        }
        std::uint64_t live = 0;
        std::uint32_t full = 0;
        for (const Page page : o.pages) {
            if (page >= page_record_.size() || page_record_[page] != record) return who + "page not marked as its own";
            live += static_cast<unsigned>(std::popcount(page_used_[page]));
            full += page_used_[page] == kFull ? 1 : 0;
        }
        if (live != o.live || full != o.full_pages) return who + "live or full-page count is off";
        if (compactable(o) && !o.queued) return who + "compactable but not queued for compaction";
        pages += o.pages.size();
    }
    if (pages != tree_.taken()) return "owners hold a different number of pages than the tree";
    return {};
}

}  // namespace slotcraft
