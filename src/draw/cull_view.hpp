#pragma once
// The cull view: the octree over the boxes of the chunks that have cubes, the frustum it
// is queried with (live, or frozen where it was for inspection), and the chunk boxes the
// overlay's switch draws. No GL: unit-tested; the frame draws what it returns.
#include <array>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "edit/camera.hpp"
#include "cull/chunk_octree.hpp"
#include "cull/draw_order.hpp"
#include "cull/frustum.hpp"
#include "draw/occlusion_walk.hpp"
#include "slots/instance_slots.hpp"
#include "world/lod.hpp"

#include <tsl/robin_set.h>

namespace slotcraft {

class LoadedChunks;

// A chunk in the octree and whether it was drawn this frame (the walk reached it and the
// frustum kept it), or the frustum kept it and the occlusion walk hid it.
struct ChunkBox {
    glm::ivec3 coord{0};
    bool visible = false;
    bool occluded = false;
};

// What the occlusion walk reads of the world: the loaded chunks (their graphs, whether they
// are drawn yet, the blocks around the eye) and the view distance (how far the walk may go).
struct OcclusionSource {
    const LoadedChunks& chunks;
    int view_distance = 0;
};

class CullView {
public:
    struct Stats {
        ChunkOctree::Stats octree;
        double sort_us = 0.0;     // last cull(): ordering the visible chunks near to far
        bool frozen = false;      // the frustum stays where it was frozen
        bool show_boxes = false;  // chunk boxes are drawn
        // Last cull(): runs left out because every face of their cubes turns away from the
        // eye, and axes left out of the runs kept (axes_turned_to_eye).
        uint64_t runs_turned_away = 0;
        uint64_t axes_turned_away = 0;
        // The occlusion walk (docs/culling.md "Occlusion"): whether it is on, the chunks and
        // cubes the frustum kept that it hid in the last cull() (none while it is off or the
        // eye is in an opaque cell), what it reached, and its time.
        bool occlusion = true;
        uint64_t occluded_chunks = 0;
        uint64_t occluded_instances = 0;
        uint64_t walk_reached = 0;
        double walk_ms = 0.0;
    };

    // Chunks enter the octree when they gain their first instance and leave when they lose
    // their last (or unload): no rebuild per frame. Far chunks (lod_key level > 0) are kept
    // in a list of their own instead.
    void track(InstanceSlots& slots);
    // The slot runs of the chunks visible from `eye` (or from the frozen frustum), chunk by
    // chunk nearest first (sort_near_to_far: early depth testing rejects what nearer chunks
    // hide); valid until the next call. With far terrain only the level-0 chunks whose
    // column `rings` draws at full detail are kept.
    // With `occlusion` (and the walk on), the chunks the occlusion walk does not reach are
    // left out too.
    const std::vector<SlotRun>& cull(const Eye& eye, const InstanceSlots& slots, const LodRings& rings = {},
                                     const OcclusionSource* occlusion = nullptr);
    // The water runs of the chunks the last cull() kept, ordered far to near by the distance
    // from the eye to each chunk's centre (the translucent pass blends in this order).
    const std::vector<SlotRun>& translucent_runs() const { return translucent_runs_; }
    // The far chunks the last cull() kept (tested against the eye's far frustum), nearest
    // first, and their water far to near (docs/rendering.md "Far terrain").
    const std::vector<SlotRun>& far_runs() const { return far_runs_; }
    const std::vector<SlotRun>& far_translucent_runs() const { return far_translucent_runs_; }
    std::size_t far_chunks() const { return far_chunks_.size(); }

    // Freezing keeps the frustum of `eye` for later frames; live follows the camera again.
    void set_frozen(bool frozen, const Eye& eye);
    bool frozen() const { return frozen_; }
    void set_show_boxes(bool on) { show_boxes_ = on; }
    // On (the default), each run is drawn only with the axes on which its cubes can show a
    // face from where the eye is; off, with all its axes (bench_render's c9fcab8 contender,
    // which had no such step).
    void set_turned_away_culling(bool on) { turned_away_culling_ = on; }
    bool show_boxes() const { return show_boxes_; }
    // The occlusion walk on (the default) or off (`--occlusion`, the Culling panel's switch).
    void set_occlusion(bool on) { occlusion_.on = on; }
    bool occlusion() const { return occlusion_.on; }

    // Every chunk in the octree, and whether the last cull() kept it.
    void chunk_boxes(std::vector<ChunkBox>& out) const;
    // The frozen frustum's corners relative to `origin_chunk` (nullopt: not frozen).
    std::optional<std::array<glm::vec3, 8>> frozen_frustum(glm::ivec3 origin_chunk) const;

    Stats stats() const;

private:
    ChunkOctree octree_;
    Frustum frustum_;  // the frustum the octree was last queried with
    glm::mat4 frozen_view_projection_{1.0f};
    bool frozen_ = false;
    bool show_boxes_ = false;
    bool turned_away_culling_ = true;
    uint64_t runs_turned_away_ = 0, axes_turned_away_ = 0;
    std::vector<ChunkOctree::Key> visible_keys_;
    std::vector<SlotRun> runs_;               // this frame's draw ranges
    std::vector<glm::ivec3> visible_coords_;  // the visible chunks, nearest first
    // Replaces runs[first..] by one run per page, the last page first.
    void top_pages_first(std::vector<SlotRun>& runs, std::size_t first);
    // Narrows runs[first..] (one chunk's, its box `box_min`..`box_max` relative to the eye) to
    // the axes that can show a face, and drops those left with none.
    void keep_turned_to_eye(std::vector<SlotRun>& runs, std::size_t first, glm::vec3 box_min, glm::vec3 box_max);
    double sort_us_ = 0.0;
    void order_translucent(const Eye& eye, const InstanceSlots& slots);

    // The occlusion walk, its switch, what it hid in the last cull(), and the eye it walks
    // from while the culling is frozen.
    struct Occlusion {
        OcclusionWalk walk;
        bool on = true;
        uint64_t chunks = 0, instances = 0;
        double walk_ms = 0.0;
        std::vector<ChunkOctree::Key> hidden;  // kept by the frustum, not reached
        glm::ivec3 frozen_chunk{0};
        glm::vec3 frozen_offset{0.0f};
    };
    Occlusion occlusion_;
    void walk_occlusion(const Eye& eye, const LodRings& rings, const OcclusionSource& source);

    std::vector<SlotRun> translucent_runs_;  // this frame's water, far to near
    void cull_far(const Eye& eye, const InstanceSlots& slots);
    tsl::robin_set<ChunkCoord, ChunkCoordHash> far_chunks_;  // far chunks with cubes (lod keys)
    std::vector<SlotRun> far_runs_, far_translucent_runs_;
    struct ByDistance {
        float distance_sq;
        ChunkCoord coord;
    };
    // A frame's working lists, kept between frames to reuse their memory.
    struct Scratch {
        std::vector<DistanceKey> sort;
        std::vector<SlotRun> pages;
        std::vector<ByDistance> water_chunks;
        std::vector<ByDistance> far_order;
        std::vector<ChunkCoord> gained, emptied;
    };
    Scratch scratch_;
};

}  // namespace slotcraft
