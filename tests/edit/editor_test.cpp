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
    EXPECT_EQ(refusal([&] { editor_.set_corner(true); }),
              "cannot set a region corner: no block under the crosshair within the loaded world (" +
                  std::to_string(static_cast<int>(editor_.far_reach())) + " blocks)");
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

}  // namespace
}  // namespace slotcraft
