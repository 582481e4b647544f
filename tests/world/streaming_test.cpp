// Streaming: the plan (disc, nearest first, drops), the worker pool, and the world
// streaming around a moving camera: all in view gets loaded, a long walk stays bounded.
#include "instance_model.hpp"
#include "world/streaming.hpp"
#include "world/world.hpp"

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <set>
#include <thread>
#include <tuple>

namespace slotcraft {
namespace {

using namespace std::chrono_literals;

// Runs frames until the world is idle (or a generous time limit passes), replaying events.
bool stream_until_idle(World& world, const glm::dvec3& camera, test::InstanceModel& model) {
    const auto deadline = std::chrono::steady_clock::now() + 60s;
    while (std::chrono::steady_clock::now() < deadline) {
        model.apply(world.update(camera));
        if (world.idle()) return true;
        std::this_thread::sleep_for(1ms);
    }
    return false;
}

WorldConfig streaming_config(int view_distance, int threads) {
    WorldConfig c;
    c.type = WorldType::kFlat;
    c.view_distance = view_distance;
    c.worker_threads = threads;
    c.stream_budget_ms = 0.2;  // a few slices a frame: streaming spans many updates
    return c;
}

TEST(StreamPlan, WantsEveryChunkOfEachColumnInTheDiscNearestFirst) {
    const ChunkCoord cam{10, 4, -3};
    const StreamPlan plan = plan_streaming(cam, 3, [](ChunkCoord) { return false; }, {});
    EXPECT_EQ(columns_in_view(3), 29u);  // 7x7 square minus the 20 cells outside the disc
    EXPECT_EQ(max_loaded_chunks(kDefaultViewDistance), 197u * 24u);
    ASSERT_EQ(plan.to_load.size(), max_loaded_chunks(3));
    EXPECT_EQ(plan.to_load.front(), cam);
    int64_t last = -1;
    std::set<std::tuple<int, int, int>> unique;
    for (const ChunkCoord& c : plan.to_load) {
        const int64_t dx = c.x - cam.x, dy = c.y - cam.y, dz = c.z - cam.z;
        const int64_t d = dx * dx + dy * dy + dz * dz;
        EXPECT_GE(d, last) << "nearest first";
        last = d;
        EXPECT_LE(dx * dx + dz * dz, 9);
        EXPECT_TRUE(chunk_y_in_world(c.y));
        unique.insert({c.x, c.y, c.z});
    }
    EXPECT_EQ(unique.size(), plan.to_load.size());
}

TEST(StreamPlan, SkipsKnownChunksAndDropsThoseOutsideTheDisc) {
    const ChunkCoord cam{0, 0, 0};
    const std::vector<ChunkCoord> loaded{{0, 0, 0}, {2, 5, 0}, {3, 1, 0}, {2, 0, 2}, {-5, 9, 1}};
    auto known = [&loaded](ChunkCoord c) { return std::find(loaded.begin(), loaded.end(), c) != loaded.end(); };
    const StreamPlan plan = plan_streaming(cam, 2, known, loaded);
    EXPECT_EQ(plan.to_load.size(), max_loaded_chunks(2) - 2);  // (0,0,0) and (2,5,0) are known
    const std::vector<ChunkCoord> expected_drops{{3, 1, 0}, {2, 0, 2}, {-5, 9, 1}};
    EXPECT_EQ(plan.to_drop, expected_drops);
}

TEST(StreamPlan, CameraChunkIsFloorDividedAndClampedToTheWorld) {
    EXPECT_EQ(camera_chunk({-0.5, 70.0, 15.99}), (ChunkCoord{-1, 4, 0}));
    EXPECT_EQ(camera_chunk({16.0, 400.0, -16.0}), (ChunkCoord{1, 19, -1}));
    EXPECT_EQ(camera_chunk({0.0, -30.0, 0.0}), (ChunkCoord{0, -2, 0}));
    EXPECT_EQ(camera_chunk({0.0, -100.0, 0.0}), (ChunkCoord{0, -4, 0}));
}

// Collects results until `expected` arrived or 30 s passed; checks each is what was asked.
std::set<int> collect(GenerationPool& pool, std::size_t expected) {
    std::set<int> done;
    const auto deadline = std::chrono::steady_clock::now() + 30s;
    while (done.size() < expected && std::chrono::steady_clock::now() < deadline) {
        for (const GenerationResult& r : pool.take_results()) {
            EXPECT_NE(r.chunk, nullptr);
            EXPECT_EQ(r.chunk->coord(), r.coord);
            EXPECT_TRUE(done.insert(r.coord.x).second) << "generated twice";
        }
        std::this_thread::sleep_for(1ms);
    }
    return done;
}

TEST(GenerationPool, GeneratesEverythingSubmittedWithItsEdits) {
    const TerrainGenerator terrain(WorldType::kFlat, 5);
    GenerationPool pool(terrain, 2);
    std::vector<GenerationJob> jobs;
    for (int i = 0; i < 50; ++i) jobs.push_back({{i, 3, 0}, {{local_index(1, 15, 1), BlockType::kBrick}}});
    pool.submit(std::move(jobs));
    EXPECT_EQ(collect(pool, 50).size(), 50u);
    EXPECT_EQ(pool.queued(), 0u);
    EXPECT_TRUE(pool.take_results().empty());
    // The edits were applied before the masks: a worker's chunk is complete.
    const GenerationJob edited{{0, 3, 0}, {{local_index(1, 15, 1), BlockType::kGlass}}};
    const auto chunk = build_chunk(terrain, edited);
    EXPECT_EQ(chunk->block(local_index(1, 15, 1)), BlockType::kGlass);
    EXPECT_EQ(chunk->mask(local_index(1, 14, 1)), face_bit(kPosY));
}

TEST(GenerationPool, CancelsWhatNoWorkerHasStarted) {
    const TerrainGenerator terrain(WorldType::kTerrain, 5);
    GenerationPool pool(terrain, 2);
    std::vector<GenerationJob> jobs;
    for (int i = 0; i < 400; ++i) jobs.push_back({{i, 4, 0}, {}});
    pool.submit(std::move(jobs));
    std::vector<ChunkCoord> cancelled;
    for (const GenerationJob& job : pool.cancel_queued()) cancelled.push_back(job.coord);
    EXPECT_EQ(pool.queued(), 0u);
    EXPECT_FALSE(cancelled.empty());
    const std::set<int> done = collect(pool, 400 - cancelled.size());
    EXPECT_EQ(done.size() + cancelled.size(), 400u) << "every job either ran or was cancelled";
    for (const ChunkCoord& c : cancelled) EXPECT_FALSE(done.contains(c.x));
}

TEST(WorldStreaming, LoadsEveryChunkInViewAndTellsTheRendererExactly) {
    World world(streaming_config(2, 2));
    test::InstanceModel model;
    const glm::dvec3 camera{-20.0, 80.0, 40.0};
    EXPECT_FALSE(world.idle()) << "nothing planned yet";
    ASSERT_TRUE(stream_until_idle(world, camera, model));
    const World::Stats s = world.stats();
    EXPECT_EQ(s.chunks_loaded, max_loaded_chunks(2));
    EXPECT_EQ(s.stream_pending, 0u);
    EXPECT_EQ(world.pending(), 0u);
    EXPECT_EQ(s.chunks_integrated, max_loaded_chunks(2));
    // The disc's rim faces unloaded chunks (hidden), the inside shows only grass tops.
    EXPECT_EQ(s.instances, 13u * 256u);
    EXPECT_EQ(model.instance_count(), s.instances);
    EXPECT_EQ(test::count_exposure_mismatches(world, model, [](ChunkCoord c) { return c.y == 3 || c.y == 4; }), 0u);
}

// Whether every neighbour of loaded chunk c that lies in the view is loaded: the rule for
// showing a streamed chunk.
bool neighbours_in(const World& world, ChunkCoord c, ChunkCoord camera, int view_distance) {
    for (int dy = -1; dy <= 1; ++dy)
        for (int dz = -1; dz <= 1; ++dz)
            for (int dx = -1; dx <= 1; ++dx) {
                const ChunkCoord n{c.x + dx, c.y + dy, c.z + dz};
                if (chunk_y_in_world(n.y) && column_in_view(camera.x, camera.z, n.x, n.z, view_distance) &&
                    !world.chunk_loaded(n)) {
                    return false;
                }
            }
    return true;
}

// A streamed chunk is shown (its list sent) exactly when its neighbours in view are in; no
// change ever names a chunk not shown (the model asserts it), an edit of a chunk not shown
// yet reaches the renderer in its list, and at the end every chunk is shown and exact.
TEST(WorldStreaming, AChunkIsShownOnceItsNeighboursInViewAreLoaded) {
    WorldConfig config = streaming_config(3, 1);
    config.type = WorldType::kTerrain;
    World world(config);
    test::InstanceModel model;
    const glm::dvec3 camera{40.0, 70.0, -24.0};
    const ChunkCoord cam = camera_chunk(camera);
    std::size_t waited = 0, updates = 0;
    std::optional<BlockPos> edited;
    const auto until = std::chrono::steady_clock::now() + 60s;
    while (!world.idle() && std::chrono::steady_clock::now() < until) {
        model.apply(world.update(camera));
        ++updates;
        std::size_t unshown = 0;
        for (const ChunkCoord& c : world.loaded_coords()) {
            const bool ready = neighbours_in(world, c, cam, 3);
            ASSERT_EQ(model.has_chunk(c), ready) << "chunk " << test::to_string(c) << " after update " << updates;
            if (ready) continue;
            ++unshown;
            // Edit one chunk with cubes while it waits: the edit names no chunk not shown.
            if (!edited && world.chunk(*world.handle(c))->instance_count() > 0) {
                const BlockPos p = world_position(c, world.instances(c).front().index);  // a cube in view
                const EditChanges changes = world.set_block(p, BlockType::kGlass);
                for (const InstanceChange& ch : changes)
                    EXPECT_FALSE(ch.chunk == c) << "a change for a chunk not shown";
                model.apply(changes);
                edited = p;
            }
        }
        EXPECT_EQ(world.stats().chunks_unshown, unshown);
        waited = std::max(waited, unshown);
        ASSERT_EQ(world.check_links(), std::nullopt);
        std::this_thread::sleep_for(1ms);
    }
    ASSERT_TRUE(world.idle());
    EXPECT_GT(waited, 0u) << "some chunks waited for a neighbour";
    ASSERT_TRUE(edited.has_value());
    EXPECT_EQ(world.stats().chunks_unshown, 0u);
    EXPECT_EQ(model.chunk_count(), world.stats().chunks_loaded);
    EXPECT_EQ(model.type(chunk_of(*edited), local_index(*edited)), BlockType::kGlass)
        << "the edit went out in the list";
    EXPECT_EQ(test::count_exposure_mismatches(world, model, [](ChunkCoord) { return true; }), 0u);
}

// A chunk waiting for a neighbour that leaves the view (the view shrinks mid-stream) is
// shown by the next update: nothing stays hidden once it cannot get another neighbour.
TEST(WorldStreaming, AWaitingChunkIsShownWhenItsMissingNeighbourLeavesTheView) {
    World world(streaming_config(4, 1));
    test::InstanceModel model;
    const glm::dvec3 camera{8.0, 70.0, 8.0};
    const ChunkCoord cam = camera_chunk(camera);
    // Chunks of the smaller disc that wait only for neighbours outside it.
    auto waiting_for_the_rim = [&] {
        std::size_t n = 0;
        for (const ChunkCoord& c : world.loaded_coords()) {
            if (column_in_view(cam.x, cam.z, c.x, c.z, 2) && !model.has_chunk(c) && neighbours_in(world, c, cam, 2)) {
                ++n;
            }
        }
        return n;
    };
    const auto until = std::chrono::steady_clock::now() + 60s;
    while (waiting_for_the_rim() == 0 && !world.idle() && std::chrono::steady_clock::now() < until) {
        model.apply(world.update(camera));
        std::this_thread::sleep_for(1ms);
    }
    ASSERT_GT(waiting_for_the_rim(), 0u) << "chunks of the inner disc wait for the outer ring";
    world.set_view_distance(2);
    model.apply(world.update(camera, CpuDeadline{0.0}));
    for (const ChunkCoord& c : world.loaded_coords()) {
        if (!column_in_view(cam.x, cam.z, c.x, c.z, 2)) continue;
        EXPECT_EQ(model.has_chunk(c), neighbours_in(world, c, cam, 2)) << "chunk " << test::to_string(c);
    }
    EXPECT_EQ(world.check_links(), std::nullopt);
    ASSERT_TRUE(stream_until_idle(world, camera, model));
    EXPECT_EQ(model.chunk_count(), max_loaded_chunks(2));
}

// load_now shows a chunk that is loaded but still waits, at once; later arrivals around it
// then reach the renderer as changes, and the end matches the blocks.
TEST(WorldStreaming, LoadNowShowsAChunkThatWaits) {
    WorldConfig config = streaming_config(3, 1);
    config.type = WorldType::kTerrain;
    World world(config);
    test::InstanceModel model;
    const glm::dvec3 camera{-30.0, 75.0, 12.0};
    std::optional<ChunkCoord> waiting;
    const auto until = std::chrono::steady_clock::now() + 60s;
    while (!waiting && !world.idle() && std::chrono::steady_clock::now() < until) {
        model.apply(world.update(camera));
        for (const ChunkCoord& c : world.loaded_coords()) {
            if (!model.has_chunk(c) && world.chunk(*world.handle(c))->instance_count() > 0) waiting = c;
        }
        std::this_thread::sleep_for(1ms);
    }
    ASSERT_TRUE(waiting.has_value()) << "a chunk with cubes waited for a neighbour";
    const std::size_t before = world.stats().chunks_unshown;
    const std::array<ChunkCoord, 1> one{*waiting};
    const WorldEvents events = world.load_now(one);
    ASSERT_EQ(events.loaded.size(), 1u);
    EXPECT_TRUE(events.loaded.front().coord == *waiting);
    model.apply(events);
    EXPECT_EQ(world.stats().chunks_unshown, before - 1);
    ASSERT_TRUE(stream_until_idle(world, camera, model));
    EXPECT_EQ(world.check_links(), std::nullopt);
    EXPECT_EQ(test::count_exposure_mismatches(world, model, [](ChunkCoord) { return true; }), 0u);
}

TEST(WorldStreaming, TheChunkUnderTheCameraLoadsFirst) {
    WorldConfig config = streaming_config(3, 1);
    config.type = WorldType::kTerrain;
    World world(config);
    const glm::dvec3 camera{100.0, 70.0, -50.0};
    const auto deadline = std::chrono::steady_clock::now() + 30s;
    std::optional<ChunkCoord> first;
    while (!first && std::chrono::steady_clock::now() < deadline) {
        const WorldEvents e = world.update(camera);
        if (!e.loaded.empty()) first = e.loaded.front().coord;
        std::this_thread::sleep_for(1ms);
    }
    ASSERT_TRUE(first.has_value());
    EXPECT_EQ(*first, camera_chunk(camera));
}

TEST(WorldStreaming, LongStraightWalkKeepsLoadedChunksWithinTheBound) {
    World world(streaming_config(2, 2));
    test::InstanceModel model;
    const std::size_t bound = max_loaded_chunks(2);
    glm::dvec3 camera{8.0, 70.0, 8.0};
    ASSERT_TRUE(stream_until_idle(world, camera, model));
    std::size_t max_entries = world.stats().chunk_entries;
    for (int step = 0; step < 60; ++step) {
        camera.x += 16.0;  // one chunk per step, a few frames each
        for (int frame = 0; frame < 3; ++frame) {
            model.apply(world.update(camera));
            ASSERT_LE(world.stats().chunks_loaded, bound);
            std::this_thread::sleep_for(1ms);
        }
        if (step % 20 == 19) {
            ASSERT_TRUE(stream_until_idle(world, camera, model));
        }
        // Loads and drops keep every chunk's neighbour links equal to the chunk table.
        const std::optional<std::string> links = world.check_links();
        ASSERT_FALSE(links.has_value()) << *links;
        max_entries = std::max(max_entries, world.stats().chunk_entries);
    }
    ASSERT_TRUE(stream_until_idle(world, camera, model));
    const World::Stats s = world.stats();
    EXPECT_EQ(s.chunks_loaded, bound);
    EXPECT_LE(max_entries, bound) << "the handle table does not grow with distance walked";
    EXPECT_GT(s.chunks_unloaded, 1000u) << "the walk really dropped chunks";
    EXPECT_EQ(s.chunks_integrated, s.chunks_unloaded + s.chunks_loaded);
    for (const ChunkCoord& c : world.loaded_coords()) {
        EXPECT_TRUE(column_in_view(camera_chunk(camera).x, camera_chunk(camera).z, c.x, c.z, 2));
    }
    EXPECT_EQ(model.instance_count(), s.instances);
    EXPECT_EQ(test::count_exposure_mismatches(world, model, [](ChunkCoord c) { return c.y == 3; }), 0u);
}

TEST(WorldStreaming, JumpingAwayCancelsQueuedWorkAndDropsLateArrivals) {
    World world(streaming_config(4, 1));
    test::InstanceModel model;
    model.apply(world.update({0.0, 70.0, 0.0}));
    const glm::dvec3 far{50000.0, 70.0, 0.0};
    model.apply(world.update(far));
    // Only the new view's chunks (plus at most the one a worker was busy with) are pending.
    EXPECT_LE(world.pending(), max_loaded_chunks(4) + 1);
    ASSERT_TRUE(stream_until_idle(world, far, model));
    for (const ChunkCoord& c : world.loaded_coords()) EXPECT_GT(c.x, 3000);
    EXPECT_EQ(world.stats().chunks_loaded, max_loaded_chunks(4));
    EXPECT_EQ(world.check_links(), std::nullopt);
}

TEST(WorldStreaming, ChangingViewDistanceReplansAndDestructionMidStreamJoinsCleanly) {
    World world(streaming_config(1, 2));
    test::InstanceModel model;
    const glm::dvec3 camera{0.0, 70.0, 0.0};
    ASSERT_TRUE(stream_until_idle(world, camera, model));
    EXPECT_EQ(world.stats().chunks_loaded, max_loaded_chunks(1));
    world.set_view_distance(3);
    EXPECT_FALSE(world.idle());
    ASSERT_TRUE(stream_until_idle(world, camera, model));
    EXPECT_EQ(world.stats().chunks_loaded, max_loaded_chunks(3));
    world.set_view_distance(2);
    // Drops run under the budget too (8 an update at least, the clock looked at every 8):
    // the 248 chunks outside the smaller disc go within a few updates, before any load.
    model.apply(world.update(camera));
    for (int update = 0; update < 248 && world.stats().drops_left > 0; ++update) {
        EXPECT_EQ(world.stats().stream_pending, 0u) << "loads wait for the drops";
        model.apply(world.update(camera));
    }
    EXPECT_EQ(world.stats().drops_left, 0u);
    EXPECT_EQ(world.stats().chunks_loaded, max_loaded_chunks(2));
    EXPECT_EQ(model.chunk_count(), max_loaded_chunks(2));

    // A world destroyed with work queued and running stops its workers and joins them.
    auto busy = std::make_unique<World>(streaming_config(8, 2));
    busy->update({0.0, 70.0, 0.0});
    std::this_thread::sleep_for(5ms);
    busy.reset();
    SUCCEED();
}

TEST(StreamOrder, MatchesASortedReferenceAndSkipsNothing) {
    for (int r : {0, 1, 3, 7}) {
        StreamOrder order;
        order.build(r);
        std::vector<std::tuple<int, int, int, int>> reference;  // (d, dx, dz, dy)
        for (int dx = -r; dx <= r; ++dx)
            for (int dz = -r; dz <= r; ++dz)
                for (int dy = -(kChunksPerColumn - 1); dy <= kChunksPerColumn - 1; ++dy)
                    if (column_in_view(0, 0, dx, dz, r))
                        reference.emplace_back(dx * dx + dy * dy + dz * dz, dx, dz, dy);
        std::sort(reference.begin(), reference.end());
        ASSERT_EQ(order.offsets().size(), reference.size()) << "r " << r;
        for (std::size_t i = 0; i < reference.size(); ++i) {
            const StreamOrder::Offset o = order.offsets()[i];
            ASSERT_EQ(std::make_tuple(o.dx * o.dx + o.dy * o.dy + o.dz * o.dz, int{o.dx}, int{o.dz}, int{o.dy}),
                      reference[i])
                << "r " << r << " at " << i;
        }
    }
    StreamOrder widest;
    widest.build(StreamOrder::kMaxViewDistance);
    EXPECT_EQ(widest.offsets().size(), columns_in_view(64) * static_cast<std::size_t>(2 * kChunksPerColumn - 1));
    EXPECT_EQ(offset_chunk({0, kMinChunkY, 0}, {0, -1, 0}), std::nullopt) << "below the world";
    EXPECT_EQ(offset_chunk({kMaxChunkXZ - 1, 3, 0}, {1, 0, 0}), std::nullopt) << "past the world's edge";
}

// The budget is a deadline: an update whose deadline has passed still integrates one slice
// (progress on any machine) and no more; a generous one takes everything that is ready.
TEST(WorldStreaming, TheDeadlineBoundsIntegrationToASliceAtLeast) {
    WorldConfig config = streaming_config(2, 2);
    World world(config);
    test::InstanceModel model;
    const glm::dvec3 camera{8.0, 70.0, 8.0};
    model.apply(world.update(camera, CpuDeadline{0.0}));  // plans and queues, integrates nothing
    const auto until = std::chrono::steady_clock::now() + 30s;
    while (world.stats().stream_queued > 0 && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(1ms);
    std::this_thread::sleep_for(50ms);  // the last running jobs finish
    const std::size_t before = world.stats().chunks_loaded;
    model.apply(world.update(camera, CpuDeadline{0.0}));
    const std::size_t past = world.stats().chunks_loaded - before;
    EXPECT_GE(past, 1u);
    EXPECT_LE(past, 16u) << "one slice: at most 16 chunks (fewer once they hold 512 cubes)";
    model.apply(world.update(camera, CpuDeadline::after(10000.0)));
    EXPECT_GT(world.stats().chunks_loaded - before - past, past);
    ASSERT_TRUE(stream_until_idle(world, camera, model));
    EXPECT_EQ(world.stats().chunks_loaded, max_loaded_chunks(2));
    EXPECT_EQ(world.stats().plan_left, 0u);
    EXPECT_EQ(model.instance_count(), world.stats().instances);
}

// View distance 64 plans without a comparison sort and keeps the queue short: the first
// update returns quickly and queues a few hundred jobs, not the 200,000 chunks in view.
TEST(WorldStreaming, TheWidestViewPlansInSlices) {
    WorldConfig config = streaming_config(StreamOrder::kMaxViewDistance, 1);
    World world(config);
    world.update({0.0, 70.0, 0.0});
    const World::Stats s = world.stats();
    EXPECT_LE(s.stream_pending, 1024u);
    EXPECT_GT(s.plan_left, 100000u);
    EXPECT_EQ(s.view_distance, 64);
    world.set_view_distance(200);
    EXPECT_EQ(world.view_distance(), StreamOrder::kMaxViewDistance) << "clamped to what the order table holds";
}

}  // namespace
}  // namespace slotcraft
