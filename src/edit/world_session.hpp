#pragma once
// The world session: the World, the slot bookkeeping of its cubes (InstanceSlots) and the
// world file it is saved in. Every edit and every streamed chunk passes through here, so
// the world, the slots and the file never disagree. No GLFW, no GL: unit-tested.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>

#include "edit/build_rules.hpp"
#include "slots/instance_slots.hpp"
#include "slots/light_pages.hpp"
#include "save/save.hpp"
#include "world/edit_journal.hpp"
#include "world/refused.hpp"
#include "world/region.hpp"
#include "world/world.hpp"

namespace slotcraft {

struct WorldSessionConfig {
    WorldType type = WorldType::kTerrain;
    uint64_t seed = 1;
    bool seed_given = false;  // --seed or --world named them (a saved world's own win)
    // The generator of a new world (--caves on: kGeneratorVersion, off: the last without
    // caves, generator_version_for); a saved world keeps its own. caves_given: --caves was on
    // the command line (a note says when the saved world's generator contradicts it).
    int new_generator_version = kGeneratorVersion;
    bool caves_given = false;
    int view_distance = kDefaultViewDistance;
    int far_distance = kDefaultFarDistance;                           // coarse far terrain, chunks (0: off)
    double stream_budget_ms = WorldConfig{}.stream_budget_ms;         // --stream-budget-ms
    std::string world_file;                                           // empty: nothing is saved
    bool new_world = false;                                           // --new: move an existing file aside, start fresh
    std::size_t undo_bytes = EditJournal::kDefaultMiB * 1024 * 1024;  // --undo-mib
    // --minecraft: the world read as the ground, the path it was opened from (kept in the
    // world file, which then refuses other ground) and where its player starts.
    std::shared_ptr<const ChunkSource> ground;
    std::string ground_path;
    glm::dvec3 ground_spawn{0.5, 100.0, 0.5};
};

// An edit operation that cannot be carried out (nothing to undo or redo, an empty
// clipboard): nothing changed; the message says why and what to do.
// One of the Refused family (docs/errors.md).
struct OperationRefused : Refused {
    using Refused::Refused;
};

// The refusal of an operation that needs the clipboard while nothing was copied: "cannot
// WHAT: nothing copied yet ...".
OperationRefused nothing_copied(const char* what);

// Edits that could not be written to the world file by the end of the run: what() names the
// file, the reason and the count of edits not saved (exit code 4).
struct EditsNotSaved : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// What the last edit operation did (the stats' edit.* keys).
struct EditReport {
    std::size_t cells = 0;            // cells it changed
    std::size_t instance_writes = 0;  // slot writes it queued (a slot freed and reused: one)
    double ms = 0.0;                  // main thread: from the call to every slot write queued
    std::size_t steps_dropped = 0;    // oldest undo steps dropped to stay within the budget
    bool step_lost = false;           // the operation's own step was over the budget: it cannot be undone
    std::size_t step_bytes = 0;       // the memory the operation's own step needed
    uint64_t light_upload_bytes = 0;  // light page bytes it queued (whole pages and byte writes)
    EditKind kind = EditKind::kSet;   // the operation it did, or the one an undo or redo took back
};

class WorldSession {
public:
    struct Stats {
        World::Stats world;
        FarTerrain::Stats far;
        InstanceSlots::Stats slots;
        LightPageTable::Stats light;
        WorldType type = WorldType::kTerrain;
        uint64_t seed = 0;
        int view_distance = 0;
        bool saving = false;  // a world file is open
        std::string save_file;
        WorldStore::Stats save;  // meaningful when saving
    };

    // Opens (or creates) the world file first, so a refused file stops the run before
    // anything else, and its saved seed and type decide the world. Throws WorldFileError
    // (the file is left as it was).
    explicit WorldSession(const WorldSessionConfig& config);
    // Commits what finish_saving did not (one try); edits still not written are lost.
    ~WorldSession();
    WorldSession(const WorldSession&) = delete;
    WorldSession& operator=(const WorldSession&) = delete;

    // The last try at the end of a run, bounded by progress: waits while commits go on and
    // gives up after `stall` without progress (failed commits are retried meanwhile; see
    // WorldStore::flush_for), then stops the writer after one more try. Throws EditsNotSaved
    // counting only the edits that never reached the file.
    void finish_saving(std::chrono::milliseconds stall);
    // The world file's stats (nullopt: nothing is saved); cheap enough for every frame.
    std::optional<WorldStore::Stats> save_stats() const;

    // What the file held at start (nullopt: a new world, or nothing is saved).
    const std::optional<WorldMeta>& saved_meta() const { return saved_meta_; }
    // Replaces the saved player place and hotbar (queued; the frame never waits).
    void save_meta(const WorldMeta& meta);

    // Streams around the camera within the streaming budget (the world's planning, drops
    // and integration, and turning its events into slot work); then slot compaction, at
    // most `compaction_moves`. The times go to update_times().
    void update(const glm::dvec3& camera, size_t compaction_moves);
    // The last update's main-thread CPU time (thread_cpu_ms) in milliseconds.
    struct UpdateTimes {
        double stream_ms = 0;   // streaming: the world's update and the slot work of its events
        double compact_ms = 0;  // slot compaction
    };
    const UpdateTimes& update_times() const { return times_; }
    bool idle() const { return world_->idle(); }
    // The Settings panel's slider: the chunks streamed around the camera from the next update.
    void set_view_distance(int chunks) { world_->set_view_distance(chunks); }
    // The World panel's far slider and `far-distance N`: coarse rings out to `chunks` (0: off).
    void set_far_distance(int chunks) { world_->set_far_distance(chunks); }
    // Loads and shows `coords` at once on the calling thread, their cubes in the slots (tests
    // and tools; the chunks outside the view are dropped by the next update).
    void load_now(std::span<const ChunkCoord> coords);

    // Every edit goes through here: the world, the slots and the world file. Throws
    // EditRefused (out of height, chunk not loaded), having changed nothing. `kind` names the
    // undo step (a script's set, a break, a place).
    void edit(const BlockPos& p, BlockType type, EditKind kind = EditKind::kSet);

    // [SECTION] operations on regions: each one batch (World::apply) and one undo step (when
    // it changed a cell). Throw RegionRefused or OperationRefused, having changed nothing.
    EditReport fill(const Region& r, BlockType type);
    EditReport replace(const Region& r, BlockType from, BlockType to);
    // The region's blocks, air included, into the clipboard (loaded or not).
    void copy(const Region& r);
    // The clipboard with its minimum corner at `origin`. Its air cells leave what is under
    // them unless `with_air` (the paste-air switch, docs/scripting.md "Region editing").
    // A mask (build_rules.hpp) limits it to the cells that hold what the mask allows now.
    EditReport paste(const BlockPos& origin, bool with_air = false, const Mask& mask = {});
    // Turns the clipboard clockwise seen from above by quarter turns (see rotated()).
    void rotate(int quarter_turns);
    // Mirrors the clipboard along axis 0 (x), 1 (y) or 2 (z) (see flipped(), build_rules.hpp).
    void flip(int axis);
    // Empties the clipboard (a later paste is refused until something is copied).
    void clear_clipboard() { clipboard_ = {}; }
    // One batch over `r` giving each cell rule(region-order index, old type), recorded as one
    // undo step of `kind` (the building operations: shapes, walls, hollow, masked fills).
    EditReport edit_region(const Region& r, const CellRule& rule, EditKind kind, const std::string& what);
    // The region's blocks, air included, moved by `d`: one batch over the box holding the
    // region and its moved copy, so one undo step; the cells left behind become air. The box
    // must keep to the region limit (kMaxRegionCells).
    EditReport move(const Region& r, const glm::ivec3& d);
    // `copies` copies of the region's blocks, air included, side by side along the unit step
    // `dir` beyond the region (WorldEdit's //stack): one batch over the box they fill.
    EditReport stack(const Region& r, int copies, const glm::ivec3& dir);
    EditReport undo();
    EditReport redo();
    const Clipboard& clipboard() const { return clipboard_; }
    // An imported build becomes the clipboard (edit/import_export.hpp); a paste places it.
    void set_clipboard(Clipboard clipboard);
    const EditJournal& journal() const { return journal_; }
    // The serial the next undo step gets (a stroke notes it at its start).
    uint64_t next_step_serial() const { return journal_.next_serial(); }
    // The undo steps recorded from serial `since` on, as one step of `kind`
    // (EditJournal::merge_since).
    EditJournal::Merge merge_steps_since(uint64_t since, EditKind kind) { return journal_.merge_since(since, kind); }
    const EditReport& last_edit() const { return last_edit_; }

    // Where a new player stands: over the origin column, above its tallest tree.
    double spawn_ground() const;
    // Where the player's eye starts in a world without a saved place: above the origin
    // column's ground, or a Minecraft world's spawn (WorldSessionConfig::ground_spawn).
    glm::dvec3 spawn_eye() const;

    // Read-only: every change to the world goes through the session's own methods.
    const World& world() const { return *world_; }
    InstanceSlots& slots() { return slots_; }
    LightPageTable& light() { return light_; }
    const InstanceSlots& slots() const { return slots_; }
    WorldType type() const { return type_; }
    uint64_t seed() const { return seed_; }
    // The Minecraft world the ground is read from ("": generated ground).
    const std::string& ground_path() const { return ground_path_; }
    // The terrain generator the world is made with (a saved world keeps its own).
    int generator_version() const { return generator_version_; }
    Stats stats() const;

private:
    void open_store(const WorldSessionConfig& config);
    void reserve_slots(InstanceSlots::Touch touch);
    // One batch through the world, the slots and the file; returns the cells' old types.
    std::vector<uint8_t> run(const Region& r, const CellRule& rule, const std::string& what);
    void record(const Region& r, std::vector<uint8_t> before, EditKind kind);

    WorldType type_;
    uint64_t seed_;
    std::string ground_path_;
    glm::dvec3 ground_spawn_;
    int generator_version_ = kGeneratorVersion;  // a loaded world's own generator
    std::unique_ptr<WorldStore> store_;          // null: nothing is saved
    std::optional<WorldMeta> saved_meta_;
    std::unique_ptr<World> world_;
    InstanceSlots slots_;
    LightPageTable light_;  // the light pages of the chunks with cubes to draw
    EditJournal journal_;
    Clipboard clipboard_;
    EditReport last_edit_;
    UpdateTimes times_;
    // What a column of terrain takes in the slots: 16 chunks of 28 slots (the figure from
    // before the world grew to 24 chunks a column), and 2 chunk records.
    static constexpr std::size_t kReservedSlotsPerColumn = 16 * 28;
    static constexpr std::size_t kReservedChunksPerColumn = 2;
    int reserved_for_ = -1;  // the view distance the slots reserved room for
};

// The HUD's line while saving does not work (empty: it works): what waits in memory and why.
std::string save_problem(const WorldStore::Stats& s);
// The World panel's save line: "ok", "retrying, 12 pending", ...
std::string save_summary(const WorldStore::Stats& s);

// The world file a run uses: --world-file, else the named (or "default") world for an
// interactive run or a scripted run that names one; empty: a scripted run saves nothing.
std::string world_file_for(const std::string& world_file, const std::string& world_name, bool scripted);

}  // namespace slotcraft
