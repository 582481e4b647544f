#pragma once
// PageAllocator: instance slots in pages of 64 (page p = slots 64p..64p+63). A SlotTree
// hands out pages lowest-first; each owner (a chunk, as an opaque id) fills its own pages
// lowest slot first and takes a new page only when all of its pages are full.
// Standard library only: never include GL or anything from world/ or gfx/.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

// By bare name: installed, this header sits in include/slotcraft/alloc/ beside it.
#include "slot_tree.hpp"

namespace slotcraft {

class PageAllocator {
public:
    using Slot = std::uint32_t;
    using Page = std::uint32_t;
    using OwnerId = std::uint64_t;

    static constexpr unsigned kSlotsPerPage = 64;
    static constexpr std::uint64_t kMaxPages = SlotTree::kMaxSlots / kSlotsPerPage;  // slots fit a Slot

    struct Allocation {
        Slot slot = 0;
        bool new_page = false;  // page slot / 64 was just taken by the owner: clear it, record the owner
    };
    struct OwnedPage {
        Page page = 0;
        std::uint64_t used = 0;  // bit b set = slot 64 * page + b holds an instance
        friend bool operator==(const OwnedPage&, const OwnedPage&) = default;
    };
    struct Move {
        Slot from = 0;
        Slot to = 0;
        friend bool operator==(const Move&, const Move&) = default;
    };
    struct Compaction {
        std::vector<Move> moves;           // in order: move instance data from -> to
        std::vector<Page> released_pages;  // went back to the tree after their slots moved out
    };
    struct Stats {
        std::uint64_t slots_taken = 0;
        std::uint64_t pages = 0;       // pages owned
        std::uint64_t owners = 0;      // owners holding at least one page
        std::uint64_t high_water = 0;  // one past the highest used slot
        std::uint64_t gaps = 0;        // free slots below high_water (in owned pages or free pages)
        std::uint64_t slack = 0;       // free slots inside owned pages
        std::uint64_t capacity = 0;    // slots addressable before the page tree grows
        std::uint64_t page_allocations = 0;
        std::uint64_t page_frees = 0;
        std::uint64_t moves = 0;  // slots moved by compaction
    };

    // The lowest free slot among the owner's pages; a new page (the lowest free one) only when
    // all of them are full. Throws std::length_error when no page is left.
    Allocation allocate(OwnerId owner);
    // Frees a slot; returns its page when that was the page's last slot (the page went back
    // to the tree). Throws std::invalid_argument naming the slot if it is not taken.
    std::optional<Page> free(Slot slot);
    // Frees every slot of the owner at once; returns its pages in ascending order (none for an
    // owner that holds nothing).
    std::vector<Page> release_owner(OwnerId owner);

    // Moves the slots of an owner's highest page into the holes of its other pages (lowest
    // first) while its live slots would fit in one page fewer; at most max_moves moves.
    Compaction compact(OwnerId owner, std::size_t max_moves);
    // The same for every owner that became compactable since it was last compacted.
    Compaction compact_all(std::size_t max_moves);

    // The owner's pages, ascending, with their used masks (cleared first; empty if none).
    void owner_pages(OwnerId owner, std::vector<OwnedPage>& out) const;
    [[nodiscard]] std::vector<OwnedPage> owner_pages(OwnerId owner) const;
    [[nodiscard]] std::uint64_t owner_slots(OwnerId owner) const;
    [[nodiscard]] std::optional<OwnerId> owner_of_page(Page page) const;
    [[nodiscard]] bool is_taken(Slot slot) const noexcept;
    // Used mask of every page (index = page, 0 for a free page; pages past the end are free).
    [[nodiscard]] std::span<const std::uint64_t> page_masks() const noexcept { return page_used_; }
    [[nodiscard]] const SlotTree& page_tree() const noexcept { return tree_; }
    [[nodiscard]] Stats stats() const noexcept;
    void reset_counters() noexcept;

    // For tests: a description of the first broken invariant, or nullopt when every one holds.
    [[nodiscard]] std::optional<std::string> find_invariant_violation() const;

private:
    static constexpr std::uint64_t kFull = ~std::uint64_t{0};
    static constexpr std::uint32_t kNoRecord = ~std::uint32_t{0};

    struct Owner {
        OwnerId id = 0;
        std::vector<Page> pages;       // ascending
        std::uint64_t live = 0;        // used slots over all pages
        std::uint32_t full_pages = 0;  // pages whose mask is all ones
        bool queued = false;           // this record index sits in compact_queue_
    };

    [[nodiscard]] bool compactable(const Owner& owner) const noexcept {
        return (owner.live + kSlotsPerPage - 1) / kSlotsPerPage < owner.pages.size();
    }
    std::uint32_t find_record(OwnerId owner) const noexcept;
    std::uint32_t new_record(OwnerId owner);
    void drop_record(std::uint32_t record);
    Page take_page(std::uint32_t record);
    void give_back_page(Owner& owner, Page page);
    Slot take_lowest_slot(Owner& owner);
    void compact_record(std::uint32_t record, std::size_t& budget, Compaction& out);

    SlotTree tree_{kMaxPages};
    std::vector<std::uint64_t> page_used_;    // by page
    std::vector<std::uint32_t> page_record_;  // by page: index into records_, kNoRecord if free
    std::vector<Owner> records_;              // reused through free_records_
    std::vector<std::uint32_t> free_records_;
    std::unordered_map<OwnerId, std::uint32_t> index_;
    // find_record's last answer (a live record). find_record writes it, so even the const
    // queries of one allocator must stay on one thread (InstanceSlots' main thread).
    mutable std::uint32_t last_record_ = kNoRecord;
    std::vector<std::uint32_t> compact_queue_;  // record indices that may be compactable
    std::uint64_t slots_taken_ = 0;
    std::uint64_t moves_ = 0;
    std::uint64_t page_allocations_ = 0;
    std::uint64_t page_frees_ = 0;
};

}  // namespace slotcraft
