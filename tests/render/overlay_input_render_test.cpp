// The overlay under a real mouse and keyboard (xdotool, through XTEST on the test's Xvfb): one
// click on the folded Settings panel's title bar (not its arrow) unfolds it; Ctrl+click on the
// World panel's view distance slider types a value, and the digit typed goes to the slider, not
// to the hotbar; the Occupancy picture's + button stays where it is as it zooms in. The program runs a script that waits (slowed by `frame-sleep`, so the wait
// outlasts the clicks on any machine) while the test clicks, then writes its stats.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "render/render_test_support.hpp"
#include "render/run_support.hpp"

namespace slotcraft {
namespace {

using render_test::out_dir;
using test::Json;

// xdotool on the test's display (at most a minute); what it printed.
std::string xdotool(const std::vector<std::string>& args) {
    std::vector<std::string> command = {"60", "xdotool"};
    command.insert(command.end(), args.begin(), args.end());
    const auto r = test::run_program("timeout", command);
    EXPECT_EQ(r.exit_code, 0) << "xdotool " << args[0] << " failed (apt-get install xdotool): " << r.err;
    return r.out;
}

// The centre of item `id` of panel `key` in a `record-layout` line.
std::pair<int, int> item_centre(const Json& layout, const std::string& key, const std::string& id) {
    for (const Json& panel : layout.at("panels").array) {
        if (panel.at("key").string != key) continue;
        for (const Json& item : panel.at("items").array) {
            if (item.at("id").string != id) continue;
            return {static_cast<int>(item.at("x").number + item.at("width").number / 2),
                    static_cast<int>(item.at("y").number + item.at("height").number / 2)};
        }
    }
    ADD_FAILURE() << "no item " << key << "." << id << " in the layout";
    return {0, 0};
}

// Item `id` of panel `key` in a `record-layout` line, as [x, y, width, height].
std::vector<double> item_rect(const Json& layout, const std::string& key, const std::string& id) {
    for (const Json& panel : layout.at("panels").array) {
        if (panel.at("key").string != key) continue;
        for (const Json& item : panel.at("items").array) {
            if (item.at("id").string == id) {
                return {item.at("x").number, item.at("y").number, item.at("width").number, item.at("height").number};
            }
        }
    }
    return {};
}

// The program's window, as xdotool names it ("" when there is none).
std::string slotcraft_window(const test::StartedProgram& program) {
    const std::string found = xdotool(
        {"search", "--sync", "--pid", std::to_string(program.pid()), "--name", "^Slotcraft$"});
    return found.substr(0, found.find('\n'));
}

// Ctrl+click at `at` in `window`, then each key of `keys` tapped, `pause` seconds between steps
// (so each lands in frames of its own: ImGui sees a press, a hover, a held Ctrl at its next frame).
void ctrl_click_then_keys(const std::string& window, std::pair<int, int> at, const std::string& pause,
                          const std::vector<std::string>& keys) {
    std::vector<std::string> args = {"mousemove",
                                     "--window",
                                     window,
                                     std::to_string(at.first),
                                     std::to_string(at.second),
                                     "sleep",
                                     pause,
                                     "keydown",
                                     "ctrl",
                                     "sleep",
                                     pause,
                                     "click",
                                     "1",
                                     "sleep",
                                     pause,
                                     "keyup",
                                     "ctrl"};
    for (const std::string& key : keys) args.insert(args.end(), {"sleep", pause, "key", key});
    xdotool(args);
}

Json first_line(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return Json::parse(line);
}

TEST(OverlayInput, ATitleClickUnfoldsAndACtrlClickedSliderTakesTheTypedDigitNotTheHotbar) {
    const std::string dir = out_dir();
    // 800 frames of at least 60 ms: 48 s at the least for the clicks below (about 10 s).
    test::write_text(dir + "/run.txt", "camera 0.5 80 0.5 30 -20\noverlay on\nrecord-layout 1 " + dir +
                                           "/layout.jsonl\nwait 2\nframe-sleep 60\nstats " + dir +
                                           "/ready.json\nwait 800\nstats " + dir + "/end.json\nrecord-layout 1 " + dir +
                                           "/after.jsonl\nwait 1\n");
    test::StartedProgram program(SLOTCRAFT_EXE, {"--script", dir + "/run.txt", "--size", "1280x720", "--world", "flat",
                                                 "--view-distance", "3", "--vsync", "off", "--gl-debug"});
    ASSERT_TRUE(render_test::appears(dir + "/ready.json", program)) << program.finish().err;
    const Json ready = Json::parse_file(dir + "/ready.json");
    ASSERT_FALSE(ready.at("overlay.panels.settings.open").boolean) << "Settings starts folded";
    EXPECT_EQ(render_test::stat_int(ready, "hotbar.selected"), 1);
    const Json layout = first_line(dir + "/layout.jsonl");

    const std::string window = slotcraft_window(program);
    ASSERT_FALSE(window.empty()) << "no Slotcraft window";
    // Settings: the middle of its title bar, well right of the arrow.
    const int title_x = static_cast<int>(ready.at("overlay.panels.settings.x").number + 120);
    const int title_y = static_cast<int>(ready.at("overlay.panels.settings.y").number + 8);
    // A second between steps, so each lands in frames of its own (ImGui sees a press, a
    // hover, a held Ctrl only at its next frame).
    const std::string pause = "1";
    xdotool({"mousemove", "--window", window, std::to_string(title_x), std::to_string(title_y), "sleep", pause, "click",
             "1", "sleep", pause});
    // The view distance slider: Ctrl+click, then 7 and Enter.
    ctrl_click_then_keys(window, item_centre(layout, "world", "view_distance"), pause, {"7", "Return"});

    const test::RunResult r = program.finish();
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json end = Json::parse_file(dir + "/end.json");
    EXPECT_TRUE(end.at("overlay.panels.settings.open").boolean) << "one click on the title bar did not unfold it";
    EXPECT_EQ(render_test::stat_int(end, "world.view_distance"), 7) << "Ctrl+click and 7 did not set the slider";
    EXPECT_EQ(render_test::stat_int(end, "hotbar.selected"), 1) << "the digit typed into the slider chose a slot";
    EXPECT_EQ(render_test::stat_int(end, "gl.errors"), 0);
    // After the clicks every control above Settings is where it was: the + button after
    // zooming in, the slider after its new value. (Unfolding Settings folded Edit, the least
    // needed panel of its column, to make room: the one change the click made.)
    const Json after = first_line(dir + "/after.jsonl");
    EXPECT_EQ(item_rect(after, "occupancy", "zoom_in"), item_rect(layout, "occupancy", "zoom_in"));
    EXPECT_EQ(item_rect(after, "occupancy", "picture"), item_rect(layout, "occupancy", "picture"));
    EXPECT_EQ(item_rect(after, "world", "view_distance"), item_rect(layout, "world", "view_distance"));
    EXPECT_EQ(item_rect(after, "culling", "boxes"), item_rect(layout, "culling", "boxes"));
    EXPECT_TRUE(item_rect(after, "edit", "paste").empty()) << "Edit stayed open though Settings needed its room";
    EXPECT_FALSE(item_rect(after, "settings", "fov").empty()) << "Settings shows its sliders once unfolded";
}

// Once wrong: keys were read once a frame, so at 5 frames a second a tap (xdotool's: about 12 ms
// between press and release) fell between two frames. Return typed into the slider was lost,
// the slider kept the keyboard and the next digit went into it instead of the hotbar. Read
// from events, the tap of Return ends the typing and the 3 after it chooses hotbar slot 3.
TEST(OverlayInput, TapsAtFiveFramesASecondReachTheSliderAndEndItsTyping) {
    const std::string dir = out_dir();
    // 100 frames of at least 200 ms (5 a second): 20 s at the least for the steps below (about 8 s).
    test::write_text(dir + "/run.txt", "camera 0.5 80 0.5 30 -20\noverlay on\nrecord-layout 1 " + dir +
                                           "/layout.jsonl\nwait 2\nframe-sleep 200\nstats " + dir +
                                           "/ready.json\nwait 100\nstats " + dir + "/end.json\n");
    test::StartedProgram program(SLOTCRAFT_EXE, {"--script", dir + "/run.txt", "--size", "1280x720", "--world", "flat",
                                                 "--view-distance", "3", "--vsync", "off", "--gl-debug"});
    ASSERT_TRUE(render_test::appears(dir + "/ready.json", program)) << program.finish().err;
    const Json layout = first_line(dir + "/layout.jsonl");
    const std::string window = slotcraft_window(program);
    ASSERT_FALSE(window.empty()) << "no Slotcraft window";
    // Several frames between steps; each key itself is a tap (xdotool's: about 12 ms).
    ctrl_click_then_keys(window, item_centre(layout, "world", "view_distance"), "1.5", {"5", "Return", "3"});
    const test::RunResult r = program.finish();
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json end = Json::parse_file(dir + "/end.json");
    EXPECT_EQ(render_test::stat_int(end, "world.view_distance"), 5) << "the typed 5 (and only it) set the slider";
    EXPECT_EQ(render_test::stat_int(end, "hotbar.selected"), 3) << "the tap of Return did not end the typing";
    EXPECT_EQ(render_test::stat_int(end, "gl.errors"), 0);
}

}  // namespace
}  // namespace slotcraft
