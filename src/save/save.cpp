// The world file: opening, loading, and the writer thread that commits batched edits.
//
// Index: [SECTION] opening, loading, writing.
#include "save/save.hpp"
#include "save/save_sqlite.hpp"
#include "io/shown_text.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <utility>
#include <variant>

namespace slotcraft {
namespace fs = std::filesystem;
using namespace save_detail;

// [SECTION] opening

struct WorldStore::Statements {
    StmtPtr upsert;
    StmtPtr erase;
    StmtPtr put_meta;
};

namespace {

WorldFileError unwritable(const std::string& path, const std::string& why) {
    return WorldFileError("world file '" + path + "' cannot be opened for writing (" + why +
                          "): the world itself is not damaged and was left untouched; make its folder writable or "
                          "free space on its disk, then start again");
}

// The read-write connection the writer uses, with its pragmas. Throws WorldFileError.
DbPtr open_connection(const std::string& path, const OpenMode& mode) {
    sqlite3* raw = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr);
    DbPtr db(raw);
    if (rc != SQLITE_OK) {
        const SqliteError e = last_error(raw);
        throw unwritable(path, is_io_error(e.code) ? io_reason(path, e) : db_error(raw));
    }
    // SQLite falls back to reading a write-protected file.
    if (sqlite3_db_readonly(raw, "main") == 1) throw unwritable(path, "it is read-only");
    sqlite3_busy_timeout(raw, 1000);
    // EXCLUSIVE: one program writes a world at a time (a second one is refused as "in use");
    // WAL + NORMAL: a commit is a WAL append without fsync, and a killed process loses no
    // committed transaction (only a power cut can take the last ones back).
    const std::string pragmas =
        "PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = WAL;"
        " PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = " +
        std::to_string(std::max(1, mode.checkpoint_pages)) + "; SELECT count(*) FROM edits;";
    try {
        exec(raw, pragmas.c_str());
    } catch (const SqliteError& e) {
        // Another program took the world between the check and this open (two started at once).
        if ((e.code & 0xFF) == SQLITE_BUSY || (e.code & 0xFF) == SQLITE_LOCKED) {
            throw WorldFileError("world file '" + path + "' refused: it is in use by another program (" + e.what() +
                                 ")");
        }
        throw unwritable(path, is_io_error(e.code) ? io_reason(path, e) : e.what());
    }
    bool wal = false;
    try {
        wal = query_int(raw, "SELECT journal_mode = 'wal' FROM pragma_journal_mode") == 1;
    } catch (const SqliteError&) {  // reported as below
    }
    if (!wal) throw unwritable(path, "it cannot use WAL mode");
    return db;
}

}  // namespace

const char* save_state_name(SaveState state) {
    switch (state) {
        case SaveState::kOk: return "ok";
        case SaveState::kRetrying: return "retrying";
        case SaveState::kFailed: return "failed";
    }
    return "ok";
}

OpenedWorld WorldStore::open(const std::string& path, const OpenMode& mode) {
    OpenedWorld result;
    std::error_code ec;
    bool exists = fs::exists(path, ec);
    if (exists && mode.new_world) {
        // Only a Slotcraft world that no other program has open is moved aside (checked
        // read-only first); anything else stays where it is.
        try {
            check_file(path);
        } catch (const WorldFileError& e) {
            throw WorldFileError(std::string(e.what()) +
                                 "; --new moves aside only a Slotcraft world that no other program has open, so it "
                                 "was left untouched (name another path with --world-file)");
        }
        result.moved_aside = move_aside(path);
        exists = false;
    }
    if (exists) {
        check_file(path);
    } else if (!mode.create_if_missing) {
        throw WorldFileError("world file '" + path + "' does not exist");
    } else {
        result.created = create_world_file(path);
        if (!result.created) check_file(path);  // another program made it first (the same moment)
    }
    DbPtr db = open_connection(path, mode);
    result.store.reset(new WorldStore(path, db.release(), mode));
    return result;
}

WorldStore::WorldStore(std::string path, sqlite3* db, const OpenMode& mode)
    : path_(std::move(path)), db_(db), mode_(mode), statements_(std::make_unique<Statements>()) {
    try {
        prepare_statements();
    } catch (const WorldFileError&) {  // the destructor will not run: close here
        statements_.reset();
        sqlite3_close(db_);
        throw;
    }
    writer_ = std::thread([this] { write_loop(); });
}

void WorldStore::prepare_statements() {
    statements_->upsert = prepare(db_, kUpsertEditSql);
    statements_->erase = prepare(db_, kEraseEditSql);
    statements_->put_meta = prepare(db_, kPutMetaSql);
    // The checks refuse such a file; this is a file changed between the check and the open.
    // Every 1000 VM steps: the commit is alive (flush_for waits while it moves).
    sqlite3_progress_handler(
        db_, 1000,
        [](void* steps) {
            static_cast<std::atomic<uint64_t>*>(steps)->fetch_add(1, std::memory_order_relaxed);
            return 0;
        },
        &progress_.steps);
    if (!statements_->upsert || !statements_->erase || !statements_->put_meta) {
        throw WorldFileError("world file '" + path_ + "' refused: its tables lack a world's columns (" + db_error(db_) +
                             ")");
    }
    struct stat st {};
    if (::stat(path_.c_str(), &st) == 0) {
        file_ = {st.st_dev, st.st_ino};
    }
}

WorldStore::Stats WorldStore::stop() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    if (writer_.joinable()) writer_.join();
    return stats();
}

WorldStore::~WorldStore() {
    stop();
    statements_.reset();
    sqlite3_close(db_);  // the last connection checkpoints the WAL into the file
}

// [SECTION] loading

namespace {

using MetaValue = std::variant<int64_t, double, std::string>;

// A coordinate of the player's place read from the file: past the world's bound it is the
// file's fault, said as such, the value short (%g: 1e+300, not three hundred digits).
double checked_place(const std::string& path, std::string_view key, double v) {
    if (std::abs(v) <= kWorldBound + 2.0) return v;  // the eye stands up to 1.62 over the bound
    char shown_value[32];
    std::snprintf(shown_value, sizeof shown_value, "%.6g", v);
    throw WorldFileError("world file '" + path + "': metadata '" + std::string(key) + "' (the player's place) is " +
                         shown_value +
                         ", outside the world's bound (|x|, |y|, |z| <= 1e9); the file was changed by another "
                         "program: restore a backup");
}

}  // namespace

std::optional<WorldMeta> WorldStore::load_meta() const {
    std::map<std::string, MetaValue, std::less<>> values;
    {
        const std::lock_guard lock(db_mutex_);
        const StmtPtr stmt = prepare(db_, "SELECT key, value FROM meta");
        if (!stmt) throw WorldFileError("world file '" + path_ + "': metadata cannot be read (" + db_error(db_) + ")");
        while (sqlite3_step(stmt.get()) == SQLITE_ROW) {
            const std::string key = reinterpret_cast<const char*>(sqlite3_column_text(stmt.get(), 0));
            switch (sqlite3_column_type(stmt.get(), 1)) {
                case SQLITE_INTEGER: values[key] = static_cast<int64_t>(sqlite3_column_int64(stmt.get(), 1)); break;
                case SQLITE_FLOAT: values[key] = sqlite3_column_double(stmt.get(), 1); break;
                default: {
                    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt.get(), 1));
                    values[key] = std::string(text ? text : "");
                }
            }
        }
    }
    if (values.empty()) return std::nullopt;
    auto bad = [this](std::string_view key) {
        return WorldFileError("world file '" + path_ + "': metadata '" + std::string(key) + "' is missing or invalid");
    };
    auto integer = [&](std::string_view key) {
        const auto it = values.find(key);
        if (it == values.end() || !std::holds_alternative<int64_t>(it->second)) throw bad(key);
        return std::get<int64_t>(it->second);
    };
    auto real = [&](std::string_view key) {
        const auto it = values.find(key);
        if (it == values.end() || std::holds_alternative<std::string>(it->second)) throw bad(key);
        const int64_t* whole = std::get_if<int64_t>(&it->second);
        const double v = whole ? static_cast<double>(*whole) : std::get<double>(it->second);
        if (!std::isfinite(v)) throw bad(key);
        return v;
    };
    auto text = [&](std::string_view key) {
        const auto it = values.find(key);
        if (it == values.end() || !std::holds_alternative<std::string>(it->second)) throw bad(key);
        return std::get<std::string>(it->second);
    };

    WorldMeta m;
    const int64_t generator = integer("generator_version");
    if (generator < 1 || generator > std::numeric_limits<int>::max()) throw bad("generator_version");
    m.generator_version = static_cast<int>(generator);
    m.seed = static_cast<uint64_t>(integer("seed"));
    const std::optional<WorldType> type = parse_world_type(text("world_type"));
    if (!type) throw bad("world_type");
    m.type = *type;
    auto coordinate = [&](std::string_view key) { return checked_place(path_, key, real(key)); };
    m.eye = {coordinate("eye_x"), coordinate("eye_y"), coordinate("eye_z")};
    m.yaw = real("yaw");
    m.pitch = real("pitch");
    const std::string mode = text("move_mode");
    const std::optional<MoveMode> parsed = kMoveModeNames.parse(mode);
    if (!parsed) throw bad("move_mode");
    m.mode = *parsed;
    const std::string hotbar = text("hotbar");  // names separated by ','
    for (std::size_t start = 0; start < hotbar.size();) {
        const std::size_t end = std::min(hotbar.find(',', start), hotbar.size());
        const std::optional<BlockType> block = block_from_name(std::string_view(hotbar).substr(start, end - start));
        if (!block) throw bad("hotbar");
        m.hotbar.push_back(*block);
        start = end + 1;
    }
    const int64_t selected = integer("hotbar_selected");
    const auto slots = static_cast<int64_t>(m.hotbar.size());
    if (selected < 0 || (slots > 0 && selected >= slots) || (slots == 0 && selected != 0)) throw bad("hotbar_selected");
    m.hotbar_selected = static_cast<int>(selected);
    // The Minecraft world the edits lie on: absent in files made before there were any.
    if (const auto it = values.find("minecraft"); it != values.end()) m.minecraft = text("minecraft");
    return m;
}

std::vector<ChunkEdits> WorldStore::load_edits() const {
    std::vector<ChunkEdits> out;
    const std::lock_guard lock(db_mutex_);
    // The primary key's order: rows arrive grouped by chunk without a sort.
    const StmtPtr stmt = prepare(db_, "SELECT cx, cy, cz, idx, type FROM edits ORDER BY cx, cy, cz, idx");
    if (!stmt) throw WorldFileError("world file '" + path_ + "': edits cannot be read (" + db_error(db_) + ")");
    // Checked as 64-bit values, before any narrowing cast.
    constexpr int64_t kMin = -int64_t{kMaxChunkXZ};
    constexpr int64_t kMax = int64_t{kMaxChunkXZ} - 1;
    int rc;
    while ((rc = sqlite3_step(stmt.get())) == SQLITE_ROW) {
        int64_t v[5];
        for (int i = 0; i < 5; ++i) {
            // SQLite keeps any type in any column: a TEXT 'stone' would read as 0 (air).
            if (sqlite3_column_type(stmt.get(), i) != SQLITE_INTEGER) {
                const auto* held = reinterpret_cast<const char*>(sqlite3_column_text(stmt.get(), i));
                throw WorldFileError("world file '" + path_ + "': an edit's " + sqlite3_column_name(stmt.get(), i) +
                                     " is not an integer (" + (held ? shown(held) : std::string("NULL")) +
                                     "); the file was changed by another program: restore a backup");
            }
            v[i] = sqlite3_column_int64(stmt.get(), i);
        }
        if (v[0] < kMin || v[0] > kMax || v[1] < kMinChunkY || v[1] > kTopChunkY || v[2] < kMin || v[2] > kMax ||
            v[3] < 0 || v[3] >= kChunkVolume || v[4] < 0 || v[4] > 255 ||
            !is_valid_block_type(static_cast<uint8_t>(v[4])) ||
            // The world's one bound for cells (coords.hpp): no edit lives past it.
            !block_xz_in_bound(v[0] * kChunkSize + (v[3] & 15), v[2] * kChunkSize + ((v[3] >> 4) & 15))) {
            throw WorldFileError("world file '" + path_ + "': an edit is out of range (chunk " + std::to_string(v[0]) +
                                 " " + std::to_string(v[1]) + " " + std::to_string(v[2]) + ", index " +
                                 std::to_string(v[3]) + ", type " + std::to_string(v[4]) + ")");
        }
        const ChunkCoord c{static_cast<int32_t>(v[0]), static_cast<int32_t>(v[1]), static_cast<int32_t>(v[2])};
        if (out.empty() || !(out.back().coord == c)) out.push_back({c, {}});
        out.back().edits.push_back({static_cast<uint16_t>(v[3]), static_cast<BlockType>(v[4])});
    }
    if (rc != SQLITE_DONE)
        throw WorldFileError("world file '" + path_ + "': edits cannot be read (" + db_error(db_) + ")");
    return out;
}

// [SECTION] writing

// mutex_ held, a write about to be queued: the first write of a batch starts the commit
// delay, and the writer must be woken for it (true).
bool WorldStore::starts_batch() {
    if (has_work()) return false;
    first_pending_ = std::chrono::steady_clock::now();
    return true;
}

void WorldStore::record_edit(ChunkCoord c, uint16_t index, BlockType type, BlockType generated) {
    assert(index < kChunkVolume && "record_edit: local index out of range");
    bool wake = false;
    {
        const std::lock_guard lock(mutex_);
        wake = starts_batch();
        pending_.push_back({c, index, type, generated});
        ++recorded_seq_;
        ++stats_.edits_recorded;
    }
    if (wake) wake_.notify_one();
}

void WorldStore::record_operation(std::vector<PendingEdit> edits) {
    if (edits.empty()) return;
    bool wake = false;
    {
        const std::lock_guard lock(mutex_);
        wake = starts_batch();
        stats_.edits_recorded += edits.size();
        if (pending_.empty()) {
            pending_ = std::move(edits);
        } else {
            pending_.insert(pending_.end(), edits.begin(), edits.end());
        }
        ++recorded_seq_;
    }
    if (wake) wake_.notify_one();
}

void WorldStore::save_meta(const WorldMeta& meta) {
    bool wake = false;
    {
        const std::lock_guard lock(mutex_);
        wake = starts_batch();
        pending_meta_ = meta;
        ++recorded_seq_;
    }
    if (wake) wake_.notify_one();
}

bool WorldStore::flush() {
    std::unique_lock lock(mutex_);
    const uint64_t target = recorded_seq_;
    const uint64_t failures = stats_.commit_failures;
    if (committed_seq_ >= target) return true;
    flush_requested_ = true;
    wake_.notify_one();
    committed_.wait(lock, [&] { return committed_seq_ >= target || stats_.commit_failures != failures; });
    return committed_seq_ >= target;
}

uint64_t WorldStore::writer_activity() const {
    uint64_t bytes = 0;
    if (const int tid = progress_.writer_tid.load(); tid != 0) {
        // Linux: what the writer thread read and wrote, also inside one long SQLite step
        // (a COMMIT, a checkpoint). Without /proc, the steps alone.
        std::ifstream io("/proc/self/task/" + std::to_string(tid) + "/io");
        for (std::string key; io >> key;) {
            uint64_t value = 0;
            io >> value;
            if (key == "rchar:" || key == "wchar:") bytes += value;
        }
    }
    return progress_.steps.load(std::memory_order_relaxed) + bytes;
}

bool WorldStore::flush_for(std::chrono::milliseconds stall) {
    std::unique_lock lock(mutex_);
    const uint64_t target = recorded_seq_;
    const uint64_t failures = stats_.commit_failures;
    uint64_t committed = committed_seq_;
    uint64_t activity = writer_activity();
    auto last_progress = std::chrono::steady_clock::now();
    while (committed_seq_ < target) {
        const auto now = std::chrono::steady_clock::now();
        const uint64_t active = writer_activity();
        // A commit done is progress; the writer's work is too while no try has failed.
        if (committed_seq_ != committed || (stats_.commit_failures == failures && active != activity)) {
            last_progress = now;
        }
        committed = committed_seq_;
        activity = active;
        if (now - last_progress >= stall) {
            stats_.state = SaveState::kFailed;
            return false;
        }
        flush_requested_ = true;  // cuts the commit delay and the pause before a retry short
        wake_.notify_one();
        committed_.wait_until(lock, std::min(last_progress + stall, now + kCommitDelay),
                              [&] { return committed_seq_ >= target; });
    }
    return true;
}

WorldStore::Stats WorldStore::stats() const {
    const std::lock_guard lock(mutex_);
    Stats s = stats_;
    // Counted from the totals: a batch being committed has left pending_ but is not written.
    s.pending = static_cast<std::size_t>(stats_.edits_recorded - stats_.edits_committed);
    s.meta_pending = pending_meta_.has_value() || meta_in_flight_;
    return s;
}

// Waits for the first write, then up to kCommitDelay more so a burst of edits shares one
// transaction (cut short by flush() or the destructor); commits without holding mutex_,
// so record_edit never waits for the disk.
void WorldStore::write_loop() {
    progress_.writer_tid.store(static_cast<int>(::gettid()));
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [this] { return stopping_ || has_work(); });
        if (!has_work()) return;  // stopping, nothing left
        wake_.wait_until(lock, first_pending_ + kCommitDelay, [this] { return stopping_ || flush_requested_; });
        Batch batch;
        batch.edits.swap(pending_);
        batch.meta.swap(pending_meta_);
        batch.through = recorded_seq_;
        flush_requested_ = false;
        meta_in_flight_ = batch.meta.has_value();
        lock.unlock();
        const auto start = std::chrono::steady_clock::now();
        // The thread's boundary: nothing is thrown across it; a failure goes to the stats.
        bool failed = false;
        std::string why;
        std::string written_back;
        try {
            written_back = commit(batch);
        } catch (const SqliteError& e) {
            failed = true;
            why = is_io_error(e.code) ? io_reason(path_, e) : e.what();
        } catch (const std::exception& e) {
            failed = true;
            why = e.what();
        }
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        lock.lock();
        meta_in_flight_ = false;
        if (!written_back.empty()) {
            ++stats_.write_backs;
            stats_.last_write_back = written_back;
        }
        if (failed) {
            ++stats_.commit_failures;
            stats_.last_error = "world file '" + path_ + "': " + why;
            if (stats_.state == SaveState::kOk) stats_.state = SaveState::kRetrying;
            // Kept in memory for the next try, also while stopping (the edits still count as
            // pending, so the end of the run can say how many were not written).
            requeue(std::move(batch));
            committed_.notify_all();
            if (stopping_) return;
            // Retry after a pause (the disk may be full for a while); a flush cuts it short.
            wake_.wait_for(lock, kRetryPause, [this] { return stopping_ || flush_requested_; });
            continue;
        }
        committed_seq_ = batch.through;
        stats_.edits_committed += batch.edits.size();
        stats_.metas_committed += batch.meta ? 1 : 0;
        ++stats_.commits;
        stats_.state = SaveState::kOk;
        stats_.last_commit_ms = ms;
        stats_.max_commit_ms = std::max(stats_.max_commit_ms, ms);
        for (const PendingEdit& e : batch.edits) {
            ++(e.type == e.generated ? stats_.rows_deleted : stats_.rows_written);
        }
        committed_.notify_all();
    }
}

// Puts a batch that failed back in front of what was recorded since (mutex_ held).
void WorldStore::requeue(Batch batch) {
    batch.edits.insert(batch.edits.end(), pending_.begin(), pending_.end());
    pending_.swap(batch.edits);
    if (!pending_meta_) pending_meta_ = std::move(batch.meta);
    if (!pending_.empty() || pending_meta_) first_pending_ = std::chrono::steady_clock::now();
}

std::string WorldStore::commit(const Batch& batch) {
    const std::lock_guard lock(db_mutex_);
    std::string written_back = write_back_if_gone();
    exec(db_, "BEGIN IMMEDIATE");
    try {
        for (const PendingEdit& e : batch.edits) {
            // Back to what the terrain generates: no delta left to keep.
            sqlite3_stmt* s = e.type == e.generated ? statements_->erase.get() : statements_->upsert.get();
            sqlite3_bind_int64(s, 1, e.coord.x);
            sqlite3_bind_int64(s, 2, e.coord.y);
            sqlite3_bind_int64(s, 3, e.coord.z);
            sqlite3_bind_int64(s, 4, e.index);
            if (e.type != e.generated) sqlite3_bind_int64(s, 5, static_cast<uint8_t>(e.type));
            step_done(db_, s);
            progress_.steps.fetch_add(1, std::memory_order_relaxed);  // flush_for sees the commit move
        }
        if (batch.meta) write_meta(*batch.meta);
        exec(db_, "COMMIT");
    } catch (const SqliteError&) {
        sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);  // the batch is retried whole
        throw;
    }
    return written_back;
}

std::string WorldStore::write_back_if_gone() {
    if (!db_) {  // a write-back that failed half-way: the copy took the path, open it again
        db_ = open_connection(path_, mode_).release();
        prepare_statements();
    }
    struct stat st {};
    const bool present = ::stat(path_.c_str(), &st) == 0;
    if (present && st.st_dev == file_.dev && st.st_ino == file_.ino) return {};
    // A copy of the open database under a temporary name first: the path never holds half a world.
    const std::string tmp = path_ + ".restoring";
    std::error_code ec;
    for (const char* side : {"", "-wal", "-shm", "-journal"}) fs::remove(tmp + side, ec);
    {
        sqlite3* raw = nullptr;
        const int rc = sqlite3_open_v2(tmp.c_str(), &raw,
                                       SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
        DbPtr copy(raw);
        if (rc != SQLITE_OK) throw last_error(raw);
        sqlite3_backup* backup = sqlite3_backup_init(raw, "main", db_, "main");
        if (!backup) throw last_error(raw);
        const int step = sqlite3_backup_step(backup, -1);
        sqlite3_backup_finish(backup);
        if (step != SQLITE_DONE) {
            SqliteError error = last_error(raw);
            copy.reset();
            fs::remove(tmp, ec);
            throw error;
        }
        if (sqlite3_close(copy.release()) != SQLITE_OK) throw SqliteError("the copy cannot be closed");
    }
    // The old connection goes (its file is gone or no longer at the path), then the copy takes the path.
    statements_ = std::make_unique<Statements>();
    sqlite3_close(db_);
    db_ = nullptr;
    std::string what;
    // What is left at PATH-wal and PATH-shm was the closed connection's (its content is in the
    // copy): it must neither go with the replacing file nor be replayed into the copy.
    for (const char* side : {"-wal", "-shm"}) fs::remove(path_ + side, ec);
    if (present) {
        const std::string aside = move_aside(path_, false);
        what = "world file '" + path_ + "' was replaced by another file while running: that file was moved to '" +
               aside + "' and the world was written back";
    } else {
        what = "world file '" + path_ + "' was deleted while running: the world was written back";
    }
    if (!rename_no_replace(tmp, path_)) {
        throw SqliteError("the world cannot be written back to '" + path_ + "' (the copy is in '" + tmp + "')");
    }
    db_ = open_connection(path_, mode_).release();
    prepare_statements();
    return what;
}

void WorldStore::write_meta(const WorldMeta& m) {
    sqlite3_stmt* s = statements_->put_meta.get();
    auto put = [&](const char* key, auto value) {
        sqlite3_bind_text(s, 1, key, -1, SQLITE_STATIC);
        using T = decltype(value);
        if constexpr (std::is_same_v<T, double>) {
            sqlite3_bind_double(s, 2, value);
        } else if constexpr (std::is_same_v<T, std::string>) {
            sqlite3_bind_text(s, 2, value.c_str(), -1, SQLITE_TRANSIENT);
        } else {
            sqlite3_bind_int64(s, 2, static_cast<int64_t>(value));
        }
        step_done(db_, s);
    };
    std::string hotbar;
    for (std::size_t i = 0; i < m.hotbar.size(); ++i) {
        if (i > 0) hotbar += ',';
        hotbar += block_name(m.hotbar[i]);
    }
    put("generator_version", m.generator_version);
    put("seed", m.seed);  // two's complement: SQLite integers are signed 64-bit
    put("world_type", std::string(world_type_name(m.type)));
    put("eye_x", m.eye.x);
    put("eye_y", m.eye.y);
    put("eye_z", m.eye.z);
    put("yaw", m.yaw);
    put("pitch", m.pitch);
    put("move_mode", std::string(move_mode_name(m.mode)));
    put("hotbar_selected", m.hotbar_selected);
    put("hotbar", hotbar);
    put("minecraft", m.minecraft);
}

}  // namespace slotcraft
