// Saving the world end to end: the real program writes a world file, a second run finds the
// same blocks and the player where they were; bad files are refused and left untouched.
#include <gtest/gtest.h>

#include <filesystem>

#include "render/render_test_support.hpp"

namespace slotcraft {
namespace {

using render_test::out_dir;
using render_test::run_script;
using render_test::stat_int;
using testing::Json;

std::vector<std::string> world_flags(const std::string& file) {
    return {"--world-file", file, "--world", "flat", "--view-distance", "2"};
}

TEST(SaveRender, EditsAndThePlayerComeBackAfterARestart) {
    const std::string dir = out_dir();
    const std::string file = dir + "/world.db";
    std::string first = "camera 4.5 67 9.5 10 -25\n";
    for (int i = 0; i < 6; ++i) first += "set " + std::to_string(i) + " " + std::to_string(64 + i % 3) + " 2 brick\n";
    first += "set 2 63 4 air\nset 3 63 4 glass\nselect 4\nkey W 20\nlook 15 -5\nwait 2\nscreenshot " + dir +
             "/first.png\nstats " + dir + "/first.json\n";
    const auto a = run_script(dir, first, world_flags(file));
    ASSERT_EQ(a.exit_code, 0) << a.err;
    ASSERT_TRUE(std::filesystem::exists(file));
    const auto s1 = Json::parse_file(dir + "/first.json");
    EXPECT_EQ(stat_int(s1, "save.edits_recorded"), 8);

    const auto b = run_script(dir, "settle\nscreenshot " + dir + "/second.png\nstats " + dir + "/second.json\n",
                              world_flags(file));
    ASSERT_EQ(b.exit_code, 0) << b.err;
    const auto s2 = Json::parse_file(dir + "/second.json");
    for (const char* key : {"camera.x", "camera.y", "camera.z", "camera.yaw", "camera.pitch"}) {
        EXPECT_DOUBLE_EQ(s2.at(key).number, s1.at(key).number) << key;
    }
    EXPECT_EQ(stat_int(s2, "hotbar.selected"), 4);
    EXPECT_EQ(stat_int(s2, "world.instances"), stat_int(s1, "world.instances"));
    // The same pose over the same blocks gives the same picture.
    const auto p1 = testing::load_png(dir + "/first.png");
    const auto p2 = testing::load_png(dir + "/second.png");
    EXPECT_TRUE(p1.rgb == p2.rgb) << "the restarted world looks different";
}

TEST(SaveRender, ASavedWorldKeepsItsSeedAndTypeAndSaysSo) {
    const std::string dir = out_dir();
    const std::string file = dir + "/world.db";
    ASSERT_EQ(run_script(dir, "wait 1\n", world_flags(file)).exit_code, 0);
    const auto r = run_script(dir, "wait 1\nstats " + dir + "/s.json\n",
                              {"--world-file", file, "--world", "terrain", "--seed", "99", "--view-distance", "1"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("ignored"), std::string::npos) << r.err;
    const auto s = Json::parse_file(dir + "/s.json");
    EXPECT_EQ(s.at("world.type").string, "flat");
    EXPECT_EQ(stat_int(s, "world.seed"), 1);
}

TEST(SaveRender, NotAWorldIsRefusedAndLeftByteForByte) {
    const std::string dir = out_dir();
    const std::string file = dir + "/junk.db";
    std::string junk;
    for (int i = 0; i < 4096; ++i) junk += static_cast<char>((i * 7919 + 13) % 251);
    testing::write_text(file, junk);
    const auto r = run_script(dir, "wait 1\n", world_flags(file));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find(file), std::string::npos) << r.err;
    EXPECT_EQ(testing::read_text(file), junk);
}

TEST(SaveRender, NewMovesTheOldWorldAsideAndStartsFresh) {
    const std::string dir = out_dir();
    const std::string file = dir + "/world.db";
    ASSERT_EQ(run_script(dir, "camera 0 80 0 0 -30\nset 0 64 0 brick\n", world_flags(file)).exit_code, 0);
    const std::string before = testing::read_text(file);
    auto flags = world_flags(file);
    flags.push_back("--new");
    const auto r = run_script(dir, "wait 1\nstats " + dir + "/s.json\n", flags);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    int aside = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (name.rfind("world.db.", 0) == 0 && name.find("-wal") == std::string::npos &&
            name.find("-shm") == std::string::npos) {
            ++aside;
            EXPECT_EQ(testing::read_text(e.path().string()), before) << name;
        }
    }
    EXPECT_EQ(aside, 1);
    EXPECT_EQ(stat_int(Json::parse_file(dir + "/s.json"), "save.edits_recorded"), 0);
}

TEST(SaveRender, AScriptedRunSavesNothingUnlessAWorldIsNamed) {
    const std::string dir = out_dir();
    const auto r = run_script(dir, "camera 0 80 0 0 -30\nset 0 64 0 brick\nstats " + dir + "/s.json\n",
                              {"--world", "flat", "--view-distance", "1"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(Json::parse_file(dir + "/s.json").at("save").is_null());
    EXPECT_FALSE(std::filesystem::exists(std::string(std::getenv("XDG_DATA_HOME")) + "/slotcraft"));
}

}  // namespace
}  // namespace slotcraft
