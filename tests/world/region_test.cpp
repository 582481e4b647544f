// Regions where a user's numbers meet arithmetic: a cell count past 64 bits is never wrapped
// (it is refused and said as it is), a paste's far corner is computed in 64 bits, and the
// world's one bound (cells -1e9 .. 1e9 in x and z) holds where cells are written: fill,
// paste, set.
#include "world/edit_journal.hpp"
#include "world/region.hpp"
#include "world/world.hpp"

#include <gtest/gtest.h>

#include <climits>
#include <string>

namespace slotcraft {
namespace {

std::string refusal_of(const Region& r) {
    try {
        check_region(r, "copy");
    } catch (const RegionRefused& e) {
        return e.what();
    }
    return {};
}

// 2^30 x 256 x 2^26 cells is 2^64: the count once wrapped to 0 and passed the limit; copy
// then wrote into an empty vector and fill walked 2^48 chunks.
TEST(Region, ACountOfTwoToTheSixtyFourIsRefusedNotWrapped) {
    const Region r = Region::between({-536870912, 0, 0}, {536870911, 255, 67108863});
    EXPECT_EQ(r.cell_count(), std::nullopt);
    EXPECT_EQ(r.cells(), UINT64_MAX) << "saturated, so every limit check refuses it";
    const std::string why = refusal_of(r);
    EXPECT_NE(why.find("about 1.84e+19 cells"), std::string::npos) << why;
    WorldConfig config;
    config.type = WorldType::kFlat;
    config.view_distance = 1;
    World world(config);
    EXPECT_THROW((void)world.read_region(r, "copy"), RegionRefused);
    EXPECT_THROW(world.apply(
                     r, [](std::size_t, BlockType) { return BlockType::kStone; }, ListEdits::kNo, "fill"),
                 RegionRefused);
    EXPECT_THROW(world.apply(
                     r, [](std::size_t, BlockType t) { return t == BlockType::kStone ? BlockType::kDirt : t; },
                     ListEdits::kNo, "replace"),
                 RegionRefused);
    EXPECT_EQ(world.stats().edits_applied, 0u);
}

// -1e9 .. 1e9 on x and z: about 1.02e21 cells, once said as "9429076969974661376 cells".
TEST(Region, AHugeCountIsSaidAsItIs) {
    const Region r = Region::between({-1'000'000'000, 0, -1'000'000'000}, {1'000'000'000, 255, 1'000'000'000});
    EXPECT_EQ(describe_size(r), "2000000001 by 256 by 2000000001 (about 1.02e+21 cells)");
    EXPECT_NE(refusal_of(r).find("about 1.02e+21 cells"), std::string::npos);
    const Region exact = Region::between({0, 0, 0}, {2'000'000'000, 255, 2'000'000'000});  // ~1.02e21 too
    EXPECT_EQ(exact.cell_count(), std::nullopt);
    EXPECT_EQ(Region::between({0, 0, 0}, {3, 1, 0}).cell_count(), 8u);
}

// A paste at 1e9 100 1e9 with a 10^3 clipboard once wrote cells up to 1e9 + 9, past the bound.
TEST(Region, APastePastTheWorldsBoundIsRefusedAndItsCornerNeverWraps) {
    const glm::ivec3 ten{10, 10, 10};
    EXPECT_THROW(checked_region_at({1'000'000'000, 100, 1'000'000'000}, ten, "paste"), RegionRefused);
    EXPECT_THROW(checked_region_at({INT32_MAX, 100, 0}, ten, "paste"), RegionRefused) << "no int32 wrap";
    EXPECT_THROW(checked_region_at({0, 314, 0}, ten, "paste"), RegionRefused) << "above y 319";
    const Region ok = checked_region_at({999'999'991, 100, -1'000'000'000}, ten, "paste");
    EXPECT_EQ(ok.max, (BlockPos{1'000'000'000, 109, -999'999'991}));
    EXPECT_NE(
        refusal_of(Region::between({999'999'999, 100, 0}, {1'000'000'001, 100, 0})).find("-1000000000 .. 1000000000"),
        std::string::npos);
    EXPECT_EQ(refusal_of(Region::between({999'999'999, 100, 0}, {1'000'000'000, 100, 0})), "");
}

// set_block keeps to the same bound: a single cell past it is refused as such.
TEST(Region, ASingleCellPastTheBoundIsRefusedBySetBlock) {
    WorldConfig config;
    config.type = WorldType::kFlat;
    config.view_distance = 1;
    World world(config);
    try {
        world.set_block({1'000'000'001, 100, 0}, BlockType::kStone);
        FAIL() << "a cell past the bound was written";
    } catch (const EditRefused& e) {
        EXPECT_EQ(e.reason, EditError::kOutOfBound);
    }
}

// position_of is index_of's inverse over a region of uneven extents.
TEST(Region, PositionOfIsTheInverseOfIndexOf) {
    const Region r{{-3, 10, 7}, {1, 12, 9}};
    for (std::size_t i = 0; i < r.cells(); ++i) ASSERT_EQ(r.index_of(r.position_of(i)), i);
    EXPECT_EQ(r.position_of(0), r.min);
    EXPECT_EQ(r.position_of(r.cells() - 1), r.max);
}

// Merged steps (a brush stroke): the box of their regions, each cell's value from the oldest
// step that changed it, the rest unchanged; only the steps recorded since the stroke began (an
// undo in between is not counted); a box past the region limit keeps them apart.
TEST(EditJournal, MergingAStrokesStepsKeepsEachCellsOldestValue) {
    EditJournal journal;
    journal.record(EditStep::record(Region{{0, 0, 0}, {0, 0, 0}}, std::vector<uint8_t>{5}));  // before the stroke
    const uint64_t stroke = journal.next_serial();
    journal.record(EditStep::record(Region{{0, 0, 0}, {1, 0, 0}}, std::vector<uint8_t>{1, kUnchangedCell}));
    journal.record(EditStep::record(Region{{1, 0, 0}, {2, 0, 1}}, std::vector<uint8_t>{2, 3, 4, kUnchangedCell}));
    journal.record(EditStep::record(Region{{0, 0, 0}, {0, 0, 0}}, std::vector<uint8_t>{9}));
    const EditJournal::Merge m = journal.merge_since(stroke, EditKind::kBrush);
    EXPECT_TRUE(m.merged);
    EXPECT_EQ(m.steps, 3u);
    EXPECT_EQ(journal.undo_depth(), 2u) << "the step before the stroke stays apart";
    const std::optional<EditStep> merged = journal.take_undo();
    ASSERT_TRUE(merged);
    EXPECT_EQ(merged->kind(), EditKind::kBrush);
    EXPECT_EQ(merged->region(), (Region{{0, 0, 0}, {2, 0, 1}}));
    // Region order (x, then z): (0,0,0) 1 (the oldest of 1 and 9), (1,0,0) 2, (2,0,0) 3,
    // (0,0,1) never changed, (1,0,1) 4, (2,0,1) unchanged.
    EXPECT_EQ(merged->expand(), (std::vector<uint8_t>{1, 2, 3, kUnchangedCell, 4, kUnchangedCell}));
    EXPECT_EQ(merged->cells_changed(), 4u);

    // A stroke with an undo in between: the undone step is gone, and the step before the
    // stroke is not taken in.
    const uint64_t second = journal.next_serial();
    journal.record(EditStep::record(Region{{3, 0, 0}, {3, 0, 0}}, std::vector<uint8_t>{1}));
    ASSERT_TRUE(journal.take_undo());
    journal.record(EditStep::record(Region{{4, 0, 0}, {4, 0, 0}}, std::vector<uint8_t>{1}));
    EXPECT_FALSE(journal.merge_since(second, EditKind::kBrush).merged) << "one step since: nothing to merge";
    EXPECT_EQ(journal.undo_depth(), 2u);

    const uint64_t far = journal.next_serial();
    journal.record(EditStep::record(Region{{400, 0, 0}, {400, 0, 0}}, std::vector<uint8_t>{1}));
    journal.record(EditStep::record(Region{{0, 0, 400}, {0, 255, 400}}, std::vector<uint8_t>(256, 1)));
    const EditJournal::Merge apart = journal.merge_since(far, EditKind::kBrush);
    EXPECT_FALSE(apart.merged) << "a box of 401 x 256 x 401 cells is past the limit";
    EXPECT_EQ(apart.steps, 2u);
    EXPECT_EQ(journal.undo_depth(), 4u);
}

}  // namespace
}  // namespace slotcraft
