#pragma once
// SlotTree: a 64-ary bitmap tree that hands out slot indices LOWEST-FIRST, so the
// instance buffer stays dense and the draw range ends at the high-water mark.
// Standard library only: never include GL, GLFW, ImGui or anything from world/ or gfx/.
// The hot paths (allocate, free) are inline here; growth and the walks live in the .cpp.

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace slotcraft {

class SlotTree {
public:
    using Slot = std::uint32_t;

    static constexpr std::uint64_t kMaxSlots = std::uint64_t{1} << 32;  // every Slot value
    static constexpr unsigned kMaxLevels = 6;                           // 64^6 >= 2^32

    struct Stats {
        std::uint64_t taken = 0;        // slots in use
        std::uint64_t high_water = 0;   // one past the highest taken slot
        std::uint64_t capacity = 0;     // slots addressable before the next growth
        std::uint64_t gaps = 0;         // free slots below the high-water mark
        unsigned levels = 0;            // 0 for a tree that never allocated
        std::size_t bytes = 0;          // heap bytes held by the level arrays
        std::uint64_t allocations = 0;  // since construction, clear() or reset_counters()
        std::uint64_t frees = 0;        // idem
    };

    SlotTree() noexcept = default;
    // A tree that refuses to hand out slot_limit or more (1 <= slot_limit <= kMaxSlots).
    explicit SlotTree(std::uint64_t slot_limit);
    SlotTree(const SlotTree&) = default;
    SlotTree& operator=(const SlotTree&) = default;
    SlotTree(SlotTree&& other) noexcept { swap(other); }
    SlotTree& operator=(SlotTree&& other) noexcept;

    // The lowest free slot, marked taken. Grows a level when the tree is full.
    // Throws std::length_error when every slot below the limit is taken.
    Slot allocate();
    // Exactly `count` calls of allocate(), written to out[0..count), but a whole leaf word
    // (64 slots) at a time. Throws std::length_error (taking nothing) if they do not fit.
    void allocate_n(std::size_t count, Slot* out);
    void allocate_n(std::span<Slot> out) { allocate_n(out.size(), out.data()); }
    // Frees a taken slot. Throws std::invalid_argument naming the slot, and changes
    // nothing, if it is not taken (double free, never allocated, beyond the tree).
    void free(Slot slot);
    // Back to the default-constructed state, keeping the memory for reuse.
    void clear() noexcept;

    [[nodiscard]] bool is_taken(Slot slot) const noexcept;
    [[nodiscard]] std::uint64_t taken() const noexcept { return limit_ - room_; }
    // One past the highest taken slot (0 when empty): a walk down the non-empty summaries,
    // one word per level, so the hot paths need not keep it.
    [[nodiscard]] std::uint64_t high_water() const noexcept;
    [[nodiscard]] std::uint64_t capacity() const noexcept;
    [[nodiscard]] std::uint64_t limit() const noexcept { return limit_; }
    [[nodiscard]] unsigned levels() const noexcept { return levels_; }
    [[nodiscard]] Stats stats() const noexcept;
    void reset_counters() noexcept {
        frees_ = 0;
        taken_at_reset_ = taken();
    }

    // Leaf word i holds slots 64i..64i+63 (bit b set = slot 64i+b taken). Words past the
    // end of the span are all free. For the occupancy picture of the overlay.
    [[nodiscard]] std::span<const std::uint64_t> leaf_words() const noexcept { return full_[0]; }

    // For tests: a description of the first broken invariant (parent bits agree with child
    // words, counts, high water, the hint), or nullopt when every one holds. A query, not an
    // error channel: a broken invariant found at run time is an assert.
    [[nodiscard]] std::optional<std::string> find_invariant_violation() const;

    void swap(SlotTree& other) noexcept;

private:
    static constexpr std::uint64_t kFull = ~std::uint64_t{0};
    using Levels = std::array<std::vector<std::uint64_t>, kMaxLevels>;

    std::uint64_t settle_hint();                                   // the lowest non-full leaf, growing if needed
    std::uint64_t walk_down(unsigned level, std::uint64_t index);  // to the lowest non-full leaf below
    void grow();                                                   // add a level above the (full) root
    void ensure_words(std::uint64_t leaf);                         // create the words on the path to `leaf`
    void mark_full_above(std::uint64_t leaf);                      // leaf word turned full
    void clear_full_above(std::uint64_t leaf);                     // leaf word stopped being full
    void mark_nonempty_above(std::uint64_t leaf);                  // leaf word stopped being empty
    void clear_nonempty_above(std::uint64_t leaf);                 // leaf word turned empty
    void update_above(Levels& summary, std::uint64_t leaf, bool set, std::uint64_t edge);  // the four above
    void commit_leaf(std::uint64_t leaf, std::uint64_t before, std::uint64_t after, std::size_t taken);
    std::uint64_t append_full_leaves(std::uint64_t max_words, Slot* out);  // batch past the end
    [[noreturn]] void throw_not_taken(Slot slot) const;
    [[noreturn]] void throw_no_room(std::uint64_t wanted) const;

    // full_[k][i] bit b: at the leaves (k = 0), slot 64i+b is taken; above, child word
    // 64i+b of level k-1 is all ones. nonempty_[k] (k >= 1): that child word is not zero.
    // Words past a vector's end are zero; lowest-first allocation only ever appends.
    Levels full_{};
    Levels nonempty_{};
    unsigned levels_ = 0;
    std::uint64_t limit_ = kMaxSlots;
    std::uint64_t room_ = kMaxSlots;  // free slots below the limit: one counter for count and limit
    // The hint: every leaf below hint_ is full, so hint_ is a floor for the lowest non-full
    // leaf; and every leaf strictly between hint_ and resume_ is full, so when a free below
    // the hint is refilled, the search resumes at the old hint instead of walking the tree.
    std::uint64_t hint_ = 0;
    std::uint64_t resume_ = 0;
    // Allocations since the reset are frees_ + taken() - taken_at_reset_: no counter in allocate().
    std::uint64_t frees_ = 0;
    std::uint64_t taken_at_reset_ = 0;
};

// [SECTION] hot paths

inline SlotTree::Slot SlotTree::allocate() {
    if (room_ == 0) [[unlikely]]
        throw_no_room(1);
    std::uint64_t leaf = hint_;
    std::uint64_t* at = full_[0].data() + leaf;  // hint_ <= size(): at most one past the end
    if (at == std::to_address(full_[0].end()) || *at == kFull) [[unlikely]] {
        leaf = settle_hint();
        at = full_[0].data() + leaf;
    }
    std::uint64_t& word = *at;
    const std::uint64_t before = word;
    // hint_ is the lowest non-full leaf here, so its lowest zero bit is the lowest free slot.
    const std::uint64_t after = before | (before + 1);
    const std::uint64_t slot = leaf * 64 + static_cast<unsigned>(std::countr_one(before));
    --room_;  // before the word: a store through a uint64_t* may alias members
    word = after;
    if (after == kFull) [[unlikely]] {
        mark_full_above(leaf);
        hint_ = resume_ = std::max(leaf + 1, resume_);  // everything below is full now
    }
    if (before == 0) [[unlikely]]
        mark_nonempty_above(leaf);
    return static_cast<Slot>(slot);
}

inline void SlotTree::free(Slot slot) {
    const std::uint64_t leaf = slot >> 6;
    const std::uint64_t bit = std::uint64_t{1} << (slot & 63);
    if (leaf >= full_[0].size() || (full_[0][leaf] & bit) == 0) [[unlikely]]
        throw_not_taken(slot);
    std::uint64_t& word = full_[0][leaf];
    const std::uint64_t before = word;
    const std::uint64_t after = before & ~bit;
    if (leaf < hint_) {
        resume_ = hint_;
        hint_ = leaf;
    } else if (leaf < resume_ && leaf != hint_) {
        resume_ = leaf;
    }
    ++room_;
    ++frees_;
    word = after;
    if (before == kFull) [[unlikely]]
        clear_full_above(leaf);
    if (after == 0) [[unlikely]]
        clear_nonempty_above(leaf);
}

inline bool SlotTree::is_taken(Slot slot) const noexcept {
    const std::uint64_t leaf = slot >> 6;
    return leaf < full_[0].size() && ((full_[0][leaf] >> (slot & 63)) & 1) != 0;
}

}  // namespace slotcraft
