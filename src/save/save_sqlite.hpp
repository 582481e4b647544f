#pragma once
// Internal to the world file (save.cpp, save_file.cpp): RAII handles and small helpers over
// the SQLite C API, and the file-level steps of opening a world (check, create, move aside).
// Nothing outside src/save/save*.cpp includes this. Never depends on GL, GLFW or ImGui.
#include "save/save.hpp"

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

namespace slotcraft::save_detail {

struct DbCloser {
    void operator()(sqlite3* db) const { sqlite3_close(db); }
};
using DbPtr = std::unique_ptr<sqlite3, DbCloser>;

struct StmtFinalizer {
    void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using StmtPtr = std::unique_ptr<sqlite3_stmt, StmtFinalizer>;

// A failed SQLite call; what() is SQLite's message only. It never leaves src/save: the code
// that knows which file and what it was doing catches it and says so (a WorldFileError, or
// the writer's last_error).
struct SqliteError : std::runtime_error {
    explicit SqliteError(const std::string& message, int sqlite_code = 0, int errno_value = 0)
        : std::runtime_error(message), code(sqlite_code), system_errno(errno_value) {}
    int code;          // SQLite's extended result code (0: not known)
    int system_errno;  // errno of the failed system call behind it (0: none)
};

// An error of the file system or the disk (cannot open, I/O error, full, read-only, no
// permission), as opposed to a file that is not a world: the world itself is not damaged.
bool is_io_error(int code);
// "no space left on device", "read-only file system", ...: the system's words for an I/O
// error, else SQLite's.
std::string io_reason(const SqliteError& e);
// The same for the world at `path`, naming a read-only folder or a full disk when that is it.
std::string io_reason(const std::string& path, const SqliteError& e);
// The SqliteError of the connection's last failure (message, codes).
SqliteError last_error(sqlite3* db);

// The writer's statements: a file whose tables cannot take them is refused by the checks.
inline constexpr const char* kUpsertEditSql =
    "INSERT OR REPLACE INTO edits(cx, cy, cz, idx, type) VALUES(?, ?, ?, ?, ?)";
inline constexpr const char* kEraseEditSql = "DELETE FROM edits WHERE cx = ? AND cy = ? AND cz = ? AND idx = ?";
inline constexpr const char* kPutMetaSql = "INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)";

// The connection's last error message ("out of memory" when there is no connection).
std::string db_error(sqlite3* db);
// Runs one or more statements whose rows nobody needs. Throws SqliteError.
void exec(sqlite3* db, const char* sql);
// A persistent prepared statement, or nullptr (the reason is in db_error).
StmtPtr prepare(sqlite3* db, const char* sql);
// The first column of the first row of `sql` as an integer. Throws SqliteError (also when
// there is no row: "no result").
int64_t query_int(sqlite3* db, const char* sql);
// Steps a statement that returns no rows and resets it for the next use. Throws SqliteError.
void step_done(sqlite3* db, sqlite3_stmt* stmt);

// Checks the existing world at `path` through a read-only connection (side files SQLite
// creates for a refused WAL-mode file are removed again). Throws WorldFileError
// ("world file 'PATH' refused: REASON") when this program cannot open it.
void check_existing(const std::string& path);

// Builds an empty world under a temporary name of its own (PATH.creating.PID.N, claimed with
// O_EXCL) and renames it to `path` without replacing anything. False when another program
// made `path` first (the temporary file is removed; open it as an existing world). Throws
// WorldFileError ("world file 'PATH': REASON").
bool create_world_file(const std::string& path);

// rename() that never replaces an existing file.
bool rename_no_replace(const std::string& from, const std::string& to);

// Moves the world at `path` (and, with `side_files`, its -wal/-shm) aside under a timestamped
// name; never deletes. Returns the new name (PATH.YYYYMMDD-HHMMSS[.N]); throws WorldFileError
// when the world cannot be moved. A file that replaced the running world moves without them:
// the side files at the path are the running world's, never the replacement's.
std::string move_aside(const std::string& path, bool side_files = true);

}  // namespace slotcraft::save_detail
