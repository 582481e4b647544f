#pragma once
// The world file: one SQLite database per world holding the world's metadata and only the
// blocks that differ from the generated terrain (deltas, per chunk). Writes are batched on
// a writer thread, so the frame never waits for the disk, and committed in WAL mode, so a
// crash never leaves a file that will not open. Plain C++20 and SQLite; no GL, GLFW, ImGui.
#include "world/block.hpp"
#include "world/chunk.hpp"
#include "world/coords.hpp"
#include "world/player.hpp"
#include "world/terrain.hpp"

#include <glm/glm.hpp>

#include <chrono>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace slotcraft {

inline constexpr uint32_t kWorldApplicationId = 0x534C4354;  // "SLCT": PRAGMA application_id
inline constexpr int kWorldSchemaVersion = 1;                // PRAGMA user_version
// An edit is committed at most this long after it was recorded (plus the commit itself).
inline constexpr std::chrono::milliseconds kCommitDelay{100};
// After a failed commit the writer tries again this long later (sooner while flush_for waits).
inline constexpr std::chrono::milliseconds kRetryPause{500};

// Whether the edits reach the file: every commit worked so far or the last one did (ok), the
// last commit failed and its edits wait in memory for the next try (retrying), or a bounded
// last try (flush_for) ran out with edits still not written (failed).
enum class SaveState { kOk, kRetrying, kFailed };
// "ok", "retrying", "failed": the stats JSON's save.state.
const char* save_state_name(SaveState state);

// Everything about a world that is not a block: how its terrain is generated, where the
// player stands and looks, the hotbar.
struct WorldMeta {
    int generator_version = kGeneratorVersion;
    uint64_t seed = 1;
    WorldType type = WorldType::kTerrain;
    glm::dvec3 eye{0.0, 80.0, 0.0};
    double yaw = 0.0;    // degrees
    double pitch = 0.0;  // degrees
    MoveMode mode = MoveMode::kFly;
    int hotbar_selected = 0;
    std::vector<BlockType> hotbar;  // slot i holds hotbar[i]; air is an empty slot
    // The Minecraft world (its path, as given to --minecraft) whose blocks are the ground the
    // edits lie on; empty for generated ground.
    std::string minecraft;
    friend bool operator==(const WorldMeta&, const WorldMeta&) = default;
};

// The saved edits of one chunk, ascending by index (what World::import_edits takes).
struct ChunkEdits {
    ChunkCoord coord;
    std::vector<BlockEdit> edits;
};

struct OpenMode {
    bool create_if_missing = true;
    bool new_world = false;  // --new: move an existing file aside (timestamped), start empty
    // WAL pages written before SQLite copies them back into the file (its default); the
    // crash test lowers it so that kills also land inside checkpoints.
    int checkpoint_pages = 1000;
};

// Errors, the house convention: a world file this program cannot use is a WorldFileError
// (what() names the file, says why and, where there is one, what to do); misuse by our own
// code is an assert; the writer thread never throws: a failed commit is kept in its stats.

// A world file this program cannot use: refused when opening (missing, not a world, damaged,
// in use, a newer schema, cannot be created, moved aside or opened for writing; the file is
// left as it was), or holding a value this program cannot read (a metadata value or an edit
// out of range, found while loading). The message names the file.
struct WorldFileError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct OpenedWorld;

class WorldStore {
public:
    struct Stats {
        uint64_t edits_recorded = 0;   // record_edit calls
        uint64_t edits_committed = 0;  // of those, in a committed transaction
        uint64_t rows_written = 0;     // edits stored (differ from the terrain)
        uint64_t rows_deleted = 0;     // edits back to the generated block: row removed if any
        uint64_t metas_committed = 0;
        uint64_t commits = 0;          // transactions
        uint64_t commit_failures = 0;  // transactions rolled back (the batch is retried)
        std::size_t pending = 0;       // edits recorded, not committed yet (still in memory)
        bool meta_pending = false;     // metadata queued, not committed yet
        double last_commit_ms = 0.0;
        double max_commit_ms = 0.0;
        SaveState state = SaveState::kOk;
        std::string last_error;       // of the last failed commit (empty: none)
        uint64_t write_backs = 0;     // times the file was found deleted or replaced and written back
        std::string last_write_back;  // what the last write-back did (empty: none)
    };

    // $XDG_DATA_HOME/slotcraft/worlds/NAME.db, or ~/.local/share/slotcraft/worlds/NAME.db
    // when XDG_DATA_HOME is unset or not absolute. Throws std::invalid_argument for a name
    // that is empty or holds '/' (or is "." or ".."), std::runtime_error without a home.
    static std::string default_path(std::string_view name);
    static std::string default_path(std::string_view name, const char* xdg_data_home, const char* home);

    // Checks an existing file without writing to it (read-only connection): a SQLite
    // database, our application_id, a schema version this program knows, our tables and
    // PRAGMA quick_check. Returns when it is a world this program can open; throws
    // WorldFileError (naming the file and the reason) when not.
    static void check_file(const std::string& path);

    // Opens (or creates, or with new_world moves aside and creates) the world at `path`.
    // Throws WorldFileError for a refused file, which is left byte for byte as it was.
    static OpenedWorld open(const std::string& path, const OpenMode& mode = {});

    // Commits what is still queued, stops the writer, closes the file (checkpointing the WAL
    // into it). Call flush() first to learn whether the last commit worked.
    ~WorldStore();
    WorldStore(const WorldStore&) = delete;
    WorldStore& operator=(const WorldStore&) = delete;

    const std::string& path() const { return path_; }

    // [SECTION] loading (at start, on the calling thread)

    // nullopt for a world that has never saved its metadata. Throws WorldFileError.
    std::optional<WorldMeta> load_meta() const;
    // Every saved edit grouped per chunk, chunks in (x, y, z) order. Throws WorldFileError.
    std::vector<ChunkEdits> load_edits() const;

    // [SECTION] writing (main thread; never waits for the disk)

    // Block `index` of chunk `c` is now `type`; `generated` is what the terrain puts there
    // (World::terrain().block_at): the edit is stored only while the two differ.
    void record_edit(ChunkCoord c, uint16_t index, BlockType type, BlockType generated);
    void record_edit(const BlockPos& p, BlockType type, BlockType generated) {
        record_edit(chunk_of(p), local_index(p), type, generated);
    }
    // One edit as the writer stores it: the type `index` of chunk `coord` now has, and the one
    // the terrain generates there (the row is kept only while they differ).
    struct PendingEdit {
        ChunkCoord coord;
        uint16_t index;
        BlockType type;
        BlockType generated;
    };
    // A whole operation's edits, queued at once: the writer takes all of them or none into a
    // transaction, so the file never holds part of an operation (a kill -9 leaves all or none).
    void record_operation(std::vector<PendingEdit> edits);
    // Replaces the saved metadata (only the newest queued one is written).
    void save_meta(const WorldMeta& meta);
    // Waits until everything recorded before the call is committed. False when a commit
    // failed (the reason is in stats().last_error; the writes stay queued for a retry).
    bool flush();
    // flush() bounded by progress: the writer keeps retrying failed commits until everything
    // recorded before the call is committed (true) or `stall` passes with no progress (false;
    // the state becomes kFailed, the edits stay queued). Progress is a commit done, or, while
    // no commit has failed since the call, the writer working inside one (SQLite steps, bytes
    // read and written): a slow, healthy commit of millions of edits is waited for, a disk
    // that refuses every try is not (docs/saving.md "The end of a run").
    bool flush_for(std::chrono::milliseconds stall);
    // Ends the writer after one last try at what is queued (as the destructor does) and
    // returns the final stats: `pending` is then exactly what never reached the file.
    Stats stop();

    Stats stats() const;

private:
    struct Batch {
        std::vector<PendingEdit> edits;
        std::optional<WorldMeta> meta;
        uint64_t through = 0;  // sequence number of the last write it holds
    };
    struct Statements;

    WorldStore(std::string path, sqlite3* db, const OpenMode& mode);
    void write_loop();
    // The writer's work so far: SQLite steps plus the bytes its thread read and wrote.
    uint64_t writer_activity() const;
    bool has_work() const { return !pending_.empty() || pending_meta_.has_value(); }
    bool starts_batch();
    void prepare_statements();  // on db_; also notes which file (device, inode) it is
    // Both throw on a failed SQLite step (commit rolls back first); write_loop catches.
    // commit returns what write_back_if_gone did (empty: nothing).
    std::string commit(const Batch& batch);
    void write_meta(const WorldMeta& meta);
    void requeue(Batch batch);
    // db_mutex_ held, before a commit: when the file at path_ is no longer the one the
    // connection has open (deleted, or replaced by another file), writes the open database
    // back to path_ (SQLite's backup API; a replacing file is moved aside, never deleted) and
    // reopens it there. Returns what it did (empty: the file was in place). Throws SqliteError.
    std::string write_back_if_gone();

    std::string path_;
    sqlite3* db_;
    OpenMode mode_;
    struct FileId {
        uint64_t dev = 0, ino = 0;
    };
    FileId file_;  // the file the connection has open (write_back_if_gone)
    // How far the writer got inside a commit (flush_for's measure of progress): rows written
    // and SQLite's progress callback (VM steps of a long statement); the writer thread's id
    // reads its I/O bytes.
    struct Progress {
        std::atomic<uint64_t> steps{0};
        std::atomic<int> writer_tid{0};
    };
    Progress progress_;
    std::unique_ptr<Statements> statements_;
    mutable std::mutex db_mutex_;  // the connection: writer commits, loads on the caller

    mutable std::mutex mutex_;           // everything below
    std::condition_variable wake_;       // the writer waits for work, a flush or the end
    std::condition_variable committed_;  // flush() waits for the writer
    std::vector<PendingEdit> pending_;
    std::optional<WorldMeta> pending_meta_;
    std::chrono::steady_clock::time_point first_pending_{};
    uint64_t recorded_seq_ = 0;   // writes recorded so far
    uint64_t committed_seq_ = 0;  // writes committed so far (a prefix of the recorded ones)
    bool flush_requested_ = false;
    bool meta_in_flight_ = false;  // the batch being committed holds metadata
    bool stopping_ = false;
    Stats stats_;
    std::thread writer_;  // last: started once everything above exists
};

struct OpenedWorld {
    std::unique_ptr<WorldStore> store;  // never null
    bool created = false;               // a new, empty world (no metadata yet)
    std::string moved_aside;            // new_world: where the old file went (empty: none)
};

}  // namespace slotcraft
