// The world file round trip: edits and metadata come back after closing and opening again
// (compared block by block through a World that loads its chunks with the saved edits),
// only deltas against the terrain are stored, --new keeps the old file, default paths.
#include "save/save_test_support.hpp"
#include "save/save.hpp"
#include "world/world.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <random>
#include <thread>
#include <vector>

namespace slotcraft {
namespace {
using save_test::TempDir;

WorldConfig terrain_config() {
    WorldConfig c;
    c.type = WorldType::kTerrain;
    c.seed = 7;
    c.view_distance = 0;
    c.worker_threads = 1;
    return c;
}

// A 2 x 2 block of columns around the terrain surface (y 48..111): trees, hills, air.
std::vector<ChunkCoord> test_chunks() {
    std::vector<ChunkCoord> out;
    for (int x = -1; x <= 0; ++x)
        for (int z = 0; z <= 1; ++z)
            for (int y = 3; y <= 6; ++y) out.push_back({x, y, z});
    return out;
}

WorldMeta sample_meta() {
    WorldMeta m;
    m.seed = 0xFEDCBA9876543210ull;  // above INT64_MAX: must survive SQLite's signed integers
    m.type = WorldType::kTerrain;
    m.eye = {-12.25, 97.5, 1e6 + 0.125};
    m.yaw = -135.5;
    m.pitch = 22.75;
    m.mode = MoveMode::kWalk;
    m.hotbar = {BlockType::kGrass, BlockType::kGlass, BlockType::kAir, BlockType::kBrick};
    m.hotbar_selected = 3;
    return m;
}

// Applies `count` random edits to `world` and records each accepted one; a fifth of them put
// the generated block back, so deleting rows is exercised as well.
void random_edits(World& world, WorldStore& store, int count, uint32_t seed) {
    std::mt19937 rng(seed);
    const std::vector<ChunkCoord> chunks = test_chunks();
    for (int n = 0; n < count; ++n) {
        const ChunkCoord c = chunks[rng() % chunks.size()];
        const BlockPos p = world_position(c, static_cast<uint16_t>(rng() % kChunkVolume));
        const BlockType generated = world.terrain().block_at(p);
        const BlockType type = rng() % 5 == 0 ? generated : static_cast<BlockType>(rng() % kBlockTypeCount);
        ASSERT_NO_THROW(world.set_block(p, type));
        store.record_edit(p, type, generated);
    }
}

std::size_t total_edits(const std::vector<ChunkEdits>& chunks) {
    std::size_t n = 0;
    for (const ChunkEdits& c : chunks) n += c.edits.size();
    return n;
}

TEST(WorldStore, EditsAndPlayerComeBackBlockByBlockAfterReopening) {
    TempDir dir;
    const std::string path = dir.file("w.db");
    const std::vector<ChunkCoord> chunks = test_chunks();
    World before(terrain_config());
    before.load_now(chunks);
    {
        OpenedWorld opened = WorldStore::open(path);
        EXPECT_TRUE(opened.created);
        ASSERT_NO_FATAL_FAILURE(random_edits(before, *opened.store, 3000, 11));
        opened.store->save_meta(sample_meta());
    }  // closing commits what is queued

    OpenedWorld reopened = WorldStore::open(path);
    EXPECT_FALSE(reopened.created);
    const std::optional<WorldMeta> meta = reopened.store->load_meta();
    ASSERT_TRUE(meta.has_value());
    EXPECT_EQ(*meta, sample_meta());
    const std::vector<ChunkEdits> saved = reopened.store->load_edits();

    World after(terrain_config());
    for (const ChunkEdits& c : saved) after.import_edits(c.coord, c.edits);
    after.load_now(chunks);
    std::size_t differing = 0;
    for (const ChunkCoord& c : chunks) {
        for (int i = 0; i < kChunkVolume; ++i) {
            const BlockPos p = world_position(c, static_cast<uint16_t>(i));
            ASSERT_EQ(after.block_at(p), before.block_at(p)) << p.x << " " << p.y << " " << p.z;
            differing += before.block_at(p) != before.terrain().block_at(p) ? 1 : 0;
        }
    }
    // Only the blocks that differ from the generated terrain are stored.
    EXPECT_EQ(total_edits(saved), differing);
    EXPECT_GT(differing, 1000u);
}

TEST(WorldStore, PuttingTheGeneratedBlockBackRemovesTheDelta) {
    TempDir dir;
    const std::string path = dir.file("w.db");
    {
        OpenedWorld opened = WorldStore::open(path);
        const BlockPos p{3, 63, 4};
        opened.store->record_edit(p, BlockType::kAir, BlockType::kGrass);
        opened.store->record_edit(p + BlockPos{1, 0, 0}, BlockType::kBrick, BlockType::kGrass);
        ASSERT_TRUE(opened.store->flush());
        EXPECT_EQ(total_edits(opened.store->load_edits()), 2u);
        opened.store->record_edit(p, BlockType::kGrass, BlockType::kGrass);
        ASSERT_TRUE(opened.store->flush());
        const WorldStore::Stats s = opened.store->stats();
        EXPECT_EQ(s.edits_committed, 3u);
        EXPECT_EQ(s.rows_written, 2u);
        EXPECT_EQ(s.rows_deleted, 1u);
        EXPECT_EQ(s.pending, 0u);
    }
    OpenedWorld reopened = WorldStore::open(path);
    const std::vector<ChunkEdits> saved = reopened.store->load_edits();
    ASSERT_EQ(saved.size(), 1u);
    EXPECT_EQ(saved[0].coord, (ChunkCoord{0, 3, 0}));
    ASSERT_EQ(saved[0].edits.size(), 1u);
    EXPECT_EQ(saved[0].edits[0].index, local_index(BlockPos{4, 63, 4}));
    EXPECT_EQ(saved[0].edits[0].type, BlockType::kBrick);
}

TEST(WorldStore, TheLastEditOfACellWinsWithinOneBatch) {
    TempDir dir;
    OpenedWorld opened = WorldStore::open(dir.file("w.db"));
    WorldStore& store = *opened.store;
    const BlockPos a{0, 100, 0};
    const BlockPos b{1, 100, 0};
    store.record_edit(a, BlockType::kStone, BlockType::kAir);
    store.record_edit(a, BlockType::kAir, BlockType::kAir);
    store.record_edit(a, BlockType::kBrick, BlockType::kAir);
    store.record_edit(b, BlockType::kBrick, BlockType::kAir);
    store.record_edit(b, BlockType::kAir, BlockType::kAir);
    ASSERT_TRUE(store.flush());
    EXPECT_EQ(store.stats().commits, 1u);
    const std::vector<ChunkEdits> saved = store.load_edits();
    ASSERT_EQ(total_edits(saved), 1u);
    EXPECT_EQ(saved[0].edits[0].index, local_index(a));
    EXPECT_EQ(saved[0].edits[0].type, BlockType::kBrick);
}

TEST(WorldStore, AFreshWorldHasNoMetaAndNoEdits) {
    TempDir dir;
    OpenedWorld opened = WorldStore::open(dir.file("fresh.db"));
    EXPECT_TRUE(opened.created);
    EXPECT_FALSE(opened.store->load_meta().has_value());
    EXPECT_TRUE(opened.store->load_edits().empty());
}

TEST(WorldStore, CommitsWithoutBeingAskedSoonAfterAnEdit) {
    TempDir dir;
    OpenedWorld opened = WorldStore::open(dir.file("w.db"));
    opened.store->record_edit(BlockPos{0, 100, 0}, BlockType::kStone, BlockType::kAir);
    // No flush: the writer commits on its own (bounded wait so a broken writer fails, not hangs).
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (opened.store->stats().edits_committed == 0 && std::chrono::steady_clock::now() < give_up) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    const WorldStore::Stats s = opened.store->stats();
    EXPECT_EQ(s.edits_committed, 1u);
    EXPECT_EQ(s.commits, 1u);
    EXPECT_EQ(s.pending, 0u);
}

TEST(WorldStore, ImportedEditsSurviveTheirChunkStreamingOutAndBackIn) {
    WorldConfig config;
    config.type = WorldType::kFlat;
    World world(config);
    const ChunkCoord c{5, 3, -2};
    const std::vector<BlockEdit> edits{{local_index(1, 15, 1), BlockType::kAir},
                                       {local_index(2, 2, 2), BlockType::kGlass}};
    world.import_edits(c, edits);
    const std::vector<ChunkCoord> coords{c};
    for (int round = 0; round < 2; ++round) {
        world.load_now(coords);
        EXPECT_EQ(world.block_at(world_position(c, edits[0].index)), BlockType::kAir);
        EXPECT_EQ(world.block_at(world_position(c, edits[1].index)), BlockType::kGlass);
        EXPECT_EQ(world.block_at(world_position(c, local_index(3, 15, 3))), BlockType::kGrass);
        world.unload_now(coords);
    }
}

TEST(WorldStore, ANewWorldMovesTheOldFileAsideAndNeverDeletesIt) {
    TempDir dir;
    const std::string path = dir.file("w.db");
    {
        OpenedWorld opened = WorldStore::open(path);
        opened.store->record_edit(BlockPos{1, 100, 1}, BlockType::kBrick, BlockType::kAir);
    }
    const std::vector<unsigned char> old_bytes = save_test::read_bytes(path);
    std::vector<std::string> moved;
    for (int i = 0; i < 2; ++i) {  // twice within a second: the names must still differ
        OpenedWorld fresh = WorldStore::open(path, {.create_if_missing = true, .new_world = true});
        EXPECT_TRUE(fresh.created);
        EXPECT_TRUE(fresh.store->load_edits().empty());
        ASSERT_FALSE(fresh.moved_aside.empty());
        EXPECT_EQ(fresh.moved_aside.rfind(path + ".", 0), 0u) << fresh.moved_aside;
        moved.push_back(fresh.moved_aside);
    }
    ASSERT_NE(moved[0], moved[1]);
    EXPECT_EQ(save_test::read_bytes(moved[0]), old_bytes);
    OpenedWorld old = WorldStore::open(moved[0], {.create_if_missing = false});
    EXPECT_EQ(total_edits(old.store->load_edits()), 1u);
}

TEST(WorldStore, OpeningCreatesMissingDirectoriesOnlyWhenAllowed) {
    TempDir dir;
    const std::string path = dir.file("a/b/w.db");
    const std::optional<std::string> refused = save_test::open_refusal(path, {.create_if_missing = false});
    ASSERT_TRUE(refused.has_value()) << "opened";
    EXPECT_NE(refused->find(path), std::string::npos);
    EXPECT_FALSE(std::filesystem::exists(path));
    EXPECT_NO_THROW(WorldStore::open(path));
    EXPECT_TRUE(std::filesystem::exists(path));
}

TEST(WorldStore, ASecondOpenOfAWorldInUseIsRefused) {
    TempDir dir;
    const std::string path = dir.file("w.db");
    OpenedWorld first = WorldStore::open(path);
    const std::optional<std::string> second = save_test::open_refusal(path);
    ASSERT_TRUE(second.has_value()) << "opened";
    EXPECT_NE(second->find("in use"), std::string::npos) << *second;
    first.store->record_edit(BlockPos{0, 100, 0}, BlockType::kStone, BlockType::kAir);
    EXPECT_TRUE(first.store->flush());  // the first one is unharmed
}

TEST(WorldStore, DefaultPathFollowsTheXdgRule) {
    EXPECT_EQ(WorldStore::default_path("default", "/data", "/home/u"), "/data/slotcraft/worlds/default.db");
    EXPECT_EQ(WorldStore::default_path("castle", nullptr, "/home/u"),
              "/home/u/.local/share/slotcraft/worlds/castle.db");
    // A relative XDG_DATA_HOME is invalid by the spec and ignored; so is an empty one.
    EXPECT_EQ(WorldStore::default_path("w", "rel/dir", "/home/u"), "/home/u/.local/share/slotcraft/worlds/w.db");
    EXPECT_EQ(WorldStore::default_path("w", "", "/home/u"), "/home/u/.local/share/slotcraft/worlds/w.db");
    EXPECT_THROW(WorldStore::default_path("", "/data", "/home/u"), std::invalid_argument);
    EXPECT_THROW(WorldStore::default_path("a/b", "/data", "/home/u"), std::invalid_argument);
    EXPECT_THROW(WorldStore::default_path("..", "/data", "/home/u"), std::invalid_argument);
    EXPECT_THROW(WorldStore::default_path("w", nullptr, nullptr), std::runtime_error);
}

// Writes one value straight into a closed world's table (a file edited by hand or damaged
// by another program, which the checks cannot see).
void poke(const std::string& path, const char* sql) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
    sqlite3_close(db);
}

TEST(WorldStore, AFailedCommitIsReportedAndKeepsTheEditsQueued) {
    TempDir dir;
    const std::string path = dir.file("strict.db");
    // A world file whose edits table refuses bricks: a commit that fails, like a full disk.
    ASSERT_NO_FATAL_FAILURE(
        poke(path, ("PRAGMA application_id = " + std::to_string(kWorldApplicationId) +
                    "; PRAGMA user_version = 1; CREATE TABLE meta(key TEXT PRIMARY KEY NOT NULL, value);"
                    " CREATE TABLE edits(cx, cy, cz, idx, type CHECK (type != 9), PRIMARY KEY (cx, cy, cz, idx));")
                       .c_str()));
    OpenedWorld opened = WorldStore::open(path);
    opened.store->record_edit(BlockPos{0, 100, 0}, BlockType::kStone, BlockType::kAir);
    opened.store->record_edit(BlockPos{1, 100, 0}, BlockType::kBrick, BlockType::kAir);
    EXPECT_FALSE(opened.store->flush());
    const WorldStore::Stats s = opened.store->stats();
    EXPECT_GE(s.commit_failures, 1u);
    EXPECT_EQ(s.edits_committed, 0u);
    EXPECT_EQ(s.pending, 2u);  // still in memory, retried
    EXPECT_NE(s.last_error.find(path), std::string::npos) << s.last_error;
    EXPECT_TRUE(opened.store->load_edits().empty());  // the transaction was rolled back whole
}

TEST(WorldStore, UnreadableValuesThrowNamingTheFile) {
    TempDir dir;
    const std::string path = dir.file("w.db");
    {
        OpenedWorld opened = WorldStore::open(path);
        opened.store->save_meta(sample_meta());
    }
    ASSERT_NO_FATAL_FAILURE(poke(path, "UPDATE meta SET value = 'moon' WHERE key = 'world_type'"));
    ASSERT_NO_FATAL_FAILURE(poke(path, "INSERT INTO edits VALUES (0, 3, 0, 5000, 1)"));
    OpenedWorld opened = WorldStore::open(path);
    try {
        (void)opened.store->load_meta();
        ADD_FAILURE() << "an unknown world type was accepted";
    } catch (const WorldFileError& e) {
        EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("world_type"), std::string::npos) << e.what();
    }
    EXPECT_THROW((void)opened.store->load_edits(), WorldFileError);
}

}  // namespace
}  // namespace slotcraft
