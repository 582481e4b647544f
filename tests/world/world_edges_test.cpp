// The world at the ends of its coordinate range, and streaming with edits at chunk borders
// (the path where one update unloads, loads and fixes up borders together).
#include <gtest/gtest.h>

#include <chrono>
#include <climits>
#include <random>
#include <thread>

#include "instance_model.hpp"
#include "world/world.hpp"

namespace slotcraft {
namespace {

WorldConfig config(WorldType type, int view_distance) {
    WorldConfig c;
    c.type = type;
    c.view_distance = view_distance;
    c.worker_threads = 1;
    return c;
}

// UBSan (in the dev preset, abort on error) turns any signed overflow here into a failure.
// The last chunks of the range load; edits keep to the world's one bound (cells -1e9 .. 1e9,
// docs/world.md "Regions"), which lies inside them.
TEST(WorldEdges, LoadsAndEditsAtTheLastChunksOfTheRange) {
    World world(config(WorldType::kTerrain, 1));
    const ChunkCoord last[] = {{kMaxChunkXZ - 1, 4, kMaxChunkXZ - 1}, {-kMaxChunkXZ, 4, -kMaxChunkXZ}};
    EXPECT_EQ(world.load_now(last).loaded.size(), 2u);
    const BlockPos corner = chunk_origin(last[0]) + glm::ivec3(15, 15, 15);
    for (const BlockPos& p : {corner, chunk_origin(last[1])}) {
        try {
            world.set_block(p, BlockType::kGlass);
            ADD_FAILURE() << "an edit past the world's bound was accepted";
        } catch (const EditRefused& e) {
            EXPECT_EQ(e.reason, EditError::kOutOfBound);
        }
    }
    const int32_t bound = static_cast<int32_t>(kWorldCellBound);
    const ChunkCoord at_bound[] = {chunk_of({bound, 70, bound}), chunk_of({-bound, 70, -bound})};
    EXPECT_EQ(world.load_now(at_bound).loaded.size(), 2u);
    EXPECT_NO_THROW(world.set_block({bound, 70, bound}, BlockType::kGlass));
    EXPECT_NO_THROW(world.set_block({-bound, 70, -bound}, BlockType::kStone));
}

TEST(WorldEdges, NothingBeyondTheRangeLoadsOrAcceptsEdits) {
    World world(config(WorldType::kFlat, 1));
    const ChunkCoord beyond[] = {{kMaxChunkXZ, 4, 0}, {INT_MAX / 16, 4, 0}, {0, 4, INT_MIN / 16}};
    EXPECT_TRUE(world.load_now(beyond).loaded.empty());
    for (const BlockPos p : {BlockPos{INT_MAX, 70, 5}, BlockPos{INT_MIN, 70, INT_MIN}}) {
        try {
            world.set_block(p, BlockType::kStone);
            ADD_FAILURE() << "an edit beyond the range was accepted";
        } catch (const EditRefused& e) {
            EXPECT_EQ(e.reason, EditError::kOutOfBound);
        }
    }
}

TEST(WorldEdges, StreamingAtAndBeyondTheEdgeStaysInsideTheRange) {
    World world(config(WorldType::kFlat, 2));
    for (const glm::dvec3 camera : {glm::dvec3{2147483640.0, 70, 0}, glm::dvec3{-1e15, 70, 1e15}}) {
        for (int i = 0; i < 5000 && !(i > 0 && world.idle()); ++i) {
            world.update(camera);
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
        EXPECT_TRUE(world.idle());
        EXPECT_GT(world.stats().chunks_loaded, 0u);
        for (const ChunkCoord& c : world.loaded_coords()) EXPECT_TRUE(chunk_in_world(c));
    }
}

// Terrain streaming while the camera wanders and edits hit chunk borders: the event stream,
// replayed into a model, always equals a brute-force recomputation of every mask.
TEST(WorldEdges, StreamingWithBorderEditsMatchesBruteForce) {
    WorldConfig c = config(WorldType::kTerrain, 2);
    c.seed = 3;
    c.worker_threads = 2;
    c.stream_budget_ms = 0.05;  // about one slice a frame
    World world(c);
    test::InstanceModel model;
    std::mt19937 rng(1);
    glm::dvec3 camera{8, 80, 8};
    // Border fix-ups reach the renderer only for chunks it was shown; a chunk still waiting
    // for a neighbour takes them (and edits) in its masks, and its list goes out whole later.
    size_t edits_while_waiting = 0;
    for (int step = 0; step < 200; ++step) {
        if (step % 5 == 0) {
            camera.x += (static_cast<int>(rng() % 3) - 1) * 16.0;
            camera.z += (static_cast<int>(rng() % 3) - 1) * 16.0;
        }
        model.apply(world.update(camera));
        for (int i = 0; i < 30; ++i) {
            BlockPos p{static_cast<int>(camera.x) + static_cast<int>(rng() % 64) - 32,
                       55 + static_cast<int>(rng() % 40),
                       static_cast<int>(camera.z) + static_cast<int>(rng() % 64) - 32};
            if (rng() % 2) p.x = (p.x & ~15) + (rng() % 2 ? 15 : 0);  // on a chunk border
            if (rng() % 2) p.z = (p.z & ~15) + (rng() % 2 ? 15 : 0);
            try {
                model.apply(world.set_block(p, rng() % 2 ? BlockType::kAir : BlockType::kGlass));
                edits_while_waiting += model.has_chunk(chunk_of(p)) ? 0 : 1;
            } catch (const EditRefused&) {  // its chunk is not loaded yet
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    for (int i = 0; i < 20000 && !world.idle(); ++i) {
        model.apply(world.update(camera));
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    EXPECT_GT(edits_while_waiting, 0u) << "some edits landed in chunks loaded but not shown yet";
    EXPECT_EQ(test::count_exposure_mismatches(world, model), 0u);
}

}  // namespace
}  // namespace slotcraft
