// The stream planner alone (world/stream_planner.hpp), with its own chunk table and kept
// edits standing in for the world: what it requests, what it lists for dropping and in which
// order, what it discards on arrival, and when it is idle.
#include "world/chunk_table.hpp"
#include "world/kept_edits.hpp"
#include "world/stream_planner.hpp"
#include "world/streaming.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <thread>
#include <tuple>
#include <vector>

namespace slotcraft {
namespace {

using namespace std::chrono_literals;
using Key = std::tuple<int32_t, int32_t, int32_t>;
Key key_of(const ChunkCoord& c) { return {c.x, c.y, c.z}; }

const CpuDeadline kNoDeadline = CpuDeadline::never();  // a deadline no test reaches

// The planner's neighbours in the world, and the planner on them.
struct Planner {
    explicit Planner(int view_distance, int threads = 1)
        : terrain(WorldType::kFlat, 3), planner(terrain, loaded, kept, view_distance, threads) {}
    // Takes every result the workers deliver until nothing is requested, integrating what
    // next_slice hands out into the table (entry numbers are arbitrary), and returns it.
    std::vector<ChunkCoord> take_all() {
        std::vector<ChunkCoord> taken;
        const auto deadline = std::chrono::steady_clock::now() + 60s;
        while (planner.pending() > 0 && std::chrono::steady_clock::now() < deadline) {
            planner.collect_results();
            while (planner.has_results()) {
                for (const GenerationResult& r : planner.next_slice()) {
                    loaded.insert(r.coord, static_cast<uint32_t>(taken.size()));
                    taken.push_back(r.coord);
                }
            }
            std::this_thread::sleep_for(1ms);
        }
        return taken;
    }

    TerrainGenerator terrain;
    ChunkTable loaded;
    KeptEdits kept;
    StreamPlanner planner;
};

TEST(ViewDisc, WantsTheChunksOfTheDiscColumnsWithinTheWorldsHeight) {
    const ViewDisc none;
    EXPECT_FALSE(none.wants({0, 0, 0})) << "no camera yet: nothing is wanted";
    const ViewDisc view{ChunkCoord{10, 4, -3}, 2};
    EXPECT_TRUE(view.wants({10, 0, -3}));
    EXPECT_TRUE(view.wants({12, 15, -3}));
    EXPECT_TRUE(view.wants({11, 7, -2}));
    EXPECT_FALSE(view.wants({12, 7, -1})) << "4 + 4 > 2^2: outside the disc";
    EXPECT_TRUE(view.wants({10, 19, -3}));
    EXPECT_TRUE(view.wants({10, -4, -3}));
    EXPECT_FALSE(view.wants({10, 20, -3}));
    EXPECT_FALSE(view.wants({10, -5, -3}));
    EXPECT_EQ(view.may_load({10, 20, -3}), view.wants({10, 20, -3}));
}

TEST(StreamPlanner, RequestsEveryChunkInViewOnceAndIsIdleWhenAllHaveArrived) {
    Planner p(2);
    const ChunkCoord camera{0, 5, 0};
    EXPECT_TRUE(p.planner.must_replan(camera));
    EXPECT_FALSE(p.planner.idle()) << "idle only after a plan";
    p.planner.restart(camera);
    p.planner.feed_workers(kNoDeadline);
    const StreamPlan plan = plan_streaming(camera, 2, [](ChunkCoord) { return false; }, {});
    EXPECT_EQ(p.planner.pending(), plan.to_load.size());
    for (const ChunkCoord& c : plan.to_load) EXPECT_TRUE(p.planner.requested(c));
    EXPECT_EQ(p.planner.plan_left(), 0u);
    EXPECT_FALSE(p.planner.idle()) << "chunks are still in flight";

    const std::vector<ChunkCoord> taken = p.take_all();
    std::set<Key> arrived;
    for (const ChunkCoord& c : taken) EXPECT_TRUE(arrived.insert(key_of(c)).second) << "a chunk arrived twice";
    std::set<Key> wanted;
    for (const ChunkCoord& c : plan.to_load) wanted.insert(key_of(c));
    EXPECT_EQ(arrived, wanted);
    EXPECT_EQ(p.planner.discarded(), 0u);
    EXPECT_TRUE(p.planner.idle());
    // A second walk over the same view finds everything loaded: nothing more is asked for.
    p.planner.replan(false);
    p.planner.restart(camera);
    p.planner.feed_workers(kNoDeadline);
    EXPECT_EQ(p.planner.pending(), 0u);
    EXPECT_TRUE(p.planner.idle());
}

TEST(StreamPlanner, ListsLoadedChunksOutOfViewBottomUpOnlyWhenTheColumnOrViewChanges) {
    Planner p(2);
    std::vector<ChunkCoord> far;
    for (int y : {7, 2, 11, 0}) {
        p.loaded.insert({0, y, 0}, static_cast<uint32_t>(y));
        p.loaded.insert({9, y, 0}, static_cast<uint32_t>(16 + y));
        far.push_back({9, y, 0});
    }
    EXPECT_TRUE(p.planner.restart({0, 3, 0})) << "the first plan looks for drops";
    std::vector<int> dropped_y;
    std::size_t done = 0;
    while (const std::optional<ChunkCoord> c = p.planner.next_drop(done++, kNoDeadline)) {
        EXPECT_EQ(c->x, 9) << "only the column out of view";
        dropped_y.push_back(c->y);
    }
    EXPECT_EQ(dropped_y, (std::vector<int>{0, 2, 7, 11})) << "bottom up";
    EXPECT_TRUE(p.planner.drops_done());

    // Up and down the same column: no drop scan.
    EXPECT_TRUE(p.planner.must_replan({0, 9, 0}));
    EXPECT_FALSE(p.planner.restart({0, 9, 0}));
    EXPECT_FALSE(p.planner.next_drop(0, kNoDeadline).has_value());
    // Another column: a scan (the far column is still in the table: the planner only lists).
    EXPECT_TRUE(p.planner.restart({1, 9, 0}));
    EXPECT_EQ(p.planner.drops_left(), far.size());
}

TEST(StreamPlanner, ANewViewDistanceReplansWithANewOrderAndRescansDrops) {
    Planner p(1);
    const ChunkCoord camera{0, 5, 0};
    p.planner.restart(camera);
    EXPECT_TRUE(p.planner.plan_current());
    EXPECT_FALSE(p.planner.must_replan(camera));
    p.planner.set_view_distance(3);
    EXPECT_EQ(p.planner.view_distance(), 3);
    EXPECT_FALSE(p.planner.plan_current());
    EXPECT_TRUE(p.planner.must_replan(camera));
    EXPECT_TRUE(p.planner.view_resized());
    EXPECT_TRUE(p.planner.restart(camera)) << "the view's size changed: drops are looked for";
    EXPECT_FALSE(p.planner.view_resized());
    StreamOrder order;
    order.build(3);
    EXPECT_EQ(p.planner.plan_left(), order.offsets().size());
    p.planner.set_view_distance(1000);
    EXPECT_EQ(p.planner.view_distance(), StreamOrder::kMaxViewDistance) << "clamped";
}

// The jobs kept queued or waiting follow the faster side: after an update in which the main
// thread integrated 512 chunks while the workers, their queue empty, delivered none, the next
// feed asks for twice the 512 (with the workers' count alone it asked for the minimum, and the
// main thread then waited with nothing to integrate).
TEST(StreamPlanner, TheQueueTargetFollowsWhatTheMainThreadIntegratedToo) {
    Planner p(8);
    const ChunkCoord camera{0, 5, 0};
    p.planner.restart(camera);
    p.planner.feed_workers(kNoDeadline);
    ASSERT_EQ(p.planner.pending(), 512u) << "the first feed asks for the minimum";
    const auto deadline = std::chrono::steady_clock::now() + 60s;
    while (p.planner.results_waiting() < 512 && std::chrono::steady_clock::now() < deadline) {
        p.planner.collect_results();
        std::this_thread::sleep_for(1ms);
    }
    ASSERT_EQ(p.planner.results_waiting(), 512u);
    std::size_t handed = 0;
    while (p.planner.has_results()) {
        for (const GenerationResult& r : p.planner.next_slice())
            p.loaded.insert(r.coord, static_cast<uint32_t>(handed++));
    }
    ASSERT_EQ(handed, 512u);
    p.planner.collect_results();  // the workers have nothing queued: none delivered
    p.planner.feed_workers(kNoDeadline);
    EXPECT_EQ(p.planner.pending(), 1024u) << "twice what the main thread integrated since the last collect";
}

TEST(StreamPlanner, ArrivalsForChunksThatLeftTheViewAreDiscarded) {
    Planner p(3, 2);
    p.planner.restart({0, 5, 0});
    p.planner.feed_workers(kNoDeadline);
    ASSERT_GT(p.planner.pending(), 0u);
    // Far away: queued jobs go back; those already running arrive out of view.
    p.planner.restart({1000, 5, 0});
    const std::size_t running = p.planner.pending();
    EXPECT_TRUE(p.take_all().empty()) << "nothing out of view is handed out";
    EXPECT_EQ(p.planner.discarded(), running);
    EXPECT_EQ(p.planner.pending(), 0u);
}

TEST(StreamPlanner, AJobCarriesTheKeptEditsOfItsChunk) {
    Planner p(0);
    const ChunkCoord c{0, 3, 0};
    const std::vector<BlockEdit> edits{{local_index(1, 15, 1), BlockType::kBrick}};
    p.kept.import(c, edits);
    p.planner.restart({0, 3, 0});
    p.planner.feed_workers(kNoDeadline);
    const auto deadline = std::chrono::steady_clock::now() + 60s;
    std::optional<GenerationResult> got;
    while (!got && std::chrono::steady_clock::now() < deadline) {
        p.planner.collect_results();
        while (p.planner.has_results()) {
            for (GenerationResult& r : p.planner.next_slice()) {
                if (r.coord == c) got = std::move(r);
            }
        }
        std::this_thread::sleep_for(1ms);
    }
    ASSERT_TRUE(got.has_value());
    EXPECT_EQ(got->chunk->block(local_index(1, 15, 1)), BlockType::kBrick);
}

}  // namespace
}  // namespace slotcraft
