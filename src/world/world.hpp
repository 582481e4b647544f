#pragma once
// The voxel world, the one front of src/world: streaming around the camera, edits with their
// instance changes, light and light boxes, picking. It delegates to its parts, each in its
// own files (docs/world.md "The parts of the world"): the stream planner, the loaded chunks,
// the kept edits, the light boxes and the edit batch.
// Plain C++20 and GLM; never depends on GL, GLFW or ImGui.
#include "world/block.hpp"
#include "world/chunk.hpp"
#include "world/coords.hpp"
#include "world/cpu_clock.hpp"
#include "world/edit_batch.hpp"
#include "world/events.hpp"
#include "world/far_terrain.hpp"
#include "world/kept_edits.hpp"
#include "world/light.hpp"
#include "world/light_boxes.hpp"
#include "world/loaded_chunks.hpp"
#include "world/raycast.hpp"
#include "world/region.hpp"
#include "world/stream_planner.hpp"
#include "world/streaming.hpp"
#include "world/terrain.hpp"

#include <glm/glm.hpp>

#include <array>
#include <chrono>
#include <cstddef>
#include <deque>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <span>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

namespace slotcraft {

struct WorldConfig {
    WorldType type = WorldType::kTerrain;
    uint64_t seed = 1;
    int view_distance = kDefaultViewDistance;  // >= 0
    int worker_threads = 0;                    // 0: every hardware thread but one (at least 1)
    // Main-thread time one update may spend streaming (planning, drops, integration): it
    // stops at the first check past it, so a frame gets at most about this much slower.
    double stream_budget_ms = 4.0;
    int generator_version = kGeneratorVersion;  // a saved world's own (1..kGeneratorVersion)
    int far_distance = 0;                       // coarse rings out to this many chunks (0: off)
    // Ground read rather than generated (a Minecraft world): its chunks instead of the
    // generator's (type, seed and version then only name the world file's generator).
    std::shared_ptr<const ChunkSource> ground;
};

class World {
public:
    struct Stats {
        std::size_t chunks_loaded = 0;
        std::size_t chunks_with_instances = 0;
        std::size_t instances = 0;          // exposed cubes
        std::size_t stream_pending = 0;     // requested, not integrated yet
        std::size_t stream_queued = 0;      // of those, not started by a worker
        std::size_t chunks_integrated = 0;  // since start
        std::size_t chunks_unloaded = 0;    // since start
        std::size_t chunks_discarded = 0;   // generated but out of view on arrival
        std::size_t edits_applied = 0;
        std::size_t edits_refused = 0;
        std::size_t edited_chunks_unloaded = 0;  // unloaded chunks whose edits are kept
        std::size_t chunk_entries = 0;           // chunk table size (stays flat while walking)
        std::size_t storage_bytes = 0;           // block + mask + light storage of loaded chunks
        std::size_t light_bytes = 0;             // of which light arrays (uniform chunks: none)
        std::size_t chunks_with_light = 0;       // loaded chunks that hold a light array
        std::size_t light_cells_last = 0;        // cells whose light the last edit changed
        double light_ms_last = 0.0;              // main-thread ms of the last edit's relight
        std::size_t chunks_uniform = 0;          // loaded chunks of one block type (no block storage)
        std::size_t chunks_unshown = 0;          // loaded, not shown yet: a neighbour in view is loading
        std::size_t plan_left = 0;               // view offsets the planner has still to visit
        std::size_t drops_left = 0;              // out-of-view chunks still to unload
        std::size_t order_bytes = 0;             // the nearest-first offset table
        int view_distance = 0;
        int worker_threads = 0;
        double stream_budget_ms = 0;
    };

    explicit World(const WorldConfig& config);
    ~World();
    World(const World&) = delete;
    World& operator=(const World&) = delete;

    // [SECTION] streaming (main thread, once per frame)

    // Plans around the camera (when it changed chunk), drops chunks that left the view,
    // requests missing ones nearest first (keeping the workers' queue just long enough to
    // keep them busy), and integrates the chunks the workers finished, until `deadline`
    // (the first form: now plus the configured budget). Every step checks the clock between
    // slices; at least one slice of integration runs, so a tiny budget still makes progress.
    // Never waits for a worker.
    WorldEvents update(const glm::dvec3& camera);
    WorldEvents update(const glm::dvec3& camera, CpuDeadline deadline);
    // The same, handing the events to `sink` slice by slice (drops first, then each slice of
    // loaded chunks, then the border changes of chunks loaded before), so the caller's own
    // work on them (the slots) runs inside the same deadline. The sink may move from them.
    using EventSink = std::function<void(WorldEvents&)>;
    void update(const glm::dvec3& camera, CpuDeadline deadline, const EventSink& sink);
    // Now plus the configured budget (--stream-budget-ms).
    CpuDeadline budget_deadline() const;
    // True when every chunk in view is loaded and nothing is requested (after an update).
    bool idle() const;
    std::size_t pending() const { return planner_.pending(); }
    void set_view_distance(int chunks) { planner_.set_view_distance(chunks); }
    int view_distance() const { return planner_.view_distance(); }
    // Far terrain (docs/world.md "Far terrain"): coarse rings out to `chunks` (0: off,
    // clamped to kMaxFarDistance), planned at the next update.
    void set_far_distance(int chunks) { far_.set_far_distance(chunks); }
    int far_distance() const { return far_.far_distance(); }
    const FarTerrain& far() const { return far_; }

    // Synchronous residency on the calling thread, for tests and tools. Chunks loaded
    // here that lie outside the view are dropped by the next update(). load_now shows its
    // chunks at once (also those it names that are loaded and still wait to be shown).
    WorldEvents load_now(std::span<const ChunkCoord> coords);
    WorldEvents unload_now(std::span<const ChunkCoord> coords);

    // [SECTION] blocks and edits

    // nullopt below y = -64 and in chunks that are not loaded; air above y = 319.
    std::optional<BlockType> block_at(const BlockPos& p) const;
    // Applies one change; returns the instance changes of the block and its six neighbours
    // (none when the block already had that type). Throws EditRefused (out of height, chunk
    // not loaded, unknown type), having changed nothing.
    EditChanges set_block(const BlockPos& p, BlockType type);
    EditChanges set_block(const BlockPos& p, std::string_view type_name);

    // The one batch path (set_block is a batch of one): every cell of `region` gets
    // rule(index, old); then the exposure of the changed cells and their neighbours is
    // recomputed once (a 4096-bit dirty mask per touched chunk) and one list of instance
    // changes returned. Cells in chunks that are not loaded become kept edits, applied when
    // the chunk loads (their old type: the kept edit, else the generated block). Throws
    // RegionRefused (check_region) having changed nothing; `what` names the operation.
    EditResult apply(const Region& region, const CellRule& rule, ListEdits list_edits = ListEdits::kNo,
                     const std::string& what = "edit");
    // The types of a region's cells in region order, loaded or not (kept edits, else the
    // generated terrain). Throws RegionRefused as apply does.
    std::vector<BlockType> read_region(const Region& region, const std::string& what = "read") const;

    // Saved edits of chunk c (from the world file): kept like the edits of an unloaded chunk,
    // so they are applied whenever c is generated (one mechanism for both). Call before c is
    // loaded or requested (at start, before the first update); for a cell that already has
    // a kept edit, the kept one wins.
    void import_edits(ChunkCoord c, std::span<const BlockEdit> edits);

    // The light of the cell at p (pack_light: sky << 4 | block); open sky above y = 319,
    // nullopt below y = -64 and in chunks that are not loaded.
    std::optional<uint8_t> light_at(const BlockPos& p) const;
    // The shade of the cube at p as the instance events carry it (default: no instance).
    CubeShade shade_at(const BlockPos& p) const;
    // Compares what a renderer holds for chunk c (a uniform value, or a whole box when
    // `cells` is not empty) with the world's light, on every cell of the box that lets light
    // through. A description of the first difference, or nullopt when they agree.
    std::optional<std::string> check_light_box(ChunkCoord c, uint8_t uniform, std::span<const uint8_t> cells) const;
    // What is wrong with the links between loaded chunks and their 26 neighbours (each must
    // name the chunk the table holds there), or with what is shown (a chunk in view whose
    // neighbours in view are all loaded must be shown), or nothing: part of `verify`.
    std::optional<std::string> check_links() const;

    // The first solid block within `reach` on the ray (see cast_ray).
    std::optional<RayHit> raycast(const glm::dvec3& origin, const glm::dvec3& direction,
                                  double reach = kPickReach) const;
    // The first water cell on the same ray within `reach` (the ray passes through water, so
    // raycast never returns it; the middle click picks water this way).
    // Its `type` is kWater.
    std::optional<RayHit> first_water(const glm::dvec3& origin, const glm::dvec3& direction,
                                      double reach = kPickReach) const;

    // [SECTION] chunks and instances

    bool chunk_loaded(ChunkCoord c) const { return chunks_.contains(c); }
    std::optional<ChunkHandle> handle(ChunkCoord c) const;
    // The chunk behind `h`, or nullptr when the handle is stale (its chunk unloaded).
    const Chunk* chunk(ChunkHandle h) const;
    std::vector<ChunkCoord> loaded_coords() const;

    // The stored face mask of the cube at p (0: no instance or not loaded).
    uint8_t face_mask(const BlockPos& p) const;
    // The mask computed from scratch from the blocks (brute force; the tests' reference).
    uint8_t exposed_faces(const BlockPos& p) const;
    // What breaking the block at p leaves: water when the cell above holds water (a block
    // broken under water fills with it), else air.
    BlockType left_after_break(const BlockPos& p) const;
    // The chunk's instances as stored (what the events have told the renderer).
    std::vector<CubeInstance> instances(ChunkCoord c) const;

    Stats stats() const;
    const TerrainGenerator& terrain() const { return terrain_; }
    // The loaded chunks, read only: for the probes of world_probes.hpp (benchmarks and
    // tests) and the parts' own tests.
    const LoadedChunks& loaded_table() const { return chunks_; }

private:
    // The end of a step (the drops, a slice of loads, the waiting chunks shown, a synchronous
    // load or unload): the tracked instance changes and the light events go into `events`,
    // the tracker is emptied, and `sink` (when given) gets the events if there are any.
    void flush(ChangeTracker& tracker, WorldEvents& events, const EventSink* sink = nullptr);
    void show_waiting(ChangeTracker& tracker, const EventSink& sink);
    void drop_out_of_view(ChangeTracker& tracker, CpuDeadline deadline, const EventSink& sink);
    void integrate_ready(ChangeTracker& tracker, CpuDeadline deadline, const EventSink& sink);
    // `show_all`: every chunk of the batch is shown at once (load_now), ready or not.
    void integrate(std::vector<GenerationResult> chunks, WorldEvents& events, ChangeTracker& tracker,
                   bool show_all = false);
    void unload(ChunkCoord c, WorldEvents& events, ChangeTracker& tracker);

    // The edits of level-0 chunk c, loaded or not (what a coarse chunk over it is made from).
    std::vector<BlockEdit> edits_of(ChunkCoord c) const;
    void mark_edited(const Region& region);

    TerrainGenerator terrain_;
    FarTerrain far_;  // after terrain_, which its workers read
    double budget_ms_;
    LoadedChunks chunks_;
    KeptEdits kept_;
    StreamPlanner planner_;  // after terrain_, chunks_ and kept_, which it reads: its workers stop first
    LightBoxes boxes_;
    EditBatch batch_;
};

}  // namespace slotcraft
