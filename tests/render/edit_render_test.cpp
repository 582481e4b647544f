// Region editing in the real program: a fill shows whole in the next frame and its undo gives
// back every cell, every slot and the same picture; copy, rotate and paste put every cell
// where the rule says; refusals stop the script at their line; a kill -9 in the middle of a
// large fill leaves the world file with all of it or none of it.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <random>
#include <thread>

#include "render/render_test_support.hpp"
#include "save/save.hpp"
#include "world/region.hpp"

extern char** environ;

namespace slotcraft {
namespace {

using render_test::expect_stops_at_line;
using render_test::out_dir;
using render_test::pixels_differing;
using render_test::run_script;
using render_test::stat_int;
using test::Json;

const std::vector<std::string> kFlat = {"--world", "flat", "--view-distance", "3"};

TEST(EditRender, AFillIsWholeInTheNextFrameAndItsUndoGivesEverythingBack) {
    const std::string dir = out_dir();
    // The region is selected before the first picture, so its outline is in all three.
    const std::string script = "camera 8 76 -14 180 -30\nregion -8 64 0 23 75 31\nwait 1\nscreenshot " + dir +
                               "/before.png\nstats " + dir + "/before.json\nfill brick\nscreenshot " + dir +
                               "/filled.png\nstats " + dir +
                               "/filled.json\nverify\nexpect -8 64 0 brick\n"
                               "expect 23 75 31 brick\nundo\nscreenshot " +
                               dir + "/undone.png\nstats " + dir +
                               "/undone.json\nverify\nexpect -8 64 0 air\n"
                               "expect 23 63 31 grass\n";
    const auto r = run_script(dir, script, kFlat);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json before = Json::parse_file(dir + "/before.json");
    const Json filled = Json::parse_file(dir + "/filled.json");
    const Json undone = Json::parse_file(dir + "/undone.json");
    const int64_t cells = 32 * 12 * 32;
    EXPECT_EQ(stat_int(filled, "edit.cells_last"), cells);
    EXPECT_GT(stat_int(filled, "edit.instance_writes_last"), 0);
    EXPECT_GT(filled.at("edit.ms_last").number, 0.0);
    EXPECT_EQ(stat_int(filled, "undo.depth"), 1);
    EXPECT_EQ(stat_int(filled, "redo.depth"), 0);
    EXPECT_GT(stat_int(filled, "undo.bytes"), 0);
    EXPECT_EQ(stat_int(filled, "region.cells"), cells);
    EXPECT_EQ(stat_int(filled, "region.x1"), -8);
    EXPECT_EQ(stat_int(filled, "region.z2"), 31);
    EXPECT_EQ(stat_int(filled, "clipboard.cells"), 0);
    // The frame after the command had every slot write of the fill landed.
    EXPECT_GE(stat_int(filled, "upload.writes_last_frame"), stat_int(filled, "edit.instance_writes_last"));
    EXPECT_NE(stat_int(filled, "slots.taken"), stat_int(before, "slots.taken"));
    EXPECT_EQ(stat_int(undone, "edit.cells_last"), cells);
    EXPECT_EQ(stat_int(undone, "undo.depth"), 0);
    EXPECT_EQ(stat_int(undone, "redo.depth"), 1);
    EXPECT_EQ(stat_int(undone, "slots.taken"), stat_int(before, "slots.taken"));
    EXPECT_EQ(stat_int(undone, "slots.high_water"), stat_int(before, "slots.high_water"));
    EXPECT_EQ(stat_int(undone, "world.instances"), stat_int(before, "world.instances"));

    const auto a = test::load_png(dir + "/before.png");
    const auto b = test::load_png(dir + "/filled.png");
    const auto c = test::load_png(dir + "/undone.png");
    EXPECT_GT(pixels_differing(a, b), a.rgb.size() / 3 / 10) << "the fill is not on screen";
    // Above the message line (its top is at about 65% of the height at 320x180).
    EXPECT_EQ(pixels_differing(a, c, c.height * 60 / 100), 0u) << "the undone world looks different";
}

TEST(EditRender, CopyRotatePasteAndRefusals) {
    const std::string dir = out_dir();
    // An L of three blocks plus one on top, copied from a 3 x 2 x 2 box, turned 90 degrees.
    const std::string script =
        "camera 8 76 8 0 -60\nset 0 64 0 stone\nset 1 64 0 dirt\nset 2 64 0 brick\nset 0 64 1 log\n"
        "set 2 65 1 glass\nregion 0 64 0 2 65 1\ncopy\nrotate 90\npaste 10 64 10\n"
        // Rule: (dx, dz) -> (D - 1 - dz, dx), D = 2.
        "expect 11 64 10 stone\nexpect 11 64 11 dirt\nexpect 11 64 12 brick\nexpect 10 64 10 log\n"
        "expect 10 65 12 glass\nexpect 10 64 11 air\n"
        "rotate 90\nrotate 180\npaste 20 64 10\nexpect 20 64 10 stone\nexpect 22 65 11 glass\nexpect 21 64 10 dirt\n"
        "stats " +
        dir + "/s.json\n";
    const auto r = run_script(dir, script, kFlat);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json s = Json::parse_file(dir + "/s.json");
    EXPECT_EQ(stat_int(s, "clipboard.cells"), 12);
    EXPECT_EQ(stat_int(s, "undo.depth"), 7);  // five sets and two pastes

    const std::string start = "camera 8 76 8 0 -60\n";
    std::string err = expect_stops_at_line(dir, start + "undo\n", 2, kFlat);
    EXPECT_NE(err.find("nothing to undo"), std::string::npos) << err;
    err = expect_stops_at_line(dir, start + "set 0 64 0 brick\nundo\nredo\nredo\n", 5, kFlat);
    EXPECT_NE(err.find("nothing to redo"), std::string::npos) << err;
    err = expect_stops_at_line(dir, start + "paste 0 64 0\n", 2, kFlat);
    EXPECT_NE(err.find("clipboard is empty"), std::string::npos) << err;
    err = expect_stops_at_line(dir, start + "fill stone\n", 2, kFlat);
    EXPECT_NE(err.find("no region is selected"), std::string::npos) << err;
    err = expect_stops_at_line(dir, start + "region 0 314 0 4 324 4\n", 2, kFlat);
    EXPECT_NE(err.find("-64..319"), std::string::npos) << err;
    err = expect_stops_at_line(dir, start + "region 0 0 0 300 255 300\nfill air\n", 3, kFlat);
    EXPECT_NE(err.find("16777216"), std::string::npos) << err;
    err = expect_stops_at_line(dir, start + "expect 1 63 1 stone\n", 2, kFlat);
    EXPECT_NE(err.find("the cell 1 63 1 holds grass, not stone"), std::string::npos) << err;
    err = expect_stops_at_line(dir, start + "expect 5000 63 1 grass\n", 2, kFlat);
    EXPECT_NE(err.find("not loaded"), std::string::npos) << err;
}

// [SECTION] kill -9 during a large fill

// The program fills 48 x 48 x 48 cells of a saved flat world (every one differs from the
// terrain, so every one is a row) and is killed with SIGKILL. Trial 0 is not killed until the
// fill is committed (its stats files report save.edits_committed): that time T calibrates the
// others, killed at random moments 0 to 1.3 T after the fill was queued, so kills land before,
// during and after the commit. The file must open and hold every cell of the fill or none.
TEST(EditRender, KilledDuringALargeFillTheFileHoldsAllOfItOrNone) {
    using Clock = std::chrono::steady_clock;
    constexpr int kTrials = 8;
    const Region region = Region::between({-24, 40, -24}, {23, 87, 23});
    std::mt19937 rng(1414);
    int all = 0, none = 0;
    double commit_ms = 0.0;
    for (int trial = 0; trial < kTrials; ++trial) {
        SCOPED_TRACE("trial " + std::to_string(trial));
        const std::string dir = out_dir() + "/t" + std::to_string(trial);
        std::filesystem::create_directories(dir);
        std::string script = "camera 0 110 0 0 -30\nregion -24 40 -24 23 87 23\nfill planks\nstats " + dir +
                             "/p0.json\n";
        for (int k = 1; k <= 4000; ++k) script += "wait 2\nstats " + dir + "/p" + std::to_string(k) + ".json\n";
        test::write_text(dir + "/run.txt", script);
        const std::string file = dir + "/world.db";
        std::vector<std::string> args = {SLOTCRAFT_EXE, "--script", dir + "/run.txt", "--world-file",
                                         file,          "--world",  "flat",           "--view-distance",
                                         "1",           "--size",   "160x90",         "--vsync",
                                         "off"};
        const pid_t pid = test::spawn_program(args, dir + "/err.txt");
        ASSERT_GT(pid, 0) << "cannot start " << SLOTCRAFT_EXE;
        Clock::time_point queued_at{};
        Clock::time_point kill_at = Clock::time_point::max();
        bool queued = false;
        int next = 1;  // the next progress file to read (trial 0)
        const Clock::time_point give_up = Clock::now() + std::chrono::minutes(10);  // ends a hang only
        while (Clock::now() < give_up) {
            if (!queued && std::filesystem::exists(dir + "/p0.json")) {
                queued = true;
                queued_at = Clock::now();
                if (trial > 0) {
                    const double ms = std::uniform_real_distribution<double>(0.0, 1.3 * commit_ms)(rng);
                    kill_at = queued_at + std::chrono::microseconds(static_cast<int64_t>(ms * 1000.0));
                }
            }
            if (queued && trial == 0 && std::filesystem::exists(dir + "/p" + std::to_string(next + 1) + ".json")) {
                // p<next> is complete once p<next + 1> exists (files are renamed into place anyway).
                const Json p = Json::parse_file(dir + "/p" + std::to_string(next) + ".json");
                if (stat_int(p, "save.edits_committed") >= static_cast<int64_t>(region.cells())) break;
                ++next;
                continue;
            }
            if (queued && Clock::now() >= kill_at) break;
            ASSERT_EQ(waitpid(pid, nullptr, WNOHANG), 0)
                << "the program ended early: " << test::read_text(dir + "/err.txt");
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        ASSERT_TRUE(queued) << test::read_text(dir + "/err.txt");
        if (trial == 0) {
            commit_ms = std::chrono::duration<double, std::milli>(Clock::now() - queued_at).count();
            ASSERT_LT(Clock::now(), give_up) << "the fill was never committed";
        }
        kill(pid, SIGKILL);
        int status = 0;
        waitpid(pid, &status, 0);
        ASSERT_TRUE(WIFSIGNALED(status)) << "the program ended before the kill";
        OpenedWorld opened = WorldStore::open(file, {.create_if_missing = false});
        uint64_t saved = 0;
        for (const ChunkEdits& c : opened.store->load_edits()) {
            for (const BlockEdit& e : c.edits) {
                EXPECT_EQ(e.type, BlockType::kPlanks);
                EXPECT_TRUE(region.contains(world_position(c.coord, e.index)));
                ++saved;
            }
        }
        EXPECT_TRUE(saved == 0 || saved == region.cells()) << saved << " of " << region.cells() << " cells saved";
        if (trial == 0) EXPECT_EQ(saved, region.cells()) << "committed before the kill";
        (saved == 0 ? none : all) += 1;
    }
    std::printf(
        "[kill during fill] %d trials (fill queued to committed: %.0f ms in trial 0): %d kept all %llu "
        "cells, %d kept none\n",
        kTrials, commit_ms, all, static_cast<unsigned long long>(region.cells()), none);
}

}  // namespace
}  // namespace slotcraft
