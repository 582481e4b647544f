// Light and shade end to end (docs/light.md): a reference scene (a closed stone room with a
// lamp, an inner corner out in the open field next to a second lamp), each at daylight 1
// and 0.1, against reference PNGs; the room looks the same by day and by night (no sky gets
// in, block light is not scaled); the field darkens at night but keeps its lamp's glow.
// Then random edits with lamps: `verify` passes, no GL error, about 12 vertex runs per drawn cube.
// And a shaft dug with lamps down its side, which changes the light of pages nothing was
// written to: `verify` holds every drawn face's corners (gfx/face_corners.hpp) to its light.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "render/render_test_support.hpp"

namespace slotcraft {
namespace {

using render_test::out_dir;
using render_test::run_script;
using render_test::stat_int;
using test::Image;
using test::Json;

constexpr int kWidth = 480, kHeight = 270;

// The room: stone walls, floor on the grass at y 64, inside x 1..11, y 64..68, z -15..-5,
// a lamp on the floor by the far wall. The L: two stone walls, 3 high, meeting at
// (24, 64, -20); a lamp stands on the ground in the inner corner's opening.
std::string build_scene() {
    return "camera 12 70 -10 0 -30\nsettle\nregion 0 64 -16 12 69 -4\nfill stone\n"
           "region 1 64 -15 11 68 -5\nfill air\n"
           "set 8 64 -14 lamp\n"
           "region 20 64 -20 24 66 -20\nfill stone\n"
           "region 24 64 -20 24 66 -14\nfill stone\n"
           "set 21 64 -17 lamp\nregion none\n";
}

// Inside the room (eye at 3.5 66.2 -6.5) looking at the lamp and the far corner; outside,
// looking at the L's inner corner from the open field.
const char* const kRoomPose = "camera 3.5 66.2 -6.5 35 -20";
const char* const kFieldPose = "camera 14.5 69.5 -8.5 45 -25";

std::vector<std::string> flags() {
    return {"--world", "flat",   "--view-distance",
            "3",       "--size", std::to_string(kWidth) + "x" + std::to_string(kHeight)};
}

// Mean luma of the rows between 40% and 75% of the height: the ground and the walls, above
// the HUD.
double mean_luma(const Image& img) {
    double sum = 0;
    int n = 0;
    for (int y = img.height * 40 / 100; y < img.height * 75 / 100; ++y) {
        for (int x = 0; x < img.width; ++x, ++n) {
            const uint8_t* p = img.pixel(x, y);
            sum += 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
        }
    }
    return sum / n;
}

struct Shots {
    Image room_day, room_night, field_day, field_night;
};

TEST(LightRender, ReferenceSceneByDayAndByNight) {
    const std::string dir = out_dir();
    std::string s = build_scene() + "wait 3\n";
    s += std::string(kRoomPose) + "\nwait 2\nscreenshot " + dir + "/room_day.png\n";
    s += std::string(kFieldPose) + "\nwait 2\nscreenshot " + dir + "/field_day.png\n";
    s += "daylight 0.1\n";
    s += std::string(kRoomPose) + "\nwait 2\nscreenshot " + dir + "/room_night.png\n";
    s += std::string(kFieldPose) + "\nwait 2\nscreenshot " + dir + "/field_night.png\nstats " + dir + "/stats.json\n";
    const auto r = run_script(dir, s, flags());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json stats = Json::parse_file(dir + "/stats.json");
    EXPECT_EQ(stat_int(stats, "gl.errors"), 0);
    EXPECT_EQ(stat_int(stats, "buffer.instance_bytes"), 8);
    for (const char* name : {"room_day", "room_night", "field_day", "field_night"}) {
        render_test::expect_matches_reference(dir + "/" + name + ".png", std::string("light_") + name + ".png", dir);
    }
    const Image room_day = test::load_png(dir + "/room_day.png");
    const Image room_night = test::load_png(dir + "/room_night.png");
    const Image field_day = test::load_png(dir + "/field_day.png");
    const Image field_night = test::load_png(dir + "/field_night.png");
    // No sky reaches the closed room: the daylight changes nothing inside (the HUD is the
    // same in both).
    EXPECT_NEAR(mean_luma(room_day), mean_luma(room_night), 1.0);
    // Outside, night is much darker, but not black.
    EXPECT_LT(mean_luma(field_night), 0.6 * mean_luma(field_day));
    EXPECT_GT(mean_luma(field_night), 5.0);
}

TEST(LightRender, TargetLightAndRelightStatsAndDaylightUploadsNothing) {
    const std::string dir = out_dir();
    // Aim at the room's floor in front of the lamp from inside: the cell in front of the
    // targeted top face is next to the lamp.
    std::string s = build_scene() + "wait 3\ncamera 8.5 66.5 -11.5 0 -55\nwait 1\nstats " + dir + "/a.json\n";
    s += "set 8 64 -14 stone\nwait 1\nstats " + dir + "/b.json\n";
    s += "daylight 0.25\nwait 1\nstats " + dir + "/c.json\n";
    const auto r = run_script(dir, s, flags());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json a = Json::parse_file(dir + "/a.json");
    EXPECT_EQ(stat_int(a, "target.light_sky"), 0) << "a closed room";
    EXPECT_GE(stat_int(a, "target.light_block"), 12);
    const Json b = Json::parse_file(dir + "/b.json");
    EXPECT_EQ(stat_int(b, "target.light_block"), 0) << "the lamp is gone";
    EXPECT_GT(stat_int(b, "light.cells_last"), 100) << "the room went dark";
    EXPECT_GT(b.at("light.ms_last").number, 0.0);
    const Json c = Json::parse_file(dir + "/c.json");
    EXPECT_EQ(stat_int(c, "upload.bytes_last_frame"), 0) << "the daylight is a uniform";
}

TEST(LightRender, RandomEditsWithLampsVerifyWithoutGlErrors) {
    const std::string dir = out_dir();
    std::mt19937 rng(15);
    const char* const blocks[] = {"lamp", "stone", "air", "glass", "leaves", "lamp", "air"};
    std::string s = "camera 8 75 8 30 -40\nwait 3\n";
    for (int i = 0; i < 200; ++i) {
        s += "set " + std::to_string(static_cast<int>(rng() % 24)) + " " + std::to_string(60 + rng() % 8) + " " +
             std::to_string(static_cast<int>(rng() % 24)) + " " + blocks[rng() % 7] + "\n";
        if (i % 50 == 49) s += "wait 1\nverify\n";
    }
    s += "wait 2\nverify\nstats " + dir + "/stats.json\n";
    const auto r = run_script(dir, s, flags());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json stats = Json::parse_file(dir + "/stats.json");
    EXPECT_EQ(stat_int(stats, "gl.errors"), 0);
    const int64_t vertices = stat_int(stats, "gpu.vertex_invocations");
    const int64_t instances = stat_int(stats, "draw.instances");
    ASSERT_GT(instances, 0);
    if (vertices >= 0) {
        const int64_t corners = stat_int(stats, "draw.corners");
        EXPECT_LE(corners, 12 * instances) << "at most 12 shared corners a cube";
        EXPECT_LE(vertices, corners + corners / 100) << "the corners of each run's index table";
    }
}

// A light byte changes the corners of the faces around it, on pages no cube was written to (a
// lamp lights the next chunk's ground): those pages' corners must be worked out again. Each
// step digs one cell and hangs a lamp beside it, then three lamps move across the shaft;
// with only the written pages worked out again, `verify` failed here at the end ("the corners
// of face 2 of slot 461 ... were not worked out again after a change").
TEST(LightRender, AShaftDugWithLampsLeavesNoFaceCornersStale) {
    const std::string dir = out_dir();
    std::string s = "camera 0.5 100 0.5 0 -60\nwait 3\n";
    for (const int y : {80, 75, 70, 68, 66, 64, 62, 60, 58}) {
        s += "set 17 " + std::to_string(y) + " 17 air\nset 17 " + std::to_string(y) + " 18 lamp\nsettle\n";
    }
    // Then the lamps move across the shaft: the chunks keep their light pages (no new
    // reference), only bytes change, on pages whose cubes are not written.
    for (const int y : {66, 62, 58}) {
        s += "set 17 " + std::to_string(y) + " 18 air\nset 17 " + std::to_string(y) + " 16 lamp\nsettle\n";
    }
    s += "verify\nstats " + dir + "/stats.json\n";
    // Without caves: cubes on dark cave walls have light pages (and corners) of their own, and
    // the count below is about the lamps' pages.
    const auto r = run_script(
        dir, s, {"--world", "terrain", "--seed", "1", "--caves", "off", "--view-distance", "4", "--size", "640x360"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json stats = Json::parse_file(dir + "/stats.json");
    EXPECT_EQ(stat_int(stats, "gl.errors"), 0);
    // Corner blocks (3,072 bytes, a page's) only for the pages of the chunks the lamps gave a
    // light page to: a few, not one for every page handed out.
    const int64_t corner_pages = stat_int(stats, "buffer.corner_pages");
    EXPECT_GT(corner_pages, 0) << "the lamps' chunks have light pages";
    EXPECT_LT(corner_pages, stat_int(stats, "slots.pages") / 4);
    EXPECT_EQ(stat_int(stats, "buffer.corner_bytes") % 3072, 0);
    EXPECT_GE(stat_int(stats, "buffer.corner_bytes"), 3072 * corner_pages);
    EXPECT_GT(stat_int(stats, "buffer.gpu_bytes"),
              stat_int(stats, "buffer.bytes") + stat_int(stats, "buffer.corner_bytes"));
}

}  // namespace
}  // namespace slotcraft
