// The occlusion walk in the real program (docs/culling.md "Occlusion: the walk through open
// faces"): the picture with it on equals the picture with it off, pixel for pixel, in a room
// dug in the rock (where it hides almost everything), above ground (where it draws no more)
// and with the eye inside the rock (where it hides nothing); `verify` passes.
#include <gtest/gtest.h>

#include "render/render_test_support.hpp"

namespace slotcraft {
namespace {

using render_test::out_dir;
using render_test::run_script;
using render_test::stat_int;
using test::Json;

// Runs `setup`, then a screenshot and stats with the walk on and again with it off.
struct OnOff {
    Json on, off;
    test::Image on_shot, off_shot;
};
OnOff on_and_off(const std::string& dir, const std::string& setup, std::vector<std::string> flags) {
    const std::string script = setup + "screenshot " + dir + "/on.png\nstats " + dir +
                               "/on.json\nverify\n"
                               "occlusion off\nscreenshot " +
                               dir + "/off.png\nstats " + dir + "/off.json\nverify\n";
    flags.insert(flags.end(), {"--size", "480x270"});
    const auto r = run_script(dir, script, flags);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    OnOff out;
    if (r.exit_code != 0) return out;
    out.on = Json::parse_file(dir + "/on.json");
    out.off = Json::parse_file(dir + "/off.json");
    out.on_shot = test::load_png(dir + "/on.png");
    out.off_shot = test::load_png(dir + "/off.png");
    EXPECT_TRUE(out.on.at("cull.occlusion").boolean);
    EXPECT_FALSE(out.off.at("cull.occlusion").boolean);
    EXPECT_EQ(stat_int(out.off, "cull.occluded_chunks"), 0);
    EXPECT_EQ(out.on_shot.rgb, out.off_shot.rgb)
        << "the walk changed the picture: compare " << dir << "/on.png and off.png";
    return out;
}

// A 5 x 4 x 5 room 40 blocks under the hills, lit by a lamp, the eye in it looking up toward
// the hills (which the frustum keeps).
const char* const kRoom =
    "camera 0.5 21.6 1.5 30 25\nregion -2 20 -2 2 23 2\nfill air\nregion none\n"
    "set 0 20 0 lamp\nsettle\n";

TEST(OcclusionRender, ARoomDugInTheRockHidesTheRestOfTheWorld) {
    const std::string dir = out_dir();
    const OnOff r = on_and_off(dir, kRoom, {"--world", "terrain", "--view-distance", "6"});
    ASSERT_FALSE(r.on.is_null());
    EXPECT_GT(stat_int(r.on, "cull.occluded_chunks"), 10);
    EXPECT_GT(stat_int(r.on, "cull.occluded_instances"), 0);
    EXPECT_GT(stat_int(r.on, "draw.instances"), 0);
    EXPECT_LE(stat_int(r.on, "draw.instances") * 10, stat_int(r.off, "draw.instances") * 4)
        << "underground, the walk draws at most 40% of what the frustum alone draws";
    EXPECT_GT(stat_int(r.on, "cull.walk_reached"), 0);
}

// A cave of the generated terrain (generator 3, seed 1), 90 blocks under the hills, the eye
// looking up along it: the hills the frustum keeps lie behind the rock.
TEST(OcclusionRender, InACaveOfTheTerrainTheRockHidesTheHills) {
    const std::string dir = out_dir();
    const OnOff r = on_and_off(dir, "camera -73.5 -15.4 -186.5 180 20\n",
                               {"--world", "terrain", "--seed", "1", "--caves", "on", "--view-distance", "8"});
    ASSERT_FALSE(r.on.is_null());
    EXPECT_GT(stat_int(r.on, "draw.instances"), 0);
    EXPECT_LE(stat_int(r.on, "draw.instances") * 10, stat_int(r.off, "draw.instances") * 4);
    EXPECT_GT(stat_int(r.on, "cull.occluded_chunks"), 10);
}

TEST(OcclusionRender, AboveGroundItDrawsNoMoreThanTheFrustumAlone) {
    const std::string dir = out_dir();
    const OnOff r = on_and_off(dir, "camera 0.5 100 0.5 30 -20\n", {"--world", "terrain", "--view-distance", "6"});
    ASSERT_FALSE(r.on.is_null());
    // The walk ran and reached the hills and the sky over them (the pictures above are the test).
    EXPECT_GT(stat_int(r.on, "cull.walk_reached"), 100);
    EXPECT_GT(stat_int(r.on, "draw.instances"), 1000);
}

TEST(OcclusionRender, WithTheEyeInsideTheRockItHidesNothing) {
    const std::string dir = out_dir();
    // Inside stone the near plane cuts the rock and the picture sees through it.
    const OnOff r = on_and_off(dir, "camera 0.5 20.5 0.5 30 -20\n", {"--world", "terrain", "--view-distance", "4"});
    ASSERT_FALSE(r.on.is_null());
    EXPECT_EQ(stat_int(r.on, "cull.occluded_chunks"), 0);
    EXPECT_EQ(stat_int(r.on, "draw.instances"), stat_int(r.off, "draw.instances"));
}

}  // namespace
}  // namespace slotcraft
