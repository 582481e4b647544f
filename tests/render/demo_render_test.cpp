// The demo's actions end to end: break, place, pick, walk mode, resize and minimise, through
// the same code paths as the mouse and keys, with GL debug output on.
#include <gtest/gtest.h>

#include <cmath>

#include "render/render_test_support.hpp"

namespace slotcraft {
namespace {

using render_test::out_dir;
using render_test::run_script;
using render_test::stat_int;
using test::Json;

// Sum of absolute channel differences in a square around (x, y).
long region_difference(const test::Image& a, const test::Image& b, int cx, int cy, int half) {
    long sum = 0;
    for (int y = cy - half; y <= cy + half; ++y) {
        for (int x = cx - half; x <= cx + half; ++x) {
            for (int c = 0; c < 3; ++c) sum += std::abs(a.pixel(x, y)[c] - b.pixel(x, y)[c]);
        }
    }
    return sum;
}

TEST(DemoRender, BreakFreesTheTargetedSlotAndPlaceReusesIt) {
    const std::string dir = out_dir();
    // Looking steeply down at a two-block stone pillar just in front of the eye: after the
    // break the ray meets the lower block's top, so `place` fills the same cell again.
    const std::string script =
        "camera 0.5 67.6 1.5 0 -65\nset 0 64 0 stone\nset 0 65 0 stone\nwait 1\n"
        "screenshot " +
        dir + "/before.png\nstats " + dir +
        "/before.json\n"
        "break\nwait 1\nscreenshot " +
        dir + "/broken.png\nstats " + dir +
        "/broken.json\n"
        "place stone\nwait 1\nverify\nstats " +
        dir + "/placed.json\n";
    const auto r = run_script(dir, script, {"--world", "flat", "--view-distance", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto before = Json::parse_file(dir + "/before.json");
    const auto broken = Json::parse_file(dir + "/broken.json");
    const auto placed = Json::parse_file(dir + "/placed.json");
    EXPECT_EQ(before.at("target.y").integer, 65);
    EXPECT_EQ(stat_int(broken, "slots.taken"), stat_int(before, "slots.taken") - 1);
    // The broken cube's slot is free: a new gap below the high-water mark, or (when it was the
    // highest live slot) the mark falls to it.
    const int64_t old_slot = stat_int(before, "target.slot");
    if (old_slot < stat_int(broken, "slots.high_water")) {
        EXPECT_EQ(stat_int(broken, "slots.gaps"), stat_int(before, "slots.gaps") + 1);
    } else {
        EXPECT_LE(stat_int(broken, "slots.high_water"), old_slot);
    }
    EXPECT_NE(stat_int(broken, "target.slot"), old_slot);
    EXPECT_EQ(stat_int(placed, "target.slot"), stat_int(before, "target.slot"));  // ...and reused
    EXPECT_EQ(stat_int(placed, "slots.high_water"), stat_int(before, "slots.high_water"));
    EXPECT_EQ(stat_int(placed, "slots.taken"), stat_int(before, "slots.taken"));
    // The pixels beside the crosshair change when the block goes.
    const auto a = test::load_png(dir + "/before.png");
    const auto b = test::load_png(dir + "/broken.png");
    ASSERT_EQ(a.width, 320);  // the square read below must lie inside both screenshots
    ASSERT_EQ(a.height, 180);
    ASSERT_EQ(b.width, a.width);
    ASSERT_EQ(b.height, a.height);
    EXPECT_GT(region_difference(a, b, a.width / 2 + 14, a.height / 2 + 14, 4), 500);
}

TEST(DemoRender, NothingTargetedStopsTheRunWithTheLine) {
    const std::string dir = out_dir();
    const std::vector<std::string> flags = {"--world", "flat", "--view-distance", "1"};
    render_test::expect_stops_at_line(dir, "camera 0 100 0 0 90\nwait 1\nbreak\n", 3, flags);
    render_test::expect_stops_at_line(dir, "camera 0 100 0 0 90\nplace stone\n", 2, flags);
}

TEST(DemoRender, PickAndSelectDriveTheHotbar) {
    const std::string dir = out_dir();
    const std::string script = "camera 0.5 67.6 3.5 0 -30\nset 0 65 0 brick\nselect 3\npick\nstats " + dir +
                               "/picked.json\nselect 9\nstats " + dir + "/nine.json\n";
    const auto r = run_script(dir, script, {"--world", "flat", "--view-distance", "1"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto picked = Json::parse_file(dir + "/picked.json");
    EXPECT_EQ(picked.at("hotbar.block").string, "brick");
    EXPECT_EQ(stat_int(Json::parse_file(dir + "/nine.json"), "hotbar.selected"), 9);
}

TEST(DemoRender, WalkModeLandsOnTheGroundAndStaysThere) {
    const std::string dir = out_dir();
    const std::string script = "camera 0.5 72 0.5 0 0\nmode walk\nwait 90\nstats " + dir +
                               "/landed.json\nwait 60\n"
                               "stats " +
                               dir + "/later.json\n";
    const auto r = run_script(dir, script, {"--world", "flat", "--view-distance", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto landed = Json::parse_file(dir + "/landed.json");
    const auto later = Json::parse_file(dir + "/later.json");
    EXPECT_EQ(landed.at("player.mode").string, "walk");
    EXPECT_TRUE(landed.at("player.on_ground").boolean);
    EXPECT_NEAR(landed.at("camera.y").number, 64.0 + 1.62, 1e-3);  // feet on the grass top at y = 64
    EXPECT_DOUBLE_EQ(later.at("camera.y").number, landed.at("camera.y").number);
}

TEST(DemoRender, WalkingIntoAWallStopsAtTheWall) {
    const std::string dir = out_dir();
    // A wall two blocks high across x at z = -3; walk towards -z into it.
    std::string script = "camera 0.5 66 0.5 0 0\n";
    for (int x = -2; x <= 2; ++x)
        script += "set " + std::to_string(x) + " 64 -3 brick\nset " + std::to_string(x) + " 65 -3 brick\n";
    script += "mode walk\nwait 30\nkey W 90\nstats " + dir + "/wall.json\n";
    const auto r = run_script(dir, script, {"--world", "flat", "--view-distance", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto wall = Json::parse_file(dir + "/wall.json");
    // The wall's face is at z = -2; the player's box is 0.6 wide, so the eye stops at -1.7.
    EXPECT_NEAR(wall.at("camera.z").number, -2.0 + 0.3, 1e-3);
    EXPECT_TRUE(wall.at("player.on_ground").boolean);
}

TEST(DemoRender, APlacedBlockNeverOverlapsThePlayer) {
    const std::string dir = out_dir();
    // Standing on the grass, looking straight down: the targeted face's cell is where the feet are.
    const std::string script = "camera 0.5 66 0.5 0 -90\nmode walk\nwait 30\nplace stone\n";
    const std::string err = render_test::expect_stops_at_line(dir, script, 4,
                                                              {"--world", "flat", "--view-distance", "1"});
    EXPECT_NE(err.find("inside the player"), std::string::npos) << err;
}

TEST(DemoRender, ResizeAndMinimiseCauseNoError) {
    const std::string dir = out_dir();
    const std::string script = "camera 0 80 0 0 -20\nresize 400 300\nwait 2\nstats " + dir +
                               "/resized.json\n"
                               "resize 0 0\nwait 3\nstats " +
                               dir +
                               "/minimised.json\nresize 320 180\nwait 2\n"
                               "screenshot " +
                               dir + "/back.png\nstats " + dir + "/back.json\n";
    const auto r = run_script(dir, script, {"--world", "flat", "--view-distance", "1"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(stat_int(Json::parse_file(dir + "/resized.json"), "window.width"), 400);
    EXPECT_EQ(stat_int(Json::parse_file(dir + "/minimised.json"), "window.width"), 0);
    const auto back = Json::parse_file(dir + "/back.json");
    EXPECT_EQ(stat_int(back, "window.width"), 320);
    EXPECT_EQ(stat_int(back, "gl.errors"), 0);
    EXPECT_EQ(test::load_png(dir + "/back.png").width, 320);
}

TEST(DemoRender, LookTurnsLikeTheMouse) {
    const std::string dir = out_dir();
    const auto r = run_script(dir, "camera 0 80 0 10 0\nlook 30 -15\nstats " + dir + "/s.json\n",
                              {"--world", "flat", "--view-distance", "1"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto s = Json::parse_file(dir + "/s.json");
    EXPECT_NEAR(s.at("camera.yaw").number, 40.0, 1e-9);
    EXPECT_NEAR(s.at("camera.pitch").number, -15.0, 1e-9);
}

}  // namespace
}  // namespace slotcraft
