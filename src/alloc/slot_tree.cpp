// SlotTree: growth, the walks from the root, propagation of summary bits, batch
// allocation and the invariant checker. Standard library only.
#include "alloc/slot_tree.hpp"

#include <algorithm>
#include <cassert>
#include <stdexcept>
#include <utility>

namespace slotcraft {

namespace {

constexpr std::uint64_t bit_of(std::uint64_t index) { return std::uint64_t{1} << (index & 63); }

// Sets bits [lo, hi) of a bitmap held in words.
void set_bit_range(std::vector<std::uint64_t>& words, std::uint64_t lo, std::uint64_t hi) {
    while (lo < hi) {
        const std::uint64_t bit = lo & 63;
        const std::uint64_t span = std::min<std::uint64_t>(64 - bit, hi - lo);
        words[lo >> 6] |= (span == 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << span) - 1)) << bit;
        lo += span;
    }
}

}  // namespace

SlotTree::SlotTree(std::uint64_t slot_limit) : limit_(slot_limit), room_(slot_limit) {
    if (slot_limit == 0 || slot_limit > kMaxSlots) {
        throw std::invalid_argument("SlotTree: slot limit " + std::to_string(slot_limit) + " is outside 1.." +
                                    std::to_string(kMaxSlots));
    }
}

SlotTree& SlotTree::operator=(SlotTree&& other) noexcept {
    if (this != &other) {
        SlotTree taken_over(std::move(other));  // leaves `other` empty, like a new tree
        swap(taken_over);
    }
    return *this;
}

void SlotTree::swap(SlotTree& other) noexcept {
    std::swap(full_, other.full_);
    std::swap(nonempty_, other.nonempty_);
    std::swap(levels_, other.levels_);
    std::swap(limit_, other.limit_);
    std::swap(room_, other.room_);
    std::swap(hint_, other.hint_);
    std::swap(resume_, other.resume_);
    std::swap(frees_, other.frees_);
    std::swap(taken_at_reset_, other.taken_at_reset_);
}

void SlotTree::clear() noexcept {
    for (auto& level : full_) level.clear();
    for (auto& level : nonempty_) level.clear();
    levels_ = 0;
    room_ = limit_;
    hint_ = resume_ = frees_ = taken_at_reset_ = 0;
}

std::uint64_t SlotTree::capacity() const noexcept {
    if (levels_ == 0) return 0;
    return std::min(limit_, std::uint64_t{1} << (6 * levels_));
}

SlotTree::Stats SlotTree::stats() const noexcept {
    Stats s;
    s.taken = taken();
    s.high_water = high_water();
    s.capacity = capacity();
    s.gaps = s.high_water - s.taken;
    s.levels = levels_;
    for (unsigned k = 0; k < kMaxLevels; ++k) {
        s.bytes += (full_[k].capacity() + nonempty_[k].capacity()) * sizeof(std::uint64_t);
    }
    s.allocations = frees_ + s.taken - taken_at_reset_;
    s.frees = frees_;
    return s;
}

// [SECTION] finding the lowest non-full leaf

std::uint64_t SlotTree::settle_hint() {
    // Called when the hint leaf is full or missing: then every leaf below resume_ is full.
    std::uint64_t index = resume_;
    // Filling upward: the next leaf shares its parent word with the last one, so it is
    // the lowest non-full leaf.
    if (levels_ >= 2 && index == full_[0].size() && (index & 63) != 0) {
        full_[0].push_back(0);
        hint_ = resume_ = index;
        return index;
    }
    // Climb from `index` to the first level with a non-full node at or after it (usually a
    // sibling leaf under the same parent), then walk down from there: a walk from the root
    // would read more words for the same answer.
    for (unsigned k = 1; k < levels_; ++k) {
        const std::uint64_t parent = index >> 6;
        if (parent >> (6 * (levels_ - 1 - k)) != 0) break;                   // past the last word this level can hold
        const std::uint64_t below = (std::uint64_t{1} << (index & 63)) - 1;  // known to be full
        const std::uint64_t word = (parent < full_[k].size() ? full_[k][parent] : 0) | below;
        if (word != kFull) {
            return walk_down(k - 1, parent * 64 + static_cast<unsigned>(std::countr_one(word)));
        }
        index = parent + 1;
    }
    // Every slot is taken: add a level; its lowest non-full leaf is found from the new root.
    grow();
    return walk_down(levels_ - 1, 0);
}

std::uint64_t SlotTree::walk_down(unsigned level, std::uint64_t index) {
    // `index` is a non-full node of `level`; a parent bit is clear only over a non-full child.
    for (unsigned k = level; k >= 1; --k) {
        const std::uint64_t word = index < full_[k].size() ? full_[k][index] : 0;
        index = index * 64 + static_cast<unsigned>(std::countr_one(word));
    }
    ensure_words(index);
    hint_ = resume_ = index;  // the lowest non-full leaf: nothing below it to resume at
    return index;
}

void SlotTree::grow() {
    if (levels_ == 0) {
        full_[0].push_back(0);
        levels_ = 1;
        return;
    }
    assert(levels_ < kMaxLevels && "SlotTree: the slot limit should have stopped growth");
    assert(full_[levels_ - 1][0] == kFull && "SlotTree: grow() only when the root is full");
    full_[levels_].push_back(1);      // child 0 (the old root) is full...
    nonempty_[levels_].push_back(1);  // ...and so not empty
    ++levels_;
}

void SlotTree::ensure_words(std::uint64_t leaf) {
    for (unsigned k = 0; k < levels_; ++k) {
        const std::uint64_t index = leaf >> (6 * k);
        if (index < full_[k].size()) break;  // the parents of an existing word exist too
        assert(index == full_[k].size() && "SlotTree: lowest-first allocation appends words in order");
        full_[k].push_back(0);
        if (k > 0) nonempty_[k].push_back(0);
    }
}

// [SECTION] propagation: a parent changes only when a child word crosses full or empty

// Sets (or clears) the bit of `leaf`'s word in the summary words above it, going up only
// while the word just changed crosses `edge`: kFull for full_ (a parent bit means "child all
// ones"), 0 for nonempty_ (a parent bit means "child not zero").
void SlotTree::update_above(Levels& summary, std::uint64_t leaf, bool set, std::uint64_t edge) {
    std::uint64_t index = leaf;
    for (unsigned k = 1; k < levels_; ++k) {
        std::uint64_t& word = summary[k][index >> 6];
        const bool was_at_edge = word == edge;
        word = set ? word | bit_of(index) : word & ~bit_of(index);
        if ((word == edge) == was_at_edge) return;  // this word did not cross: its parent keeps its bit
        index >>= 6;
    }
}

void SlotTree::mark_full_above(std::uint64_t leaf) { update_above(full_, leaf, true, kFull); }
void SlotTree::clear_full_above(std::uint64_t leaf) { update_above(full_, leaf, false, kFull); }
void SlotTree::mark_nonempty_above(std::uint64_t leaf) { update_above(nonempty_, leaf, true, 0); }
void SlotTree::clear_nonempty_above(std::uint64_t leaf) { update_above(nonempty_, leaf, false, 0); }

std::uint64_t SlotTree::high_water() const noexcept {
    if (levels_ == 0) return 0;
    std::uint64_t index = 0;
    for (unsigned k = levels_ - 1; k >= 1; --k) {
        const std::uint64_t word = nonempty_[k][index];
        if (word == 0) return 0;  // only the root can be empty: a set bit means a non-empty child
        index = index * 64 + 63 - static_cast<unsigned>(std::countl_zero(word));
    }
    const std::uint64_t word = full_[0][index];
    if (word == 0) return 0;
    return index * 64 + 64 - static_cast<unsigned>(std::countl_zero(word));
}

// [SECTION] batch allocation

void SlotTree::commit_leaf(std::uint64_t leaf, std::uint64_t before, std::uint64_t after, std::size_t taken) {
    full_[0][leaf] = after;
    if (after == kFull) {
        mark_full_above(leaf);
        hint_ = resume_ = std::max(leaf + 1, resume_);
    }
    if (before == 0) mark_nonempty_above(leaf);
    room_ -= taken;
}

std::uint64_t SlotTree::append_full_leaves(std::uint64_t max_words, Slot* out) {
    // Whole leaf words that fit before the next growth and below the limit.
    const std::uint64_t room_words = std::min(std::uint64_t{1} << (6 * (levels_ - 1)), limit_ / 64);
    const std::uint64_t first = hint_;
    if (first >= room_words) return 0;
    const std::uint64_t n = std::min(max_words, room_words - first);
    const auto base = static_cast<Slot>(first * 64);
    for (std::uint64_t i = 0; i < n * 64; ++i) out[i] = base + static_cast<Slot>(i);
    full_[0].resize(first + n, kFull);
    // Every leaf below `first` is full, so at each level the children [full_lo, full_hi) are
    // now full and [any_lo, any_hi) non-empty; bits already set stay set.
    std::uint64_t full_lo = first, full_hi = first + n, any_lo = first, any_hi = first + n;
    for (unsigned k = 1; k < levels_; ++k) {
        const std::uint64_t words = (full_[k - 1].size() + 63) / 64;
        full_[k].resize(words, 0);
        nonempty_[k].resize(words, 0);
        set_bit_range(full_[k], full_lo, full_hi);
        set_bit_range(nonempty_[k], any_lo, any_hi);
        full_lo >>= 6;
        full_hi >>= 6;
        any_lo >>= 6;
        any_hi = (any_hi + 63) >> 6;
    }
    hint_ = resume_ = first + n;
    room_ -= n * 64;
    return n;
}

void SlotTree::allocate_n(std::size_t count, Slot* out) {
    if (count > room_) throw_no_room(count);
    while (count > 0) {
        // Past the last leaf everything is free: whole words go out without touching the tree
        // word by word.
        if (count >= 64 && levels_ > 0 && hint_ == full_[0].size()) {
            const std::uint64_t words = append_full_leaves(count / 64, out);
            out += words * 64;
            count -= words * 64;
            if (count == 0) break;
        }
        std::uint64_t leaf = hint_;
        if (leaf >= full_[0].size() || full_[0][leaf] == kFull) leaf = settle_hint();
        const std::uint64_t before = full_[0][leaf];
        const auto base = static_cast<Slot>(leaf * 64);
        std::uint64_t after = before;
        std::size_t n = 0;
        if (before == 0 && count >= 64) {
            // A fresh word: a plain counting loop that the compiler vectorises.
            for (Slot b = 0; b < 64; ++b) out[b] = base + b;
            after = kFull;
            n = 64;
        } else {
            // Lowest zero bits first; counting as we go (no popcount instruction in baseline x86-64).
            for (; n < count && after != kFull; ++n) {
                out[n] = base + static_cast<Slot>(std::countr_one(after));
                after |= after + 1;
            }
        }
        commit_leaf(leaf, before, after, n);
        out += n;
        count -= n;
    }
}

// [SECTION] errors and invariants

void SlotTree::throw_not_taken(Slot slot) const {
    const bool beyond = (slot >> 6) >= full_[0].size();
    throw std::invalid_argument("SlotTree::free: slot " + std::to_string(slot) + " is not taken (" +
                                (beyond ? "beyond the tree" : "already free") + ")");
}

void SlotTree::throw_no_room(std::uint64_t wanted) const {
    throw std::length_error("SlotTree: cannot take " + std::to_string(wanted) + " more slot(s): " +
                            std::to_string(taken()) + " of the limit " + std::to_string(limit_) + " are taken");
}

std::optional<std::string> SlotTree::find_invariant_violation() const {
    auto fail = [](unsigned level, std::uint64_t word, const std::string& what) {
        return "level " + std::to_string(level) + " word " + std::to_string(word) + ": " + what;
    };
    if (levels_ > kMaxLevels) return "more levels than kMaxLevels";
    for (unsigned k = levels_; k < kMaxLevels; ++k) {
        if (!full_[k].empty() || !nonempty_[k].empty()) return fail(k, 0, "words above the root");
    }
    if (levels_ > 0 && full_[levels_ - 1].size() != 1) return fail(levels_ - 1, 0, "root is not one word");
    for (unsigned k = 1; k < levels_; ++k) {
        const auto& below = full_[k - 1];
        if (full_[k].size() != (below.size() + 63) / 64 || nonempty_[k].size() != full_[k].size()) {
            return fail(k, 0, "word count does not cover the level below");
        }
        for (std::uint64_t i = 0; i < full_[k].size(); ++i) {
            for (unsigned b = 0; b < 64; ++b) {
                const std::uint64_t child = i * 64 + b;
                const std::uint64_t child_full = child < below.size() ? below[child] : 0;
                const std::uint64_t child_any = child >= below.size()
                                                    ? 0
                                                    : (k == 1 ? below[child] : nonempty_[k - 1][child]);
                if (((full_[k][i] >> b) & 1) != (child_full == kFull ? 1u : 0u)) {
                    return fail(k, i, "full bit " + std::to_string(b) + " disagrees with its child");
                }
                if (((nonempty_[k][i] >> b) & 1) != (child_any != 0 ? 1u : 0u)) {
                    return fail(k, i, "non-empty bit " + std::to_string(b) + " disagrees with its child");
                }
            }
        }
    }
    std::uint64_t count = 0;
    std::uint64_t top = 0;
    for (std::uint64_t i = 0; i < full_[0].size(); ++i) {
        const std::uint64_t word = full_[0][i];
        count += static_cast<unsigned>(std::popcount(word));
        if (word != 0) top = i * 64 + 64 - static_cast<unsigned>(std::countl_zero(word));
        if (i < hint_ && word != kFull) return fail(0, i, "non-full leaf below the hint");
        if (i > hint_ && i < resume_ && word != kFull) return fail(0, i, "non-full leaf below the resume point");
    }
    if (count != taken()) return "taken() is " + std::to_string(taken()) + ", bits say " + std::to_string(count);
    if (top != high_water()) {
        return "high_water() is " + std::to_string(high_water()) + ", bits say " + std::to_string(top);
    }
    if (hint_ > resume_ || resume_ > full_[0].size()) return "hint or resume point out of order";
    if (top > limit_) return "a slot at or above the limit is taken";
    return {};
}

}  // namespace slotcraft
