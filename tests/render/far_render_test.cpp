// Far terrain end to end (docs/world.md "Far terrain", docs/rendering.md "Far terrain"): the
// horizon shows terrain where the view alone ends in fog, a tower built at the spawn stands on
// the horizon from far away and goes with an undo, and no crack where rings meet lets the
// clear colour through. Every screenshot is kept in the test's folder.
#include <gtest/gtest.h>

#include "render/render_test_support.hpp"

namespace slotcraft {
namespace {

using render_test::out_dir;
using render_test::run_script;
using render_test::stat_int;
using test::Image;
using test::Json;

constexpr int kWidth = 640, kHeight = 360;
const std::string kSize = std::to_string(kWidth) + "x" + std::to_string(kHeight);

bool near_colour(const uint8_t* p, int r, int g, int b, int tolerance) {
    return std::abs(p[0] - r) <= tolerance && std::abs(p[1] - g) <= tolerance && std::abs(p[2] - b) <= tolerance;
}

// The share of the pixels in rows [top, bottom) within `tolerance` of (r, g, b).
double share_of(const Image& image, int top, int bottom, int r, int g, int b, int tolerance) {
    std::size_t n = 0, all = 0;
    for (int y = top; y < bottom; ++y)
        for (int x = 0; x < image.width; ++x, ++all) n += near_colour(image.pixel(x, y), r, g, b, tolerance) ? 1 : 0;
    return static_cast<double>(n) / static_cast<double>(all);
}

TEST(FarRender, TheHorizonShowsTerrainWhereTheViewAloneEndsInFog) {
    const std::string dir = out_dir();
    // High above the spawn looking east, a little down: rows 200..250 look at the ground 300 to
    // 700 blocks away, beyond view distance 4 (64 blocks) and within far distance 64 (1,024).
    const std::string look = "camera 0.5 200 0.5 90 -8\n";
    // Without --far-distance or a settings file the renderer decides: off on llvmpipe.
    const auto r = run_script(dir,
                              "stats " + dir + "/default.json\nfar-distance 0\n" + look + "screenshot " + dir +
                                  "/fog.png\n" + "far-distance 64\n" + look + "settle\nscreenshot " + dir +
                                  "/far.png\nstats " + dir + "/stats.json\nverify\n",
                              {"--view-distance", "4", "--size", kSize});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(stat_int(Json::parse_file(dir + "/default.json"), "world.far_distance"), 0)
        << "far terrain is off by default on a software renderer (settings.hpp default_far_distance)";
    const Json stats = Json::parse_file(dir + "/stats.json");
    EXPECT_EQ(stat_int(stats, "gl.errors"), 0);
    EXPECT_EQ(stat_int(stats, "world.far_distance"), 64);
    EXPECT_EQ(stat_int(stats, "lod.levels"), 5);  // 4 x 2^4 = 64
    EXPECT_EQ(stat_int(stats, "lod.stale"), 0);
    EXPECT_EQ(stat_int(stats, "lod.pending"), 0);
    const Json& chunks = stats.at("lod.chunks");
    ASSERT_EQ(chunks.kind, Json::Kind::kArray);
    ASSERT_EQ(chunks.array.size(), 5u);
    for (const Json& c : chunks.array) EXPECT_GT(c.number, 0.0) << "every level holds chunks with cubes";
    const Image fog = test::load_png(dir + "/fog.png");
    const Image far = test::load_png(dir + "/far.png");
    // The sky colour (slots/palette.hpp kSkyColour at daylight 1) is what fog fades into.
    EXPECT_GT(share_of(fog, 200, 250, 142, 186, 232, 12), 0.9) << "the view alone: fog and sky there";
    EXPECT_LT(share_of(far, 200, 250, 142, 186, 232, 12), 0.2) << "far terrain: ground there";
}

TEST(FarRender, ATowerAtTheSpawnStandsOnTheHorizonUntilUndone) {
    const std::string dir = out_dir();
    // A brick tower 32 x 192 x 32 on the flat world's grass; seen from 700 blocks east it lies
    // in the level-4 ring (cells of 16 blocks) of view distance 4.
    const std::string look = "camera 700 150 16 -90 0\n";
    const auto r = run_script(dir,
                              "region 0 64 0 31 255 31\nfill brick\nregion none\n" + look + "screenshot " + dir +
                                  "/tower.png\nverify\nundo\nsettle\nscreenshot " + dir + "/gone.png\nstats " + dir +
                                  "/stats.json\nverify\n",
                              {"--world", "flat", "--view-distance", "4", "--far-distance", "64", "--size", kSize});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json stats = Json::parse_file(dir + "/stats.json");
    EXPECT_EQ(stat_int(stats, "gl.errors"), 0);
    EXPECT_EQ(stat_int(stats, "lod.stale"), 0);
    const auto bricks = [](const Image& image) {
        std::size_t n = 0;
        for (int y = 0; y < kHeight; ++y)
            for (int x = kWidth / 2 - 60; x < kWidth / 2 + 60; ++x) {
                const uint8_t* p = image.pixel(x, y);
                n += (p[0] > p[1] + 40 && p[0] > p[2] + 40) ? 1 : 0;  // the brick's red
            }
        return n;
    };
    EXPECT_GT(bricks(test::load_png(dir + "/tower.png")), 200u) << "the tower shows on the horizon";
    EXPECT_EQ(bricks(test::load_png(dir + "/gone.png")), 0u) << "and is gone after the undo";
}

// Ten poses over rough terrain, high above it and looking down steeply enough that every ray
// meets the ground inside the far disc (y 230, pitch -60: even the corners' rays meet it within
// about 580 blocks, the far distance being 768) while the rings' borders at 48, 96, 192 and 384
// blocks are in view. With the clear colour magenta, any magenta pixel is a crack.
TEST(FarRender, NoCrackWhereRingsMeetShowsTheClearColour_RunsForMinutes) {
    const std::string dir = out_dir();
    const int poses[10][3] = {{0, 0, 90},         {300, -200, 0},   {-500, 400, 200},  {900, 900, 45},
                              {-1200, -300, 300}, {150, 1500, 135}, {-800, -1100, 10}, {2000, 100, 250},
                              {40, -2400, 170},   {-2600, 2600, 80}};
    std::string script;
    for (int i = 0; i < 10; ++i) {
        script += "camera " + std::to_string(poses[i][0]) + " 230 " + std::to_string(poses[i][1]) + " " +
                  std::to_string(poses[i][2]) + " -60\nscreenshot " + dir + "/pose" + std::to_string(i) + ".png\n";
    }
    const auto r = run_script(dir, script + "stats " + dir + "/stats.json\nverify\n",
                              {"--view-distance", "3", "--far-distance", "48", "--clear-colour", "ff00ff", "--size",
                               kSize});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(stat_int(Json::parse_file(dir + "/stats.json"), "gl.errors"), 0);
    for (int i = 0; i < 10; ++i) {
        const Image image = test::load_png(dir + "/pose" + std::to_string(i) + ".png");
        std::size_t cracks = 0;
        std::string first;  // where the first few are, for the failure's message
        for (int y = 0; y < kHeight; ++y)
            for (int x = 0; x < kWidth; ++x) {
                if (!near_colour(image.pixel(x, y), 255, 0, 255, 24)) continue;
                if (cracks < 8) first += " " + std::to_string(x) + "," + std::to_string(y);
                ++cracks;
            }
        EXPECT_EQ(cracks, 0u) << "pose " << i << ": the clear colour shows (pose" << i << ".png) at" << first;
    }
}

}  // namespace
}  // namespace slotcraft
