// Saving the world end to end: the real program writes a world file, a second run finds the
// same blocks and the player where they were; bad files are refused and left untouched.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <set>
#include <thread>

#include "render/render_test_support.hpp"
#include "save/save.hpp"

extern char** environ;

namespace slotcraft {
namespace {

using render_test::out_dir;
using render_test::run_script;
using render_test::stat_int;
using test::Json;

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
    const auto p1 = test::load_png(dir + "/first.png");
    const auto p2 = test::load_png(dir + "/second.png");
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
    test::write_text(file, junk);
    const auto r = run_script(dir, "wait 1\n", world_flags(file));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find(file), std::string::npos) << r.err;
    EXPECT_EQ(test::read_text(file), junk);
}

TEST(SaveRender, NewMovesTheOldWorldAsideAndStartsFresh) {
    const std::string dir = out_dir();
    const std::string file = dir + "/world.db";
    ASSERT_EQ(run_script(dir, "camera 0 80 0 0 -30\nset 0 64 0 brick\n", world_flags(file)).exit_code, 0);
    const std::string before = test::read_text(file);
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
            EXPECT_EQ(test::read_text(e.path().string()), before) << name;
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

// [SECTION] kill -9 of the real program

namespace slotcraft {
namespace {

// The real program streams edits into a world file (a `stats` file after every ten edits
// marks its progress and says how many edits its writer had committed) and is killed with
// SIGKILL at a random moment: the file must open, hold a gap-free prefix of the edits, and
// hold every edit a progress file reported committed. That bound comes from the program
// itself, so a loaded machine (later commits) cannot make the test fail while a lost commit
// always does; the age of the oldest lost edit is printed, not asserted.
TEST(SaveRender, KilledMidStreamTheFileOpensAndKeepsEveryCommittedEdit) {
    using Clock = std::chrono::steady_clock;
    constexpr int kTrials = 10;
    constexpr int kEdits = 10000;  // far more than a run lives: it is always killed mid-stream
    // Cells of chunk columns (0, 0) and (1, 0), both within view distance 1 of the eye.
    auto cell = [](int i) { return BlockPos{i % 32, 70 + i / 512, (i / 32) % 16}; };
    std::mt19937 rng(99);
    int committed_trials = 0;  // trials in which a progress file reported a commit
    for (int trial = 0; trial < kTrials; ++trial) {
        SCOPED_TRACE("trial " + std::to_string(trial));
        const std::string dir = out_dir() + "/t" + std::to_string(trial);
        std::filesystem::create_directories(dir);
        std::string script = "camera 8 90 8 0 -30\n";
        for (int i = 0; i < kEdits; ++i) {
            const BlockPos p = cell(i);
            script += "set " + std::to_string(p.x) + " " + std::to_string(p.y) + " " + std::to_string(p.z) + " brick\n";
            if (i % 5 == 4) script += "wait 1\n";
            if (i % 10 == 9) script += "stats " + dir + "/p" + std::to_string(i + 1) + ".json\n";
        }
        test::write_text(dir + "/run.txt", script);
        const std::string file = dir + "/world.db";
        std::vector<std::string> args = {SLOTCRAFT_EXE, "--script", dir + "/run.txt", "--world-file",
                                         file,          "--world",  "flat",           "--view-distance",
                                         "1",           "--size",   "160x90",         "--vsync",
                                         "off"};
        const pid_t pid = test::spawn_program(args, dir + "/err.txt");
        ASSERT_GT(pid, 0) << "cannot start " << SLOTCRAFT_EXE;
        // Watch the progress files; kill 1.2 to 2 s after the first one appears.
        std::vector<std::pair<Clock::time_point, int>> progress;  // when, edits recorded
        Clock::time_point kill_at{};
        const Clock::time_point give_up = Clock::now() + std::chrono::minutes(10);  // ends a hang only
        while (Clock::now() < give_up) {
            const int next = static_cast<int>(progress.size() + 1) * 10;
            if (next <= kEdits && std::filesystem::exists(dir + "/p" + std::to_string(next) + ".json")) {
                progress.emplace_back(Clock::now(), next);
                if (progress.size() == 1) kill_at = Clock::now() + std::chrono::milliseconds(1200 + rng() % 800);
                continue;
            }
            if (!progress.empty() && Clock::now() >= kill_at) break;
            ASSERT_EQ(waitpid(pid, nullptr, WNOHANG), 0)
                << "the program ended early: " << test::read_text(dir + "/err.txt");
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        ASSERT_FALSE(progress.empty()) << test::read_text(dir + "/err.txt");
        const Clock::time_point killed = Clock::now();
        kill(pid, SIGKILL);
        int status = 0;
        waitpid(pid, &status, 0);
        ASSERT_TRUE(WIFSIGNALED(status)) << "the program ended before the kill";
        // Every progress file seen before the kill is complete (written under a temporary
        // name and renamed): the largest committed count among them is what must be there.
        int64_t must_have = 0;
        for (const auto& [when, count] : progress) {
            const Json p = Json::parse_file(dir + "/p" + std::to_string(count) + ".json");
            must_have = std::max(must_have, stat_int(p, "save.edits_committed"));
        }
        committed_trials += must_have > 0 ? 1 : 0;
        OpenedWorld opened = WorldStore::open(file, {.create_if_missing = false});
        std::set<std::pair<uint64_t, uint16_t>> saved;
        for (const ChunkEdits& c : opened.store->load_edits()) {
            for (const BlockEdit& e : c.edits) {
                EXPECT_EQ(e.type, BlockType::kBrick);
                saved.insert({chunk_key(c.coord), e.index});
            }
        }
        auto holds = [&](int i) { return saved.contains({chunk_key(chunk_of(cell(i))), local_index(cell(i))}); };
        int prefix = 0;
        while (prefix < kEdits && holds(prefix)) ++prefix;
        EXPECT_EQ(static_cast<std::size_t>(prefix), saved.size()) << "the saved edits are not a gap-free prefix";
        EXPECT_GE(prefix, must_have) << "lost edit " << prefix << " of the " << must_have << " reported committed";
        // The age of the oldest lost edit: the moment its progress file appeared.
        for (const auto& [when, count] : progress) {
            if (count > prefix) {
                std::printf("trial %d: %d edits kept; the oldest lost edit was %.0f ms old at the kill\n", trial,
                            prefix, std::chrono::duration<double, std::milli>(killed - when).count());
                break;
            }
        }
    }
    // The writer commits within a fraction of a second and a run lives 1.2 s or more after
    // its first progress file: a run whose files never reported a commit means the writer
    // did not work, not a loaded machine, in all but rare trials.
    EXPECT_GE(committed_trials, kTrials / 2)
        << "progress files reported commits in only " << committed_trials << " of " << kTrials << " trials";
}

}  // namespace
}  // namespace slotcraft
