// The settings file end to end: the real program reads slotcraft.toml from
// $XDG_CONFIG_HOME/slotcraft (an isolated folder, never the user's), a flag wins over it, a
// bad file stops the run before any window opens naming its line, and no run leaves a file
// in the current folder (imgui.ini lives in the settings folder; scripted runs write none).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "render/render_test_support.hpp"

namespace slotcraft {
namespace {

namespace fs = std::filesystem;
using render_test::out_dir;
using render_test::stat_int;
using test::Json;
using test::read_text;
using test::run_program;
using test::write_text;

// A settings folder holding `text` as slotcraft.toml; returns the XDG_CONFIG_HOME to give.
std::string config_with(const std::string& dir, const std::string& text) {
    fs::create_directories(dir + "/config/slotcraft");
    write_text(dir + "/config/slotcraft/slotcraft.toml", text);
    return dir + "/config";
}

std::vector<std::string> names_in(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

// A scripted run on a flat world at 320x180 that writes its stats at exit.
test::RunResult scripted_run(const std::string& dir, const std::string& config, std::vector<std::string> flags = {}) {
    write_text(dir + "/run.txt", "wait 2\nquit\n");
    std::vector<std::string> args = {"--script", dir + "/run.txt", "--gl-debug",       "--vsync",
                                     "off",      "--size",         "320x180",          "--world",
                                     "flat",     "--stats-json",   dir + "/stats.json"};
    args.insert(args.end(), flags.begin(), flags.end());
    return run_program(SLOTCRAFT_EXE, args, {"XDG_CONFIG_HOME=" + config});
}

TEST(SettingsRender, TheFileSetsTheViewDistanceAScriptedRunReports) {
    const std::string dir = out_dir();
    const std::string text = "# chosen by hand\nview_distance = 3 # near\nfov = 90\n";
    const std::string config = config_with(dir, text);
    const auto r = scripted_run(dir, config);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json stats = Json::parse_file(dir + "/stats.json");
    EXPECT_EQ(stat_int(stats, "world.view_distance"), 3);
    EXPECT_EQ(stat_int(stats, "gl.errors"), 0);
    // Scripted runs read the file and never write it, nor imgui.ini next to it.
    EXPECT_EQ(read_text(config + "/slotcraft/slotcraft.toml"), text);
    EXPECT_EQ(names_in(config + "/slotcraft"), std::vector<std::string>{"slotcraft.toml"});
}

TEST(SettingsRender, TheFlagWinsOverTheFile) {
    const std::string dir = out_dir();
    const std::string config = config_with(dir, "view_distance = 3\n");
    const auto r = scripted_run(dir, config, {"--view-distance", "5"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(stat_int(Json::parse_file(dir + "/stats.json"), "world.view_distance"), 5);
}

TEST(SettingsRender, ABadFileIsRefusedNamingItsLineBeforeAnyWindowOpens) {
    struct Bad {
        std::string text;
        std::string where;  // FILE:LINE
        std::string key;
    };
    const std::vector<Bad> bad = {
        {"# settings\n\nview_distance = 99\n", "slotcraft.toml:3", "view_distance"},
        {"fov = 70\nvsync = tru\n", "slotcraft.toml:2", "vsync"},
        {"[keys]\nforward = \"NO_SUCH_KEY\"\n", "slotcraft.toml:2", "keys.forward"},
        {"fov = 70\ncolour = \"red\"\n", "slotcraft.toml:2", "colour"},
    };
    for (const Bad& b : bad) {
        const std::string dir = out_dir();
        const std::string config = config_with(dir, b.text);
        write_text(dir + "/run.txt", "quit\n");
        // No display at all: had a window been tried, the run would end with exit code 1.
        const auto r = run_program(SLOTCRAFT_EXE, {"--script", dir + "/run.txt", "--size", "320x180"},
                                   {"XDG_CONFIG_HOME=" + config, "DISPLAY", "WAYLAND_DISPLAY"});
        EXPECT_EQ(r.exit_code, 2) << b.text << r.err;
        EXPECT_NE(r.err.find(config + "/slotcraft/" + b.where + ": key '" + b.key + "'"), std::string::npos)
            << b.text << r.err;
        EXPECT_EQ(read_text(config + "/slotcraft/slotcraft.toml"), b.text);
    }
}

TEST(SettingsRender, AnInteractiveRunLeavesNoFileInTheCurrentFolder) {
    const std::string dir = out_dir();
    const std::string cwd = dir + "/cwd";
    fs::create_directories(cwd);
    const std::string config = dir + "/config";  // no settings folder yet: the defaults
    const auto r = run_program(SLOTCRAFT_EXE,
                               {"--frames", "5", "--gl-debug", "--vsync", "off", "--size", "1280x720", "--world",
                                "flat", "--view-distance", "2"},
                               {"XDG_CONFIG_HOME=" + config, "XDG_DATA_HOME=" + dir + "/data"}, cwd);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(names_in(cwd).empty()) << "a file appeared in the current folder";
    // imgui.ini (the panels' fold state, a window per panel and size class) is kept in the
    // settings folder; nothing changed in the Settings panel, so no settings file was written.
    // (At 1280x720 the start's key help fits between the panels, so the panels show.)
    EXPECT_EQ(names_in(config + "/slotcraft"), std::vector<std::string>{"imgui.ini"});
    EXPECT_NE(read_text(config + "/slotcraft/imgui.ini").find("[Window][###settings@x1.00]"), std::string::npos);
}

}  // namespace
}  // namespace slotcraft
