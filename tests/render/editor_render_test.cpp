// The editor in the real program: every operation's message read back through the stats key
// hud.message (a refused paste pressed as Ctrl+V is, then a good one, leaves the good one's);
// a paste skips the clipboard's air unless `paste-air on`, one undo step either way; the
// editor keys (`press NAME`: what the key does); a flight with 200 ms frames under the real
// clock covers the documented speed per second of the program's own clock.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "render/render_test_support.hpp"
#include "world/player.hpp"

namespace slotcraft {
namespace {

using render_test::out_dir;
using render_test::run_script;
using render_test::stat_int;
using test::Json;

const std::vector<std::string> kFlat = {"--world", "flat", "--view-distance", "3"};

// Runs `steps`, each a script line; after each one the stats are written, and the message of
// each is returned in order.
std::vector<std::string> messages_after(const std::string& dir, const std::string& start,
                                        const std::vector<std::string>& steps) {
    std::string script = start;
    for (size_t i = 0; i < steps.size(); ++i) {
        script += steps[i] + "\nstats " + dir + "/m" + std::to_string(i) + ".json\n";
    }
    const auto r = run_script(dir, script, kFlat);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::vector<std::string> out;
    if (r.exit_code != 0) return out;
    for (size_t i = 0; i < steps.size(); ++i) {
        out.push_back(Json::parse_file(dir + "/m" + std::to_string(i) + ".json").at("hud.message").string);
    }
    return out;
}

TEST(EditorRender, EveryOperationSaysWhatItDidWithItsSize) {
    const std::string dir = out_dir();
    // The eye over 2 64 2 looking straight down: the crosshair meets the grass at 2 63 2.
    const std::vector<std::string> steps = {
        "region 0 64 0 3 64 2",
        "fill stone",
        "replace stone brick",
        "copy",
        "rotate 90",
        "paste 10 64 0",
        "undo",
        "redo",
        "region 5 64 5 5 64 5",
        "fill log",
        "region none",
        "press clear_region",
        "press corner_one",
        "press corner_two",
    };
    const std::vector<std::string> got = messages_after(dir, "camera 2.5 70 2.5 0 -90\n", steps);
    const std::vector<std::string> want = {
        "region 4 by 1 by 3 (12 cells) from 0 64 0 to 3 64 2",
        "filled 12 cells with stone",
        "replaced 12 stone cells with brick",
        "copied 4 by 1 by 3 (12 cells)",
        "turned the clipboard 90 degrees: now 3 by 1 by 4",
        "pasted 3 by 1 by 4 at 10 64 0: 12 cells changed (air skipped)",
        "undid paste of 12 cells",
        "redid paste of 12 cells",
        "region 1 by 1 by 1 (1 cell) from 5 64 5 to 5 64 5",
        "filled 1 cell with log",
        "region cleared (it was 1 by 1 by 1 (1 cell))",
        "no region to clear",
        "first corner at 2 64 2",  // the brick the fill and replace left over the grass
        "second corner at 2 64 2: region 1 by 1 by 1 (1 cell)",
    };
    EXPECT_EQ(got, want);
}

TEST(EditorRender, ARefusedPasteThenAGoodOneLeavesTheGoodOnesMessage) {
    const std::string dir = out_dir();
    // Ctrl+V (`press paste`) with nothing copied is refused for the real reason, and the run
    // goes on as a user's would; the next good paste's message replaces it.
    const std::vector<std::string> got = messages_after(dir, "camera 2.5 70 2.5 0 -90\n",
                                                        {"press paste", "set 0 64 0 glass\nregion 0 64 0 0 64 0\ncopy",
                                                         "press paste", "press rotate"});
    ASSERT_EQ(got.size(), 4u);
    EXPECT_EQ(got[0], "cannot paste: nothing copied yet (the clipboard is empty); select a region and copy it first");
    EXPECT_EQ(got[1], "copied 1 by 1 by 1 (1 cell)");
    EXPECT_EQ(got[2], "pasted 1 by 1 by 1 at 2 64 2: 1 cell changed (air skipped)");
    EXPECT_EQ(got[3], "turned the clipboard 90 degrees: now 1 by 1 by 1");
}

TEST(EditorRender, PasteSkipsTheClipboardsAirUnlessPasteAirIsOn) {
    const std::string dir = out_dir();
    // The clipboard: a 3 x 1 x 1 row of stone, air, stone. Pasted over a row of brick, its air
    // leaves the brick in the middle; with paste-air on it clears it. Each paste is one undo step.
    const std::string script =
        "camera 8 76 8 0 -60\nset 0 64 0 stone\nset 2 64 0 stone\nregion 0 64 0 2 64 0\ncopy\n"
        "region 10 64 0 12 64 0\nfill brick\nregion 10 64 4 12 64 4\nfill brick\n"
        "paste 10 64 0\nexpect 10 64 0 stone\nexpect 11 64 0 brick\nexpect 12 64 0 stone\n"
        "stats " +
        dir +
        "/skipped.json\n"
        "undo\nexpect 10 64 0 brick\nexpect 11 64 0 brick\n"
        "paste-air on\npaste 10 64 4\nexpect 10 64 4 stone\nexpect 11 64 4 air\nexpect 12 64 4 stone\n"
        "stats " +
        dir +
        "/with_air.json\n"
        "undo\nexpect 11 64 4 brick\nexpect 10 64 4 brick\npaste-air off\nstats " +
        dir + "/off.json\n";
    const auto r = run_script(dir, script, kFlat);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json skipped = Json::parse_file(dir + "/skipped.json");
    EXPECT_EQ(stat_int(skipped, "edit.cells_last"), 2);
    EXPECT_FALSE(skipped.at("edit.paste_air").boolean);
    const Json with_air = Json::parse_file(dir + "/with_air.json");
    EXPECT_EQ(stat_int(with_air, "edit.cells_last"), 3);
    EXPECT_TRUE(with_air.at("edit.paste_air").boolean);
    EXPECT_EQ(with_air.at("hud.message").string, "pasted 3 by 1 by 1 at 10 64 4: 3 cells changed (air too)");
    // Two fills and the one paste left after the first undo; then the air paste, undone.
    EXPECT_EQ(stat_int(with_air, "undo.depth"), 4 + 1);
    EXPECT_FALSE(Json::parse_file(dir + "/off.json").at("edit.paste_air").boolean);
}

TEST(EditorRender, TheEditorKeysFillReplaceAndRotate) {
    const std::string dir = out_dir();
    // The crosshair on the grass at 2 63 2; the region is the grass row under it.
    const std::string script =
        "camera 2.5 70 2.5 0 -90\nselect 3\nregion 0 63 2 4 63 2\npress fill\nexpect 0 63 2 stone\n"
        "expect 4 63 2 stone\nselect 1\npress replace\nexpect 0 63 2 grass\nexpect 4 63 2 grass\n"
        "copy\npress rotate\npress paste_air\nstats " +
        dir + "/s.json\n";
    const auto r = run_script(dir, script, kFlat);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json s = Json::parse_file(dir + "/s.json");
    EXPECT_EQ(s.at("hud.message").string, "paste air on: the clipboard's air overwrites");
    EXPECT_TRUE(s.at("edit.paste_air").boolean);
    EXPECT_EQ(stat_int(s, "undo.depth"), 2);
}

TEST(EditorRender, AFlightWithSlowFramesCoversTheDocumentedSpeedPerSecond) {
    const std::string dir = out_dir();
    // 200 ms a frame (5 frames a second) under the real clock: the player is stepped by the
    // program's own clock. Fly east (yaw 90 looks along +x) long enough to reach full speed,
    // then measure over 15 frames (about 3 s).
    // `key W N` holds W for N frames and waits them; the next `key W` follows without a gap.
    const std::string script = "camera 0.5 90 0.5 90 0\nclock real\nframe-sleep 200\nkey W 5\nstats " + dir +
                               "/a.json\nkey W 15\nstats " + dir + "/b.json\nframe-sleep 0\nclock fixed\n";
    const auto r = run_script(dir, script, {"--world", "flat", "--view-distance", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json a = Json::parse_file(dir + "/a.json");
    const Json b = Json::parse_file(dir + "/b.json");
    const double seconds = b.at("clock.seconds").number - a.at("clock.seconds").number;
    ASSERT_GT(seconds, 15 * 0.2 * 0.9) << "the frames did not sleep 200 ms each";
    const double blocks = b.at("camera.x").number - a.at("camera.x").number;
    const double speed = blocks / seconds;
    std::printf(
        "flight with 200 ms frames: %.2f blocks in %.3f s of the program's clock = %.2f blocks/s (documented "
        "%.1f)\n",
        blocks, seconds, speed, kFlySpeed);
    EXPECT_NEAR(speed, kFlySpeed, kFlySpeed * 0.10)
        << blocks << " blocks in " << seconds << " s of the program's clock";
    const double steps = static_cast<double>(stat_int(b, "clock.steps") - stat_int(a, "clock.steps"));
    EXPECT_NEAR(steps / seconds, 60.0, 6.0) << "steps per second of real time";
    EXPECT_NEAR(b.at("camera.z").number, 0.5, 0.01) << "straight east";
}

}  // namespace
}  // namespace slotcraft
