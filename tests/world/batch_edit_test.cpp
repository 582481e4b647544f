// The one batch edit path (World::apply) against a model of cells and against brute-force
// exposure; regions and their limits; the clipboard's rotation; the undo journal.
#include "instance_model.hpp"
#include "world/edit_journal.hpp"
#include "world/region.hpp"
#include "world/world.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <random>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

namespace slotcraft {
namespace {

struct PosLess {
    bool operator()(const BlockPos& a, const BlockPos& b) const {
        return std::tie(a.x, a.y, a.z) < std::tie(b.x, b.y, b.z);
    }
};

// What every touched cell holds, per the rules alone; untouched cells are the terrain's.
class CellModel {
public:
    explicit CellModel(const TerrainGenerator& terrain) : terrain_(terrain) {}
    BlockType at(const BlockPos& p) const {
        const auto it = cells_.find(p);
        return it == cells_.end() ? terrain_.block_at(p) : it->second;
    }
    void set(const BlockPos& p, BlockType t) { cells_[p] = t; }

private:
    const TerrainGenerator& terrain_;
    std::map<BlockPos, BlockType, PosLess> cells_;
};

// Every cell of `r` as the world reads it (loaded or not) against the model.
std::size_t count_cell_mismatches(const World& world, const CellModel& model, const Region& r) {
    const std::vector<BlockType> got = world.read_region(r);
    std::size_t bad = 0;
    for (int y = r.min.y; y <= r.max.y; ++y)
        for (int z = r.min.z; z <= r.max.z; ++z)
            for (int x = r.min.x; x <= r.max.x; ++x) {
                const BlockPos p{x, y, z};
                if (got[r.index_of(p)] == model.at(p)) continue;
                if (++bad <= 5)
                    ADD_FAILURE() << "cell " << x << " " << y << " " << z << " holds " << block_name(got[r.index_of(p)])
                                  << ", the model says " << block_name(model.at(p));
            }
    return bad;
}

WorldConfig flat(int view_distance = 2) {
    WorldConfig c;
    c.type = WorldType::kFlat;
    c.view_distance = view_distance;
    c.worker_threads = 2;
    return c;
}

TEST(BatchEdit, AFillChangesEveryCellAndExposureOnceWithRemovalsFirst) {
    World world(flat());
    test::InstanceModel model;
    std::vector<ChunkCoord> coords;
    for (int x = -1; x <= 1; ++x)
        for (int z = -1; z <= 1; ++z)
            for (int y = 3; y <= 4; ++y) coords.push_back({x, y, z});
    model.apply(world.load_now(coords));
    const Region r = Region::between({-5, 60, -7}, {9, 70, 4});  // across chunk borders
    const EditResult result = world.apply(r, [](std::size_t, BlockType) { return BlockType::kBrick; });
    // Every cell below 64 was stone, dirt or grass, above it air: all of them change.
    EXPECT_EQ(result.cells_changed, r.cells());
    EXPECT_EQ(result.before.size(), r.cells());
    bool seen_other = false;
    std::map<std::tuple<int, int, int, uint16_t>, int> per_cube;
    for (const InstanceChange& c : result.changes) {
        if (c.kind != InstanceChange::Kind::kRemoved) seen_other = true;
        EXPECT_FALSE(seen_other && c.kind == InstanceChange::Kind::kRemoved) << "a removal after an addition";
        const auto key = std::make_tuple(c.chunk.x, c.chunk.y, c.chunk.z, c.index);
        EXPECT_EQ(++per_cube[key], 1) << "two changes for one cube";
    }
    for (const InstanceChange& c : result.changes) model.apply(c);
    EXPECT_EQ(test::count_exposure_mismatches(world, model), 0u);
    EXPECT_EQ(world.block_at({-5, 60, -7}), BlockType::kBrick);
    EXPECT_EQ(result.before[0], static_cast<uint8_t>(BlockType::kDirt));  // y 60: dirt
    EXPECT_EQ(result.before[r.index_of({9, 70, 4})], static_cast<uint8_t>(BlockType::kAir));
}

TEST(BatchEdit, RandomBatchesOnLoadedAndUnloadedChunksMatchTheModel) {
    World world(flat());
    test::InstanceModel model;
    CellModel cells(world.terrain());
    std::vector<ChunkCoord> coords;
    for (int x = -1; x <= 1; ++x)
        for (int z = -1; z <= 0; ++z)
            for (int y = 3; y <= 4; ++y) coords.push_back({x, y, z});
    model.apply(world.load_now(coords));
    std::mt19937 rng(14);
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    const Region area = Region::between({-20, 55, -20}, {30, 75, 20});  // reaches unloaded chunks
    for (int step = 0; step < 40; ++step) {
        const BlockPos a{pick(-20, 30), pick(55, 75), pick(-20, 20)};
        const BlockPos b = a + glm::ivec3(pick(-8, 8), pick(-4, 4), pick(-8, 8));
        const Region r = Region::between(glm::clamp(b, area.min, area.max), a);
        const auto to = static_cast<BlockType>(pick(0, kBlockTypeCount - 1));
        const auto from = static_cast<BlockType>(pick(0, kBlockTypeCount - 1));
        const bool replace = pick(0, 1) == 1;
        const EditResult result = world.apply(r, [&](std::size_t, BlockType old) {
            return !replace || old == from ? to : old;
        });
        std::size_t changed = 0;
        for (int y = r.min.y; y <= r.max.y; ++y)
            for (int z = r.min.z; z <= r.max.z; ++z)
                for (int x = r.min.x; x <= r.max.x; ++x) {
                    const BlockPos p{x, y, z};
                    const BlockType old = cells.at(p);
                    const BlockType now = !replace || old == from ? to : old;
                    EXPECT_EQ(result.before[r.index_of(p)], now == old ? kUnchangedCell : static_cast<uint8_t>(old));
                    if (now != old) ++changed;
                    cells.set(p, now);
                }
        EXPECT_EQ(result.cells_changed, changed);
        for (const InstanceChange& c : result.changes) model.apply(c);
        ASSERT_EQ(count_cell_mismatches(world, cells, area), 0u) << "step " << step;
        if (step % 10 == 9) {
            ASSERT_EQ(test::count_exposure_mismatches(world, model), 0u) << "step " << step;
        }
    }
    // Loading the chunks that were edited unloaded: their kept edits are there.
    std::vector<ChunkCoord> more;
    for (int x = -2; x <= 2; ++x)
        for (int z = -2; z <= 2; ++z)
            for (int y = 3; y <= 4; ++y) more.push_back({x, y, z});
    model.apply(world.load_now(more));
    EXPECT_EQ(count_cell_mismatches(world, cells, area), 0u);
    EXPECT_EQ(test::count_exposure_mismatches(world, model), 0u);
}

TEST(BatchEdit, EditsOfChunksBeingGeneratedAreAppliedWhenTheyArrive) {
    World world(flat(3));
    test::InstanceModel model;
    CellModel cells(world.terrain());
    const glm::dvec3 camera{8.0, 70.0, 8.0};
    model.apply(world.update(camera));  // everything requested, little integrated yet
    const Region r = Region::between({-40, 62, -40}, {40, 66, 40});
    const EditResult result = world.apply(r, [](std::size_t, BlockType) { return BlockType::kGlass; });
    for (const InstanceChange& c : result.changes) model.apply(c);
    for (int y = r.min.y; y <= r.max.y; ++y)
        for (int z = r.min.z; z <= r.max.z; ++z)
            for (int x = r.min.x; x <= r.max.x; ++x) cells.set({x, y, z}, BlockType::kGlass);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!world.idle() && std::chrono::steady_clock::now() < deadline) {
        model.apply(world.update(camera));
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ASSERT_TRUE(world.idle());
    EXPECT_EQ(count_cell_mismatches(world, cells, r), 0u);
    EXPECT_EQ(test::count_exposure_mismatches(world, model), 0u);
}

TEST(BatchEdit, RefusedRegionsChangeNothingAndNameTheLimit) {
    World world(flat());
    test::InstanceModel model;
    const std::vector<ChunkCoord> coords{{0, 3, 0}, {0, 4, 0}};
    model.apply(world.load_now(coords));
    const auto before = world.instances({0, 3, 0});
    auto refusal = [&](const Region& r) -> std::string {
        try {
            world.apply(
                r, [](std::size_t, BlockType) { return BlockType::kStone; }, ListEdits::kNo, "fill");
        } catch (const RegionRefused& e) {
            return e.what();
        }
        return "";
    };
    EXPECT_NE(refusal(Region::between({0, 0, 0}, {256, 255, 255})).find("16777216"), std::string::npos);
    EXPECT_NE(refusal(Region::between({0, 314, 0}, {3, 320, 3})).find("-64..319"), std::string::npos);
    EXPECT_NE(refusal(Region::between({0, -65, 0}, {3, 3, 3})).find("-64..319"), std::string::npos);
    const int edge = kMaxChunkXZ * kChunkSize;
    EXPECT_NE(refusal(Region::between({edge - 2, 64, 0}, {edge, 64, 0})).find("bounds"), std::string::npos);
    // 256^3 exactly is allowed by the count (checked without editing: y reaches 256 cells).
    EXPECT_NO_THROW(check_region(Region::at({0, 0, 0}, {256, 256, 256}), "fill"));
    EXPECT_EQ(world.instances({0, 3, 0}), before);
    EXPECT_EQ(world.block_at({0, 64, 0}), BlockType::kAir);
    EXPECT_EQ(world.stats().edits_applied, 0u);
    EXPECT_EQ(world.stats().edited_chunks_unloaded, 0u);
}

// [SECTION] the clipboard

// An L of three blocks on a 3 x 2 x 2 clipboard, every cell distinct where it matters.
Clipboard asymmetric() {
    Clipboard c;
    c.size = {3, 2, 2};
    c.cells.assign(12, BlockType::kAir);
    c.cells[c.index(0, 0, 0)] = BlockType::kStone;
    c.cells[c.index(1, 0, 0)] = BlockType::kDirt;
    c.cells[c.index(2, 0, 0)] = BlockType::kBrick;
    c.cells[c.index(0, 0, 1)] = BlockType::kLog;
    c.cells[c.index(2, 1, 1)] = BlockType::kGlass;
    return c;
}

TEST(Clipboard, RotateFollowsTheRuleForEveryCell) {
    const Clipboard c = asymmetric();
    const Clipboard r90 = rotated(c, 1);
    ASSERT_EQ(r90.size, glm::ivec3(2, 2, 3));
    for (int dy = 0; dy < 2; ++dy)
        for (int dz = 0; dz < 2; ++dz)
            for (int dx = 0; dx < 3; ++dx) EXPECT_EQ(r90.at(2 - 1 - dz, dy, dx), c.at(dx, dy, dz));
    // Clockwise seen from above: the block east of the corner (brick, +x) ends up south (+z).
    EXPECT_EQ(r90.at(1, 0, 2), BlockType::kBrick);
    EXPECT_EQ(r90.at(0, 0, 0), BlockType::kLog);
    const Clipboard r180 = rotated(c, 2);
    ASSERT_EQ(r180.size, c.size);
    for (int dy = 0; dy < 2; ++dy)
        for (int dz = 0; dz < 2; ++dz)
            for (int dx = 0; dx < 3; ++dx) EXPECT_EQ(r180.at(2 - dx, dy, 1 - dz), c.at(dx, dy, dz));
    EXPECT_EQ(rotated(r90, 1).cells, r180.cells);
    const Clipboard r270 = rotated(c, 3);
    EXPECT_EQ(rotated(r180, 1).cells, r270.cells);
    ASSERT_EQ(r270.size, glm::ivec3(2, 2, 3));
    for (int dy = 0; dy < 2; ++dy)
        for (int dz = 0; dz < 2; ++dz)
            for (int dx = 0; dx < 3; ++dx) EXPECT_EQ(r270.at(dz, dy, 3 - 1 - dx), c.at(dx, dy, dz));
    EXPECT_EQ(rotated(c, 4).cells, c.cells);
    EXPECT_EQ(rotated(c, -1).cells, r270.cells);
}

// [SECTION] the journal

TEST(EditJournal, StepsRoundTripCompactlyAndTheBudgetDropsTheOldest) {
    const Region r = Region::at({0, 0, 0}, {64, 64, 64});
    std::vector<uint8_t> before(r.cells(), static_cast<uint8_t>(BlockType::kAir));
    const EditStep fill = EditStep::record(r, before);
    EXPECT_EQ(fill.expand(), before);
    EXPECT_EQ(fill.cells_changed(), r.cells());
    EXPECT_LT(fill.bytes(), 256u) << "a fill over air is one run";
    // The worst case: every other cell changed, all different: at most 8 bytes a changed cell.
    std::mt19937 rng(3);
    for (std::size_t i = 0; i < before.size(); ++i)
        before[i] = i % 2 ? kUnchangedCell : static_cast<uint8_t>(rng() % kBlockTypeCount);
    const EditStep mixed = EditStep::record(r, before);
    EXPECT_EQ(mixed.expand(), before);
    EXPECT_LE(mixed.bytes(), 8 * mixed.cells_changed() + sizeof(EditStep));

    EditJournal journal(mixed.bytes() + fill.bytes() / 2);
    EXPECT_EQ(journal.record(fill), 0u);
    EXPECT_EQ(journal.record(mixed), 1u) << "the oldest step goes";
    EXPECT_EQ(journal.undo_depth(), 1u);
    EXPECT_EQ(journal.bytes(), mixed.bytes());
    std::optional<EditStep> undo = journal.take_undo();
    ASSERT_TRUE(undo);
    EXPECT_EQ(undo->expand(), before);
    EXPECT_FALSE(journal.take_undo());
    EXPECT_EQ(journal.push_redo(fill), 0u);
    EXPECT_EQ(journal.redo_depth(), 1u);
    EXPECT_EQ(journal.record(fill), 0u);
    EXPECT_EQ(journal.redo_depth(), 0u) << "a new edit clears the redo steps";
    EXPECT_EQ(journal.bytes(), fill.bytes());
}

}  // namespace
}  // namespace slotcraft
