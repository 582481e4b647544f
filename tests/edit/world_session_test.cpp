// The world session: an edit reaches the world, the slots and the file together; a saved
// world decides the seed and type and brings its edits and player back; a refused file
// stops the session before anything is written.
#include "edit/world_session.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <chrono>
#include <fstream>
#include <thread>

namespace slotcraft {
namespace {

namespace fs = std::filesystem;

class WorldSessionTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("slotcraft-session-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    WorldSessionConfig config(WorldType type, uint64_t seed) const {
        WorldSessionConfig c;
        c.type = type;
        c.seed = seed;
        c.view_distance = 1;
        c.world_file = (dir_ / "w.db").string();
        return c;
    }
    static void load_column(WorldSession& session) {
        std::vector<ChunkCoord> column;
        for (int y = kMinChunkY; y <= kTopChunkY; ++y) column.push_back({0, y, 0});
        session.load_now(column);
    }

    fs::path dir_;
};

TEST_F(WorldSessionTest, AnEditReachesTheWorldTheSlotsAndTheFile) {
    const BlockPos p{3, 64, 5};
    {
        WorldSession session(config(WorldType::kFlat, 7));
        load_column(session);
        const BlockPos below = p - BlockPos(0, 1, 0);
        ASSERT_TRUE(session.slots().slot_of(chunk_of(below), local_index(below)).has_value());
        ASSERT_NO_THROW(session.edit(p, BlockType::kBrick));
        EXPECT_EQ(session.world().block_at(p), BlockType::kBrick);
        EXPECT_TRUE(session.slots().slot_of(chunk_of(p), local_index(p)).has_value());
        EXPECT_FALSE(session.slots().slot_of(chunk_of(below), local_index(below)).has_value())
            << "the grass under the brick is hidden now: its slot was freed";
        EXPECT_TRUE(session.stats().saving);
        EXPECT_EQ(session.stats().save.edits_recorded, 1u);
        WorldMeta meta;
        meta.seed = session.seed();
        meta.type = session.type();
        meta.eye = {1.5, 70.0, -2.5};
        meta.mode = MoveMode::kWalk;
        session.save_meta(meta);
    }
    // Reopened with other flags: the file's seed and type win, the edit and the eye come back.
    WorldSession again(config(WorldType::kTerrain, 99));
    EXPECT_EQ(again.type(), WorldType::kFlat);
    EXPECT_EQ(again.seed(), 7u);
    ASSERT_TRUE(again.saved_meta().has_value());
    EXPECT_EQ(again.saved_meta()->eye, glm::dvec3(1.5, 70.0, -2.5));
    EXPECT_EQ(again.saved_meta()->mode, MoveMode::kWalk);
    load_column(again);
    EXPECT_EQ(again.world().block_at(p), BlockType::kBrick);
}

TEST_F(WorldSessionTest, ARefusedEditChangesNothing) {
    WorldSession session(config(WorldType::kFlat, 1));
    load_column(session);
    const auto before = session.slots().stats();
    EXPECT_THROW(session.edit({3, 330, 5}, BlockType::kStone), EditRefused);
    EXPECT_THROW(session.edit({100, 64, 5}, BlockType::kStone), EditRefused) << "chunk not loaded";
    EXPECT_EQ(session.slots().stats().instances, before.instances);
    EXPECT_EQ(session.world().block_at({3, 63, 5}), BlockType::kGrass);
    EXPECT_EQ(session.world().block_at({100, 64, 5}), std::nullopt);
    EXPECT_EQ(session.stats().save.edits_recorded, 0u);
}

TEST_F(WorldSessionTest, AFileThatIsNotAWorldIsRefusedAndLeftAsItWas) {
    const fs::path path = dir_ / "w.db";
    std::ofstream(path) << "my notes, not a world";
    EXPECT_THROW(WorldSession session(config(WorldType::kFlat, 1)), WorldFileError);
    std::ifstream in(path);
    std::string text;
    std::getline(in, text);
    EXPECT_EQ(text, "my notes, not a world");
}

// A column of seed 1's terrain under the sea level (a lake), near the spawn.
BlockPos lake_cell() {
    const TerrainGenerator terrain(WorldType::kTerrain, 1);
    for (int z = -100; z <= 100; ++z)
        for (int x = -100; x <= 100; ++x)
            if (terrain.surface_height(x, z) < TerrainParams::kSeaLevel) return {x, TerrainParams::kSeaLevel, z};
    ADD_FAILURE() << "seed 1 has no lake within 100 blocks of the spawn";
    return {0, 0, 0};
}

// A world file keeps the terrain generator it was made with: one made by generator 1 (before
// water) loads without water and stays at 1 when saved again; a new world gets water.
TEST_F(WorldSessionTest, AWorldKeepsTheGeneratorItWasMadeWith) {
    {
        OpenedWorld opened = WorldStore::open((dir_ / "w.db").string());
        WorldMeta meta;
        meta.generator_version = 1;
        meta.seed = 1;
        meta.type = WorldType::kTerrain;
        opened.store->save_meta(meta);
        ASSERT_TRUE(opened.store->flush());
    }
    const BlockPos lake = lake_cell();
    const std::vector<ChunkCoord> chunk = {chunk_of(lake)};
    {
        WorldSession old_world(config(WorldType::kTerrain, 1));
        EXPECT_EQ(old_world.generator_version(), 1);
        old_world.load_now(chunk);
        EXPECT_EQ(old_world.world().block_at(lake), BlockType::kAir) << "generator 1 made no water";
        old_world.save_meta(*old_world.saved_meta());
    }
    WorldSession again(config(WorldType::kTerrain, 1));
    EXPECT_EQ(again.generator_version(), 1);
    WorldSessionConfig fresh = config(WorldType::kTerrain, 1);
    fresh.world_file = (dir_ / "new.db").string();
    WorldSession new_world(fresh);
    EXPECT_EQ(new_world.generator_version(), kGeneratorVersion);
    new_world.load_now(chunk);
    EXPECT_EQ(new_world.world().block_at(lake), BlockType::kWater);
}

// A cell that generator 3 digs out of seed 1's rock (a tunnel under the spawn).
BlockPos cave_cell() {
    const TerrainGenerator caves(WorldType::kTerrain, 1, kFirstCaveGeneratorVersion);
    for (int y = 48; y < 64; ++y)
        for (int z = 32; z < 48; ++z)
            for (int x = 16; x < 32; ++x)
                if (y < caves.surface_height(x, z) - 4 && caves.block_at({x, y, z}) == BlockType::kAir)
                    return {x, y, z};
    ADD_FAILURE() << "seed 1 has no tunnel in chunk 1 3 2";
    return {0, 0, 0};
}

// --caves off makes a new world of generator 2; opened again with the defaults (caves on) it
// keeps generator 2 and stays without caves; --caves on given against it only adds a note.
TEST_F(WorldSessionTest, AWorldMadeWithoutCavesStaysWithoutCaves) {
    const BlockPos cave = cave_cell();
    const std::vector<ChunkCoord> chunk = {chunk_of(cave)};
    {
        WorldSessionConfig off = config(WorldType::kTerrain, 1);
        off.new_generator_version = generator_version_for(false);
        off.caves_given = true;
        WorldSession made(off);
        EXPECT_EQ(made.generator_version(), 2);
        made.load_now(chunk);
        EXPECT_EQ(made.world().block_at(cave), BlockType::kStone);
        made.save_meta(WorldMeta{});
        made.finish_saving(std::chrono::seconds(10));
    }
    {
        WorldSession opened(config(WorldType::kTerrain, 1));  // the defaults: caves on, not given
        EXPECT_EQ(opened.generator_version(), 2);
        opened.load_now(chunk);
        EXPECT_EQ(opened.world().block_at(cave), BlockType::kStone) << "a saved world's ground never changes";
    }
    WorldSessionConfig on = config(WorldType::kTerrain, 1);
    on.caves_given = true;
    testing::internal::CaptureStderr();
    WorldSession noted(on);
    const std::string note = testing::internal::GetCapturedStderr();
    EXPECT_EQ(noted.generator_version(), 2);
    EXPECT_NE(note.find("without caves"), std::string::npos) << note;
    EXPECT_NE(note.find("--caves on is ignored"), std::string::npos) << note;
    EXPECT_EQ(std::count(note.begin(), note.end(), '\n'), 1) << "one line: " << note;
    // A new world with the defaults has caves.
    WorldSessionConfig fresh = config(WorldType::kTerrain, 1);
    fresh.world_file = (dir_ / "new.db").string();
    WorldSession new_world(fresh);
    EXPECT_EQ(new_world.generator_version(), kGeneratorVersion);
    new_world.load_now(chunk);
    EXPECT_EQ(new_world.world().block_at(cave), BlockType::kAir);
}

TEST_F(WorldSessionTest, AWorldFromANewerGeneratorIsRefusedByName) {
    {
        OpenedWorld opened = WorldStore::open((dir_ / "w.db").string());
        WorldMeta meta;
        meta.generator_version = kGeneratorVersion + 1;
        opened.store->save_meta(meta);
        ASSERT_TRUE(opened.store->flush());
    }
    try {
        WorldSession session(config(WorldType::kTerrain, 1));
        FAIL() << "a newer generator's world was opened";
    } catch (const WorldFileError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("w.db"), std::string::npos) << what;
        EXPECT_NE(what.find("terrain generator " + std::to_string(kGeneratorVersion + 1)), std::string::npos) << what;
        EXPECT_NE(what.find("--new"), std::string::npos) << what;
    }
}

TEST(WorldSession, AScriptedRunSavesNothingUnlessAWorldIsNamed) {
    EXPECT_EQ(world_file_for("", "", true), "");
    EXPECT_EQ(world_file_for("/tmp/x.db", "", true), "/tmp/x.db");
    EXPECT_NE(world_file_for("", "mine", true).find("mine.db"), std::string::npos);
    EXPECT_NE(world_file_for("", "", false).find("default.db"), std::string::npos);
    WorldSessionConfig c;
    c.type = WorldType::kFlat;
    c.view_distance = 1;
    WorldSession session(c);
    EXPECT_FALSE(session.stats().saving);
    EXPECT_EQ(session.spawn_ground(), TerrainParams::kFlatGrassY);
}

// update() streams around the camera and the new chunks' cubes take slots.
TEST(WorldSession, UpdateStreamsAroundTheCameraIntoTheSlots) {
    WorldSessionConfig c;
    c.type = WorldType::kTerrain;
    c.view_distance = 1;
    WorldSession session(c);
    const double ground = session.spawn_ground();
    EXPECT_EQ(ground, session.world().terrain().surface_height(0, 0));
    // The workers generate in the background: update as frames would, for up to 20 s.
    for (int frame = 0; frame < 20000 && !(frame > 0 && session.idle()); ++frame) {
        session.update({0.5, ground + 10.0, 0.5}, 256);
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ASSERT_TRUE(session.idle());
    EXPECT_GT(session.stats().world.chunks_loaded, 0u);
    EXPECT_EQ(session.slots().stats().instances, session.stats().world.instances);
    EXPECT_EQ(session.slots().find_invariant_violation(), std::nullopt);
}

}  // namespace
}  // namespace slotcraft
