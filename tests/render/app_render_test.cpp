// The foundation's render tests: the real program, headless, on flags and scripts.
#include <gtest/gtest.h>

#include <cstdlib>

#include "slots/palette.hpp"
#include "support/json.hpp"
#include "support/program.hpp"

namespace slotcraft {
namespace {

using test::Json;
using test::load_png;
using test::run_program;
using test::write_text;

std::string out_dir() { return test::fresh_test_dir(SLOTCRAFT_TEST_OUT); }

TEST(AppRender, FramesAndScreenshotShowTheSky) {
    const std::string dir = out_dir();
    const auto r = run_program(SLOTCRAFT_EXE, {"--frames", "5", "--screenshot", dir + "/out.png", "--gl-debug",
                                               "--size", "1280x720", "--vsync", "off", "--world", "flat"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto image = load_png(dir + "/out.png");
    ASSERT_EQ(image.width, 1280);  // the pixel read below must stay inside the image
    ASSERT_EQ(image.height, 720);
    // The eye looks at the horizon: above the middle (clear of the crosshair, the key help
    // line at the top and the overlay's side panels) is sky.
    const uint8_t* mid = image.pixel(640, 100);
    EXPECT_EQ(mid[0], kSkyColour.r);
    EXPECT_EQ(mid[1], kSkyColour.g);
    EXPECT_EQ(mid[2], kSkyColour.b);
}

TEST(AppRender, ScriptWithEveryCommandWritesStats) {
    const std::string dir = out_dir();
    write_text(dir + "/run.txt",
               "# every command of the foundation\n"
               "wait 2\n"
               "camera 10.5 70 -3 90 -20\n"
               "overlay on\n"
               "screenshot " +
                   dir +
                   "/shot.png\n"
                   "overlay off\n"
                   "stats " +
                   dir +
                   "/stats.json\n"
                   "quit\n"
                   "wait 1000000\n");
    const auto r = run_program(SLOTCRAFT_EXE, {"--script", dir + "/run.txt", "--gl-debug", "--size", "320x240",
                                               "--vsync", "off", "--stats-json", dir + "/exit.json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto stats = Json::parse_file(dir + "/stats.json");
    for (const char* key : {"frame.count", "frame.ms_avg", "gl.errors", "camera.x", "camera.y", "camera.z",
                            "camera.yaw", "camera.pitch"}) {
        EXPECT_NE(stats.find(key), nullptr) << key;
    }
    EXPECT_EQ(stats.at("frame.count").kind, Json::Kind::kInteger);
    EXPECT_GE(stats.at("frame.count").integer, 4);  // wait 2, camera >= 1, screenshot 1
    EXPECT_EQ(stats.at("gl.errors").integer, 0);
    EXPECT_DOUBLE_EQ(stats.at("camera.x").number, 10.5);
    EXPECT_DOUBLE_EQ(stats.at("camera.yaw").number, 90);
    EXPECT_DOUBLE_EQ(stats.at("camera.pitch").number, -20);
    // quit stops the run: the huge wait after it never ran.
    EXPECT_LT(Json::parse_file(dir + "/exit.json").at("frame.count").integer, 100000);
    // The overlay was on for the screenshot: its corner is not all sky.
    const auto shot = load_png(dir + "/shot.png");
    ASSERT_EQ(shot.width, 320);
    ASSERT_EQ(shot.height, 240);
    int non_sky = 0;
    for (int y = 0; y < 60; ++y) {
        for (int x = 0; x < 120; ++x) {
            const uint8_t* p = shot.pixel(x, y);
            non_sky += p[0] != kSkyColour.r || p[1] != kSkyColour.g || p[2] != kSkyColour.b;
        }
    }
    EXPECT_GT(non_sky, 200);
}

TEST(AppRender, BadScriptLineExitsTwoNamingTheLine) {
    const std::string dir = out_dir();
    write_text(dir + "/bad.txt", "wait 1\n\ncamera 1 2 three 0 0\n");
    const auto r = run_program(SLOTCRAFT_EXE, {"--script", dir + "/bad.txt"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("line 3"), std::string::npos) << r.err;
}

TEST(AppRender, BadFlagExitsTwoNamingTheFlag) {
    const auto r = run_program(SLOTCRAFT_EXE, {"--frames", "5", "--colour", "red"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--colour"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("usage:"), std::string::npos) << r.err;
    const auto bad_value = run_program(SLOTCRAFT_EXE, {"--size", "huge"});
    EXPECT_EQ(bad_value.exit_code, 2);
    EXPECT_NE(bad_value.err.find("--size"), std::string::npos) << bad_value.err;
}

TEST(AppRender, UnwritableOutputsAndAFolderAsScriptAreRefusedBeforeTheRun) {
    const auto stats = run_program(SLOTCRAFT_EXE, {"--frames", "1", "--stats-json", "/nonexistent-dir/s.json"});
    EXPECT_EQ(stats.exit_code, 2);
    EXPECT_NE(stats.err.find("--stats-json"), std::string::npos) << stats.err;
    const auto shot = run_program(SLOTCRAFT_EXE, {"--frames", "1", "--screenshot", "/nonexistent-dir/x.png"});
    EXPECT_EQ(shot.exit_code, 2);
    EXPECT_NE(shot.err.find("--screenshot"), std::string::npos) << shot.err;
    const auto folder = run_program(SLOTCRAFT_EXE, {"--script", "/tmp"});
    EXPECT_EQ(folder.exit_code, 2);
    EXPECT_NE(folder.err.find("it is a folder"), std::string::npos) << folder.err;
}

TEST(AppRender, AScreenshotOfAMinimisedWindowStopsTheScriptAtItsLine) {
    const std::string dir = out_dir();
    write_text(dir + "/min.txt", "wait 1\nresize 0 0\nscreenshot " + dir + "/x.png\n");
    const auto r = run_program(SLOTCRAFT_EXE,
                               {"--script", dir + "/min.txt", "--world", "flat", "--view-distance", "1"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("line 3"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("minimised"), std::string::npos) << r.err;
}

TEST(AppRender, HelpExitsZero) {
    const auto r = run_program(SLOTCRAFT_EXE, {"--help"});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("--script FILE"), std::string::npos);
}

TEST(AppRender, NoDisplaySuggestsXvfb) {
    const auto r = run_program(SLOTCRAFT_EXE, {"--frames", "1"}, {"DISPLAY", "WAYLAND_DISPLAY"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("xvfb-run"), std::string::npos) << r.err;
}

TEST(AppRender, OldOpenGLIsRefusedWithTheVersionFound) {
    const auto r = run_program(SLOTCRAFT_EXE, {"--frames", "1"},
                               {"MESA_GL_VERSION_OVERRIDE=3.3", "MESA_GLSL_VERSION_OVERRIDE=330"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("OpenGL 4.5 core is needed"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("3.3"), std::string::npos) << r.err;
}

TEST(AppRender, UnwritableScreenshotNamesTheLine) {
    const std::string dir = out_dir();
    write_text(dir + "/shot.txt", "wait 1\nscreenshot /nonexistent-dir/x.png\n");
    const auto r = run_program(SLOTCRAFT_EXE, {"--script", dir + "/shot.txt", "--size", "64x64"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("line 2"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace slotcraft
