#pragma once
// The voxel world: loaded chunks found by coordinate (tsl::robin_map, Robin Hood hashing)
// and referred to by versioned handles; edits with their instance changes; exposure fixed
// up across chunk borders on the main thread; picking; streaming around the camera.
// Plain C++20 and GLM; never depends on GL, GLFW or ImGui.
#include "world/block.hpp"
#include "world/chunk.hpp"
#include "world/chunk_table.hpp"
#include "world/coords.hpp"
#include "world/cpu_clock.hpp"
#include "world/events.hpp"
#include "world/light.hpp"
#include "world/raycast.hpp"
#include "world/region.hpp"
#include "world/streaming.hpp"
#include "world/terrain.hpp"

#include <tsl/robin_map.h>
#include <tsl/robin_set.h>

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

inline constexpr int kDefaultViewDistance = 8;  // chunks, radius of the view disc

struct WorldConfig {
    WorldType type = WorldType::kTerrain;
    uint64_t seed = 1;
    int view_distance = kDefaultViewDistance;  // >= 0
    int worker_threads = 0;                    // 0: every hardware thread but one (at least 1)
    // Main-thread time one update may spend streaming (planning, drops, integration): it
    // stops at the first check past it, so a frame gets at most about this much slower.
    double stream_budget_ms = 4.0;
    int generator_version = kGeneratorVersion;  // a saved world's own (1..kGeneratorVersion)
};

// Why set_block refused an edit (which then changed nothing).
enum class EditError : uint8_t {
    kOutOfHeight,     // y outside 0..255
    kChunkNotLoaded,  // the block's chunk is not loaded (not generated yet, or out of view)
    kUnknownType,     // not a BlockType value
};
std::string_view describe(EditError error);

// Errors, the house convention: bad input and failures from outside are exceptions derived
// from std::runtime_error whose what() is the whole message; misuse by our own code is an
// assert; an expected absence is a value (block_at of an unloaded chunk is nullopt).

// set_block refused an edit (bad input from a script or a player, not a bug): nothing changed.
// `reason` is for code and tests; what() names the block and says why.
struct EditRefused : Refused {
    EditRefused(const BlockPos& p, EditError why);
    EditError reason;
};

// A changed cell as the world file records it: chunk, local index, new type.
struct CellEdit {
    ChunkCoord chunk;
    uint16_t index = 0;
    BlockType type = BlockType::kAir;
};

// What one batch (World::apply) did.
struct EditResult {
    // Every instance change of the batch, removals first, at most one per cube.
    std::vector<InstanceChange> changes;
    std::size_t cells_changed = 0;
    // Per cell of the region, in region order: the type it had, or kUnchangedCell.
    std::vector<uint8_t> before;
    // The changed cells, when asked for (the world file's records), grouped by chunk.
    std::vector<CellEdit> edits;
    // The light boxes the batch changed (apply after `changes`; see LightEvents).
    LightEvents light;
};

// The rule of a batch: the new type of cell `index` (region order) that holds `old`.
using CellRule = std::function<BlockType(std::size_t index, BlockType old)>;

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
    // A value of thread_cpu_ms() (world/cpu_clock.hpp): the budget is main-thread CPU time.
    using Deadline = double;
    WorldEvents update(const glm::dvec3& camera);
    WorldEvents update(const glm::dvec3& camera, Deadline deadline);
    // The same, handing the events to `sink` slice by slice (drops first, then each slice of
    // loaded chunks, then the border changes of chunks loaded before), so the caller's own
    // work on them (the slots) runs inside the same deadline. The sink may move from them.
    using EventSink = std::function<void(WorldEvents&)>;
    void update(const glm::dvec3& camera, Deadline deadline, const EventSink& sink);
    // Now plus the configured budget (--stream-budget-ms).
    Deadline budget_deadline() const;
    // True when every chunk in view is loaded and nothing is requested (after an update).
    bool idle() const;
    std::size_t pending() const { return in_flight_.size(); }
    void set_view_distance(int chunks);
    int view_distance() const { return view_distance_; }

    // Synchronous residency on the calling thread, for tests and tools. Chunks loaded
    // here that lie outside the view are dropped by the next update(). load_now shows its
    // chunks at once (also those it names that are loaded and still wait to be shown).
    WorldEvents load_now(std::span<const ChunkCoord> coords);
    WorldEvents unload_now(std::span<const ChunkCoord> coords);

    // [SECTION] blocks and edits

    // nullopt below y = 0 and in chunks that are not loaded; air above y = 255.
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
    EditResult apply(const Region& region, const CellRule& rule, bool list_edits = false,
                     const std::string& what = "edit");
    // The types of a region's cells in region order, loaded or not (kept edits, else the
    // generated terrain). Throws RegionRefused as apply does.
    std::vector<BlockType> read_region(const Region& region, const std::string& what = "read") const;

    // Saved edits of chunk c (from the world file): kept like the edits of an unloaded chunk,
    // so they are applied whenever c is generated (one mechanism for both). Call before c is
    // loaded or requested (at start, before the first update); for a cell that already has
    // a kept edit, the kept one wins.
    void import_edits(ChunkCoord c, std::span<const BlockEdit> edits);

    // The light of the cell at p (pack_light: sky << 4 | block); open sky above y = 255,
    // nullopt below y = 0 and in chunks that are not loaded.
    std::optional<uint8_t> light_at(const BlockPos& p) const;
    // The shade of the cube at p as the instance events carry it (default: no instance).
    CubeShade shade_at(const BlockPos& p) const;
    // The light box of loaded chunk c as the light events describe it (docs/light.md
    // "Light pages"): the whole box, or only `uniform` when every cell of the box that lets
    // light through has that light. nullopt when c is not loaded.
    std::optional<ChunkLightBox> light_box(ChunkCoord c) const;
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

    bool is_loaded(ChunkCoord c) const { return index_.contains(c); }
    std::optional<ChunkHandle> handle(ChunkCoord c) const;
    // The chunk behind `h`, or nullptr when the handle is stale (its chunk unloaded).
    const Chunk* chunk(ChunkHandle h) const;
    std::vector<ChunkCoord> loaded_chunks() const;

    // The stored face mask of the cube at p (0: no instance or not loaded).
    uint8_t face_mask(const BlockPos& p) const;
    // The mask computed from scratch from the blocks (brute force; the tests' reference).
    uint8_t exposed_faces(const BlockPos& p) const;
    // What breaking the block at p leaves: water when the cell above holds water (a block
    // broken under water fills with it), else air.
    BlockType left_after_break(const BlockPos& p) const;
    // The chunk's instances as stored (what the events have told the renderer).
    std::vector<CubeInstance> instances(ChunkCoord c) const;
    // The chunk's instances recomputed from its blocks and its neighbours' borders: what
    // engines that rebuild a chunk's list per edit do (the benchmark's contender).
    std::vector<CubeInstance> rebuild_instances(ChunkCoord c) const;

    Stats stats() const;
    const TerrainGenerator& terrain() const { return terrain_; }

private:
    // One entry of the chunk table; a ChunkHandle is its index and generation.
    // What the light events have told the renderer about a chunk's box.
    static constexpr int16_t kNoBox = -1;      // nothing (no cubes to draw)
    static constexpr int16_t kWholeBox = 256;  // the whole box; 0..255: that uniform value
    // The entries of the 3 x 3 x 3 chunks around a loaded chunk (itself in the middle),
    // index (dx+1) + 3 (dz+1) + 9 (dy+1), kNoEntry where none is loaded: linked both ways
    // when a chunk is integrated and unlinked when it goes, so the integration's border,
    // light and shade work finds its neighbours without the chunk table (whose look-ups
    // miss the cache: they were a quarter of the main thread's streaming time).
    static constexpr uint32_t kNoEntry = ChunkTable::kNone;
    static constexpr int kNearSelf = 13;
    static constexpr int near_slot(int dx, int dy, int dz) { return (dx + 1) + 3 * (dz + 1) + 9 * (dy + 1); }
    using NearEntries = std::array<uint32_t, 27>;
    static constexpr NearEntries no_entries() {
        NearEntries n{};
        n.fill(kNoEntry);
        return n;
    }
    struct ChunkEntry {
        std::unique_ptr<Chunk> chunk;
        uint32_t generation = 1;
        bool fresh = false;  // integrated in the batch being processed
        // The renderer holds its list (its ChunkLoaded went out): once each of its 26
        // neighbours is loaded or out of view (docs/world.md "Shown when its neighbours are in").
        bool shown = false;
        int16_t light_box = kNoBox;
        // What ready_to_show reads, beside the flags: one cache line per look, where the
        // links and the chunk's coordinate were three.
        ChunkCoord coord{};               // the chunk's, while loaded
        uint32_t loaded_near = 0;         // bit k: near[k] is loaded (bit kNearSelf: itself)
        NearEntries near = no_entries();  // valid while chunk is loaded; near[26 - k] is the way back
        std::vector<CubeInstance> inner;  // until shown: the worker's off-border cubes (cleared by an edit)
    };
    void link_near(uint32_t s);
    void unlink_near(uint32_t s);
    // The chunk at slot k of entry s's neighbourhood, or nullptr.
    Chunk* near_chunk(uint32_t s, int k) const {
        const uint32_t e = entries_[s].near[static_cast<std::size_t>(k)];
        return e == kNoEntry ? nullptr : entries_[e].chunk.get();
    }
    // The cells of a batch whose light or opacity changed, and the chunks it loaded: what
    // emit_light turns into light events at the end of the batch.
    struct LightTrack {
        std::vector<std::pair<ChunkCoord, uint16_t>> cells;
        std::vector<ChunkCoord> fresh;  // loaded: their cells enter the aprons of the boxes around
        std::vector<ChunkCoord> shown;  // shown: they get their whole box
        void note_changed(const LightPropagator& lp) {
            lp.for_each_changed([&](Chunk* c, uint16_t i, uint8_t) { cells.push_back({c->coord(), i}); });
        }
    };
    class ChangeTracker;
    struct BatchScratch;  // apply()'s per-chunk bit masks, kept between batches (world.cpp)

    Chunk* find(ChunkCoord c);
    const Chunk* find(ChunkCoord c) const;
    std::optional<uint32_t> entry_of(ChunkCoord c) const;
    uint8_t full_mask(const Chunk& c, uint16_t index) const;
    class Around;  // the chunks around one chunk, looked up once (world.cpp)
    CubeShade shade_of(const Chunk& c, uint16_t index, uint8_t mask) const;
    CubeShade shade_of(const Around& around, uint16_t index, uint8_t mask) const;
    void append_shaded(const Chunk& c, std::vector<CubeInstance>& out) const;
    void append_loaded(uint32_t s, const std::vector<CubeInstance>& inner, std::vector<CubeInstance>& out) const;
    ChunkFinder finder();
    // Passes the cells whose light `changed` reports on to the batch's light events, and
    // compacts the light arrays of the chunks it touched.
    void note_light_changes(const LightPropagator& changed, ChangeTracker& tracker);
    void emit_light(LightTrack& track, std::span<const InstanceChange> changes, LightEvents& out);
    // The chunk's whole box into `cells`; the uniform value when it is uniform.
    static std::optional<uint8_t> build_light_box(const Around& around, std::vector<uint8_t>& cells);
    void note_around_chunk(uint32_t s, ChangeTracker& tracker);
    void prepare_view();
    void restart_plan(ChunkCoord camera);
    void drop_out_of_view(ChangeTracker& tracker, Deadline deadline, const EventSink& sink);
    void feed_workers(Deadline deadline);
    void integrate_ready(ChangeTracker& tracker, Deadline deadline, const EventSink& sink);
    // `show_all`: every chunk of the batch is shown at once (load_now), ready or not.
    void integrate(std::vector<GenerationResult> chunks, WorldEvents& events, ChangeTracker& tracker,
                   bool show_all = false);
    void relight_fresh(const std::vector<uint32_t>& fresh, ChangeTracker& tracker);
    // Whether no neighbour of entry s that is in view is missing (then its list is final).
    bool ready_to_show(uint32_t s) const;
    void show(uint32_t s, WorldEvents& events, ChangeTracker& tracker);
    // Shows the waiting chunks that are ready (after the view moved or changed size).
    void show_waiting(ChangeTracker& tracker, const EventSink& sink);
    void unload(ChunkCoord c, WorldEvents& events, ChangeTracker& tracker);
    bool wanted(ChunkCoord c) const;
    GenerationJob job_for(ChunkCoord c) const;
    void ensure_pool();
    // The blocks of an unloaded chunk: generated, then its kept edits (no masks).
    std::unique_ptr<Chunk> materialize(ChunkCoord c) const;

    TerrainGenerator terrain_;
    int view_distance_;
    int worker_threads_;
    double budget_ms_;
    std::vector<ChunkEntry> entries_;
    std::vector<uint32_t> free_entries_;
    ChunkTable index_;                                      // loaded chunks' entries (chunk_table.hpp)
    tsl::robin_set<ChunkCoord, ChunkCoordHash> in_flight_;  // requested, not integrated
    tsl::robin_map<ChunkCoord, std::vector<BlockEdit>, ChunkCoordHash> kept_edits_;
    // Requested chunks whose kept edits changed after their job was made: the edits are
    // applied again when they are integrated.
    tsl::robin_set<ChunkCoord, ChunkCoordHash> stale_jobs_;
    std::deque<GenerationResult> ready_;  // finished, waiting for integration
    std::optional<ChunkCoord> camera_;    // the camera chunk of the last plan
    bool replan_needed_ = true;
    bool drop_scan_needed_ = true;     // the view's column or size changed: look for drops
    StreamOrder order_;                // the view's offsets, nearest first
    std::size_t cursor_ = 0;           // next offset of order_ the planner visits
    std::vector<ChunkCoord> to_drop_;  // loaded, out of view, not unloaded yet
    // Loaded chunks not shown yet, with their generation (entries shown or unloaded since
    // stay until the list is compacted); how many of them still wait; and whether the view
    // moved or changed size since they were last looked at.
    std::vector<std::pair<uint32_t, uint32_t>> unshown_;
    std::size_t unshown_count_ = 0;
    bool recheck_unshown_ = false;
    std::size_t queue_target_ = 512;  // jobs kept queued: twice what the workers last delivered
    Stats counters_;
    std::unique_ptr<BatchScratch> scratch_;
    std::unique_ptr<LightPropagator> edit_light_;  // apply()'s relight, reset for each batch
    std::unique_ptr<GenerationPool> pool_;         // last: its workers stop before the rest goes
};

}  // namespace slotcraft
