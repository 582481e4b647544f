// The cube renderer end to end: the real program on scripts under Xvfb, GL debug output on
// (any GL error fails the run with exit code 3), checking the GPU buffer against the CPU
// copy (`verify`), the stats and the pixels.
#include <gtest/gtest.h>

#include <filesystem>

#include <random>
#include <sstream>

#include "render/render_test_support.hpp"

namespace slotcraft {
namespace {

using render_test::out_dir;
using render_test::run_script;
using render_test::stat_int;
using test::Json;

TEST(RendererRender, RandomEditsLoadsAndUnloadsKeepTheGpuBufferEqualToTheCpuCopy) {
    const std::string dir = out_dir();
    std::mt19937 rng(2024);
    std::ostringstream script;
    const char* blocks[] = {"air", "stone", "glass", "leaves", "brick", "dirt", "air", "air"};
    // Three stops far enough apart that chunks unload and load between them.
    const int centres[][2] = {{0, 0}, {80, 16}, {0, 0}};
    for (const auto& c : centres) {
        script << "camera " << c[0] << " 100 " << c[1] << " 0 -30\n";
        for (int batch = 0; batch < 6; ++batch) {
            for (int i = 0; i < 250; ++i) {  // within one chunk of the camera: always loaded
                script << "set " << c[0] + static_cast<int>(rng() % 32) - 16 << " " << 30 + rng() % 70 << " "
                       << c[1] + static_cast<int>(rng() % 32) - 16 << " " << blocks[rng() % 8] << "\n";
            }
            script << "wait 1\nverify\n";
        }
    }
    script << "stats " << dir << "/stats.json\n";
    const auto r = run_script(dir, script.str(), {"--world", "terrain", "--view-distance", "2", "--verify-every", "3"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto stats = Json::parse_file(dir + "/stats.json");
    EXPECT_EQ(stat_int(stats, "gl.errors"), 0);
    EXPECT_GT(stat_int(stats, "slots.taken"), 0);
    EXPECT_EQ(stat_int(stats, "slots.taken"), stat_int(stats, "world.instances"));
    EXPECT_LE(stat_int(stats, "slots.high_water"), stat_int(stats, "buffer.slots"));
}

TEST(RendererRender, BreakFreesTheSlotAndPlaceReusesIt) {
    const std::string dir = out_dir();
    // Look straight down at a block floating over the flat world's grass, so placing and
    // breaking it changes no other cube's instance.
    const std::string script =
        "camera 8.5 70 8.5 0 -90\n"
        "set 8 66 8 stone\nwait 1\nstats " +
        dir +
        "/placed.json\n"
        "set 8 66 8 air\nwait 1\nstats " +
        dir +
        "/broken.json\n"
        "set 8 66 8 brick\nwait 1\nverify\nstats " +
        dir + "/again.json\n";
    const auto r = run_script(dir, script, {"--world", "flat", "--view-distance", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto placed = Json::parse_file(dir + "/placed.json");
    const auto broken = Json::parse_file(dir + "/broken.json");
    const auto again = Json::parse_file(dir + "/again.json");
    EXPECT_EQ(placed.at("target.y").integer, 66);
    EXPECT_EQ(placed.at("target.type").string, "stone");
    EXPECT_EQ(stat_int(broken, "slots.taken"), stat_int(placed, "slots.taken") - 1);
    EXPECT_EQ(broken.at("target.y").integer, 63);  // the grass below is the target again
    EXPECT_EQ(again.at("target.type").string, "brick");
    EXPECT_EQ(stat_int(again, "target.slot"), stat_int(placed, "target.slot"));
    EXPECT_EQ(stat_int(again, "slots.high_water"), stat_int(placed, "slots.high_water"));
    // An edit uploads at most 7 instances: 28 bytes of instance data.
    EXPECT_GT(stat_int(again, "upload.bytes_last_frame"), 0);
    EXPECT_LE(stat_int(again, "upload.bytes_last_frame"), 7 * 4);
}

TEST(RendererRender, AGrowingSceneGrowsTheBufferAndLosesNothing) {
    const std::string dir = out_dir();
    const std::string script = "camera 0 120 0 0 -30\nverify\nstats " + dir + "/stats.json\n";
    const auto r = run_script(dir, script, {"--world", "terrain", "--view-distance", "4"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto stats = Json::parse_file(dir + "/stats.json");
    EXPECT_GT(stat_int(stats, "buffer.growths"), 0);
    EXPECT_GE(stat_int(stats, "buffer.slots"), stat_int(stats, "slots.high_water"));
    EXPECT_EQ(stat_int(stats, "buffer.bytes"),
              stat_int(stats, "buffer.slots") * stat_int(stats, "buffer.instance_bytes"));
    EXPECT_EQ(stat_int(stats, "buffer.instance_bytes"), 8);
}

TEST(RendererRender, ARingTooSmallForAFrameWaitsAndLosesNothing) {
    const std::string dir = out_dir();
    // A lamp in the open air gives its chunk a light page (5,832 bytes: more than the ring
    // holds), which goes up in pieces; verify reads it back.
    const std::string script = "camera 0 100 0 0 -30\nset 0 110 0 lamp\nwait 2\nverify\nstats " + dir + "/stats.json\n";
    const auto r = run_script(dir, script, {"--world", "terrain", "--view-distance", "2", "--ring-kib", "1"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto stats = Json::parse_file(dir + "/stats.json");
    EXPECT_EQ(stat_int(stats, "ring.bytes"), 1024);
    EXPECT_GT(stat_int(stats, "ring.waits"), 0);
    EXPECT_GT(stat_int(stats, "slots.taken"), 1000);
    EXPECT_GE(stat_int(stats, "light.pages"), 1);
}

TEST(RendererRender, SteadyStateNeverWaitsForTheRing) {
    const std::string dir = out_dir();
    const std::string script = "camera 0 100 0 0 -30\nstats " + dir + "/a.json\nwait 20\nstats " + dir + "/b.json\n";
    const auto r = run_script(dir, script, {"--world", "terrain", "--view-distance", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(stat_int(Json::parse_file(dir + "/b.json"), "ring.waits"), 0);
    EXPECT_EQ(stat_int(Json::parse_file(dir + "/b.json"), "upload.bytes_last_frame"), 0);
}

// Each drawn cube runs its shared corners (4 a face on each axis of its run's index table:
// at most 12, not the 18 vertices of its 6 triangles); llvmpipe runs a corner again when a
// batch of its vertex cache ends inside a cube (a few in a thousand). On terrain most pages
// hold tops alone, so the tables leave out a good part of the faces.
void expect_the_tables_corners(const Json& stats) {
    const int64_t cubes = stat_int(stats, "draw.instances");
    const int64_t corners = stat_int(stats, "draw.corners");
    EXPECT_GE(stat_int(stats, "gpu.vertex_invocations"), corners);
    EXPECT_LE(stat_int(stats, "gpu.vertex_invocations"), corners + corners / 100);
    EXPECT_LT(corners, 10 * cubes) << "the index tables by face axes should leave out a sixth of the corners or more";
}

TEST(RendererRender, VertexShaderRunsAreTheCornersOfEachRunsTable) {
    const std::string dir = out_dir();
    const std::string script = "camera 0 100 0 0 -30\nwait 3\nstats " + dir + "/stats.json\n";
    const auto r = run_script(dir, script, {"--world", "terrain", "--view-distance", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto stats = Json::parse_file(dir + "/stats.json");
    EXPECT_GT(stat_int(stats, "draw.instances"), 0);
    expect_the_tables_corners(stats);
    EXPECT_GT(stat_int(stats, "gpu.samples_passed"), 0);
}

TEST(RendererRender, EmptySlotsPassNoSample) {
    const std::string dir = out_dir();
    // Two cubes of one chunk high in the sky; the one in view is broken, so its slot is
    // empty but still inside the chunk's drawn run; the other is behind the eye.
    const std::string script =
        "camera 0.5 200.5 3.5 0 0\n"
        "set 0 200 0 stone\nset 0 200 10 stone\nset 0 200 0 air\nwait 3\n"
        "screenshot " +
        dir + "/sky.png\nstats " + dir + "/stats.json\n";
    const auto r = run_script(dir, script, {"--world", "flat", "--view-distance", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto stats = Json::parse_file(dir + "/stats.json");
    EXPECT_GE(stat_int(stats, "draw.instances"), 2);      // the empty slot is drawn...
    EXPECT_EQ(stat_int(stats, "gpu.samples_passed"), 0);  // ...and passes no sample
    // Both cubes show all six faces: their page's table is the one of all three axes.
    EXPECT_EQ(stat_int(stats, "draw.corners"), 12 * stat_int(stats, "draw.instances"));
    EXPECT_EQ(stat_int(stats, "gpu.vertex_invocations"), stat_int(stats, "draw.corners"));
}

TEST(RendererRender, PositionsAreExactFarFromTheOrigin) {
    const std::string dir = out_dir();
    // The flat world repeats every chunk: the same view at x = 0 and x = 10^6 (62500
    // chunks away) must give the same pixels, with a placed block in the middle.
    auto scene = [&](long x, const std::string& name) {
        return "camera " + std::to_string(x) + ".5 66.7 3.5 0 -25\nset " + std::to_string(x) + " 64 0 brick\nset " +
               std::to_string(x + 1) + " 65 -1 glass\nwait 1\nscreenshot " + dir + "/" + name + ".png\n";
    };
    const auto r = run_script(dir, scene(0, "origin") + scene(1000000, "far"),
                              {"--world", "flat", "--view-distance", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto a = test::load_png(dir + "/origin.png");
    const auto b = test::load_png(dir + "/far.png");
    ASSERT_EQ(a.rgb.size(), b.rgb.size());
    EXPECT_TRUE(a.rgb == b.rgb) << "the view at x = 10^6 differs from the view at the origin";
    const uint8_t* mid = a.pixel(a.width / 2, a.height / 2);
    EXPECT_FALSE(mid[0] == b.pixel(0, 0)[0] && mid[1] == b.pixel(0, 0)[1] && mid[2] == b.pixel(0, 0)[2])
        << "the placed block should fill the middle, not the sky";
}

TEST(RendererRender, RefusedEditStopsTheRunWithItsLine) {
    const std::string dir = out_dir();
    const std::vector<std::string> flags = {"--world", "flat", "--view-distance", "1"};
    render_test::expect_stops_at_line(dir, "camera 0 100 0 0 0\nset 0 330 0 stone\n", 2, flags);
    render_test::expect_stops_at_line(dir, "camera 0 100 0 0 0\nset 0 70 0 cheese\n", 2, flags);
}

TEST(RendererRender, MissingShaderIsNamed) {
    const std::string dir = out_dir();
    // A folder without the shaders (a folder that does not exist is refused as such).
    std::filesystem::create_directories(dir + "/nowhere");
    const auto r = test::run_program(SLOTCRAFT_EXE, {"--frames", "1", "--shaders", dir + "/nowhere"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("cube.vert"), std::string::npos) << r.err;
}

TEST(RendererRender, ShaderCompileErrorShowsTheFileAndTheLog) {
    const std::string dir = out_dir();
    for (const char* name : {"cube.vert", "cube.frag", "scatter.comp"}) {
        test::write_text(dir + "/" + name, test::read_text(std::string(SLOTCRAFT_SOURCE_DIR) + "/shaders/" + name));
    }
    test::write_text(dir + "/cube.frag", "#version 450 core\nvoid main() { this is not glsl; }\n");
    const auto r = test::run_program(SLOTCRAFT_EXE, {"--frames", "1", "--shaders", dir});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("cube.frag"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("does not compile"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace slotcraft
