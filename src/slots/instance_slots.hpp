#pragma once
// Which slot of the one instance buffer each exposed cube lives in: world instance events ->
// slots through the PageAllocator (pages of 64 owned by chunks), the CPU copy of every 8-byte
// instance, and the frame's GPU work (pages to clear, page-table entries, slot writes).
// Plain C++20 on world/ and alloc/, never GL or gfx/ (gfx/ uploads the work; docs/slots.md).
#include <tsl/robin_map.h>

#include <cstdint>
#include <optional>
#include <string>
#include <span>
#include <vector>

#include "alloc/page_allocator.hpp"
#include "world/events.hpp"

namespace slotcraft {

// An instance in 8 bytes (docs/light.md has the table and the reasons). Low word: position
// in its chunk (3 x 4 bits), block type (6 bits), mask of faces to draw (6 bits); bits 24-31
// are free. High word: the opacity of the 20 edge and corner neighbours its visible faces'
// corners read (occluder_bit order); bits 20-31 are free. The light is not in the instance:
// the shader reads it from the chunk's light page. A mask of 0 is the empty instance (no
// face): a free slot (all 0) draws nothing.
using PackedInstance = uint64_t;
inline constexpr int kTypeBits = 6;
static_assert(kBlockTypeCount <= (1 << kTypeBits), "block types no longer fit the instance's type field");
constexpr PackedInstance pack_instance(uint16_t local_index, BlockType type, uint8_t face_mask,
                                       const CubeShade& shade = {}) {
    const glm::ivec3 p = local_position(local_index);
    const uint32_t low = static_cast<uint32_t>(p.x) | static_cast<uint32_t>(p.y) << 4 |
                         static_cast<uint32_t>(p.z) << 8 | static_cast<uint32_t>(type) << 12 |
                         static_cast<uint32_t>(face_mask & kAllFaces) << 18;
    const uint32_t high = shade.occluders & ((1u << kOccluderCount) - 1);
    return static_cast<PackedInstance>(high) << 32 | low;
}
// The block type an instance was packed with.
constexpr BlockType instance_type(PackedInstance value) {
    return static_cast<BlockType>((value >> 12) & ((1u << kTypeBits) - 1));
}
constexpr uint8_t packed_face_mask(PackedInstance v) { return static_cast<uint8_t>((v >> 18) & kAllFaces); }
// The axes a face mask has faces on: bit a for x, y, z (faces 2a and 2a + 1). A page's axes
// choose the index table it is drawn with: a page of grass tops draws 6 indices a cube, not
// 18 (docs/rendering.md "The vertex stage").
inline constexpr uint8_t kAllFaceAxes = 7;
constexpr uint8_t face_axes(uint8_t face_mask) {
    const uint32_t pairs = (face_mask | face_mask >> 1) & 0x15u;  // bits 0, 2, 4
    return static_cast<uint8_t>((pairs & 1u) | (pairs >> 1 & 2u) | (pairs >> 2 & 4u));
}
inline constexpr uint32_t kInstanceBytes = sizeof(PackedInstance);
inline constexpr uint32_t kSlotsPerPage = PageAllocator::kSlotsPerPage;

// 16 bytes as the scatter shader reads it (uvec4: slot, unused, value low, value high).
struct SlotWrite {
    uint32_t slot;
    uint32_t unused = 0;
    PackedInstance value;
};

// A page that changed hands this frame: clear it on the GPU and record its chunk. `light`
// is the page table's .w (the chunk's light page or uniform value, LightPageTable::ref_of),
// filled in when the frame's work is uploaded.
struct PageHandOut {
    uint32_t page;
    ChunkCoord chunk;
    int32_t light = 0;
};

// One run of consecutive pages of a chunk: draw `count` slots from `first_slot`. `faces`
// (face mask bits) covers every face of every cube in the run, `axes` (face_axes bits) the
// axes the run is drawn with: faces on other axes need no vertex work. The cull view leaves
// out the axes whose faces on the run's side of the eye it has none of (cull/draw_order.hpp
// axes_turned_to_eye).
struct SlotRun {
    uint32_t first_slot;
    uint32_t count;
    uint8_t axes = kAllFaceAxes;
    uint8_t faces = kAllFaces;
};

// A chunk's cube indices cluster (the cubes of a surface share a few layers), and the map's
// buckets are the hash's low bits: with the identity hash, index i and i + 2048 share a
// bucket run in a 2,048-bucket table, and the probes grow long. A multiplicative mix spreads
// the clusters (measured: the settle at view distance 32, docs/benchmarks.md).
struct CellIndexHash {
    std::size_t operator()(uint16_t index) const {
        const uint64_t h = uint64_t{index} * 0x9E3779B97F4A7C15ull;
        return static_cast<std::size_t>(h >> 32);
    }
};

class InstanceSlots {
public:
    struct Stats {
        uint64_t instances = 0;   // live instances
        uint64_t pages = 0;       // pages owned by chunks
        uint64_t high_water = 0;  // one past the highest live slot
        uint64_t gaps = 0;        // free slots below it
        uint64_t capacity = 0;    // slots addressable before the page tree grows a level
        uint64_t chunks = 0;      // chunks with at least one instance
        uint64_t moves = 0;       // instances moved by compaction, since start
        uint64_t page_allocations = 0;
        uint64_t page_frees = 0;
        uint64_t writes_last_frame = 0;  // slot writes queued by the last take_uploads()
        uint64_t slot_allocations = 0;   // since start
        uint64_t slot_frees = 0;         // since start (a chunk unload frees all its slots)
    };

    // The GPU work of one frame, in the order it must be uploaded: clear the pages of chunks that
    // unloaded, write the page table for handed-out pages, then the slot writes (one per
    // slot: the last write of a slot wins). Every free slot is 0 on the GPU as on the CPU.
    struct Uploads {
        std::vector<uint32_t> cleared_pages;
        std::vector<PageHandOut> pages;
        std::vector<SlotWrite> writes;
        // Pages that went back to the allocator this frame without a clear (their last cube
        // removed or moved out: their slots are written 0); what the renderer keeps beside a
        // page (its corner block) goes back with them. A page may be handed out again after.
        std::vector<uint32_t> released_pages;
    };

    // World events, in the order WorldEvents documents (unloaded, loaded, changes).
    void apply(const WorldEvents& events);
    void apply(const InstanceChange& change);
    // A batch of changes (one edit's, or a frame's fix-ups): removals are applied first.
    void apply_changes(std::span<const InstanceChange> changes);
    void apply_changes(const EditChanges& changes) { apply_changes({changes.begin(), changes.size()}); }

    // Room for `slots` slots in the CPU copy and `chunks` chunks in the tables without
    // reallocating or rehashing: growing a copy of millions of slots mid-frame costs
    // milliseconds (the copy and its page faults). With Touch::kNow the room is touched too
    // (grown, then shrunk back: the capacity and its pages stay), so the first use of each
    // page faults now and not in a frame's streaming time (as a vector of writes grown anew
    // each frame would, see give_back); it is then resident memory (14 bytes a slot) whether
    // the view fills it or not. With Touch::kLater it is address space until used (a reserve inside a frame: the
    // touch would be that frame's cost).
    enum class Touch { kNow, kLater };
    void reserve(size_t slots, size_t chunks, Touch touch) {
        auto reserve_touched = [slots, touch](auto& v) {
            const size_t used = v.size();
            v.reserve(slots);
            if (touch == Touch::kNow && v.size() < slots) {
                v.resize(slots);
                v.resize(used);
            }
        };
        reserve_touched(cpu_);
        reserve_touched(index_by_slot_);
        reserve_touched(write_pos_);
        chunks_.reserve(chunks);
        coord_by_owner_.reserve(chunks);
    }

    // Returns pages whose cubes would fit in one page fewer, moving at most max_moves cubes.
    void compact(size_t max_moves);

    // Slot writes queued for this frame so far (one per slot: a slot written twice is one).
    std::size_t queued_writes() const { return frame_.writes.size(); }
    // Hands the queued GPU work to the caller and starts a new frame (in the buffers of the
    // work given back last, if any).
    Uploads take_uploads();
    // The caller is done with a frame's work: its buffers (emptied, capacity kept) queue the
    // frame after the next one's (the next frame's set is handed out at take_uploads, so two
    // sets take turns). While the view fills, a frame queues tens of thousands of writes;
    // growing a fresh vector to that size every frame cost copies and page faults.
    void give_back(Uploads&& used) {
        used.cleared_pages.clear();
        used.pages.clear();
        used.writes.clear();
        used.released_pages.clear();
        spare_ = std::move(used);
    }

    // [SECTION] queries
    std::optional<uint32_t> slot_of(const ChunkCoord& chunk, uint16_t local_index) const;
    // Whether the chunk has at least one live instance.
    bool has_instances(const ChunkCoord& chunk) const { return chunks_.contains(chunk); }
    // Chunks that gained their first instance / lost their last since the last call (for
    // the culling octree). A chunk may appear in both if it did both; apply in this order.
    void take_chunk_changes(std::vector<ChunkCoord>& gained, std::vector<ChunkCoord>& emptied);
    // The draw ranges of one chunk's opaque cubes: runs of consecutive pages with the same
    // faces (page_faces), each up to its last used slot. Water cubes live on pages of their
    // own (so this skips them).
    void chunk_runs(const ChunkCoord& chunk, std::vector<SlotRun>& out) const;
    // The same for the chunk's water pages (the translucent pass).
    void water_runs(const ChunkCoord& chunk, std::vector<SlotRun>& out) const;
    // Whether the chunk has any water cube (a look-up, no runs built).
    bool has_water(const ChunkCoord& chunk) const;
    // The instance pages (opaque and water) of one chunk.
    void chunk_pages(const ChunkCoord& chunk, std::vector<uint32_t>& out) const;
    // Every live chunk, for drawing without culling.
    void all_chunks(std::vector<ChunkCoord>& out) const;
    // The CPU copy of the buffer, one PackedInstance per slot (0 for free slots).
    const std::vector<PackedInstance>& cpu_copy() const { return cpu_; }
    std::optional<ChunkCoord> chunk_of_page(uint32_t page) const;
    // The faces the cubes written to a page since it was handed out may show (the union of
    // their face masks; it never shrinks while the page stays with its chunk, so it covers
    // every live cube of the page); its axes are face_axes(page_faces). A chunk's cubes are
    // loaded into its pages grouped by face axes, and by faces within a group, so most pages
    // have one or two axes and one face on each.
    uint8_t page_faces(uint32_t page) const { return page < page_faces_.size() ? page_faces_[page] : uint8_t{0}; }
    // The allocator of the buffer's pages (the Occupancy picture reads its masks).
    const PageAllocator& page_allocator() const { return pages_; }
    Stats stats() const;

    // For tests: a description of the first disagreement between the slot maps, the CPU copy
    // and the allocator, or nullopt when they agree.
    std::optional<std::string> find_invariant_violation() const;

private:
    struct ChunkSlots {
        uint64_t owner = 0;        // its opaque cubes' pages (glass and leaves included)
        uint64_t water_owner = 0;  // its water cubes' pages
        ChunkCoord coord;
        tsl::robin_map<uint16_t, uint32_t, CellIndexHash> slot_by_index;
    };
    ChunkSlots& chunk_record(const ChunkCoord& c);
    void add(const ChunkCoord& c, uint16_t index, PackedInstance value);
    void remove(const ChunkCoord& c, uint16_t index);
    void take_slot(ChunkSlots& record, uint16_t index, PackedInstance value);
    void relocate(const ChunkCoord& c, uint16_t index, PackedInstance value);
    void owner_runs(uint64_t owner, std::vector<SlotRun>& out) const;
    static uint64_t owner_for(const ChunkSlots& record, PackedInstance value) {
        return is_water(instance_type(value)) ? record.water_owner : record.owner;
    }
    void release_chunk(const ChunkCoord& c);
    void write(uint32_t slot, PackedInstance value);

    PageAllocator pages_;
    tsl::robin_map<ChunkCoord, ChunkSlots, ChunkCoordHash> chunks_;
    tsl::robin_map<uint64_t, ChunkCoord> coord_by_owner_;
    uint64_t next_owner_ = 1;
    std::vector<PackedInstance> cpu_;      // by slot
    std::vector<uint16_t> index_by_slot_;  // local index of the cube in each live slot
    std::vector<uint8_t> page_faces_;      // by page: see page_faces()
    Uploads frame_;
    Uploads spare_;  // given back: the next frame's buffers
    // By slot: 1 + its index in frame_.writes, 0 when it has no write queued this frame (an
    // array beside cpu_, so queueing a write costs no hash look-up).
    std::vector<uint32_t> write_pos_;
    std::vector<ChunkCoord> gained_, emptied_;
    mutable std::vector<PageAllocator::OwnedPage> scratch_pages_;  // chunk_runs' buffer, reused
    std::vector<const CubeInstance*> load_order_;  // a loaded chunk's cubes in the order they take slots, reused
    uint64_t writes_last_frame_ = 0;
    uint64_t slot_allocations_ = 0;
    uint64_t slot_frees_ = 0;
};

}  // namespace slotcraft
