// The world file on disk: SQLite helpers, the XDG path, the read-only checks of an existing
// file, creating a new world and moving an old one aside.
//
// Index: [SECTION] SQLite helpers, checks (read-only), creating and moving aside, paths.
#include "save/save.hpp"
#include "save/save_sqlite.hpp"

#include <fcntl.h>  // AT_FDCWD for renameat2
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <optional>

namespace slotcraft {
namespace save_detail {
namespace fs = std::filesystem;

// [SECTION] SQLite helpers

std::string db_error(sqlite3* db) { return db ? sqlite3_errmsg(db) : "out of memory"; }

SqliteError last_error(sqlite3* db) {
    if (!db) return SqliteError("out of memory", SQLITE_NOMEM);
    return SqliteError(db_error(db), sqlite3_extended_errcode(db), sqlite3_system_errno(db));
}

bool is_io_error(int code) {
    switch (code & 0xFF) {
        case SQLITE_CANTOPEN:
        case SQLITE_IOERR:
        case SQLITE_FULL:
        case SQLITE_READONLY:
        case SQLITE_PERM:
        case SQLITE_NOMEM: return true;
        default: return false;
    }
}

std::string io_reason(const std::string& path, const SqliteError& e) {
    // SQLite needs its folder writable for the side files of a WAL-mode world, and free space:
    // those are the usual causes, and the errno SQLite kept may be of a later, harmless call.
    const fs::path folder = fs::absolute(fs::path(path)).parent_path();
    if (::access(folder.c_str(), W_OK) != 0) {
        return "its folder '" + folder.string() + "' cannot be written: " + std::strerror(errno) +
               "; SQLite: " + e.what();
    }
    struct statvfs disk {};
    if (::statvfs(folder.c_str(), &disk) == 0 && disk.f_bavail == 0) {
        return "the disk holding '" + folder.string() + "' is full; SQLite: " + e.what();
    }
    return io_reason(e);
}

std::string io_reason(const SqliteError& e) {
    if (e.system_errno != 0) return std::string(std::strerror(e.system_errno)) + "; SQLite: " + e.what();
    if ((e.code & 0xFF) == SQLITE_FULL) return std::string("the disk is full; SQLite: ") + e.what();
    return std::string("SQLite: ") + e.what();
}

void exec(sqlite3* db, const char* sql) {
    char* message = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &message) == SQLITE_OK) return;
    SqliteError error = last_error(db);
    if (message) error = SqliteError(message, error.code, error.system_errno);
    sqlite3_free(message);
    throw error;
}

StmtPtr prepare(sqlite3* db, const char* sql) {
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &raw, nullptr) != SQLITE_OK) {
        sqlite3_finalize(raw);
        return nullptr;
    }
    return StmtPtr(raw);
}

int64_t query_int(sqlite3* db, const char* sql) {
    const StmtPtr stmt = prepare(db, sql);
    if (!stmt) throw last_error(db);
    const int rc = sqlite3_step(stmt.get());
    if (rc == SQLITE_ROW) return static_cast<int64_t>(sqlite3_column_int64(stmt.get(), 0));
    if (rc == SQLITE_DONE) throw SqliteError("no result");
    throw last_error(db);
}

void step_done(sqlite3* db, sqlite3_stmt* stmt) {
    const int rc = sqlite3_step(stmt);
    if (rc == SQLITE_DONE) {
        sqlite3_reset(stmt);
        return;
    }
    SqliteError error = last_error(db);
    sqlite3_reset(stmt);
    throw error;
}

namespace {

constexpr const char* kSchema =
    "CREATE TABLE meta(key TEXT PRIMARY KEY NOT NULL, value) WITHOUT ROWID;"
    "CREATE TABLE edits(cx INTEGER NOT NULL, cy INTEGER NOT NULL, cz INTEGER NOT NULL,"
    " idx INTEGER NOT NULL, type INTEGER NOT NULL, PRIMARY KEY (cx, cy, cz, idx)) WITHOUT ROWID;";

// [SECTION] checks (read-only)

std::string hex32(int64_t v) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%08llX", static_cast<unsigned long long>(v & 0xFFFFFFFF));
    return text;
}

[[noreturn]] void refuse(const std::string& path, const std::string& why) {
    throw WorldFileError("world file '" + path + "' refused: " + why);
}

// The file could not be read for a reason of the folder or the disk, not of the file.
[[noreturn]] void refuse_io(const std::string& path, const SqliteError& e) {
    throw WorldFileError("world file '" + path + "' cannot be read (" + io_reason(path, e) +
                         "): the world itself is not damaged and was left untouched; free space on its disk or "
                         "make its folder writable and readable, then start again");
}

// query_int, or the refusal "WHAT (SQLite's message)".
int64_t query_or_refuse(sqlite3* db, const char* sql, const std::string& path, const char* what) {
    try {
        return query_int(db, sql);
    } catch (const SqliteError& e) {
        refuse(path, std::string(what) + " (" + e.what() + ")");
    }
}

// Whether the file begins with SQLite's 16-byte header string.
bool starts_as_sqlite(const std::string& path) {
    constexpr char kHeader[] = "SQLite format 3";  // and its NUL: 16 bytes
    char head[sizeof kHeader] = {};
    std::ifstream in(path, std::ios::binary);
    in.read(head, sizeof head);
    return in.gcount() == static_cast<std::streamsize>(sizeof head) && std::equal(head, head + sizeof head, kHeader);
}

// A file with SQLite's header that is shorter than its header says (cut short: a copy that
// stopped, a full disk): its size in bytes, else nullopt. Not a whole page, not a multiple of
// the page size, or fewer pages than the header counts.
std::optional<std::uintmax_t> cut_short(const std::string& path) {
    if (!starts_as_sqlite(path)) return std::nullopt;
    unsigned char h[100] = {};
    std::ifstream in(path, std::ios::binary);
    in.read(reinterpret_cast<char*>(h), sizeof h);
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(path, ec);
    if (ec) return std::nullopt;
    if (in.gcount() < static_cast<std::streamsize>(sizeof h)) return size;
    const std::uintmax_t page = (h[16] << 8 | h[17]) == 1 ? 65536u : std::uintmax_t(h[16] << 8 | h[17]);
    const std::uintmax_t pages = std::uintmax_t{h[28]} << 24 | std::uintmax_t{h[29]} << 16 | h[30] << 8 | h[31];
    if (page < 512 || size < page || size % page != 0 || pages * page > size) return size;
    return std::nullopt;
}

// Returns when the world at `path`, read through a read-only connection, can be opened;
// throws WorldFileError when not. The reasons are worded for a user who pointed us at the
// wrong file.
void check_readonly(const std::string& path) {
    if (const std::optional<std::uintmax_t> size = cut_short(path)) {
        refuse(path, "it is a damaged SQLite database: cut short (" + std::to_string(*size) +
                         " bytes, less than its header says); restore a backup, or start a fresh world with --new");
    }
    sqlite3* raw = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr);
    const DbPtr db(raw);
    if (rc != SQLITE_OK) {
        const SqliteError e = last_error(raw);
        if (is_io_error(e.code)) refuse_io(path, e);
        refuse(path, "it cannot be opened (" + db_error(raw) + ")");
    }
    sqlite3_busy_timeout(raw, 250);

    int64_t app_id = 0;
    try {
        app_id = query_int(raw, "PRAGMA application_id");
    } catch (const SqliteError& e) {
        const std::string message = e.what();
        const int primary = e.code & 0xFF;
        if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED || message.find("locked") != std::string::npos) {
            refuse(path, "it is in use by another program (" + message + ")");
        }
        if (is_io_error(e.code)) refuse_io(path, e);
        if (starts_as_sqlite(path)) {  // the header is SQLite's: a damaged database, not a foreign file
            std::error_code ec;
            refuse(path,
                   "it is a damaged SQLite database (" + message + "; " + std::to_string(fs::file_size(path, ec)) +
                       " bytes: it may have been cut short); restore a backup, or start a fresh world with --new");
        }
        refuse(path, "it is not a SQLite database (" + message + ")");
    }
    if (app_id != kWorldApplicationId) {
        refuse(path, "it is not a Slotcraft world (SQLite application_id " + hex32(app_id) + ", a world has " +
                         hex32(kWorldApplicationId) + ")");
    }
    const int64_t v = query_or_refuse(raw, "PRAGMA user_version", path, "its schema version cannot be read");
    if (v > kWorldSchemaVersion) {
        refuse(path, "its schema version " + std::to_string(v) + " is newer than this program's (" +
                         std::to_string(kWorldSchemaVersion) + "); open it with a newer Slotcraft");
    }
    if (v < 1) refuse(path, "its schema version " + std::to_string(v) + " is not a Slotcraft world schema");
    const int64_t tables = query_or_refuse(
        raw, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN ('meta', 'edits')", path,
        "its tables cannot be read");
    if (tables != 2) refuse(path, "it lacks the meta or edits table");
    // Found by fuzzing: tables of the right names without a world's columns passed the checks
    // and failed an assert when the writer prepared its statements.
    for (const char* sql : {kUpsertEditSql, kEraseEditSql, kPutMetaSql}) {
        if (!prepare(raw, sql)) refuse(path, "its tables lack a world's columns (" + db_error(raw) + ")");
    }

    const StmtPtr check = prepare(raw, "PRAGMA quick_check");
    if (!check) refuse(path, "PRAGMA quick_check cannot run (" + db_error(raw) + ")");
    const int step = sqlite3_step(check.get());
    if (step != SQLITE_ROW) refuse(path, "PRAGMA quick_check failed (" + db_error(raw) + ")");
    const auto* first = reinterpret_cast<const char*>(sqlite3_column_text(check.get(), 0));
    std::string result = first ? first : "";
    if (result == "ok") return;
    // One line for the user: drop SQLite's banner, join its lines.
    if (const std::string banner = "*** in database main ***\n"; result.starts_with(banner))
        result.erase(0, banner.size());
    std::replace(result.begin(), result.end(), '\n', ';');
    refuse(path, "it is damaged (PRAGMA quick_check: " + result.substr(0, 200) + ")");
}

// [SECTION] creating and moving aside

std::string timestamp_now() {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char text[32];
    std::strftime(text, sizeof text, "%Y%m%d-%H%M%S", &local);
    return text;
}

bool any_exists(const std::string& base) {
    std::error_code ec;
    return fs::exists(base, ec) || fs::exists(base + "-wal", ec) || fs::exists(base + "-shm", ec);
}

// Side files SQLite made while checking a WAL-mode file we then refused: removed so the
// refused world is left exactly as it was. Only files that did not exist before the check
// (no other program had the file open in shared mode then), and a WAL only while empty.
void remove_new_side_files(const std::string& path, bool had_wal, bool had_shm) {
    std::error_code ec;
    if (!had_wal && fs::exists(path + "-wal", ec) && fs::file_size(path + "-wal", ec) == 0) {
        fs::remove(path + "-wal", ec);
    }
    if (!had_shm) fs::remove(path + "-shm", ec);
}

}  // namespace

void check_existing(const std::string& path) {
    std::error_code ec;
    const bool had_wal = fs::exists(path + "-wal", ec);
    const bool had_shm = fs::exists(path + "-shm", ec);
    try {
        check_readonly(path);
    } catch (const WorldFileError&) {
        remove_new_side_files(path, had_wal, had_shm);
        throw;
    }
    // Passed too: the read-only connection's -shm goes, so a refusal after this check (a
    // value in the file out of range) leaves no side file either (docs/saving.md).
    remove_new_side_files(path, had_wal, had_shm);
}

// RENAME_NOREPLACE where the filesystem has it; plain rename after checking otherwise.
bool rename_no_replace(const std::string& from, const std::string& to) {
    if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return true;
    if (errno != EINVAL && errno != ENOSYS) return false;
    std::error_code ec;
    if (fs::exists(to, ec)) return false;
    return std::rename(from.c_str(), to.c_str()) == 0;
}

// `path` never exists half-made: a crash while creating leaves no world file, not a broken one.
bool create_world_file(const std::string& path) {
    auto fail = [&](const std::string& why) { return WorldFileError("world file '" + path + "': " + why); };
    std::error_code ec;
    const fs::path parent = fs::path(path).parent_path();
    if (!parent.empty() && !fs::exists(parent, ec) && !fs::create_directories(parent, ec)) {
        throw fail("its directory '" + parent.string() + "' cannot be created (" + ec.message() + ")");
    }
    // A name of this process's own: two programs creating the same world at once never
    // remove each other's file (PATH.creating.PID.N).
    std::string tmp;
    for (int n = 0;; ++n) {  // O_EXCL claims the name (an empty file is a new database to SQLite)
        tmp = path + ".creating." + std::to_string(::getpid()) + "." + std::to_string(n);
        const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd >= 0) {
            ::close(fd);
            break;
        }
        if (errno != EEXIST) throw fail("it cannot be created (" + std::string(std::strerror(errno)) + ")");
    }
    const auto remove_tmp = [&] {
        for (const char* side : {"", "-wal", "-shm", "-journal"}) fs::remove(tmp + side, ec);
    };
    {
        sqlite3* raw = nullptr;
        const int rc = sqlite3_open_v2(tmp.c_str(), &raw,
                                       SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
        DbPtr db(raw);
        if (rc != SQLITE_OK) {
            const std::string why = db_error(raw);
            db.reset();
            remove_tmp();
            throw fail("it cannot be created (" + why + ")");
        }
        const std::string setup = "PRAGMA journal_mode = WAL; PRAGMA application_id = " +
                                  std::to_string(kWorldApplicationId) +
                                  "; PRAGMA user_version = " + std::to_string(kWorldSchemaVersion) + "; BEGIN; " +
                                  kSchema + " COMMIT;";
        try {
            exec(raw, setup.c_str());
        } catch (const SqliteError& e) {
            db.reset();
            remove_tmp();
            throw fail("it cannot be created (" + std::string(e.what()) + ")");
        }
        if (sqlite3_close(db.release()) != SQLITE_OK) {
            remove_tmp();
            throw fail("it cannot be created (close failed)");
        }
    }
    if (rename_no_replace(tmp, path)) return true;
    remove_tmp();  // another program made the world first: it is opened as an existing one
    return false;
}

// The side files keep their name relation to the world, so the moved world still opens with
// every commit it had.
std::string move_aside(const std::string& path, bool side_files) {
    std::string target = path + "." + timestamp_now();
    for (int n = 1; any_exists(target); ++n) target = path + "." + timestamp_now() + "." + std::to_string(n);
    if (!rename_no_replace(path, target)) {
        throw WorldFileError("world file '" + path + "' could not be moved aside to '" + target + "'");
    }
    std::error_code ec;
    for (const char* side : {"-wal", "-shm"}) {
        if (side_files && fs::exists(path + side, ec)) rename_no_replace(path + side, target + side);
    }
    return target;
}

}  // namespace save_detail

// [SECTION] paths

namespace fs = std::filesystem;

std::string WorldStore::default_path(std::string_view name) {
    return default_path(name, std::getenv("XDG_DATA_HOME"), std::getenv("HOME"));
}

std::string WorldStore::default_path(std::string_view name, const char* xdg_data_home, const char* home) {
    if (name.empty() || name == "." || name == ".." || name.find('/') != std::string_view::npos) {
        throw std::invalid_argument("world name '" + std::string(name) +
                                    "' must be non-empty and hold no '/' (use --world-file for a path)");
    }
    fs::path base;
    // The XDG spec: a relative XDG_DATA_HOME is invalid and must be ignored.
    if (xdg_data_home && *xdg_data_home && fs::path(xdg_data_home).is_absolute()) {
        base = xdg_data_home;
    } else if (home && *home) {
        base = fs::path(home) / ".local" / "share";
    } else {
        throw std::runtime_error("neither XDG_DATA_HOME nor HOME is set: name the world file with --world-file");
    }
    return (base / "slotcraft" / "worlds" / (std::string(name) + ".db")).string();
}

// [SECTION] checks

void WorldStore::check_file(const std::string& path) {
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (!fs::exists(status)) throw WorldFileError("world file '" + path + "' does not exist");
    if (!fs::is_regular_file(status))
        throw WorldFileError("world file '" + path + "' refused: it is not a regular file");
    save_detail::check_existing(path);
}

}  // namespace slotcraft
