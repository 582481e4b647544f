// Builds that travel in the real program: a 256 x 256 x 256 .vox imported and pasted shows in
// the next frame and passes `verify`; a region exported to both formats comes back cell for
// cell where it is pasted; a bad file stops the script at its line with exit code 2 and
// changes nothing (docs/formats.md).
#include <gtest/gtest.h>

#include <filesystem>

#include <cstdio>
#include <fstream>

#include "formats/vox.hpp"
#include "render/render_test_support.hpp"

namespace slotcraft {
namespace {

using render_test::expect_stops_at_line;
using render_test::out_dir;
using render_test::pixels_differing;
using render_test::run_script;
using render_test::stat_int;
using test::Json;

void write_bytes(const std::string& path, const std::vector<uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// A solid 256^3 build of opaque blocks in 32-cell bands (only its surface has cubes to draw).
Clipboard big_build() {
    constexpr BlockType kBands[] = {BlockType::kBrick, BlockType::kSand, BlockType::kPlanks, BlockType::kStone,
                                    BlockType::kLog,   BlockType::kDirt, BlockType::kGrass};
    Clipboard c;
    c.size = glm::ivec3(256);
    c.cells.resize(std::size_t{256} * 256 * 256);
    for (int y = 0; y < 256; ++y)
        for (int z = 0; z < 256; ++z)
            for (int x = 0; x < 256; ++x) c.cells[c.index(x, y, z)] = kBands[((x >> 5) + (y >> 5) + (z >> 5)) % 7];
    return c;
}

TEST(FormatsRender, A256CubedVoxImportsAndItsPasteShowsInTheNextFrame) {
    const std::string dir = out_dir();
    const Clipboard big = big_build();
    write_bytes(dir + "/big.vox", write_vox(big));
    // Seen from the north, 40 blocks in front of its z = 0 face; the `expect` cells are near the
    // eye, in chunks that view distance 4 loads.
    const std::string script = "camera 128 150 -40 180 -30\nwait 1\nscreenshot " + dir + "/before.png\nimport " + dir +
                               "/big.vox\nstats " + dir + "/imported.json\npaste 0 0 0\nscreenshot " + dir +
                               "/pasted.png\nstats " + dir +
                               "/pasted.json\nverify\nexpect 128 150 0 sand\nexpect 140 160 10 planks\n"
                               "expect 110 130 5 brick\n";
    const auto r = run_script(dir, script, {"--world", "flat", "--view-distance", "4", "--size", "480x270"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json imported = Json::parse_file(dir + "/imported.json");
    const Json pasted = Json::parse_file(dir + "/pasted.json");
    EXPECT_EQ(imported.at("files.message_last").string,
              "imported 256 by 256 by 256 (16,777,216 cells, 7 block types) from " +
                  std::filesystem::path(dir + "/big.vox").lexically_normal().string());
    EXPECT_EQ(stat_int(imported, "clipboard.cells"), 16'777'216);
    // Every cell but those that already held the same block (the flat world's stone, dirt and
    // grass where the bands put them) changed.
    EXPECT_GT(stat_int(pasted, "edit.cells_last"), 16'000'000);
    EXPECT_EQ(stat_int(pasted, "undo.depth"), 1) << "the paste is one undo step";
    EXPECT_GE(stat_int(pasted, "upload.writes_last_frame"), stat_int(pasted, "edit.instance_writes_last"))
        << "the frame after the paste landed every slot write it queued";
    const std::size_t changed = pixels_differing(test::load_png(dir + "/before.png"),
                                                 test::load_png(dir + "/pasted.png"));
    EXPECT_GT(changed, 480u * 270u / 4) << "the paste shows in the frame after it";
    std::printf("[ formats ] import %.0f ms, paste %.0f ms (this build; see docs/formats.md for the release figures)\n",
                imported.at("files.import_ms_last").number, pasted.at("edit.ms_last").number);
}

TEST(FormatsRender, ARegionTravelsThroughBothFormatsAndPastesBack) {
    const std::string dir = out_dir();
    std::string script =
        "camera 8 76 -14 180 -30\nregion 0 64 0 4 66 2\nfill planks\nset 1 65 1 lamp\n"
        "set 3 66 2 glass\nset 2 64 0 water\n";
    for (const char* file : {"castle.vox", "castle.schem"}) {
        script += "region 0 64 0 4 66 2\nexport " + dir + "/" + file + "\nregion none\nimport " + dir + "/" + file +
                  "\npaste 10 64 5\nexpect 11 65 6 lamp\nexpect 13 66 7 glass\nexpect 12 64 5 water\n"
                  "expect 10 64 5 planks\nverify\nundo\nexpect 11 65 6 air\n";
    }
    script += "stats " + dir + "/after.json\n";
    const auto r = run_script(dir, script, {"--world", "flat", "--view-distance", "3"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(Json::parse_file(dir + "/after.json").at("files.message_last").string,
              "imported 5 by 3 by 3 (45 cells, 4 block types) from " +
                  std::filesystem::path(dir + "/castle.schem").lexically_normal().string());
}

TEST(FormatsRender, ABadFileStopsTheScriptAtItsLineAndChangesNothing) {
    const std::string dir = out_dir();
    std::ofstream(dir + "/bad.vox", std::ios::binary) << "VOX \x96";
    std::ofstream(dir + "/bad.schem", std::ios::binary) << "\x1f\x8b\x08";
    const std::string start = "camera 8 76 -14 180 -30\nregion 0 64 0 1 64 1\nfill brick\ncopy\n";
    std::string err = expect_stops_at_line(dir, start + "import " + dir + "/bad.vox\n", 5,
                                           {"--world", "flat", "--view-distance", "2"});
    EXPECT_NE(err.find("cannot import 'bad.vox': at byte 4"), std::string::npos) << err;
    EXPECT_NE(err.find("truncated"), std::string::npos) << err;
    err = expect_stops_at_line(dir, start + "import " + dir + "/bad.schem\n", 5,
                               {"--world", "flat", "--view-distance", "2"});
    EXPECT_NE(err.find("cannot import 'bad.schem'"), std::string::npos) << err;
    err = expect_stops_at_line(dir, start + "export " + dir + "/castle.obj\n", 5,
                               {"--world", "flat", "--view-distance", "2"});
    EXPECT_NE(err.find("must end in .vox (MagicaVoxel) or .schem (Sponge schematic), not .obj"), std::string::npos);
    // The clipboard is the copy's, untouched: pasting it gives the brick back.
    const auto r = run_script(dir,
                              start + "region none\nexport " + dir + "/clip.schem\nimport " + dir +
                                  "/clip.schem\npaste 5 64 5\nexpect 6 64 6 brick\n",
                              {"--world", "flat", "--view-distance", "2"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
}

}  // namespace
}  // namespace slotcraft
