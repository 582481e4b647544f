// Building in the real program (docs/scripting.md "Building"): a sphere, a masked fill with
// a pattern, a hollow pyramid, stack and move give their cells (`expect`), say what they did
// (hud.message), undo whole, and pass `verify` in the next frame; a sphere of radius 64 and a
// 16-way stack of a 32^3 build show whole in the next frame; bad building lines stop the run
// at their line.
#include <gtest/gtest.h>

#include "render/render_test_support.hpp"

namespace slotcraft {
namespace {

using render_test::expect_stops_at_line;
using render_test::out_dir;
using render_test::pixels_differing;
using render_test::run_script;
using render_test::stat_int;
using test::Json;

const std::vector<std::string> kFlat = {"--world", "flat", "--view-distance", "3"};

TEST(BuildRender, ShapesMasksPatternsStackAndMoveGiveTheirCells) {
    const std::string dir = out_dir();
    const std::string script =
        "camera 12 100 -10 180 -35\n"
        "screenshot " +
        dir +
        "/before.png\n"
        "region 0 64 0 24 88 24\n"
        "shape sphere stone\n"
        "stats " +
        dir +
        "/sphere.json\n"
        "screenshot " +
        dir +
        "/sphere.png\n"
        "verify\n"
        "expect 12 76 12 stone\nexpect 12 64 12 stone\nexpect 0 64 0 air\nexpect 12 88 12 stone\n"
        "undo\nverify\nexpect 12 76 12 air\n"
        "region 0 60 0 15 70 15\nmask air\nfill stone:3,brick:1\n"
        "stats " +
        dir +
        "/masked.json\n"
        "expect 3 63 3 grass\nverify\n"
        "mask none\nshape pyramid glass hollow\nverify\n"
        "stats " +
        dir +
        "/pyramid.json\n"
        "region 30 64 0 33 67 1\nfill brick\nstack 4 0 0 1\n"
        "expect 30 64 9 brick\nexpect 33 67 2 brick\n"
        "move 0 5 0\nexpect 30 69 0 brick\nexpect 30 64 0 air\nexpect 30 64 2 brick\n"
        "stats " +
        dir + "/moved.json\nverify\n";
    const auto r = run_script(dir, script, kFlat);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json sphere = Json::parse_file(dir + "/sphere.json");
    EXPECT_EQ(stat_int(sphere, "edit.cells_last"), 8217) << "a 25^3 region's sphere: the lattice points within 12.5";
    EXPECT_EQ(sphere.at("hud.message").string, "sphere of stone in 25 by 25 by 25: 8217 cells changed");
    EXPECT_EQ(stat_int(sphere, "undo.depth"), 1);
    const Json masked = Json::parse_file(dir + "/masked.json");
    EXPECT_EQ(masked.at("edit.mask").string, "air");
    EXPECT_EQ(stat_int(masked, "edit.cells_last"), 16 * 16 * 7) << "the mask kept the ground (y 60..63)";
    EXPECT_NE(masked.at("hud.message").string.find("with stone:3,brick:1 (mask: air)"), std::string::npos)
        << masked.at("hud.message").string;
    const Json pyramid = Json::parse_file(dir + "/pyramid.json");
    EXPECT_EQ(pyramid.at("edit.mask").string, "none");
    EXPECT_NE(pyramid.at("hud.message").string.find("pyramid (hollow) of glass in 16 by 11 by 16"), std::string::npos)
        << pyramid.at("hud.message").string;
    const Json moved = Json::parse_file(dir + "/moved.json");
    EXPECT_EQ(stat_int(moved, "region.y1"), 69) << "the region moved with its blocks";
    EXPECT_NE(moved.at("hud.message").string.find("moved 4 by 4 by 2 (32 cells) by 0 5 0"), std::string::npos)
        << moved.at("hud.message").string;
    const auto a = test::load_png(dir + "/before.png");
    const auto b = test::load_png(dir + "/sphere.png");
    EXPECT_GT(pixels_differing(a, b), a.rgb.size() / 3 / 20) << "the sphere is not on screen";
}

// The large cases: a sphere of radius 64 (1.1M cells) and a 16-way stack of a 32^3
// build, each whole in the next frame (`verify` reads every slot back from the GPU).
TEST(BuildRender, ASphereOfRadius64AndASixteenWayStackShowInTheNextFrame) {
    const std::string dir = out_dir();
    const std::string script =
        "camera 0 260 -20 180 -60\n"
        "region -64 70 -64 64 198 64\nshape sphere stone\n"
        "stats " +
        dir +
        "/sphere.json\nverify\n"
        "expect 0 134 0 stone\nexpect 0 198 0 stone\nexpect 64 134 0 stone\nexpect 32 198 32 air\n"
        "undo\nregion -80 64 -16 -49 95 15\nfill brick\n"
        "stack 16 1 0 0\n"
        "stats " +
        dir +
        "/stack.json\nverify\nexpect -48 64 -16 brick\nexpect 63 95 15 brick\n"
        "expect 63 96 15 air\n";
    const auto r = run_script(dir, script, {"--world", "flat", "--view-distance", "5"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json sphere = Json::parse_file(dir + "/sphere.json");
    EXPECT_GT(stat_int(sphere, "edit.cells_last"), 1'100'000);
    EXPECT_LT(stat_int(sphere, "edit.cells_last"), 1'160'000) << "about 4/3 pi 64.5^3";
    const Json stack = Json::parse_file(dir + "/stack.json");
    EXPECT_EQ(stat_int(stack, "edit.cells_last"), 16 * 32 * 32 * 32) << "16 copies of 32^3 bricks over air";
    EXPECT_NE(stack.at("hud.message").string.find("stacked 16 copies of 32 by 32 by 32 (32768 cells) east"),
              std::string::npos)
        << stack.at("hud.message").string;
}

// The brush in a script: `place` paints a dab and `break` digs one, mirrored across the region's
// centre with `symmetry`; each is one undo step; with the brush off, break acts on one block
// (and its image).
TEST(BuildRender, TheBrushPaintsAndDigsMirroredDabs) {
    const std::string dir = out_dir();
    const std::string script =
        "camera 5.5 70 5.5 0 -90\nregion 0 64 0 15 64 15\nsymmetry x\nbrush sphere 2\n"
        "place stone\nstats " +
        dir +
        "/painted.json\nverify\n"
        "expect 5 64 5 stone\nexpect 10 64 5 stone\nexpect 7 64 5 stone\nexpect 5 66 5 stone\n"
        "expect 5 64 8 air\nexpect 13 64 5 air\nexpect 2 64 5 air\n"
        "screenshot " +
        dir +
        "/painted.png\n"
        "undo\nexpect 5 64 5 air\nexpect 10 64 5 air\n"
        "brush off\nbreak\nexpect 5 63 5 air\nexpect 10 63 5 air\nverify\n"
        "stats " +
        dir +
        "/broken.json\n"
        "brush cube 1\nstroke begin\nplace glass\ncamera 2.5 70 10.5 0 -90\nplace glass\nstroke end\nstats " +
        dir +
        "/stroke.json\nexpect 2 64 10 glass\nexpect 13 64 10 glass\nundo\nexpect 2 64 10 air\nexpect 13 64 10 "
        "air\nverify\n";
    const auto r = run_script(dir, script, kFlat);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json painted = Json::parse_file(dir + "/painted.json");
    EXPECT_EQ(painted.at("hud.message").string.substr(0, 21), "brush stroke: 1 dab, ")
        << painted.at("hud.message").string;
    EXPECT_EQ(stat_int(painted, "undo.depth"), 1) << "the dab and its mirror image: one step";
    const Json broken = Json::parse_file(dir + "/broken.json");
    EXPECT_EQ(stat_int(broken, "undo.depth"), 1) << "the break and its image: one step (after the undo)";
    const Json stroke = Json::parse_file(dir + "/stroke.json");
    EXPECT_EQ(stat_int(stroke, "undo.depth"), 2) << "two dabs and their images between stroke begin and end: one step";
    EXPECT_EQ(stroke.at("hud.message").string.substr(0, 22), "brush stroke: 2 dabs, ")
        << stroke.at("hud.message").string;
}

TEST(BuildRender, BadBuildingLinesStopTheRunAtTheirLine) {
    const std::string dir = out_dir();
    EXPECT_NE(
        expect_stops_at_line(dir, "wait 1\nshape cube stone\n", 2, kFlat).find("needs one of sphere|cylinder|pyramid"),
        std::string::npos);
    EXPECT_NE(expect_stops_at_line(dir, "fill stone:0\n", 1, kFlat).find("is not a whole number from 1 to 1,000,000"),
              std::string::npos);
    EXPECT_NE(expect_stops_at_line(dir, "mask stone,marble\n", 1, kFlat).find("'marble' is not a block name"),
              std::string::npos);
    EXPECT_NE(expect_stops_at_line(dir, "stack 2 1 1 0\n", 1, kFlat).find("a unit step along one axis"),
              std::string::npos);
    EXPECT_NE(expect_stops_at_line(dir, "move 1.5 0 0\n", 1, kFlat).find("whole number of cells"), std::string::npos);
    EXPECT_NE(expect_stops_at_line(dir, "camera 0 80 0 0 -30\nregion 0 64 0 3 66 3\ncontract 3 up\n", 3, kFlat)
                  .find("cannot contract the region by 3 up: it is only 3 cells"),
              std::string::npos);
    EXPECT_NE(expect_stops_at_line(dir, "camera 0 80 0 0 -30\nshape sphere stone\n", 2, kFlat).find("no region"),
              std::string::npos);
}

}  // namespace
}  // namespace slotcraft
