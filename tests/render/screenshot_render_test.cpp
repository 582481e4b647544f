// F2 end to end: the real program, run as a user runs it (no script), gets the F2
// key from the X server (xdotool, through XTEST) and saves each screenshot under
// $XDG_PICTURES_DIR/slotcraft/ of an isolated HOME, under names that never collide, and
// nothing in the folder it was started from.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <thread>

#include "render/render_test_support.hpp"
#include "support/mounts.hpp"

namespace slotcraft {
namespace {

namespace fs = std::filesystem;
using render_test::out_dir;

// The PNGs in `folder` (none when it does not exist).
std::set<std::string> pngs_in(const fs::path& folder) {
    std::set<std::string> names;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
        if (entry.path().extension() == ".png") names.insert(entry.path().filename().string());
    }
    return names;
}

// Waits until `folder` holds `count` PNGs that can be read whole (at most ten minutes: the
// bound only ends a hang; a loaded machine makes the program slow, never this wrong).
bool wait_for_pngs(const fs::path& folder, size_t count) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(10);
    while (std::chrono::steady_clock::now() < deadline) {
        const std::set<std::string> names = pngs_in(folder);
        if (names.size() >= count) {
            bool whole = true;
            for (const std::string& name : names) {
                try {
                    test::load_png((folder / name).string());
                } catch (const std::runtime_error&) {
                    whole = false;  // still being written
                }
            }
            if (whole) return true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
}

// xdotool on the test's display (at most a minute); what it printed.
std::string xdotool(const std::vector<std::string>& args) {
    std::vector<std::string> command = {"60", "xdotool"};
    command.insert(command.end(), args.begin(), args.end());
    const auto r = test::run_program("timeout", command);
    EXPECT_EQ(r.exit_code, 0) << "xdotool " << args[0] << " failed (apt-get install xdotool): " << r.err;
    return r.out;
}

// Ctrl+Q to the window. The program may destroy its window before xdotool's key-up events
// reach it, and xdotool then fails with BadWindow: that is the quit working, and whether it
// did is the program's exit code, which the caller checks.
void quit_by_key(const std::string& window) {
    const auto r = test::run_program("timeout", {"60", "xdotool", "key", "--window", window, "ctrl+q"});
    if (r.exit_code != 0) {
        EXPECT_NE(r.err.find("BadWindow"), std::string::npos) << "xdotool key ctrl+q failed: " << r.err;
    }
}

TEST(ScreenshotRender, F2SavesUnderThePicturesFolderWithNamesThatNeverCollide) {
    const fs::path dir = out_dir();
    const fs::path home = dir / "home", config = dir / "config", start = dir / "start", data = dir / "data";
    for (const fs::path& p : {home, config, start, data}) fs::create_directories(p);
    // The user's pictures folder, as xdg-user-dirs records it (xdg-user-dir reads this file).
    test::write_text((config / "user-dirs.dirs").string(), "# test\nXDG_PICTURES_DIR=\"$HOME/Bilder\"\n");
    const fs::path pictures = home / "Bilder" / "slotcraft";

    // --frames ends the run if the keys never arrive; Ctrl+Q ends it when they do.
    test::StartedProgram program(SLOTCRAFT_EXE,
                                 {"--world", "flat", "--view-distance", "1", "--vsync", "off", "--size", "320x180",
                                  "--gl-debug", "--frames", "20000"},
                                 {"HOME=" + home.string(), "XDG_CONFIG_HOME=" + config.string(),
                                  "XDG_DATA_HOME=" + data.string()},
                                 start.string());
    // The keys go to the program's window only (never to whatever has the focus on a
    // desktop the tests run on).
    std::string window = xdotool({"search", "--sync", "--pid", std::to_string(program.pid()), "--name", "^Slotcraft$"});
    window = window.substr(0, window.find('\n'));
    ASSERT_FALSE(window.empty()) << "no Slotcraft window";
    xdotool({"key", "--window", window, "F2"});
    ASSERT_TRUE(wait_for_pngs(pictures, 1)) << "no screenshot in " << pictures;
    // Two presses at once (they arrive in one frame, in the same millisecond): two more files.
    xdotool({"key", "--window", window, "F2", "F2"});
    const bool three = wait_for_pngs(pictures, 3);
    quit_by_key(window);
    const test::RunResult r = program.finish();
    EXPECT_EQ(r.exit_code, 0) << r.err;
    ASSERT_TRUE(three) << "the second and third F2 did not make two more files in " << pictures;

    const std::set<std::string> names = pngs_in(pictures);
    EXPECT_EQ(names.size(), 3u);
    const std::regex name_form(R"(slotcraft-\d{8}-\d{6}-\d{3}(-\d+)?\.png)");
    for (const std::string& name : names) {
        EXPECT_TRUE(std::regex_match(name, name_form)) << name;
        const test::Image image = test::load_png((pictures / name).string());
        EXPECT_EQ(image.width, 320);
        EXPECT_EQ(image.height, 180);
    }
    // Nothing at all in the folder it started from (imgui.ini lives in the settings folder).
    for (const auto& entry : fs::directory_iterator(start)) {
        ADD_FAILURE() << "the run left " << entry.path() << " in the start folder";
    }
    EXPECT_FALSE(fs::exists(start / "screenshots"));
}

// F2 onto a full disk must not leave a truncated PNG (or an empty file) and say "saved": the
// failure is a HUD message, the run goes on and ends normally, and no file is left.
TEST(ScreenshotRender, F2OntoAFullDiskLeavesNoFileAndTheRunGoesOn) {
    test::TestMount disk = test::TestMount::tmpfs(64 * 1024);
    if (!disk.ok()) GTEST_SKIP() << disk.error();
    const fs::path dir = out_dir();
    const fs::path home = dir / "home", config = dir / "config", data = dir / "data";
    for (const fs::path& p : {home, config, data}) fs::create_directories(p);
    test::write_text((config / "user-dirs.dirs").string(), "XDG_PICTURES_DIR=\"" + disk.path() + "\"\n");
    const fs::path pictures = fs::path(disk.path()) / "slotcraft";
    fs::create_directories(pictures);
    test::fill_disk(disk.path());
    test::StartedProgram program(SLOTCRAFT_EXE,
                                 {"--world", "flat", "--view-distance", "1", "--vsync", "off", "--size", "320x180",
                                  "--gl-debug", "--frames", "20000"},
                                 {"HOME=" + home.string(), "XDG_CONFIG_HOME=" + config.string(),
                                  "XDG_DATA_HOME=" + data.string()});
    std::string window = xdotool({"search", "--sync", "--pid", std::to_string(program.pid()), "--name", "^Slotcraft$"});
    window = window.substr(0, window.find('\n'));
    ASSERT_FALSE(window.empty()) << "no Slotcraft window";
    xdotool({"key", "--window", window, "F2"});
    std::this_thread::sleep_for(std::chrono::seconds(2));
    quit_by_key(window);
    const test::RunResult r = program.finish();
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(pictures, ec)) {
        ADD_FAILURE() << "a file was left: " << entry.path() << " (" << fs::file_size(entry.path(), ec) << " bytes)";
    }
}

}  // namespace
}  // namespace slotcraft
