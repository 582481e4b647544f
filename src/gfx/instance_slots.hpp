#pragma once
// Which slot of the one instance buffer each exposed cube lives in. Consumes the world's
// instance events, hands out slots through the PageAllocator (pages of 64, owned by
// chunks), keeps the CPU copy of every slot's 4-byte instance, and queues what the GPU must
// do this frame: pages to clear, page -> chunk table entries, slot writes.
// Plain C++20: no GL. gfx/ lands the queued work; tests check it against the world.
#include <tsl/robin_map.h>

#include <cstdint>
#include <optional>
#include <string>
#include <span>
#include <vector>

#include "alloc/page_allocator.hpp"
#include "world/events.hpp"

namespace slotcraft {

// An instance in 4 bytes: position in its chunk (3 x 4 bits), block type (8 bits), mask of
// faces to draw (6 bits). 0 is the empty instance (no face): a free slot draws nothing.
using PackedInstance = uint32_t;
constexpr PackedInstance pack_instance(uint16_t local_index, BlockType type, uint8_t face_mask) {
    const glm::ivec3 p = local_position(local_index);
    return static_cast<PackedInstance>(p.x) | static_cast<PackedInstance>(p.y) << 4 |
           static_cast<PackedInstance>(p.z) << 8 | static_cast<PackedInstance>(type) << 12 |
           static_cast<PackedInstance>(face_mask & kAllFaces) << 20;
}
inline constexpr uint32_t kInstanceBytes = sizeof(PackedInstance);
inline constexpr uint32_t kSlotsPerPage = PageAllocator::kSlotsPerPage;

struct SlotWrite {
    uint32_t slot;
    PackedInstance value;
};

// A page that changed hands this frame: clear it on the GPU and record its chunk.
struct PageHandOut {
    uint32_t page;
    ChunkCoord chunk;
};

// One run of consecutive pages of a chunk: draw `count` slots from `first_slot`.
struct SlotRun {
    uint32_t first_slot;
    uint32_t count;
};

class InstanceSlots {
public:
    struct Stats {
        uint64_t taken = 0;       // live instances
        uint64_t pages = 0;       // pages owned by chunks
        uint64_t high_water = 0;  // one past the highest live slot
        uint64_t gaps = 0;        // free slots below it
        uint64_t capacity = 0;    // slots addressable before the page tree grows a level
        uint64_t chunks = 0;      // chunks with at least one instance
        uint64_t moves = 0;       // instances moved by compaction, since start
        uint64_t page_allocations = 0;
        uint64_t page_frees = 0;
        uint64_t writes_last_frame = 0;  // slot writes queued by the last take_frame()
        uint64_t slot_allocations = 0;   // since start
        uint64_t slot_frees = 0;         // since start (a chunk unload frees all its slots)
    };

    // The GPU work of one frame, in the order it must land: clear the pages of chunks that
    // unloaded, write the page table for handed-out pages, then the slot writes (one per
    // slot: the last write of a slot wins). Every free slot is 0 on the GPU as on the CPU.
    struct FrameWork {
        std::vector<uint32_t> cleared_pages;
        std::vector<PageHandOut> pages;
        std::vector<SlotWrite> writes;
    };

    // World events, in the order WorldEvents documents (unloaded, loaded, changes).
    void apply(const WorldEvents& events);
    void apply(const InstanceChange& change);
    // A batch of changes (one edit's, or a frame's fix-ups): removals are applied first.
    void apply_changes(std::span<const InstanceChange> changes);
    void apply_changes(const EditChanges& changes) { apply_changes({changes.begin(), changes.size()}); }

    // Room for `slots` slots in the CPU copy and `chunks` chunks in the tables without
    // reallocating or rehashing: growing a copy of millions of slots mid-frame costs
    // milliseconds (the copy and its page faults). The copy is only address space until used.
    void reserve(size_t slots, size_t chunks) {
        cpu_.reserve(slots);
        index_by_slot_.reserve(slots);
        chunks_.reserve(chunks);
        coord_by_owner_.reserve(chunks);
    }

    // Returns pages whose cubes would fit in one page fewer, moving at most max_moves cubes.
    void compact(size_t max_moves);

    // Slot writes queued for this frame so far (one per slot: a slot written twice is one).
    std::size_t queued_writes() const { return frame_.writes.size(); }
    // Hands the queued GPU work to the caller and starts a new frame.
    FrameWork take_frame();

    // [SECTION] queries
    std::optional<uint32_t> slot_of(const ChunkCoord& chunk, uint16_t local_index) const;
    bool has_chunk(const ChunkCoord& chunk) const { return chunks_.contains(chunk); }
    // Chunks that gained their first instance / lost their last since the last call (for
    // the culling octree). A chunk may appear in both if it did both; apply in this order.
    void take_chunk_changes(std::vector<ChunkCoord>& gained, std::vector<ChunkCoord>& emptied);
    // The draw ranges of one chunk: runs of consecutive pages, each up to its last used slot.
    void chunk_runs(const ChunkCoord& chunk, std::vector<SlotRun>& out) const;
    // Every live chunk, for drawing without culling.
    void all_chunks(std::vector<ChunkCoord>& out) const;
    // The CPU copy of the buffer, one PackedInstance per slot (0 for free slots).
    const std::vector<PackedInstance>& cpu_copy() const { return cpu_; }
    std::optional<ChunkCoord> chunk_of_page(uint32_t page) const;
    const PageAllocator& pages() const { return pages_; }
    Stats stats() const;

    // For tests: a description of the first disagreement between the slot maps, the CPU copy
    // and the allocator, or nullopt when they agree.
    std::optional<std::string> find_invariant_violation() const;

private:
    struct ChunkSlots {
        uint64_t owner = 0;
        ChunkCoord coord;
        tsl::robin_map<uint16_t, uint32_t> slot_by_index;
    };
    ChunkSlots& chunk_record(const ChunkCoord& c);
    void add(const ChunkCoord& c, uint16_t index, PackedInstance value);
    void remove(const ChunkCoord& c, uint16_t index);
    void release_chunk(const ChunkCoord& c);
    void write(uint32_t slot, PackedInstance value);

    PageAllocator pages_;
    tsl::robin_map<ChunkCoord, ChunkSlots, ChunkCoordHash> chunks_;
    tsl::robin_map<uint64_t, ChunkCoord> coord_by_owner_;
    uint64_t next_owner_ = 1;
    std::vector<PackedInstance> cpu_;      // by slot
    std::vector<uint16_t> index_by_slot_;  // local index of the cube in each live slot
    FrameWork frame_;
    tsl::robin_map<uint32_t, uint32_t> write_pos_;  // slot -> index in frame_.writes
    std::vector<ChunkCoord> gained_, emptied_;
    mutable std::vector<PageAllocator::OwnedPage> scratch_pages_;  // chunk_runs' buffer, reused
    uint64_t writes_last_frame_ = 0;
    uint64_t slot_allocations_ = 0;
    uint64_t slot_frees_ = 0;
};

}  // namespace slotcraft
