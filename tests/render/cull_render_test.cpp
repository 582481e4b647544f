// Culling end to end: the real program on scripts, GL debug output on.
#include <gtest/gtest.h>

#include "render/render_test_support.hpp"

namespace slotcraft {
namespace {

using render_test::out_dir;
using render_test::run_script;
using render_test::stat_int;
using test::Json;

TEST(CullRender, LookingAtTheSkyKeepsFewerChunksThanLookingAlongTheGround) {
    const std::string dir = out_dir();
    const std::string script = "camera 0 90 0 0 0\nwait 1\nstats " + dir +
                               "/ground.json\n"
                               "camera 0 90 0 0 89\nwait 1\nstats " +
                               dir + "/sky.json\n";
    const auto r = run_script(dir, script, {"--world", "terrain", "--view-distance", "4"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto ground = Json::parse_file(dir + "/ground.json");
    const auto sky = Json::parse_file(dir + "/sky.json");
    EXPECT_EQ(stat_int(ground, "cull.chunks"), stat_int(sky, "cull.chunks"));
    EXPECT_GT(stat_int(ground, "cull.chunks_visible"), 0);
    EXPECT_LT(stat_int(sky, "cull.chunks_visible"), stat_int(ground, "cull.chunks_visible"));
    EXPECT_LT(stat_int(ground, "cull.chunks_visible"), stat_int(ground, "cull.chunks"));
    EXPECT_LT(stat_int(sky, "draw.instances"), stat_int(ground, "draw.instances"));
    EXPECT_FALSE(ground.at("cull.frozen").boolean);
    // Culling draws fewer cubes than the buffer holds; each drawn cube costs the shared
    // corners of its run's index table, at most 12 (llvmpipe runs a corner again when a batch
    // of its vertex cache ends inside a cube: a few in a thousand), not the 18 vertices of its
    // 6 triangles.
    EXPECT_LT(stat_int(ground, "draw.instances"), stat_int(ground, "slots.high_water"));
    const int64_t cubes = stat_int(ground, "draw.instances");
    const int64_t corners = stat_int(ground, "draw.corners");
    EXPECT_LE(corners, 12 * cubes);
    EXPECT_GE(stat_int(ground, "gpu.vertex_invocations"), corners);
    EXPECT_LE(stat_int(ground, "gpu.vertex_invocations"), corners + corners / 100);
}

TEST(CullRender, AFrozenFrustumKeepsItsSetWhileTheCameraTurns) {
    const std::string dir = out_dir();
    const std::string script = "camera 0 90 0 0 -10\nwait 1\nstats " + dir +
                               "/before.json\ncull freeze\nboxes on\n"
                               "camera 0 90 0 180 -10\nwait 2\nscreenshot " +
                               dir + "/turned.png\nstats " + dir +
                               "/frozen.json\ncull live\nboxes off\nwait 1\nstats " + dir + "/live.json\n";
    const auto r = run_script(dir, script, {"--world", "terrain", "--view-distance", "4"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto before = Json::parse_file(dir + "/before.json");
    const auto frozen = Json::parse_file(dir + "/frozen.json");
    const auto live = Json::parse_file(dir + "/live.json");
    EXPECT_TRUE(frozen.at("cull.frozen").boolean);
    EXPECT_EQ(stat_int(frozen, "cull.chunks_visible"), stat_int(before, "cull.chunks_visible"));
    EXPECT_EQ(stat_int(frozen, "draw.instances"), stat_int(before, "draw.instances"));
    EXPECT_FALSE(live.at("cull.frozen").boolean);
    EXPECT_EQ(stat_int(live, "gl.errors"), 0);
}

}  // namespace
}  // namespace slotcraft
