// Nothing lost without a word, end to end with the real program: a full disk
// during a run (a small tmpfs), the disk coming back, SIGINT/SIGTERM/SIGHUP, a second
// signal, screenshots onto a full device, and a world file deleted while the program runs.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "render/render_test_support.hpp"
#include "render/run_support.hpp"
#include "save/save.hpp"
#include "support/mounts.hpp"

namespace slotcraft {
namespace {

namespace fs = std::filesystem;
using render_test::appears;
using render_test::out_dir;
using render_test::run_script;
using render_test::saved_edits;
using test::Json;

constexpr int kFillCells = 64 * 7 * 64;  // the fill below: air in the flat world, every cell stored
const char* const kFill = "region 0 100 0 63 106 63\nfill stone\n";

std::vector<std::string> world_flags(const std::string& file) {
    return {"--world-file", file, "--world", "flat", "--view-distance", "2"};
}

std::vector<std::string> script_flags(const std::string& dir, const std::string& script,
                                      std::vector<std::string> more) {
    test::write_text(dir + "/run.txt", script);
    std::vector<std::string> args = {"--script", dir + "/run.txt", "--vsync", "off", "--size", "320x180"};
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

// A world file on a small tmpfs whose free space is then used up but for `free_bytes`.
struct FullDisk {
    test::TestMount disk = test::TestMount::tmpfs(1024 * 1024);
    std::string world;
    std::string filler;
    void fill(std::size_t free_bytes) {
        world = disk.file("world.db");
        WorldStore::open(world);  // created and closed: the run opens an existing world
        filler = test::fill_disk(disk.path(), free_bytes);
    }
};

TEST(FailureRender, ARunOnAFullDiskShowsTheFailureAndExits4) {
    FullDisk full;
    if (!full.disk.ok()) GTEST_SKIP() << full.disk.error();
    full.fill(64 * 1024);  // room to open the world, not for the fill's edits
    const std::string dir = out_dir();
    const auto r = run_script(
        dir, std::string(kFill) + "wait 60\noverlay on\nscreenshot " + dir + "/full.png\nstats " + dir + "/s.json\n",
        world_flags(full.world));
    EXPECT_EQ(r.exit_code, 4) << r.err;
    EXPECT_NE(r.err.find(full.world), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(std::to_string(kFillCells) + " edit(s)"), std::string::npos) << r.err;
    const Json s = Json::parse_file(dir + "/s.json");
    EXPECT_EQ(s.at("save.state").string, "retrying");
    EXPECT_EQ(render_test::stat_int(s, "save.pending"), kFillCells);
    EXPECT_NE(s.at("save.error").string.find("full"), std::string::npos) << s.at("save.error").string;
}

TEST(FailureRender, WhenSpaceComesBackTheWaitingEditsLand) {
    FullDisk full;
    if (!full.disk.ok()) GTEST_SKIP() << full.disk.error();
    full.fill(64 * 1024);
    const std::string dir = out_dir();
    test::StartedProgram program(SLOTCRAFT_EXE, script_flags(dir,
                                                             std::string(kFill) + "wait 60\nstats " + dir +
                                                                 "/s1.json\nwait 600\nstats " + dir + "/s2.json\n",
                                                             world_flags(full.world)));
    ASSERT_TRUE(appears(dir + "/s1.json", program));
    fs::remove(full.filler);
    const test::RunResult r = program.finish();
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(Json::parse_file(dir + "/s2.json").at("save.state").string, "ok");
    EXPECT_EQ(saved_edits(full.world), static_cast<std::size_t>(kFillCells));
}

TEST(FailureRender, StopSignalsEndTheRunCleanlyWithTheirExitCode) {
    for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
        SCOPED_TRACE("signal " + std::to_string(signal));
        const std::string dir = out_dir() + "/" + std::to_string(signal);
        fs::create_directories(dir);
        const std::string world = dir + "/world.db";
        std::string script = "settle\n";
        for (int i = 0; i < 20; ++i) script += "set " + std::to_string(i) + " 100 0 brick\n";
        script += "stats " + dir + "/ready.json\nwait 100000\n";
        test::StartedProgram program(SLOTCRAFT_EXE, script_flags(dir, script, world_flags(world)));
        ASSERT_TRUE(appears(dir + "/ready.json", program));
        ::kill(program.pid(), signal);
        const test::RunResult r = program.finish();
        EXPECT_EQ(r.exit_code, 128 + signal) << r.err;
        EXPECT_FALSE(fs::exists(world + "-wal")) << "the world file was not closed";
        EXPECT_EQ(saved_edits(world), 20u);
    }
}

TEST(FailureRender, ASecondSignalWhileClosingEndsAtOnce) {
    FullDisk full;  // a full disk makes the closing wait for its last try
    if (!full.disk.ok()) GTEST_SKIP() << full.disk.error();
    full.fill(64 * 1024);
    const std::string dir = out_dir();
    test::StartedProgram program(
        SLOTCRAFT_EXE, script_flags(dir, std::string(kFill) + "wait 60\nstats " + dir + "/ready.json\nwait 100000\n",
                                    world_flags(full.world)));
    ASSERT_TRUE(appears(dir + "/ready.json", program));
    ::kill(program.pid(), SIGTERM);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));  // inside the 3 s last try
    const auto second = std::chrono::steady_clock::now();
    ::kill(program.pid(), SIGINT);
    const test::RunResult r = program.finish();
    EXPECT_LT(std::chrono::steady_clock::now() - second, std::chrono::milliseconds(1500));
    EXPECT_EQ(r.exit_code, 128 + SIGINT) << r.err;
    EXPECT_NE(r.err.find("second signal"), std::string::npos) << r.err;
}

TEST(FailureRender, ScreenshotsOntoAFullDeviceOrDiskFailWithExit2AndNoPartialFile) {
    const std::string dir = out_dir();
    const auto flag = run_script(dir, "wait 2\n", {"--screenshot", "/dev/full"});
    EXPECT_EQ(flag.exit_code, 2) << flag.err;
    EXPECT_NE(flag.err.find("'/dev/full': No space left on device"), std::string::npos) << flag.err;
    const auto line = run_script(dir, "wait 2\nscreenshot /dev/full\n");
    EXPECT_EQ(line.exit_code, 2) << line.err;
    EXPECT_NE(line.err.find("line 2"), std::string::npos) << line.err;
    EXPECT_NE(line.err.find("No space left on device"), std::string::npos) << line.err;
    const auto stats = run_script(dir, "stats /dev/full\n");
    EXPECT_EQ(stats.exit_code, 2) << stats.err;
    EXPECT_NE(stats.err.find("No space left on device"), std::string::npos) << stats.err;

    test::TestMount disk = test::TestMount::tmpfs(64 * 1024);
    if (!disk.ok()) GTEST_SKIP() << disk.error();
    test::fill_disk(disk.path(), 0);
    const auto full = run_script(dir, "wait 2\nscreenshot " + disk.file("shot.png") + "\n");
    EXPECT_EQ(full.exit_code, 2) << full.err;
    EXPECT_NE(full.err.find("shot.png"), std::string::npos) << full.err;
    for (const auto& entry : fs::directory_iterator(disk.path())) {
        EXPECT_EQ(entry.path().filename(), "filler") << "a partial file was left";
    }
}

TEST(FailureRender, AWorldFileDeletedWhileRunningIsWrittenBack) {
    const std::string dir = out_dir();
    const std::string world = dir + "/world.db";
    std::string script = "settle\nset 0 100 0 brick\nset 1 100 0 brick\nstats " + dir + "/ready.json\nwait 400\n";
    script += "set 2 100 0 glass\nset 3 100 0 glass\nwait 30\n";
    test::StartedProgram program(SLOTCRAFT_EXE, script_flags(dir, script, world_flags(world)));
    ASSERT_TRUE(appears(dir + "/ready.json", program));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the first edits are committed
    fs::remove(world);
    fs::remove(world + "-wal");
    const test::RunResult r = program.finish();
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("was deleted while running"), std::string::npos) << r.err;
    ASSERT_TRUE(fs::exists(world));
    EXPECT_EQ(saved_edits(world), 4u);
}

TEST(FailureRender, AScriptsOutputFoldersAreCheckedBeforeTheWindowOpens) {
    const std::string dir = out_dir();
    const auto r = run_script(dir, "wait 200\nstats " + dir + "/s.json\nscreenshot /nonexistent/shot.png\n");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("line 3: 'screenshot' cannot write into '/nonexistent'"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir + "/s.json")) << "the run started";
}

TEST(FailureRender, DuplicateFlagsAndAMissingAssetsFolderAreOneMessage) {
    const std::string dir = out_dir();
    const auto twice = run_script(dir, "wait 1\n", {"--seed", "3", "--seed", "4"});
    EXPECT_EQ(twice.exit_code, 2) << twice.err;
    EXPECT_NE(twice.err.find("--seed is given twice"), std::string::npos) << twice.err;
    const auto assets = run_script(dir, "wait 1\n", {"--assets", "/nonexistent"});
    EXPECT_EQ(assets.exit_code, 1) << assets.err;
    EXPECT_NE(assets.err.find("'/nonexistent' does not exist"), std::string::npos) << assets.err;
    int lines = 0;
    for (const char c : assets.err) lines += c == '\n';
    EXPECT_EQ(lines, 1) << assets.err;
}

}  // namespace
}  // namespace slotcraft
