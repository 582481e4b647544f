// The loaded chunks alone (world/loaded_chunks.hpp) against a model: a set of loaded
// coordinates under random loads and unloads. Every entry links the 26 chunks the model
// holds around it (check_links), a chunk is shown once every neighbour the view may load
// is in (and not before), each chunk goes out to the renderer once, and stale handles find
// nothing.
#include "world/change_tracker.hpp"
#include "world/loaded_chunks.hpp"
#include "world/shade.hpp"
#include "world/streaming.hpp"
#include "world/terrain.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <tuple>
#include <vector>

namespace slotcraft {
namespace {

using Key = std::tuple<int32_t, int32_t, int32_t>;
Key key_of(const ChunkCoord& c) { return {c.x, c.y, c.z}; }

// Loads and unloads chunks of a flat world the way the world does, and keeps the model.
struct Table {
    explicit Table(ViewDisc v) : terrain(WorldType::kFlat, 7), chunks(64), view(v) {}

    void load(const std::vector<ChunkCoord>& coords, bool show_all = false) {
        std::vector<GenerationResult> batch;
        for (const ChunkCoord& c : coords) {
            GenerationResult r{c, build_chunk(terrain, {c, {}}), {}};
            r.inner = inner_instances(*r.chunk);
            batch.push_back(std::move(r));
            model.insert(key_of(c));
        }
        chunks.integrate(std::move(batch), view, events, tracker, show_all);
        settle();
    }
    void unload(const ChunkCoord& c) {
        chunks.unload(*chunks.entry_of(c), events, tracker);
        model.erase(key_of(c));
        ever_ready.erase(key_of(c));
        settle();
    }
    // The end of a batch: what the renderer heard, counted per chunk.
    void settle() {
        for (const ChunkLoaded& l : events.loaded) ++shown_count[key_of(l.coord)];
        for (const ChunkCoord& c : events.unloaded) --shown_count[key_of(c)];
        events = {};
        tracker.clear();
        tracker.light.clear();
        for (const Key& k : model) {
            if (ready_in_model({std::get<0>(k), std::get<1>(k), std::get<2>(k)})) ever_ready.insert(k);
        }
    }
    // Every neighbour the view may load is in the model. Loads only make a chunk ready and
    // unloads never hide one: a chunk is shown once it has been ready since it loaded.
    bool ready_in_model(const ChunkCoord& c) const {
        for (int dy = -1; dy <= 1; ++dy)
            for (int dz = -1; dz <= 1; ++dz)
                for (int dx = -1; dx <= 1; ++dx) {
                    const ChunkCoord n{c.x + dx, c.y + dy, c.z + dz};
                    if (view.may_load(n) && !model.contains(key_of(n))) return false;
                }
        return true;
    }
    void expect_agrees_with_model() const {
        EXPECT_EQ(chunks.check_links(view, true), std::nullopt);
        ASSERT_EQ(chunks.size(), model.size());
        std::size_t waiting = 0;
        for (const Key& k : model) {
            const ChunkCoord c{std::get<0>(k), std::get<1>(k), std::get<2>(k)};
            const std::optional<uint32_t> e = chunks.entry_of(c);
            ASSERT_TRUE(e.has_value());
            const bool shown = chunks.entry(*e).shown;
            EXPECT_EQ(shown, ever_ready.contains(k)) << to_string(c);
            const auto it = shown_count.find(k);
            EXPECT_EQ(it == shown_count.end() ? 0 : it->second, shown ? 1 : 0)
                << to_string(c) << ": the renderer heard of it once, when it was shown";
            waiting += shown ? 0 : 1;
        }
        EXPECT_EQ(chunks.waiting(), waiting);
    }

    TerrainGenerator terrain;
    LoadedChunks chunks;
    ViewDisc view;
    ChangeTracker tracker;
    WorldEvents events;
    std::set<Key> model;
    std::set<Key> ever_ready;  // loaded chunks that have been ready since they loaded
    std::map<Key, int> shown_count;
};

TEST(LoadedChunks, LinksAndShowsAgreeWithTheModelUnderRandomLoadsAndUnloads) {
    // A view of radius 1 around column (0, 0) (5 columns) inside a box of 3 x 3 columns, so
    // chunks in view and out of it, at the world's top and bottom, fill up and wait.
    Table t(ViewDisc{ChunkCoord{0, 2, 0}, 1});
    std::mt19937 rng(27);
    std::uniform_int_distribution<int> xz(-1, 1), y(kMinChunkY, kTopChunkY), batch(1, 8);
    std::size_t shown_at_most = 0;
    for (int step = 0; step < 200; ++step) {
        if (t.model.empty() || rng() % 4 != 0) {
            std::vector<ChunkCoord> coords;
            std::set<Key> in_batch;
            for (int k = batch(rng); k > 0; --k) {
                const ChunkCoord c{xz(rng), y(rng), xz(rng)};
                if (!t.model.contains(key_of(c)) && in_batch.insert(key_of(c)).second) coords.push_back(c);
            }
            t.load(coords);
        } else {
            // Unloads in the ground: one in open sky relights its whole neighbourhood (slow
            // under the sanitizers, and the light is light_test's subject, not this test's).
            std::vector<Key> ground;
            for (const Key& k : t.model) {
                if (std::get<1>(k) <= 3) ground.push_back(k);
            }
            if (ground.empty()) continue;
            const Key& k = ground[rng() % ground.size()];
            t.unload({std::get<0>(k), std::get<1>(k), std::get<2>(k)});
        }
        ASSERT_NO_FATAL_FAILURE(t.expect_agrees_with_model()) << "step " << step;
        if (HasFailure()) return;
        shown_at_most = std::max(shown_at_most, t.chunks.size() - t.chunks.waiting());
    }
    EXPECT_GT(shown_at_most, 60u) << "the walk must show chunks, not only keep them waiting";
}

TEST(LoadedChunks, AHandleGoesStaleWhenItsChunkUnloadsAndTheEntryIsReused) {
    Table t(ViewDisc{ChunkCoord{0, 0, 0}, 0});
    t.load({{0, 3, 0}});
    const ChunkHandle h = *t.chunks.handle({0, 3, 0});
    ASSERT_NE(t.chunks.chunk(h), nullptr);
    EXPECT_EQ(t.chunks.chunk(h)->coord(), (ChunkCoord{0, 3, 0}));
    t.unload({0, 3, 0});
    EXPECT_EQ(t.chunks.chunk(h), nullptr);
    t.load({{0, 4, 0}});
    const ChunkHandle again = *t.chunks.handle({0, 4, 0});
    EXPECT_EQ(again.index, h.index) << "the freed entry is handed out again";
    EXPECT_EQ(t.chunks.chunk(h), nullptr) << "the old handle stays stale";
    EXPECT_EQ(t.chunks.integrated(), 2u);
    EXPECT_EQ(t.chunks.unloaded(), 1u);
}

TEST(LoadedChunks, AWaitingChunkIsShownWhenItsMissingNeighbourLeavesTheView) {
    Table t(ViewDisc{ChunkCoord{0, 2, 0}, 1});
    std::vector<ChunkCoord> column;
    for (int y = kMinChunkY; y <= kTopChunkY; ++y) column.push_back({0, y, 0});
    t.load(column);
    EXPECT_EQ(t.chunks.waiting(), column.size()) << "the four columns next to it are in view and missing";
    t.view.view_distance = 0;
    t.chunks.recheck_waiting();
    EXPECT_TRUE(t.chunks.must_recheck_waiting());
    t.chunks.show_waiting(t.view, t.events, t.tracker);
    EXPECT_FALSE(t.chunks.must_recheck_waiting());
    EXPECT_EQ(t.events.loaded.size(), column.size());
    t.settle();
    EXPECT_EQ(t.chunks.waiting(), 0u);
    t.expect_agrees_with_model();
}

TEST(LoadedChunks, ShowAllShowsAtOnceAndOnlyShownChunksAreUnloadedToTheRenderer) {
    Table t(ViewDisc{ChunkCoord{0, 2, 0}, 3});
    t.load({{0, 2, 0}}, true);
    EXPECT_EQ(t.chunks.waiting(), 0u) << "show_all: shown though its neighbours are missing";
    t.load({{2, 2, 0}});
    EXPECT_EQ(t.chunks.waiting(), 1u);
    t.chunks.unload(*t.chunks.entry_of({2, 2, 0}), t.events, t.tracker);
    EXPECT_TRUE(t.events.unloaded.empty()) << "the renderer never heard of a chunk not shown";
    t.chunks.unload(*t.chunks.entry_of({0, 2, 0}), t.events, t.tracker);
    ASSERT_EQ(t.events.unloaded.size(), 1u);
    EXPECT_EQ(t.events.unloaded[0], (ChunkCoord{0, 2, 0}));
    EXPECT_EQ(t.chunks.waiting(), 0u);
    EXPECT_EQ(t.chunks.check_links(t.view, true), std::nullopt);
}

}  // namespace
}  // namespace slotcraft
