// Water end to end: a pool built with `set`/`fill` in a flat world seen from above (tinted, the
// brick and the stone below still apart), its surface below the rim, the passes and the
// translucent draw in the stats, breaking and placing under water, walking (sinking and
// swimming) in it, and the terrain's lakes. Every screenshot is kept in the test's folder.
#include <gtest/gtest.h>

#include <glm/glm.hpp>

#include "edit/camera.hpp"
#include "render/render_test_support.hpp"

namespace slotcraft {
namespace {

using render_test::out_dir;
using render_test::run_script;
using render_test::stat_int;
using test::Image;
using test::Json;

constexpr int kWidth = 640, kHeight = 360;

// The pool: cells x 0..7, z 0..7, y 60..63 dug out of the flat world; its floor (y = 59) is
// brick under x 0..3 and stone under x 4..7. `contents` fills it (water, or air).
std::string pool_script(const std::string& contents) {
    return "region 0 59 0 3 59 7\nfill brick\nregion 0 60 0 7 63 7\nfill " + contents + "\nregion none\n";
}

std::vector<std::string> flags() {
    return {"--world", "flat",   "--view-distance",
            "2",       "--size", std::to_string(kWidth) + "x" + std::to_string(kHeight)};
}

// Where world point p lands on the screen for the eye at `eye` looking (yaw, pitch).
glm::ivec2 screen_of(const glm::dvec3& eye, double yaw, double pitch, const glm::vec3& p) {
    Camera camera;
    camera.position = eye;
    camera.yaw = yaw;
    camera.pitch = pitch;
    const glm::vec4 clip = camera.projection(static_cast<float>(kWidth) / kHeight, 0.05f, 64.0f) *
                           camera.view_relative_to(glm::dvec3(0.0)) * glm::vec4(p, 1.0f);
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    return {static_cast<int>((ndc.x * 0.5f + 0.5f) * kWidth), static_cast<int>((0.5f - ndc.y * 0.5f) * kHeight)};
}

// The mean colour of the 9 x 9 pixels around c (textures vary texel by texel).
glm::dvec3 patch(const Image& image, glm::ivec2 c) {
    glm::dvec3 sum(0.0);
    for (int y = c.y - 4; y <= c.y + 4; ++y)
        for (int x = c.x - 4; x <= c.x + 4; ++x) {
            const uint8_t* p = image.pixel(x, y);
            sum += glm::dvec3(p[0], p[1], p[2]);
        }
    return sum / 81.0;
}

double blueness(const glm::dvec3& c) { return c.b - 0.5 * (c.r + c.g); }

TEST(WaterRender, APoolIsTintedTheFloorShowsThroughAndTheFrameRunsItsPasses) {
    const std::string dir = out_dir();
    const glm::dvec3 eye{4.0, 72.0, 4.0};
    const std::string look = "camera 4 72 4 0 -89\n";
    const auto r = run_script(dir,
                              pool_script("air") + look + "screenshot " + dir + "/dry.png\n" + pool_script("water") +
                                  look + "screenshot " + dir + "/wet.png\nstats " + dir + "/stats.json\nverify\n",
                              flags());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json stats = Json::parse_file(dir + "/stats.json");
    EXPECT_EQ(stat_int(stats, "gl.errors"), 0);
    // 64 water cubes: only the tops under air show; faces between water cells and against
    // the pool's walls and floor are not drawn.
    EXPECT_EQ(stat_int(stats, "draw.translucent_instances"), 64);
    EXPECT_GE(stat_int(stats, "draw.translucent_commands"), 1);
    const Json& passes = stats.at("frame.passes");
    ASSERT_EQ(passes.kind, Json::Kind::kArray);
    std::vector<std::string> names;
    for (const Json& p : passes.array) names.push_back(p.string);
    const auto at = [&](const std::string& name) {
        return std::find(names.begin(), names.end(), name) - names.begin();
    };
    for (const char* name : {"opaque", "water", "lines", "ui"}) ASSERT_LT(at(name), names.size()) << name;
    EXPECT_LT(at("opaque"), at("water"));
    EXPECT_LT(at("water"), at("lines"));
    EXPECT_LT(at("lines"), at("ui"));

    const Image dry = test::load_png(dir + "/dry.png");
    const Image wet = test::load_png(dir + "/wet.png");
    const glm::ivec2 brick = screen_of(eye, 0, -89, {1.5f, 60.0f, 4.5f});
    const glm::ivec2 stone = screen_of(eye, 0, -89, {6.5f, 60.0f, 4.5f});
    const glm::dvec3 brick_dry = patch(dry, brick), brick_wet = patch(wet, brick);
    const glm::dvec3 stone_dry = patch(dry, stone), stone_wet = patch(wet, stone);
    // Tinted: bluer under water than in the open pool.
    EXPECT_GT(blueness(brick_wet), blueness(brick_dry) + 20.0) << "brick under water is tinted blue";
    EXPECT_GT(blueness(stone_wet), blueness(stone_dry) + 20.0) << "stone under water is tinted blue";
    // ... and the ground below still shows: brick and stone stay apart through the water.
    EXPECT_GT(glm::length(brick_wet - stone_wet), 20.0) << "brick and stone look alike through the water";
}

// The surface of water under air sits a little below the rim (at y 63.875 in a pool whose
// rim is y 64): an eye at y 63.95 is above it and looks across the surface (blue below the
// horizon); one at y 63.8 is under it and sees the pool's dirt wall (faces of water against
// the wall are not drawn).
TEST(WaterRender, TheSurfaceSitsBelowTheRim) {
    const std::string dir = out_dir();
    const auto r = run_script(dir,
                              pool_script("water") + "camera 4 63.95 6 0 0\nscreenshot " + dir +
                                  "/above.png\ncamera 4 63.8 6 0 0\nscreenshot " + dir + "/below.png\n",
                              flags());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Image above = test::load_png(dir + "/above.png");
    const Image below = test::load_png(dir + "/below.png");
    const glm::ivec2 under_horizon{kWidth / 2, kHeight / 2 + 60};
    EXPECT_GT(blueness(patch(above, under_horizon)), 20.0) << "an eye at 63.95 is above the surface";
    EXPECT_LT(blueness(patch(below, under_horizon)), 0.0) << "an eye at 63.8 is under the surface";
}

// The pick ray passes through water: breaking the brick at the bottom leaves water (the
// cell is under water), placing lands on the block below it through the water.
TEST(WaterRender, BreakingAndPlacingUnderWaterWork) {
    const std::string dir = out_dir();
    const auto r = run_script(dir,
                              pool_script("water") +
                                  "camera 1.5 66 4.5 0 -89.9\n"
                                  "break\nexpect 1 59 4 water\n"
                                  "place brick\nexpect 1 59 4 brick\n"
                                  "place planks\nexpect 1 60 4 planks\nverify\n"
                                  "stats " +
                                  dir + "/stats.json\n",
                              flags());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json stats = Json::parse_file(dir + "/stats.json");
    EXPECT_EQ(stat_int(stats, "gl.errors"), 0);
    EXPECT_EQ(stats.at("target.type").string, "planks") << "the target is the planks through the water above";
}

// Walk mode: the player sinks to the pool's floor (never stands on the surface) and Space
// swims up again.
TEST(WaterRender, WalkModeSinksAndSwimsUp) {
    const std::string dir = out_dir();
    const auto r = run_script(dir,
                              pool_script("water") + "camera 5.5 66 5.5 0 0\nmode walk\nwait 30\nstats " + dir +
                                  "/falling.json\nwait 150\nstats " + dir + "/floor.json\nkey SPACE 40\nstats " + dir +
                                  "/swim.json\n",
                              flags());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json falling = Json::parse_file(dir + "/falling.json");
    const Json floor = Json::parse_file(dir + "/floor.json");
    const Json swim = Json::parse_file(dir + "/swim.json");
    EXPECT_LT(falling.at("camera.y").number, 66.0);
    EXPECT_FALSE(falling.at("player.on_ground").boolean);
    // On the floor (y = 60), the eye 1.62 above it: never held up by the water.
    EXPECT_TRUE(floor.at("player.on_ground").boolean);
    EXPECT_NEAR(floor.at("camera.y").number, 60.0 + 1.62, 1e-3);
    EXPECT_GT(swim.at("camera.y").number, floor.at("camera.y").number + 1.0) << "Space swims up";
}

// The terrain (seed 1) has lakes near the spawn: seen from above, water is drawn in the
// translucent pass, far to near, with no GL error.
TEST(WaterRender, TerrainLakesAreDrawnInTheTranslucentPass) {
    const std::string dir = out_dir();
    const auto r = run_script(
        dir, "camera 32 90 -40 0 -60\nscreenshot " + dir + "/lake.png\nverify\nstats " + dir + "/stats.json\n",
        {"--world", "terrain", "--seed", "1", "--view-distance", "3", "--size", "640x360"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json stats = Json::parse_file(dir + "/stats.json");
    EXPECT_EQ(stat_int(stats, "gl.errors"), 0);
    EXPECT_GT(stat_int(stats, "draw.translucent_instances"), 50);
    EXPECT_GE(stat_int(stats, "draw.translucent_commands"), 1);
    const Image lake = test::load_png(dir + "/lake.png");
    // The middle of the view is the lake: blue.
    // Water lets the sandy floor show through (docs/rendering.md "Water"), so the lake is a
    // lighter blue than the texel's alpha alone once made it.
    EXPECT_GT(blueness(patch(lake, {kWidth / 2, kHeight / 2 + 12})), 10.0);
}

}  // namespace
}  // namespace slotcraft
