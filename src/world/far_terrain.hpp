#pragma once
// Far terrain (docs/world.md "Far terrain"): the coarse chunks of the rings beyond the view
// distance, made by their own workers from the terrain generator (and from the real blocks
// where the world was edited), handed to the renderer as chunks like any other: their keys
// carry the level (world/lod.hpp), their cubes go to the same slots and the same buffer.
// Plain C++20; never depends on GL, and never reads a loaded chunk (edits come through a
// callback the World gives).
#include "world/coarse_chunk.hpp"
#include "world/events.hpp"
#include "world/lod.hpp"
#include "world/terrain.hpp"
#include "world/worker_pool.hpp"

#include <tsl/robin_map.h>
#include <tsl/robin_set.h>

#include <array>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace slotcraft {

// What a far terrain worker hands back: one coarse chunk's cubes.
struct CoarseResult {
    ChunkCoord key;
    std::vector<CubeInstance> instances;
    double cpu_ms = 0.0;  // the worker's CPU time for it
};

// The workers that make coarse chunks (build_coarse_chunk), off the main thread
// (world/worker_pool.hpp: a stop drops the queued jobs).
class CoarsePool : public WorkerPool<CoarseJob, CoarseResult> {
public:
    // `terrain` must outlive the pool. threads >= 1.
    CoarsePool(const TerrainGenerator& terrain, int threads);
};

class FarTerrain {
public:
    struct Stats {
        int far_distance = 0;
        int levels = 1;                                      // level 0 and the coarse ones in use
        std::array<std::size_t, kMaxLodLevel + 1> chunks{};  // coarse chunks with cubes, by level (0: unused)
        std::array<std::size_t, kMaxLodLevel + 1> instances{};
        std::size_t stale = 0;          // coarse chunks over an edit, waiting to be remade
        std::size_t pending = 0;        // wanted, not made yet (in flight or not asked for)
        std::size_t made = 0;           // coarse chunks made since start
        double cpu_ms_per_chunk = 0.0;  // workers' CPU time per coarse chunk made
    };
    // The edits of level-0 chunk c (kept, saved or of a loaded chunk); empty: none.
    using EditsOf = std::function<std::vector<BlockEdit>(ChunkCoord)>;

    // `terrain` must outlive this. far_distance 0: off.
    FarTerrain(const TerrainGenerator& terrain, int far_distance, int worker_threads);
    ~FarTerrain();

    // Clamped to 0..kMaxFarDistance; the next update plans anew.
    void set_far_distance(int chunks);
    int far_distance() const { return far_distance_; }
    const LodRings& rings() const { return rings_; }

    // Once per frame after the level-0 streaming: plans when the camera changed column or a
    // distance changed, asks the workers for what is missing (nearest first) and for stale
    // chunks again, hands what they made to `events`, and drops the chunks no ring wants
    // once what replaces them is there (so no hole opens while the rings move).
    void update(ChunkCoord camera, int view_distance, const EditsOf& edits_of, WorldEvents& events);
    // Every wanted coarse chunk is made and fresh, and nothing waits to be dropped.
    bool idle() const;

    // Level-0 chunk c was edited (or has saved edits): the coarse chunks over it are stale.
    void mark_edited(ChunkCoord c);
    // Whether coarse chunk `key` is held (made, possibly stale).
    bool holds(const ChunkCoord& key) const;
    // The job a worker would get for `key` now (for verify and the tests: the instances
    // follow from it, build_coarse_chunk being pure).
    CoarseJob job_for(const ChunkCoord& key, const EditsOf& edits_of) const;

    Stats stats() const;

private:
    struct Entry {
        bool made = false;   // a version arrived
        bool shown = false;  // its cubes went to the renderer (it had some)
        bool stale = false;  // an edit under it since the version held was asked for
        bool in_flight = false;
        uint32_t instances = 0;
        uint8_t skirt_sides = 0, wall_sides = 0;  // what the version held (or asked for) was made with
    };
    void plan(ChunkCoord camera, int view_distance);
    void feed(const EditsOf& edits_of);
    void collect(WorldEvents& events);
    void drop_replaced(WorldEvents& events);
    bool column_made(const LodColumn& c) const;
    bool area_ready(const LodColumn& c) const;

    const TerrainGenerator& terrain_;
    int far_distance_ = 0;
    int threads_ = 1;
    bool replan_ = true;
    ChunkCoord planned_camera_{};
    int planned_view_ = -1;
    LodRings rings_;
    tsl::robin_set<ChunkCoord, ChunkCoordHash> wanted_;
    std::vector<ChunkCoord> order_;  // wanted keys, nearest first
    std::size_t cursor_ = 0;         // next of order_ to look at
    tsl::robin_map<ChunkCoord, Entry, ChunkCoordHash> entries_;
    tsl::robin_set<ChunkCoord, ChunkCoordHash> edited_;  // level-0 chunks with edits
    std::size_t in_flight_ = 0;
    bool drops_due_ = false;  // something arrived or the plan changed: look for chunks to drop
    std::size_t made_ = 0;
    double cpu_ms_ = 0.0;
    std::unique_ptr<CoarsePool> pool_;  // last: its workers stop first
};

}  // namespace slotcraft
