// The Editor over a flat world (grass at y 63, air above): break, place and pick at the
// crosshair, water picked through, the corners B and N, the Edit panel's copy and paste, the
// journal's dropped steps, `expect` and `set`, each with the message the user sees; refusals
// are one Refused and change nothing.
#include "edit/editor.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "edit/world_session.hpp"
#include "ui/overlay.hpp"

namespace slotcraft {
namespace {

WorldSessionConfig flat_world(std::size_t undo_bytes = EditJournal::kDefaultMiB * 1024 * 1024) {
    WorldSessionConfig c;
    c.type = WorldType::kFlat;
    c.view_distance = 1;
    c.undo_bytes = undo_bytes;
    return c;  // no world file: nothing is saved
}

class EditorTest : public ::testing::Test {
protected:
    explicit EditorTest(std::size_t undo_bytes = EditJournal::kDefaultMiB * 1024 * 1024)
        : session_(flat_world(undo_bytes)),
          editor_(session_, eye_, player_, hotbar_, 7, [this](std::string m) { said_.push_back(std::move(m)); }) {
        std::vector<ChunkCoord> column;
        for (int y = kMinChunkY; y <= kTopChunkY; ++y) column.push_back({0, y, 0});
        session_.load_now(column);
        look_down_at(0, 0);
    }
    // The eye three blocks over the ground at column x z, looking straight down.
    void look_down_at(int x, int z) {
        eye_.position = {x + 0.5, 66.5, z + 0.5};
        eye_.pitch = -90.0;
    }
    BlockType at(const BlockPos& p) const { return *session_.world().block_at(p); }
    // The message of the Refused `action` throws ("" when it does not).
    template <typename F>
    static std::string refusal(F&& action) {
        try {
            action();
        } catch (const Refused& e) {
            return e.what();
        }
        return {};
    }

    WorldSession session_;
    Camera eye_;
    Player player_{{0.5, 80.0, 0.5}};
    Hotbar hotbar_;
    std::vector<std::string> said_;
    Editor editor_;
};

TEST_F(EditorTest, BreakPlaceAndPickActAtTheCrosshair) {
    ASSERT_TRUE(editor_.crosshair_hit());
    EXPECT_EQ(editor_.crosshair_hit()->block, (BlockPos{0, 63, 0}));
    editor_.act(Action::kPlace, BlockType::kBrick);
    EXPECT_EQ(at({0, 64, 0}), BlockType::kBrick) << "placed on the targeted face";
    editor_.act(Action::kPick, std::nullopt);
    EXPECT_EQ(hotbar_.selected_type(), BlockType::kBrick);
    editor_.act(Action::kBreak, std::nullopt);
    EXPECT_EQ(at({0, 64, 0}), BlockType::kAir);
    EXPECT_TRUE(said_.empty());
}

TEST_F(EditorTest, PickTakesWaterWhenTheCrosshairMeetsItFirst) {
    session_.edit({0, 64, 0}, BlockType::kWater);
    EXPECT_EQ(editor_.crosshair_hit()->block, (BlockPos{0, 63, 0})) << "the pick ray passes through water";
    editor_.act(Action::kPick, std::nullopt);
    EXPECT_EQ(hotbar_.selected_type(), BlockType::kWater);
}

TEST_F(EditorTest, RefusedActionsSayWhyAndChangeNothing) {
    player_.set_feet({0.5, 64.0, 0.5});
    EXPECT_EQ(refusal([&] { editor_.act(Action::kPlace, BlockType::kStone); }),
              "cannot place a block inside the player");
    EXPECT_EQ(at({0, 64, 0}), BlockType::kAir);
    eye_.pitch = 90.0;  // the sky
    EXPECT_EQ(refusal([&] { editor_.act(Action::kBreak, std::nullopt); }),
              "nothing targeted: no block within reach (8 blocks) under the crosshair");
    EXPECT_EQ(refusal([&] { editor_.set_corner(true); }), "") << "the sky: a corner in the air at the pick reach";
    EXPECT_NE(said_.back().find("(in the air)"), std::string::npos) << said_.back();
    editor_.clear_region();
    EXPECT_EQ(refusal([&] { editor_.perform({EditRequest::Op::kPaste}); }),
              "cannot paste: nothing copied yet (the clipboard is empty); select a region and copy it first")
        << "the empty clipboard is the real reason, whatever the crosshair meets";
    EXPECT_EQ(refusal([&] { editor_.rotate(90); }),
              "cannot rotate: nothing copied yet (the clipboard is empty); select a region and copy it first");
    EXPECT_EQ(refusal([&] { editor_.fill(BlockType::kStone); }),
              "cannot fill: no region is selected; select one with `region X1 Y1 Z1 X2 Y2 Z2` or the B and N keys");
    EXPECT_EQ(refusal([&] { editor_.undo(); }), "cannot undo: nothing to undo (the undo journal is empty)");
    EXPECT_EQ(refusal([&] {
                  editor_.set_block({0, 330, 0}, BlockType::kStone);
              }),
              "cannot set stone at 0 330 0: " + std::string(describe(EditError::kOutOfHeight)));
    EXPECT_EQ(refusal([&] {
                  editor_.set_region(Region::between({0, 0, 0}, {1, 330, 1}));
              }).rfind("cannot select a region from y 0 to y 330", 0),
              0u);
    EXPECT_FALSE(editor_.region());
}

TEST_F(EditorTest, CornersBAndNMakeTheRegionAndSaySo) {
    editor_.set_corner(true);
    EXPECT_FALSE(editor_.region()) << "one corner is no region yet";
    EXPECT_EQ(editor_.lone_corner(), (BlockPos{0, 63, 0})) << "the world marks it";
    look_down_at(3, 2);
    editor_.set_corner(false);
    ASSERT_TRUE(editor_.region());
    EXPECT_FALSE(editor_.lone_corner()) << "the region's box shows instead";
    EXPECT_EQ(editor_.region()->min, (BlockPos{0, 63, 0}));
    EXPECT_EQ(editor_.region()->max, (BlockPos{3, 63, 2}));
    EXPECT_EQ(said_, (std::vector<std::string>{"first corner at 0 63 0",
                                               "second corner at 3 63 2: region 4 by 1 by 3 (12 cells)"}));
    editor_.set_region(std::nullopt);
    EXPECT_FALSE(editor_.region());
    EXPECT_EQ(said_.back(), "region cleared (it was 4 by 1 by 3 (12 cells))");
}

TEST_F(EditorTest, CornersReachAsFarAsTheLoadedWorldNotOnlyThePickReach) {
    eye_.position = {0.5, 100.5, 0.5};  // 37 blocks over the grass, looking straight down
    eye_.pitch = -90.0;
    EXPECT_FALSE(editor_.crosshair_hit()) << "beyond the pick reach";
    editor_.set_corner(true);
    editor_.set_corner(false);
    ASSERT_TRUE(editor_.region());
    EXPECT_EQ(editor_.region()->min, (BlockPos{0, 63, 0}));
    EXPECT_EQ(editor_.paste_origin("paste"), (BlockPos{0, 64, 0})) << "paste goes as far, on the targeted face";
}

// Every operation's own line is checked in the real program (EditorRender.*, through the
// stats key hud.message); here what only the Editor decides: a fill that changes fewer cells
// than it covers says so, and clearing with nothing selected.
TEST_F(EditorTest, AFillSaysHowManyCellsChangedAndClearingNothingSaysSo) {
    editor_.set_region(Region::between({0, 64, 0}, {3, 64, 2}));
    editor_.fill(BlockType::kStone);
    editor_.fill(BlockType::kStone);
    editor_.clear_region();
    editor_.clear_region();
    EXPECT_EQ(said_,
              (std::vector<std::string>{"region 4 by 1 by 3 (12 cells) from 0 64 0 to 3 64 2",
                                        "filled 12 cells with stone", "filled 12 cells with stone (0 changed)",
                                        "region cleared (it was 4 by 1 by 3 (12 cells))", "no region to clear"}));
}

TEST_F(EditorTest, UndoNamesTheSingleEditItTakesBack) {
    editor_.act(Action::kPlace, BlockType::kBrick);
    editor_.undo();
    editor_.redo();
    editor_.act(Action::kBreak, std::nullopt);
    editor_.undo();
    editor_.set_block({3, 64, 3}, BlockType::kLamp);
    editor_.undo();
    EXPECT_EQ(said_, (std::vector<std::string>{"undid place of 1 cell", "redid place of 1 cell",
                                               "undid break of 1 cell", "undid set of 1 cell"}));
}

TEST_F(EditorTest, PasteSkipsTheClipboardsAirUnlessTheSwitchIsOn) {
    editor_.set_block({0, 64, 0}, BlockType::kStone);  // stone, air, stone
    editor_.set_block({2, 64, 0}, BlockType::kStone);
    editor_.set_region(Region::between({0, 64, 0}, {2, 64, 0}));
    editor_.copy();
    editor_.set_region(Region::between({0, 64, 3}, {2, 64, 3}));
    editor_.fill(BlockType::kBrick);
    const std::size_t depth = session_.journal().undo_depth();
    editor_.paste({0, 64, 3});
    EXPECT_EQ(at({1, 64, 3}), BlockType::kBrick) << "the clipboard's air left what was under it";
    EXPECT_EQ(at({0, 64, 3}), BlockType::kStone);
    EXPECT_EQ(session_.journal().undo_depth(), depth + 1);
    editor_.undo();
    EXPECT_EQ(at({0, 64, 3}), BlockType::kBrick);
    editor_.set_paste_air(true);
    EXPECT_EQ(said_.back(), "paste air on: the clipboard's air overwrites");
    editor_.paste({0, 64, 3});
    EXPECT_EQ(at({1, 64, 3}), BlockType::kAir) << "with the switch on, air overwrites";
    EXPECT_EQ(session_.journal().undo_depth(), depth + 1) << "one undo step";
    editor_.undo();
    EXPECT_EQ(at({1, 64, 3}), BlockType::kBrick);
    EXPECT_EQ(at({2, 64, 3}), BlockType::kBrick);
}

TEST_F(EditorTest, ThePanelsCopySaysWhatItCopiedAndPasteGoesInFrontOfTheTargetedFace) {
    editor_.set_region(Region::between({4, 63, 4}, {5, 63, 5}));
    editor_.fill(BlockType::kGlass);
    editor_.perform({EditRequest::Op::kCopy});
    EXPECT_EQ(said_.back(), "copied " + describe_size(*editor_.region()));
    editor_.perform({EditRequest::Op::kPaste});
    EXPECT_EQ(at({0, 64, 0}), BlockType::kGlass);
    EXPECT_EQ(at({1, 64, 1}), BlockType::kGlass);
    editor_.perform({EditRequest::Op::kUndo});
    EXPECT_EQ(at({0, 64, 0}), BlockType::kAir);
    editor_.perform({EditRequest::Op::kRedo});
    EXPECT_EQ(at({0, 64, 0}), BlockType::kGlass);
    editor_.perform({EditRequest::Op::kReplace, BlockType::kStone, BlockType::kGlass});
    EXPECT_EQ(at({4, 63, 4}), BlockType::kStone);
}

TEST_F(EditorTest, ExpectNamesTheCellAndWhatItHolds) {
    EXPECT_EQ(refusal([&] { editor_.expect({0, 63, 0}, BlockType::kGrass); }), "");
    EXPECT_EQ(refusal([&] {
                  editor_.expect({0, 63, 0}, BlockType::kStone);
              }),
              "expect: the cell 0 63 0 holds grass, not stone");
    EXPECT_EQ(refusal([&] {
                  editor_.expect({99, 63, 0}, BlockType::kStone);
              }),
              "expect: the cell 99 63 0 cannot be read: its chunk is not loaded (move the camera near it first)");
    EXPECT_EQ(refusal([&] {
                  editor_.expect({0, -65, 0}, BlockType::kStone);
              }),
              "expect: the cell 0 -65 0 cannot be read: it is below the world (y -64..319)");
}

// A journal of a few hundred bytes keeps about three one-run steps: the user is told.
class EditorWithASmallJournal : public EditorTest {
protected:
    EditorWithASmallJournal() : EditorTest(200) {}
};

TEST_F(EditorWithASmallJournal, DroppedStepsAreSaid) {
    for (int i = 0; i < 6; ++i) {
        editor_.set_region(Region::between({0, 64 + i, 0}, {15, 64 + i, 15}));
        editor_.fill(BlockType::kStone);
    }
    const auto dropped = std::find_if(said_.begin(), said_.end(),
                                      [](const std::string& m) { return m.find("; undo dropped the ") != m.npos; });
    ASSERT_NE(dropped, said_.end());
    EXPECT_EQ(dropped->rfind("filled 256 cells with stone; undo dropped the 1 oldest step to stay within --undo-mib 7",
                             0),
              0u)
        << *dropped;
}

// A step larger than the whole budget is the one dropped: the user is told that this
// operation cannot be undone (not that an old step went), and undo then has nothing.
TEST_F(EditorWithASmallJournal, AStepOverTheWholeBudgetIsSaidAsLostNotAsAnOldStepDropped) {
    editor_.set_region(Region::between({0, 64, 0}, {0, 64, 0}));
    said_.clear();
    editor_.fill(BlockType::kBrick);  // one small step, kept: its message says nothing of undo
    ASSERT_EQ(said_.size(), 1u);
    EXPECT_EQ(said_.front().find("undo"), std::string::npos) << said_.front();
    // A checkerboard under the fill: thousands of runs, far over 200 bytes.
    for (int x = 0; x < 16; ++x)
        for (int z = 0; z < 16; ++z)
            if ((x + z) % 2 == 0) session_.edit({x, 65, z}, BlockType::kStone);
    editor_.set_region(Region::between({0, 65, 0}, {15, 66, 15}));
    said_.clear();
    testing::internal::CaptureStderr();
    editor_.fill(BlockType::kDirt);
    const std::string err = testing::internal::GetCapturedStderr();
    ASSERT_EQ(said_.size(), 1u);
    EXPECT_EQ(said_.front().find("dropped the"), std::string::npos) << said_.front();
    EXPECT_NE(said_.front().find("this operation cannot be undone"), std::string::npos) << said_.front();
    EXPECT_NE(err.find("warning: undo: this operation cannot be undone"), std::string::npos)
        << "a script's user reads stderr: " << err;
    EXPECT_EQ(session_.journal().undo_depth(), 0u);
    EXPECT_EQ(at({0, 65, 0}), BlockType::kDirt) << "the fill itself is done";
}

// [SECTION] building: shapes, masks, patterns, move, stack, walls, hollow, the region's keys

namespace build {

class BuildTest : public EditorTest {
protected:
    // Every cell of `r` as the world holds it.
    std::vector<BlockType> cells(const Region& r) const { return session_.world().read_region(r); }
};

TEST_F(BuildTest, AShapeGivesItsCellsAndOneUndoRestoresEveryCell) {
    const Region r{{1, 64, 1}, {11, 74, 11}};
    const std::vector<BlockType> before = cells(r);
    editor_.set_region(r);
    editor_.shape(ShapeKind::kSphere, Pattern(BlockType::kStone), false);
    std::size_t in = 0;
    for (std::size_t i = 0; i < r.cells(); ++i) {
        const BlockPos p = r.position_of(i);
        ASSERT_EQ(at(p), in_shape(ShapeKind::kSphere, r, p) ? BlockType::kStone : BlockType::kAir) << to_string(p);
        in += in_shape(ShapeKind::kSphere, r, p) ? 1 : 0;
    }
    EXPECT_EQ(said_.back(), "sphere of stone in 11 by 11 by 11: " + std::to_string(in) + " cells changed");
    editor_.undo();
    EXPECT_EQ(cells(r), before);
    EXPECT_EQ(said_.back(), "undid shape of " + std::to_string(in) + " cells");
    editor_.redo();
    editor_.set_region(Region{{1, 64, 1}, {11, 74, 11}});
    editor_.shape(ShapeKind::kSphere, Pattern(BlockType::kGlass), true);
    for (std::size_t i = 0; i < r.cells(); ++i) {
        const BlockPos p = r.position_of(i);
        const BlockType want = in_shell(ShapeKind::kSphere, r, p)   ? BlockType::kGlass
                               : in_shape(ShapeKind::kSphere, r, p) ? BlockType::kStone
                                                                    : BlockType::kAir;
        ASSERT_EQ(at(p), want) << to_string(p);
    }
}

TEST_F(BuildTest, AMaskLimitsFillShapeAndPasteAndAPatternIsTheSeedsOwn) {
    const Region r{{0, 60, 0}, {7, 67, 7}};  // ground (y <= 63) and air above
    const std::vector<BlockType> before = cells(r);
    editor_.set_region(r);
    editor_.set_mask(Mask::parse("air"));
    EXPECT_EQ(said_.back(), "mask air: fill, shapes, walls, paste and the brush change only these cells");
    const Pattern pattern = Pattern::parse("stone:3,brick:1");
    editor_.fill(pattern);
    for (std::size_t i = 0; i < r.cells(); ++i) {
        const BlockPos p = r.position_of(i);
        const BlockType want = before[i] == BlockType::kAir ? pattern.at(p, session_.seed()) : before[i];
        ASSERT_EQ(at(p), want) << to_string(p);
    }
    EXPECT_NE(said_.back().find("(mask: air)"), std::string::npos) << said_.back();
    editor_.undo();
    EXPECT_EQ(cells(r), before);
    editor_.set_mask(Mask{});
    EXPECT_EQ(said_.back(), "mask off: edits change every cell");
}

TEST_F(BuildTest, MoveTakesTheBlocksAndTheRegionAndUndoesInOneStep) {
    session_.edit({2, 64, 2}, BlockType::kBrick);
    session_.edit({3, 65, 2}, BlockType::kLamp);
    const Region r{{2, 64, 2}, {3, 65, 2}};
    const Region whole{{0, 60, 0}, {10, 70, 10}};
    const std::vector<BlockType> before = cells(whole);
    const std::size_t depth = session_.journal().undo_depth();
    editor_.set_region(r);
    editor_.move({3, 1, 0});
    EXPECT_EQ(at({5, 65, 2}), BlockType::kBrick);
    EXPECT_EQ(at({6, 66, 2}), BlockType::kLamp);
    EXPECT_EQ(at({2, 64, 2}), BlockType::kAir) << "air left behind";
    EXPECT_EQ(at({3, 65, 2}), BlockType::kAir);
    EXPECT_EQ(*editor_.region(), (Region{{5, 65, 2}, {6, 66, 2}})) << "the region moves with its blocks";
    EXPECT_EQ(session_.journal().undo_depth(), depth + 1);
    editor_.undo();
    EXPECT_EQ(cells(whole), before);
}

TEST_F(BuildTest, StackAddsCopiesBesideTheRegionAlongAStep) {
    session_.edit({1, 64, 1}, BlockType::kBrick);  // the region 2 by 1 by 1: brick, air
    const Region r{{1, 64, 1}, {2, 64, 1}};
    editor_.set_region(r);
    editor_.stack(3, glm::ivec3(1, 0, 0));
    for (int x = 1; x <= 8; ++x) {
        EXPECT_EQ(at({x, 64, 1}), x % 2 == 1 ? BlockType::kBrick : BlockType::kAir) << x;
    }
    EXPECT_EQ(said_.back(), "stacked 3 copies of 2 by 1 by 1 (2 cells) east: 3 cells changed");
    editor_.undo();
    for (int x = 3; x <= 8; ++x) EXPECT_EQ(at({x, 64, 1}), BlockType::kAir);
    // Looking down, the default direction is down: the copies go under the region.
    editor_.stack(1, std::nullopt);
    EXPECT_EQ(at({1, 63, 1}), BlockType::kBrick);
    EXPECT_EQ(at({2, 63, 1}), BlockType::kAir) << "the copy's air too";
    EXPECT_NE(refusal([&] { editor_.stack(1, glm::ivec3(1, 1, 0)); }).find("a unit step along one axis"),
              std::string::npos);
}

TEST_F(BuildTest, WallsHollowAndClearGiveTheirCells) {
    const Region r{{1, 64, 1}, {5, 67, 6}};
    editor_.set_region(r);
    editor_.fill(BlockType::kStone);
    editor_.hollow();
    editor_.walls(Pattern(BlockType::kBrick));
    for (std::size_t i = 0; i < r.cells(); ++i) {
        const BlockPos p = r.position_of(i);
        const BlockType want = on_walls(r, p)       ? BlockType::kBrick
                               : inside_faces(r, p) ? BlockType::kAir
                                                    : BlockType::kStone;  // the floor and roof stay
        ASSERT_EQ(at(p), want) << to_string(p);
    }
    editor_.clear_blocks();
    for (std::size_t i = 0; i < r.cells(); ++i) ASSERT_EQ(at(r.position_of(i)), BlockType::kAir);
    EXPECT_EQ(said_.back(), "cleared the blocks of 5 by 4 by 6 (120 cells): 96 cells changed");
}

TEST_F(BuildTest, TheRegionGrowsShrinksAndShiftsTheWayAsked) {
    editor_.set_region(Region{{0, 64, 0}, {3, 67, 3}});
    editor_.resize_region(Editor::Resize::kExpand, 2, Direction::kEast);
    EXPECT_EQ(*editor_.region(), (Region{{0, 64, 0}, {5, 67, 3}}));
    editor_.resize_region(Editor::Resize::kContract, 1, std::nullopt);  // looking down: the top comes down
    EXPECT_EQ(*editor_.region(), (Region{{0, 64, 0}, {5, 66, 3}}));
    editor_.resize_region(Editor::Resize::kShift, 3, Direction::kNorth);
    EXPECT_EQ(*editor_.region(), (Region{{0, 64, -3}, {5, 66, 0}}));
    EXPECT_EQ(said_.back(), "shifted the region 3 north: 6 by 3 by 4 (72 cells) from 0 64 -3 to 5 66 0");
    EXPECT_NE(refusal([&] { editor_.resize_region(Editor::Resize::kExpand, 400, Direction::kUp); }).find("y -64..319"),
              std::string::npos);
}

TEST_F(BuildTest, FlipAndClearTheClipboard) {
    session_.edit({1, 64, 1}, BlockType::kBrick);
    editor_.set_region(Region{{1, 64, 1}, {3, 64, 1}});
    editor_.copy();
    editor_.flip(0);
    editor_.paste({1, 65, 1});
    EXPECT_EQ(at({3, 65, 1}), BlockType::kBrick) << "mirrored along x";
    EXPECT_EQ(at({1, 65, 1}), BlockType::kAir);
    editor_.clear_clipboard();
    EXPECT_EQ(said_.back(), "clipboard cleared");
    EXPECT_NE(refusal([&] { editor_.paste({1, 66, 1}); }).find("nothing copied yet"), std::string::npos);
}

TEST_F(BuildTest, ABrushStrokeIsOneUndoStepAndSymmetryMirrorsItsDabs) {
    const Region whole{{0, 55, 0}, {15, 75, 15}};
    const std::vector<BlockType> before = cells(whole);
    editor_.set_region(Region{{0, 64, 0}, {15, 64, 15}});  // its centre: x = 8 (between 7 and 8)
    editor_.set_symmetry(0);
    EXPECT_EQ(said_.back(), "symmetry x: edits and brush dabs repeat mirrored across x = 8.0");
    editor_.set_brush(Brush{BrushKind::kSphere, 1});
    const std::size_t depth = session_.journal().undo_depth();
    std::vector<BlockPos> centres;
    look_down_at(3, 5);
    centres.push_back(*editor_.brush_target(true));
    editor_.press_brush(true, Pattern(BlockType::kBrick));
    editor_.drag_brush(Pattern(BlockType::kBrick));  // held still: nothing more
    look_down_at(5, 4);
    centres.push_back(*editor_.brush_target(true));
    editor_.drag_brush(Pattern(BlockType::kBrick));
    look_down_at(5, 7);
    centres.push_back(*editor_.brush_target(true));
    editor_.drag_brush(Pattern(BlockType::kBrick));
    editor_.release_brush();
    EXPECT_EQ(session_.journal().undo_depth(), depth + 1) << "the stroke is one step";
    EXPECT_EQ(said_.back().substr(0, 22), "brush stroke: 3 dabs, ");
    // The model: every cell within a dab (or its mirror, x -> 15 - x) is brick, the rest as before.
    for (std::size_t i = 0; i < whole.cells(); ++i) {
        const BlockPos p = whole.position_of(i);
        bool painted = false;
        for (const BlockPos& c : centres) {
            const BlockPos m{15 - c.x, c.y, c.z};
            painted = painted || in_brush(BrushKind::kSphere, 1, p - c) || in_brush(BrushKind::kSphere, 1, p - m);
        }
        ASSERT_EQ(at(p), painted ? BlockType::kBrick : before[i]) << to_string(p);
    }
    editor_.undo();
    EXPECT_EQ(cells(whole), before) << "one undo takes the whole stroke and its mirror back";
    EXPECT_EQ(said_.back().substr(0, 22), "undid brush stroke of ");
}

TEST_F(BuildTest, TheSmoothBrushLevelsABumpAndPlaceAndBreakMirror) {
    session_.edit({6, 64, 6}, BlockType::kDirt);  // a bump one high on the flat ground (y 63)
    session_.edit({6, 65, 6}, BlockType::kDirt);
    editor_.set_brush(Brush{BrushKind::kSmooth, 2});
    look_down_at(6, 6);
    editor_.act(Action::kPlace, BlockType::kStone);  // smooth: a click levels
    EXPECT_EQ(at({6, 65, 6}), BlockType::kAir) << "the mean of its 3 x 3 is 63.2: cut down";
    EXPECT_EQ(at({6, 64, 6}), BlockType::kAir);
    EXPECT_EQ(at({6, 63, 6}), BlockType::kGrass) << "the ground stays";
    editor_.set_brush(std::nullopt);
    editor_.set_region(Region{{0, 64, 0}, {9, 64, 9}});  // its centre: z = 5
    editor_.set_symmetry(2);
    look_down_at(2, 1);
    editor_.act(Action::kPlace, BlockType::kLamp);
    EXPECT_EQ(at({2, 64, 1}), BlockType::kLamp);
    EXPECT_EQ(at({2, 64, 8}), BlockType::kLamp) << "mirrored across z = 5";
    const std::size_t depth = session_.journal().undo_depth();
    editor_.undo();
    EXPECT_EQ(at({2, 64, 8}), BlockType::kAir);
    EXPECT_EQ(at({2, 64, 1}), BlockType::kAir) << "the place and its mirror: one step";
    EXPECT_EQ(session_.journal().undo_depth(), depth - 1);
    editor_.set_symmetry(std::nullopt);
    editor_.set_region(std::nullopt);
    EXPECT_NE(refusal([&] { editor_.set_symmetry(0); }).find("no region is selected"), std::string::npos);
}

// The stroke: 100 dabs across the ground with the mirror on, one undo step; every
// mirrored cell matches its original.
TEST_F(BuildTest, AHundredDabStrokeIsOneStepAndItsMirrorMatches) {
    const Region whole{{0, 55, 0}, {15, 75, 15}};
    const std::vector<BlockType> before = cells(whole);
    editor_.set_region(Region{{0, 64, 0}, {15, 64, 15}});
    editor_.set_symmetry(0);
    editor_.set_brush(Brush{BrushKind::kCube, 1});
    const std::size_t depth = session_.journal().undo_depth();
    editor_.begin_stroke();
    for (int step = 0; step < 100; ++step) {
        look_down_at(1 + step % 6, 1 + step / 8);
        editor_.act(Action::kPlace, BlockType::kBrick);
    }
    editor_.end_stroke();
    EXPECT_EQ(session_.journal().undo_depth(), depth + 1);
    EXPECT_EQ(said_.back().substr(0, 24), "brush stroke: 100 dabs, ");
    for (int y = 55; y <= 75; ++y)
        for (int z = 0; z <= 15; ++z)
            for (int x = 0; x <= 15; ++x) ASSERT_EQ(at({x, y, z}), at({15 - x, y, z})) << x << " " << y << " " << z;
    editor_.undo();
    EXPECT_EQ(cells(whole), before);
}

// A stroke takes only its own steps: mirrored places inside it (each already one step with its
// image) and an undo in the middle never pull in the steps before it.
TEST_F(BuildTest, AStrokeNeverSwallowsTheStepsBeforeIt) {
    editor_.set_region(Region{{0, 64, 0}, {15, 64, 15}});
    editor_.fill(BlockType::kAir);                 // no change: no step
    session_.edit({1, 64, 1}, BlockType::kBrick);  // step A
    session_.edit({1, 65, 1}, BlockType::kBrick);  // step B
    const std::size_t depth = session_.journal().undo_depth();
    editor_.set_symmetry(0);
    editor_.begin_stroke();
    look_down_at(3, 5);
    editor_.act(Action::kPlace, BlockType::kStone);
    look_down_at(4, 6);
    editor_.act(Action::kPlace, BlockType::kStone);
    editor_.end_stroke();
    EXPECT_EQ(session_.journal().undo_depth(), depth + 1) << "the two mirrored places: one step";
    editor_.undo();
    EXPECT_EQ(at({3, 64, 5}), BlockType::kAir);
    EXPECT_EQ(at({12, 64, 5}), BlockType::kAir);
    EXPECT_EQ(at({1, 65, 1}), BlockType::kBrick) << "step B stays";
    // A refused dab closes its own stroke: the next place is a stroke of its own again.
    editor_.set_brush(Brush{BrushKind::kSphere, 1});
    eye_.pitch = 89.0;  // the sky
    EXPECT_NE(refusal([&] { editor_.act(Action::kPlace, BlockType::kStone); }).find("cannot paint"), std::string::npos);
    EXPECT_FALSE(editor_.in_stroke());
    // Clearing the region turns the mirror off.
    editor_.clear_region();
    EXPECT_FALSE(editor_.symmetry().has_value());
    EXPECT_NE(said_.back().find("symmetry off"), std::string::npos) << said_.back();
}

// The Build window's buttons go through perform(): move and stack one cell the way the eye
// faces (looking down: down), the region grown a cell that way.
TEST_F(BuildTest, TheBuildWindowsOperationsGoTheWayTheEyeFaces) {
    session_.edit({2, 66, 2}, BlockType::kBrick);
    editor_.set_region(Region{{2, 66, 2}, {2, 66, 2}});
    editor_.perform({EditRequest::Op::kMove});
    EXPECT_EQ(at({2, 65, 2}), BlockType::kBrick);
    EXPECT_EQ(at({2, 66, 2}), BlockType::kAir);
    EXPECT_EQ(*editor_.region(), (Region{{2, 65, 2}, {2, 65, 2}}));
    editor_.perform({EditRequest::Op::kStack});
    EXPECT_EQ(at({2, 64, 2}), BlockType::kBrick);
    editor_.perform({EditRequest::Op::kExpand});
    EXPECT_EQ(*editor_.region(), (Region{{2, 64, 2}, {2, 65, 2}}));
    EditRequest shape{EditRequest::Op::kShape};
    shape.block = BlockType::kGlass;
    shape.shape = ShapeKind::kCylinder;
    editor_.perform(shape);
    EXPECT_EQ(at({2, 64, 2}), BlockType::kGlass);
    EXPECT_EQ(said_.back(), "cylinder of glass in 1 by 2 by 1: 2 cells changed");
}

TEST_F(BuildTest, CornersInTheAirAndAtTheFeetAndThePreviewSwitch) {
    eye_.pitch = 89.0;  // the sky: nothing under the crosshair
    editor_.set_corner(true);
    const BlockPos air = BlockPos(glm::floor(eye_.position + eye_.forward() * kPickReach));
    EXPECT_EQ(said_.back(), "first corner at " + to_string(air) + " (in the air)");
    editor_.set_corner(false, Editor::CornerAt::kFeet);
    const BlockPos feet = BlockPos(glm::floor(player_.feet()));
    EXPECT_EQ(*editor_.region(), Region::between(air, feet));
    EXPECT_NE(said_.back().find("(at your feet): region"), std::string::npos) << said_.back();
    EXPECT_TRUE(editor_.paste_preview());
    editor_.set_paste_preview(false);
    EXPECT_FALSE(editor_.paste_preview());
    EXPECT_EQ(said_.back(), "paste preview off");
}

}  // namespace build
}  // namespace
}  // namespace slotcraft
