// Files that are not Slotcraft worlds this program can open: random bytes, an empty file,
// a foreign SQLite database, a newer schema, a damaged world. Each is refused with a
// message naming the file and the reason, and left byte for byte as it was (no side files).
#include "save/save_test_support.hpp"
#include "save/save.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <random>
#include <string>
#include <vector>

namespace slotcraft {
namespace {
using save_test::TempDir;

void run_sql(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
    ASSERT_EQ(sqlite3_close(db), SQLITE_OK);
}

// Opens `path` (plain and with create_if_missing), expects a refusal whose message names the
// file and contains `reason`, and checks that the file and its directory did not change.
void expect_refused_untouched(const TempDir& dir, const std::string& path, const std::string& reason) {
    const std::vector<unsigned char> before = save_test::read_bytes(path);
    const std::vector<std::string> listing = save_test::list_dir(dir.path());
    for (const bool create : {false, true}) {
        const std::optional<std::string> why = save_test::open_refusal(path, {.create_if_missing = create,
                                                                              .new_world = false});
        ASSERT_TRUE(why.has_value()) << "opened";
        EXPECT_NE(why->find(path), std::string::npos) << *why;
        EXPECT_NE(why->find(reason), std::string::npos) << *why;
        EXPECT_EQ(save_test::read_bytes(path), before) << "the refused file was modified";
        EXPECT_EQ(save_test::list_dir(dir.path()), listing) << "files appeared or vanished";
    }
    EXPECT_THROW(WorldStore::check_file(path), WorldFileError);
}

TEST(WorldStoreRefusal, RandomBytesAreRefusedAndLeftUntouched) {
    TempDir dir;
    const std::string path = dir.file("noise.db");
    std::mt19937 rng(3);
    std::vector<unsigned char> bytes(64 * 1024);
    for (unsigned char& b : bytes) b = static_cast<unsigned char>(rng());
    save_test::write_bytes(path, bytes);
    expect_refused_untouched(dir, path, "not a SQLite database");
}

TEST(WorldStoreRefusal, RandomBytesBehindASqliteHeaderAreRefused) {
    TempDir dir;
    const std::string path = dir.file("fake.db");
    std::mt19937 rng(4);
    std::vector<unsigned char> bytes(16 * 1024);
    for (unsigned char& b : bytes) b = static_cast<unsigned char>(rng());
    const std::string magic("SQLite format 3", 16);  // with its terminating zero
    std::copy(magic.begin(), magic.end(), bytes.begin());
    save_test::write_bytes(path, bytes);
    expect_refused_untouched(dir, path, "refused");
}

TEST(WorldStoreRefusal, AnEmptyFileIsRefusedNotTakenOver) {
    TempDir dir;
    const std::string path = dir.file("empty.db");
    save_test::write_bytes(path, {});
    expect_refused_untouched(dir, path, "not a Slotcraft world");
}

TEST(WorldStoreRefusal, AForeignSqliteDatabaseIsRefused) {
    TempDir dir;
    const std::string path = dir.file("foreign.db");
    ASSERT_NO_FATAL_FAILURE(
        run_sql(path,
                "PRAGMA application_id = 1234; CREATE TABLE meta(key, value); CREATE TABLE edits(a);"
                "INSERT INTO meta VALUES ('owner', 'someone else');"));
    expect_refused_untouched(dir, path, "not a Slotcraft world");
}

TEST(WorldStoreRefusal, AForeignDatabaseInWalModeGetsNoSideFiles) {
    TempDir dir;
    const std::string path = dir.file("foreign-wal.db");
    ASSERT_NO_FATAL_FAILURE(run_sql(path, "PRAGMA journal_mode = WAL; CREATE TABLE t(x); INSERT INTO t VALUES (42);"));
    expect_refused_untouched(dir, path, "not a Slotcraft world");
}

TEST(WorldStoreRefusal, ANewerSchemaIsRefused) {
    TempDir dir;
    const std::string path = dir.file("future.db");
    {
        OpenedWorld opened = WorldStore::open(path);
        opened.store->record_edit(BlockPos{0, 100, 0}, BlockType::kStone, BlockType::kAir);
    }
    // A world written by a later Slotcraft: same application, higher schema (WAL mode kept).
    ASSERT_NO_FATAL_FAILURE(run_sql(path, "PRAGMA user_version = " + std::to_string(kWorldSchemaVersion + 1)));
    expect_refused_untouched(dir, path, "newer than this program");
}

TEST(WorldStoreRefusal, AWorldWithoutItsTablesIsRefused) {
    TempDir dir;
    const std::string path = dir.file("hollow.db");
    ASSERT_NO_FATAL_FAILURE(run_sql(path, "PRAGMA application_id = " + std::to_string(kWorldApplicationId) +
                                              "; PRAGMA user_version = 1; CREATE TABLE other(x);"));
    expect_refused_untouched(dir, path, "lacks the meta or edits table");
}

// Found by fuzz_world_file (tests/fuzz/corpus/world_file/crash-columns-*): tables of the right
// names without a world's columns passed the checks and then failed an assert.
TEST(WorldStoreRefusal, AWorldWhoseTablesLackItsColumnsIsRefused) {
    TempDir dir;
    const std::string path = dir.file("columns.db");
    ASSERT_NO_FATAL_FAILURE(run_sql(path, "PRAGMA application_id = " + std::to_string(kWorldApplicationId) +
                                              "; PRAGMA user_version = 1; CREATE TABLE meta(key, value);"
                                              " CREATE TABLE edits(cx, cy, cz, other, type);"));
    expect_refused_untouched(dir, path, "lack a world's columns");
}

TEST(WorldStoreRefusal, ADamagedWorldFailsTheQuickCheckAndIsRefused) {
    TempDir dir;
    const std::string path = dir.file("damaged.db");
    {
        OpenedWorld opened = WorldStore::open(path);
        for (uint16_t i = 0; i < 4096; ++i) {
            for (int32_t cx = 0; cx < 8; ++cx)
                opened.store->record_edit({cx, 9, 0}, i, BlockType::kBrick, BlockType::kAir);
        }
    }
    std::vector<unsigned char> bytes = save_test::read_bytes(path);
    const std::size_t page = 4096;
    ASSERT_GT(bytes.size(), 8 * page);
    // Scribble over the b-tree header of a page in the middle of the edits table; page 1
    // (the header with application_id and user_version) stays intact.
    for (std::size_t i = 0; i < 12; ++i) bytes[(bytes.size() / page / 2) * page + i] = 0xEE;
    save_test::write_bytes(path, bytes);
    ASSERT_THROW(WorldStore::check_file(path), WorldFileError);
    expect_refused_untouched(dir, path, "it is damaged (PRAGMA quick_check: ");
}

TEST(WorldStoreRefusal, ADirectoryIsRefused) {
    TempDir dir;
    const std::optional<std::string> why = save_test::open_refusal(dir.path());
    ASSERT_TRUE(why.has_value()) << "opened";
    EXPECT_NE(why->find("not a regular file"), std::string::npos) << *why;
}

// A world file cut short keeps SQLite's header: it is called damaged, not "not a SQLite
// database", and left as it was.
TEST(WorldStoreRefusal, ATruncatedWorldIsCalledDamaged) {
    TempDir dir;
    const std::string path = dir.file("cut.db");
    {
        OpenedWorld opened = WorldStore::open(path);
        for (int i = 0; i < 4000; ++i)
            opened.store->record_edit({i % 64, 4, i / 64}, 7, BlockType::kStone, BlockType::kAir);
    }
    std::vector<unsigned char> bytes = save_test::read_bytes(path);
    ASSERT_GT(bytes.size(), 8192u);
    const std::vector<unsigned char> whole = bytes;
    bytes.resize(60);  // shorter than SQLite's 100-byte header
    save_test::write_bytes(path, bytes);
    expect_refused_untouched(dir, path, "damaged SQLite database");
    bytes = whole;
    bytes.resize(whole.size() / 2 + 100);  // cut inside a page
    save_test::write_bytes(path, bytes);
    expect_refused_untouched(dir, path, "damaged SQLite database");
}

// A world whose edits table holds a TEXT type ('stone'), or whose player stands at 1e300:
// refused naming the value and that it comes from the file, and no side file is left.
TEST(WorldStoreRefusal, ATextTypeAndAFarPlaceInTheFileAreRefusedLeavingNoSideFiles) {
    TempDir dir;
    const std::string path = dir.file("w.db");
    {
        OpenedWorld opened = WorldStore::open(path);
        WorldMeta meta;
        meta.hotbar = {BlockType::kStone};
        opened.store->save_meta(meta);
    }
    ASSERT_NO_FATAL_FAILURE(run_sql(path, "INSERT INTO edits VALUES (0, 4, 0, 5, 'stone')"));
    ASSERT_NO_FATAL_FAILURE(run_sql(path, "UPDATE meta SET value = 1e300 WHERE key = 'eye_x'"));
    const std::vector<std::string> listing = save_test::list_dir(dir.path());
    {
        OpenedWorld opened = WorldStore::open(path);
        try {
            (void)opened.store->load_edits();
            ADD_FAILURE() << "a TEXT type was loaded";
        } catch (const WorldFileError& e) {
            EXPECT_NE(std::string(e.what()).find("type is not an integer ('stone')"), std::string::npos) << e.what();
        }
        try {
            (void)opened.store->load_meta();
            ADD_FAILURE() << "a place at 1e300 was loaded";
        } catch (const WorldFileError& e) {
            const std::string m = e.what();
            EXPECT_NE(m.find("'eye_x' (the player's place) is 1e+300"), std::string::npos) << m;
            EXPECT_LT(m.size(), 400u) << "no three hundred digits";
        }
    }
    EXPECT_EQ(save_test::list_dir(dir.path()), listing) << "a -shm or -wal was left beside the world";
}

// An edit past the world's one bound (x 1e9 + 9) is refused when loading.
TEST(WorldStoreRefusal, AnEditPastTheWorldsBoundIsRefused) {
    TempDir dir;
    const std::string path = dir.file("w.db");
    { OpenedWorld opened = WorldStore::open(path); }
    // Chunk 62500000 holds x 1e9 .. 1e9 + 15; index 9 is x 1e9 + 9.
    ASSERT_NO_FATAL_FAILURE(run_sql(path, "INSERT INTO edits VALUES (62500000, 4, 0, 9, 1)"));
    {
        OpenedWorld opened = WorldStore::open(path);
        EXPECT_THROW((void)opened.store->load_edits(), WorldFileError);
    }
    ASSERT_NO_FATAL_FAILURE(run_sql(path, "DELETE FROM edits; INSERT INTO edits VALUES (62500000, 4, 0, 0, 1)"));
    OpenedWorld opened = WorldStore::open(path);
    EXPECT_EQ(opened.store->load_edits().size(), 1u) << "x 1e9 itself is inside";
}

}  // namespace
}  // namespace slotcraft
