#pragma once
// Internal to the world file (save.cpp, save_file.cpp): RAII handles and small helpers over
// the SQLite C API, and the file-level steps of opening a world (check, create, move aside).
// Nothing outside src/save/save*.cpp includes this. Never depends on GL, GLFW or ImGui.
#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>

namespace slotcraft::save_detail {

struct DbCloser {
    void operator()(sqlite3* db) const { sqlite3_close(db); }
};
using DbPtr = std::unique_ptr<sqlite3, DbCloser>;

struct StmtFinalizer {
    void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using StmtPtr = std::unique_ptr<sqlite3_stmt, StmtFinalizer>;

// The connection's last error message ("out of memory" when there is no connection).
std::string db_error(sqlite3* db);
// Runs one or more statements whose rows nobody needs; the error text on failure.
std::optional<std::string> exec(sqlite3* db, const char* sql);
// A persistent prepared statement, or nullptr (the reason is in db_error).
StmtPtr prepare(sqlite3* db, const char* sql);
// The first column of the first row of `sql` as an integer, or the error text.
std::variant<int64_t, std::string> query_int(sqlite3* db, const char* sql);
// Steps a statement that returns no rows and resets it for the next use.
std::optional<std::string> step_done(sqlite3* db, sqlite3_stmt* stmt);

// Why the existing world at `path` cannot be opened, found through a read-only connection
// (side files SQLite creates for a refused WAL-mode file are removed again); nullopt when
// it can. The reason does not name the file: the caller does.
std::optional<std::string> check_existing(const std::string& path);

// Builds an empty world under a temporary name and renames it to `path`; the reason on failure.
std::optional<std::string> create_world_file(const std::string& path);

struct MovedAside {
    std::string target;  // PATH.YYYYMMDD-HHMMSS[.N]
    bool ok = false;
};
// Moves the world at `path` (and its -wal/-shm) aside under a timestamped name; never deletes.
MovedAside move_aside(const std::string& path);

}  // namespace slotcraft::save_detail
