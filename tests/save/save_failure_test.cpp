// The world file when the disk or the file system fails: a full disk (a small tmpfs), a
// read-only folder (a read-only bind mount), --new on what is not a free world, and a file
// deleted or replaced while the world is open. Nothing is lost without a word.
#include "save/save.hpp"
#include "save/save_test_support.hpp"
#include "support/mounts.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>

namespace slotcraft {
namespace {
using save_test::TempDir;
namespace fs = std::filesystem;

std::size_t count_edits(const std::string& path) {
    OpenedWorld opened = WorldStore::open(path, {.create_if_missing = false});
    std::size_t n = 0;
    for (const ChunkEdits& c : opened.store->load_edits()) n += c.edits.size();
    return n;
}

void record(WorldStore& store, int first, int count) {
    for (int i = first; i < first + count; ++i) {
        store.record_edit(save_test::crash_edit_chunk(static_cast<uint64_t>(i)),
                          save_test::crash_edit_index(static_cast<uint64_t>(i)),
                          save_test::crash_edit_type(static_cast<uint64_t>(i)), BlockType::kAir);
    }
}

TEST(WorldStoreFailure, OnAFullDiskEditsWaitInMemoryAreSeenAndLandWhenSpaceReturns) {
    test::TestMount disk = test::TestMount::tmpfs(8 * 1024 * 1024);
    if (!disk.ok()) GTEST_SKIP() << disk.error();
    const std::string path = disk.file("w.db");
    OpenedWorld opened = WorldStore::open(path);
    WorldStore& store = *opened.store;
    record(store, 0, 100);
    ASSERT_TRUE(store.flush());
    const std::string filler = test::fill_disk(disk.path());
    constexpr int kEdits = 30000;  // far more than the WAL's free pages
    record(store, 100, kEdits);
    EXPECT_FALSE(store.flush_for(std::chrono::milliseconds(1500)));
    WorldStore::Stats s = store.stats();
    EXPECT_EQ(s.state, SaveState::kFailed);
    EXPECT_EQ(s.pending, static_cast<std::size_t>(kEdits));
    EXPECT_GE(s.commit_failures, 1u);
    EXPECT_NE(s.last_error.find(path), std::string::npos) << s.last_error;
    EXPECT_NE(s.last_error.find("full"), std::string::npos) << s.last_error;
    // Space comes back: a retry lands every edit, the state recovers.
    fs::remove(filler);
    EXPECT_TRUE(store.flush_for(std::chrono::milliseconds(30000)));
    s = store.stats();
    EXPECT_EQ(s.state, SaveState::kOk);
    EXPECT_EQ(s.pending, 0u);
    opened.store.reset();
    EXPECT_EQ(count_edits(path), static_cast<std::size_t>(kEdits + 100));
}

TEST(WorldStoreFailure, PendingCountsTheBatchBeingCommitted) {
    TempDir dir;
    OpenedWorld opened = WorldStore::open(dir.file("w.db"));
    WorldStore& store = *opened.store;
    constexpr int kEdits = 200000;
    record(store, 0, kEdits);
    // Poll while the writer commits: whatever is recorded and not committed is pending, also
    // the batch the writer holds.
    for (;;) {
        const WorldStore::Stats s = store.stats();
        ASSERT_EQ(s.pending, s.edits_recorded - s.edits_committed);
        ASSERT_EQ(s.pending == 0, s.edits_committed == kEdits) << "pending " << s.pending;
        if (s.edits_committed == kEdits) break;
    }
}

TEST(WorldStoreFailure, AWorldInAReadOnlyFolderIsAnIoErrorNotADamagedFile) {
    TempDir dir;
    const std::string path = dir.file("w.db");
    {
        OpenedWorld opened = WorldStore::open(path);
        record(*opened.store, 0, 10);
    }
    const std::vector<unsigned char> before = save_test::read_bytes(path);
    test::TestMount ro = test::TestMount::read_only_view(dir.path());
    if (!ro.ok()) GTEST_SKIP() << ro.error();
    const std::optional<std::string> why = save_test::open_refusal(ro.file("w.db"));
    ASSERT_TRUE(why.has_value()) << "opened a world in a read-only folder for writing";
    EXPECT_EQ(why->find("not a SQLite database"), std::string::npos) << *why;
    EXPECT_NE(why->find("not damaged"), std::string::npos) << *why;
    EXPECT_NE(why->find("ead-only"), std::string::npos) << *why;  // the real cause
    EXPECT_EQ(save_test::read_bytes(path), before);
    EXPECT_EQ(count_edits(path), 10u);
}

TEST(WorldStoreFailure, AWorldOnAFullDiskIsAnIoErrorNotADamagedFile) {
    test::TestMount disk = test::TestMount::tmpfs(512 * 1024);
    if (!disk.ok()) GTEST_SKIP() << disk.error();
    const std::string path = disk.file("w.db");
    {
        OpenedWorld opened = WorldStore::open(path);
        record(*opened.store, 0, 10);
    }
    const std::vector<unsigned char> before = save_test::read_bytes(path);
    const std::string filler = test::fill_disk(disk.path());
    const std::optional<std::string> why = save_test::open_refusal(path);
    ASSERT_TRUE(why.has_value()) << "opened on a full disk";
    EXPECT_EQ(why->find("not a SQLite database"), std::string::npos) << *why;
    EXPECT_NE(why->find("not damaged"), std::string::npos) << *why;
    EXPECT_EQ(save_test::read_bytes(path), before);
    fs::remove(filler);
    EXPECT_EQ(count_edits(path), 10u);
}

TEST(WorldStoreFailure, NewMovesNothingButAWorld) {
    TempDir dir;
    const std::string notes = dir.file("notes.txt");
    save_test::write_bytes(notes, {'h', 'e', 'l', 'l', 'o', '\n'});
    const std::vector<std::string> listing = save_test::list_dir(dir.path());
    const std::optional<std::string> why = save_test::open_refusal(notes, {.new_world = true});
    ASSERT_TRUE(why.has_value()) << "--new moved a text file aside";
    EXPECT_NE(why->find("not a SQLite database"), std::string::npos) << *why;
    EXPECT_NE(why->find("--new"), std::string::npos) << *why;
    EXPECT_EQ(save_test::list_dir(dir.path()), listing);
    EXPECT_EQ(save_test::read_bytes(notes), (std::vector<unsigned char>{'h', 'e', 'l', 'l', 'o', '\n'}));
}

TEST(WorldStoreFailure, NewMovesNoWorldAnotherProgramHasOpen) {
    TempDir dir;
    const std::string path = dir.file("w.db");
    OpenedWorld first = WorldStore::open(path);
    record(*first.store, 0, 5);
    ASSERT_TRUE(first.store->flush());
    const std::optional<std::string> why = save_test::open_refusal(path, {.new_world = true});
    ASSERT_TRUE(why.has_value()) << "--new moved a world in use aside";
    EXPECT_NE(why->find("in use"), std::string::npos) << *why;
    EXPECT_EQ(save_test::list_dir(dir.path()), (std::vector<std::string>{"w.db", "w.db-wal"}));
    record(*first.store, 5, 5);
    EXPECT_TRUE(first.store->flush());  // the first one is unharmed
    first.store.reset();
    EXPECT_EQ(count_edits(path), 10u);
}

// The file deleted, or replaced by another file, while the world is open: the next commit
// writes the open database back (the replacing file is moved aside, never deleted).
TEST(WorldStoreFailure, AWorldFileDeletedOrReplacedWhileOpenIsWrittenBack) {
    for (const bool replaced : {false, true}) {
        SCOPED_TRACE(replaced ? "replaced" : "deleted");
        TempDir dir;
        const std::string path = dir.file("w.db");
        OpenedWorld opened = WorldStore::open(path);
        record(*opened.store, 0, 50);
        ASSERT_TRUE(opened.store->flush());
        fs::remove(path);
        fs::remove(path + "-wal");
        if (replaced) save_test::write_bytes(path, {'n', 'o', 't', 'e', 's'});
        record(*opened.store, 50, 50);
        ASSERT_TRUE(opened.store->flush());
        const WorldStore::Stats s = opened.store->stats();
        EXPECT_EQ(s.write_backs, 1u);
        EXPECT_NE(s.last_write_back.find(replaced ? "replaced" : "deleted"), std::string::npos) << s.last_write_back;
        record(*opened.store, 100, 50);  // later edits go to the file written back
        ASSERT_TRUE(opened.store->flush());
        EXPECT_EQ(opened.store->stats().write_backs, 1u);
        opened.store.reset();
        EXPECT_EQ(count_edits(path), 150u);
        int kept = 0;  // the replacing file, moved aside
        for (const std::string& name : save_test::list_dir(dir.path())) {
            if (name.starts_with("w.db.") && save_test::read_bytes(dir.file(name)).size() == 5) ++kept;
        }
        EXPECT_EQ(kept, replaced ? 1 : 0);
    }
}

}  // namespace
}  // namespace slotcraft
