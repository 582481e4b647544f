#pragma once
// Pool<T>: objects of one type, handed out by 32-bit index and recycled when released (the
// most recently released first), so once the pool is warm acquire/release never touch the
// heap. Objects live in fixed blocks that never move: indices and pointers stay valid.
// Standard library only: never GL, GLFW or ImGui.

#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace slotcraft {

template <typename T, std::size_t kBlockObjects = 256>
class Pool {
    static_assert(std::has_single_bit(kBlockObjects) && kBlockObjects >= 64,
                  "blocks hold a power of two objects, at least one 64-bit word of live bits");

public:
    using Index = std::uint32_t;
    static constexpr Index kNoIndex = ~Index{0};  // never handed out: a free "null"

    struct Stats {
        std::size_t live = 0;        // objects handed out and not yet released
        std::size_t capacity = 0;    // objects the allocated blocks can hold
        std::size_t blocks = 0;      // blocks taken from the heap (the only allocations)
        std::uint64_t acquired = 0;  // acquire() calls that succeeded
        std::uint64_t recycled = 0;  // of those, how many reused a released object
    };

    Pool() = default;
    Pool(const Pool&) = delete;
    Pool& operator=(const Pool&) = delete;
    Pool(Pool&& other) noexcept { swap(other); }
    Pool& operator=(Pool&& other) noexcept {
        if (this != &other) {
            clear();
            swap(other);
        }
        return *this;
    }
    ~Pool() { clear(); }

    // Constructs a T from args in a free cell and returns its index. Allocates only when
    // every cell is live (one block, plus room for the free list to hold all of it).
    template <typename... Args>
    Index acquire(Args&&... args) {
        Index index;
        bool recycled = !free_.empty();
        if (recycled) {
            index = free_.back();
            free_.pop_back();
        } else {
            if (fresh_ == stats_.capacity) add_block();
            index = static_cast<Index>(fresh_++);
        }
        try {
            ::new (static_cast<void*>(cell(index))) T(std::forward<Args>(args)...);
        } catch (...) {
            free_.push_back(index);  // never reallocates: free_ has room for every cell
            throw;
        }
        set_live(index, true);
        ++stats_.live;
        ++stats_.acquired;
        if (recycled) ++stats_.recycled;
        return index;
    }

    // Destroys the object and keeps its cell for the next acquire(). Never allocates.
    void release(Index index) noexcept {
        assert(is_live(index) && "Pool::release: index is not live (double release or never acquired)");
        get(index)->~T();
        set_live(index, false);
        free_.push_back(index);
        --stats_.live;
    }

    T& operator[](Index index) noexcept { return *get(index); }
    const T& operator[](Index index) const noexcept { return *get(index); }

    T* get(Index index) noexcept {
        assert(is_live(index) && "Pool: access to an index that is not live");
        return std::launder(reinterpret_cast<T*>(cell(index)));
    }
    const T* get(Index index) const noexcept {
        assert(is_live(index) && "Pool: access to an index that is not live");
        return std::launder(reinterpret_cast<const T*>(cell(index)));
    }

    bool is_live(Index index) const noexcept {
        if (index >= fresh_) return false;
        return (live_words_[index / 64] >> (index % 64)) & 1u;
    }

    // Grows now so that `objects` live objects later need no allocation.
    void reserve(std::size_t objects) {
        while (stats_.capacity < objects) add_block();
    }

    // Destroys every live object; keeps the blocks for reuse.
    void clear() noexcept {
        for (std::size_t word = 0; word < live_words_.size(); ++word) {
            for (std::uint64_t bits = live_words_[word]; bits != 0; bits &= bits - 1) {
                auto index = static_cast<Index>(word * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
                get(index)->~T();
            }
            live_words_[word] = 0;
        }
        free_.clear();
        fresh_ = 0;  // every cell is unused again, so hand them out in order from the start
        stats_.live = 0;
    }

    const Stats& stats() const noexcept { return stats_; }
    std::size_t size() const noexcept { return stats_.live; }

private:
    struct Block {
        alignas(T) std::byte bytes[sizeof(T) * kBlockObjects];
    };

    std::byte* cell(Index index) const noexcept {
        return blocks_[index / kBlockObjects]->bytes + sizeof(T) * (index % kBlockObjects);
    }

    void set_live(Index index, bool live) noexcept {
        std::uint64_t bit = std::uint64_t{1} << (index % 64);
        if (live) {
            live_words_[index / 64] |= bit;
        } else {
            live_words_[index / 64] &= ~bit;
        }
    }

    void add_block() {
        assert(stats_.capacity + kBlockObjects <= kNoIndex && "Pool: 32-bit index space exhausted");
        // Room first, so release() (noexcept) can always push without reallocating.
        free_.reserve(stats_.capacity + kBlockObjects);
        live_words_.resize(live_words_.size() + kBlockObjects / 64, 0);
        blocks_.push_back(std::make_unique_for_overwrite<Block>());
        stats_.capacity += kBlockObjects;
        ++stats_.blocks;
    }

    void swap(Pool& other) noexcept {
        std::swap(blocks_, other.blocks_);
        std::swap(live_words_, other.live_words_);
        std::swap(free_, other.free_);
        std::swap(fresh_, other.fresh_);
        std::swap(stats_, other.stats_);
    }

    std::vector<std::unique_ptr<Block>> blocks_;
    std::vector<std::uint64_t> live_words_;  // bit i: cell i holds a constructed T
    std::vector<Index> free_;                // released cells, most recent last
    std::size_t fresh_ = 0;                  // cells [fresh_, capacity) were never handed out
    Stats stats_;
};

}  // namespace slotcraft
