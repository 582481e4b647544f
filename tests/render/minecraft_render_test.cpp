// A real Minecraft world as the ground, in the real program (docs/formats.md "Minecraft
// worlds"): the 1.19.4 region file prismarine-provider-anvil ships (installed by
// `./run.sh test` in tests/formats/npm, used where npm puts it) opens, a cave under its hills
// shows lava's light and `verify` passes; an edit made there survives a restart while the
// region file stays byte for byte the same; damaged copies name their bad chunk and show the
// rest; paths that are not worlds are refused with exit code 1.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "render/render_test_support.hpp"

namespace slotcraft {
namespace {

namespace fs = std::filesystem;
using render_test::out_dir;
using render_test::run_script;
using test::Json;

const std::string kFixtures = std::string(SLOTCRAFT_SOURCE_DIR) +
                              "/tests/formats/npm/node_modules/prismarine-provider-anvil/test/fixtures";

// The fixture region of `version`, or a failure saying how to install it.
std::string fixture(const std::string& version) {
    const fs::path dir = fs::path(kFixtures) / version;
    if (!fs::is_directory(dir)) {
        ADD_FAILURE() << "the Minecraft fixtures are not installed (" << dir
                      << "): run ./run.sh test, or (cd tests/formats/npm && npm ci)";
        return {};
    }
    for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
        if (e.path().extension() == ".mca") return e.path().string();
    }
    ADD_FAILURE() << "no .mca in " << dir;
    return {};
}

std::vector<uint8_t> bytes_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
void write_bytes(const std::string& path, const std::vector<uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// A cave under the hills of the 1.19.4 world: the eye in its air at 126 -43 105, looking
// west at a lava cell (122 -43 105) in deepslate.
const std::string kCavePose = "camera 126.5 -43.4 105.5 -90 -10\n";

TEST(MinecraftRender, ACaveUnderTheHillsShowsItsWallsAndLavaLight) {
    const std::string dir = out_dir();
    const std::string region = fixture("1.19.4");
    ASSERT_FALSE(region.empty());
    const std::string script = kCavePose + "screenshot " + dir + "/cave.png\nverify\nexpect 122 -43 105 lava\n" +
                               "expect 126 -44 105 air\nstats " + dir + "/cave.json\n";
    const auto r = run_script(dir, script,
                              {"--minecraft", region, "--world-file", dir + "/edits.db", "--view-distance", "6",
                               "--size", "480x270"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json stats = Json::parse_file(dir + "/cave.json");
    EXPECT_EQ(stats.at("minecraft.name").string, "1.19.4");
    EXPECT_GT(stats.at("minecraft.chunks_read").number, 20);
    EXPECT_EQ(stats.at("minecraft.chunks_damaged").number, 0);
    EXPECT_EQ(stats.at("minecraft.blocks.deepslate").string, "deepslate");
    EXPECT_EQ(stats.at("minecraft.blocks.grass_block").string, "grass");
    EXPECT_EQ(stats.at("minecraft.blocks.seagrass").string, "water");
    EXPECT_GT(stats.at("minecraft.cells.exact").number, 100000);
    // Lava is drawn and lights the rock: bright orange pixels, and grey rock lit around them.
    const test::Image shot = test::load_png(dir + "/cave.png");
    std::size_t lava = 0, lit_rock = 0;
    for (std::size_t p = 0; p < shot.rgb.size() / 3; ++p) {
        const int red = shot.rgb[p * 3], green = shot.rgb[p * 3 + 1], blue = shot.rgb[p * 3 + 2];
        lava += red > 110 && red * 10 > green * 14 && blue * 3 < red;  // orange, bright or in shade
        lit_rock += std::abs(red - blue) < 20 && red > 50 && red < 200;
    }
    EXPECT_GT(lava, shot.rgb.size() / 3 / 100) << "no lava in " << dir << "/cave.png";
    EXPECT_GT(lit_rock, shot.rgb.size() / 3 / 10) << "no lit rock in " << dir << "/cave.png";
}

// The occlusion walk in the cave: rock hides part of what the frustum keeps, and the picture
// with the walk on is the picture with it off, pixel for pixel (docs/culling.md "Occlusion").
TEST(MinecraftRender, InTheCaveTheOcclusionWalkHidesRockAndKeepsThePicture) {
    const std::string dir = out_dir();
    const std::string region = fixture("1.19.4");
    ASSERT_FALSE(region.empty());
    const std::string script = kCavePose + "screenshot " + dir + "/on.png\nstats " + dir + "/on.json\n" +
                               "occlusion off\nscreenshot " + dir + "/off.png\nstats " + dir + "/off.json\nverify\n";
    const auto r = run_script(dir, script,
                              {"--minecraft", region, "--world-file", dir + "/edits.db", "--view-distance", "6",
                               "--size", "480x270"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json on = Json::parse_file(dir + "/on.json");
    const Json off = Json::parse_file(dir + "/off.json");
    EXPECT_GT(render_test::stat_int(on, "cull.occluded_chunks"), 0);
    EXPECT_LT(render_test::stat_int(on, "draw.instances"), render_test::stat_int(off, "draw.instances"));
    EXPECT_EQ(test::load_png(dir + "/on.png").rgb, test::load_png(dir + "/off.png").rgb)
        << "the walk changed the picture: compare " << dir << "/on.png and off.png";
}

TEST(MinecraftRender, AnEditSurvivesARestartAndTheRegionFileStaysTheSame) {
    const std::string dir = out_dir();
    const std::string fixture_region = fixture("1.19.4");
    ASSERT_FALSE(fixture_region.empty());
    fs::create_directories(dir + "/world/region");
    const std::string region = dir + "/world/region/r.0.0.mca";
    fs::copy_file(fixture_region, region);
    const std::vector<uint8_t> before = bytes_of(region);
    const std::vector<std::string> flags = {"--minecraft",     dir + "/world",    "--world-file",
                                            dir + "/edits.db", "--view-distance", "3"};
    const auto edit = run_script(dir, kCavePose + "set 124 -43 105 gold_ore\nexpect 124 -43 105 gold_ore\n", flags);
    ASSERT_EQ(edit.exit_code, 0) << edit.err;
    const auto again = run_script(dir, kCavePose + "expect 124 -43 105 gold_ore\nexpect 122 -43 105 lava\n", flags);
    EXPECT_EQ(again.exit_code, 0) << again.err;
    EXPECT_EQ(bytes_of(region), before) << "the Minecraft world was written to";
    // The world file keeps its ground: opened over generated ground it is refused.
    const auto other = run_script(dir, "wait 1\n", {"--world-file", dir + "/edits.db"});
    EXPECT_EQ(other.exit_code, 1);
    EXPECT_NE(other.err.find("its edits lie on the Minecraft world"), std::string::npos) << other.err;
}

// The location table entry of chunk (x, z) of a region: its first sector.
uint32_t first_sector(const std::vector<uint8_t>& region, int x, int z) {
    const std::size_t k = static_cast<std::size_t>((x & 31) + (z & 31) * 32) * 4;
    return uint32_t{region[k]} << 16 | uint32_t{region[k + 1]} << 8 | region[k + 2];
}

TEST(MinecraftRender, DamagedChunksAreNamedAndTheRestOfTheWorldShows) {
    const std::string dir = out_dir();
    const std::string fixture_region = fixture("1.19.4");
    ASSERT_FALSE(fixture_region.empty());
    const std::vector<uint8_t> good = bytes_of(fixture_region);
    // Chunk (7, 6), under the pose: its compressed bytes flipped; chunk (8, 6): its sector
    // offset set past the end of the file.
    std::vector<uint8_t> bad = good;
    const std::size_t at = std::size_t{first_sector(good, 7, 6)} * 4096 + 64;
    for (std::size_t i = at; i < at + 32; ++i) bad[i] ^= 0x5A;
    const std::size_t slot = static_cast<std::size_t>(8 + 6 * 32) * 4;
    bad[slot] = 0x7F;
    fs::create_directories(dir + "/bad");
    write_bytes(dir + "/bad/r.0.0.mca", bad);
    const std::string script = kCavePose + "wait 5\nverify\nstats " + dir + "/bad.json\n";
    const auto r = run_script(
        dir, script, {"--minecraft", dir + "/bad/r.0.0.mca", "--world-file", dir + "/e.db", "--view-distance", "4"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("chunk 7, 6"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("chunk 8, 6"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("past the end of the file"), std::string::npos) << r.err;
    const Json stats = Json::parse_file(dir + "/bad.json");
    EXPECT_EQ(stats.at("minecraft.chunks_damaged").number, 2);
    EXPECT_GT(stats.at("minecraft.chunks_read").number, 20) << "the rest of the world shows";
    // The file cut in half: the chunks past the cut are named, the others show.
    std::vector<uint8_t> half(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(good.size() / 2));
    fs::create_directories(dir + "/half");
    write_bytes(dir + "/half/r.0.0.mca", half);
    const auto cut = run_script(dir, "camera 200 100 200 0 -30\nwait 5\nstats " + dir + "/half.json\n",
                                {"--minecraft", dir + "/half/r.0.0.mca", "--world-file", dir + "/h.db",
                                 "--view-distance", "4"});
    ASSERT_EQ(cut.exit_code, 0) << cut.err;
    EXPECT_NE(cut.err.find("damaged chunk"), std::string::npos) << cut.err;
    // A region folder with an empty region file beside a good one (common in real worlds):
    // the empty one is named and skipped, the good one shows.
    fs::create_directories(dir + "/mixed");
    write_bytes(dir + "/mixed/r.0.0.mca", good);
    write_bytes(dir + "/mixed/r.1.0.mca", {});
    const auto mixed = run_script(dir, kCavePose + "expect 122 -43 105 lava\n",
                                  {"--minecraft", dir + "/mixed", "--world-file", dir + "/m.db", "--view-distance",
                                   "3"});
    EXPECT_EQ(mixed.exit_code, 0) << mixed.err;
    EXPECT_NE(mixed.err.find("region file skipped"), std::string::npos) << mixed.err;
    EXPECT_NE(mixed.err.find("r.1.0.mca"), std::string::npos) << mixed.err;
}

TEST(MinecraftRender, APathThatIsNotAWorldIsRefusedWithExitCode1) {
    const std::string dir = out_dir();
    write_bytes(dir + "/r.0.0.mca", {});
    fs::create_directories(dir + "/short");
    write_bytes(dir + "/short/r.0.0.mca", std::vector<uint8_t>(100, 7));
    fs::create_directories(dir + "/photos");
    write_bytes(dir + "/photos/cat.png", std::vector<uint8_t>(10, 1));
    ASSERT_EQ(::mkfifo((dir + "/pipe.mca").c_str(), 0600), 0);
    const std::vector<std::pair<std::string, std::string>> cases = {
        {dir + "/r.0.0.mca", "the file is empty"},  {dir + "/short/r.0.0.mca", "shorter than the 8,192 bytes"},
        {dir + "/photos", "holds no region files"}, {dir + "/pipe.mca", "a pipe"},
        {dir + "/nothing", "nothing is there"},
    };
    for (const auto& [path, reason] : cases) {
        const auto r = run_script(dir, "wait 1\n", {"--minecraft", path, "--world-file", dir + "/x.db"});
        EXPECT_EQ(r.exit_code, 1) << path;
        EXPECT_NE(r.err.find(reason), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("expected a Minecraft Java world folder"), std::string::npos) << r.err;
    }
    EXPECT_FALSE(fs::exists(dir + "/x.db")) << "a refused world makes no world file";
}

TEST(MinecraftRender, WorldsOfTheOldestAndNewestFixturesOpen) {
    const std::string dir = out_dir();
    for (const char* version : {"1.8.9", "1.12.2", "1.21.1"}) {
        const std::string region = fixture(version);
        ASSERT_FALSE(region.empty());
        const auto r = run_script(dir, "wait 5\nverify\nstats " + dir + "/s.json\n",
                                  {"--minecraft", region, "--world-file", dir + "/" + version + ".db",
                                   "--view-distance", "3"});
        ASSERT_EQ(r.exit_code, 0) << version << ": " << r.err;
        const Json stats = Json::parse_file(dir + "/s.json");
        EXPECT_GT(stats.at("minecraft.chunks_read").number, 0) << version;
        EXPECT_EQ(stats.at("minecraft.chunks_damaged").number, 0) << version;
        EXPECT_EQ(stats.at("minecraft.blocks.stone").string, "stone") << version;
    }
}

}  // namespace
}  // namespace slotcraft
