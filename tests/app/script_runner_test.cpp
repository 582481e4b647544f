// The script runner against a fake host: waits, the wait for streaming, captures, quit,
// and every failure named by its line. The command table's entries are complete.
#include "app/script_runner.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace slotcraft {
namespace {

// Records what the script asked for; idle() turns true after `busy_frames` frames.
class FakeHost : public ScriptHost {
public:
    std::vector<std::string> calls;
    int busy_frames = 0;
    bool overlay = false;
    bool refuse_edits = false;
    bool disk_fails = false;  // verify() meets a failure that is not the script's fault
    int frames = 0;           // frames rendered so far (run_to_end counts them)

    void move_eye(const glm::dvec3& eye, double yaw, double pitch) override {
        if (std::abs(eye.x) > 100) throw ActionRefused("too far");
        calls.push_back("move_eye " + std::to_string(int(eye.x)) + " " + std::to_string(int(yaw)) + " " +
                        std::to_string(int(pitch)));
    }
    bool idle() const override { return busy_frames <= 0; }
    void capture_next_frame(const std::string& path, int line) override {
        calls.push_back("capture " + path + " line " + std::to_string(line) + " after frame " + std::to_string(frames));
    }
    void write_stats(const std::string& path) override { calls.push_back("stats " + path); }
    bool show_overlay(bool on) override {
        const bool newly = on && !overlay;
        overlay = on;
        calls.push_back(std::string("overlay ") + (on ? "on" : "off"));
        return newly;
    }
    void set_block(const BlockPos& p, BlockType type) override {
        if (refuse_edits) throw ActionRefused("cannot set here");
        calls.push_back("set " + std::to_string(p.x) + " " + std::to_string(p.y) + " " + std::to_string(p.z) + " " +
                        std::string(block_name(type)));
    }
    void verify() override {
        if (disk_fails) throw std::runtime_error("the disk failed");
        calls.push_back("verify");
    }
    void freeze_cull(bool frozen) override { calls.push_back(frozen ? "freeze" : "live"); }
    void show_boxes(bool on) override { calls.push_back(on ? "boxes on" : "boxes off"); }
    void set_daylight(double f) override { calls.push_back("daylight " + std::to_string(f)); }
    void act(Action action, std::optional<BlockType> type) override {
        calls.push_back("act " + std::to_string(static_cast<int>(action)) +
                        (type ? " " + std::string(block_name(*type)) : ""));
    }
    void select_hotbar(int index) override { calls.push_back("select " + std::to_string(index)); }
    void set_mode(MoveMode mode) override { calls.push_back("mode " + std::string(move_mode_name(mode))); }
    void hold_key(const std::string& name, int64_t frames) override {
        calls.push_back("key " + name + " " + std::to_string(frames));
    }
    void look(double dyaw, double dpitch) override {
        calls.push_back("look " + std::to_string(int(dyaw)) + " " + std::to_string(int(dpitch)));
    }
    void resize(int width, int height) override {
        calls.push_back("resize " + std::to_string(width) + " " + std::to_string(height));
    }
    static std::string cell(const BlockPos& p) {
        return std::to_string(p.x) + " " + std::to_string(p.y) + " " + std::to_string(p.z);
    }
    void set_region(const std::optional<Region>& r) override {
        calls.push_back(r ? "region " + cell(r->min) + " " + cell(r->max) : "region none");
    }
    void fill(BlockType type) override { calls.push_back("fill " + std::string(block_name(type))); }
    void replace(BlockType from, BlockType to) override {
        calls.push_back("replace " + std::string(block_name(from)) + " " + std::string(block_name(to)));
    }
    void copy() override { calls.push_back("copy"); }
    void paste(const BlockPos& origin) override { calls.push_back("paste " + cell(origin)); }
    void rotate(int degrees) override { calls.push_back("rotate " + std::to_string(degrees)); }
    void undo() override {
        if (undo_refused) throw ActionRefused("cannot undo: nothing to undo");
        calls.push_back("undo");
    }
    void redo() override { calls.push_back("redo"); }
    void expect(const BlockPos& p, BlockType type) override {
        calls.push_back("expect " + cell(p) + " " + std::string(block_name(type)));
    }
    bool undo_refused = false;
};

// Runs the script to its end as the App's loop does; returns the frames rendered.
int run_to_end(ScriptRunner& runner, FakeHost& host, int max_frames = 100000) {
    int frames = 0;
    while (runner.advance(host)) {
        ++frames;
        host.frames = frames;
        --host.busy_frames;
        runner.frame_rendered();
        if (frames > max_frames) throw std::logic_error("the script never ended");
    }
    return frames;
}

TEST(ScriptRunner, WaitRendersThatManyFramesAndTheEndStopsTheRun) {
    ScriptRunner runner(parse_script("wait 3\nwait 0\nwait 2\n"));
    FakeHost host;
    EXPECT_EQ(run_to_end(runner, host), 5);
}

TEST(ScriptRunner, CameraRendersUntilTheWorldIsIdleAndAtLeastOneFrame) {
    FakeHost host;
    host.busy_frames = 7;
    ScriptRunner busy(parse_script("camera 1 2 3 90 -10\n"));
    EXPECT_EQ(run_to_end(busy, host), 7);
    ASSERT_EQ(host.calls.size(), 1u);
    EXPECT_EQ(host.calls[0], "move_eye 1 90 -10");

    FakeHost idle_host;
    ScriptRunner idle(parse_script("settle\n"));
    EXPECT_EQ(run_to_end(idle, idle_host), 1) << "an idle world still renders one frame at the new pose";
}

TEST(ScriptRunner, ScreenshotCapturesTheNextFrameNamingItsLine) {
    FakeHost host;
    ScriptRunner runner(parse_script("wait 1\n\nscreenshot shot.png\n"));
    EXPECT_EQ(run_to_end(runner, host), 2);
    ASSERT_EQ(host.calls.size(), 1u);
    EXPECT_EQ(host.calls[0], "capture shot.png line 3 after frame 1") << "asked for after `wait 1`'s frame";
}

TEST(ScriptRunner, OverlayOnRendersFourFramesOnlyWhenItWasHidden) {
    FakeHost host;
    ScriptRunner runner(parse_script("overlay on\noverlay on\noverlay off\n"));
    EXPECT_EQ(run_to_end(runner, host), 4);
    EXPECT_EQ(host.calls.size(), 3u);
}

TEST(ScriptRunner, QuitEndsTheRunBeforeTheLinesAfterIt) {
    FakeHost host;
    ScriptRunner runner(parse_script("stats a.json\nquit\nstats b.json\nwait 10\n"));
    EXPECT_EQ(run_to_end(runner, host), 0);
    ASSERT_EQ(host.calls.size(), 1u);
    EXPECT_EQ(host.calls[0], "stats a.json");
}

TEST(ScriptRunner, EveryCommandReachesTheHostWithItsArguments) {
    FakeHost host;
    ScriptRunner runner(
        parse_script("set -0.5 70 2.9 brick\nverify\ncull freeze\ncull live\nboxes on\nbreak\n"
                     "place glass\npick\nselect 3\nmode walk\nkey W 4\nlook 10 -5\nresize 0 0\n"));
    EXPECT_EQ(run_to_end(runner, host), 4 + 1);  // key holds for its frames, resize renders one
    const std::vector<std::string> expected = {"set -1 70 2 brick", "verify",    "freeze",      "live",
                                               "boxes on",          "act 0",     "act 1 glass", "act 2",
                                               "select 2",          "mode walk", "key W 4",     "look 10 -5",
                                               "resize 0 0"};
    EXPECT_EQ(host.calls, expected);
}

TEST(ScriptRunner, RegionCommandsReachTheHostWithTheirArguments) {
    FakeHost host;
    ScriptRunner runner(
        parse_script("region 5 70 -3 1 64 2\nfill brick\nreplace brick air\ncopy\nrotate 270\npaste -4 80 9.5\n"
                     "undo\nredo\nexpect 1 64 -3 air\nregion none\n"));
    EXPECT_EQ(run_to_end(runner, host), 0);
    const std::vector<std::string> expected = {"region 1 64 -3 5 70 2",
                                               "fill brick",
                                               "replace brick air",
                                               "copy",
                                               "rotate 270",
                                               "paste -4 80 9",
                                               "undo",
                                               "redo",
                                               "expect 1 64 -3 air",
                                               "region none"};
    EXPECT_EQ(host.calls, expected);
    EXPECT_THROW(parse_script("region 1 2 3\n"), ScriptError);
    EXPECT_THROW(parse_script("region some\n"), ScriptError);
    EXPECT_THROW(parse_script("rotate 45\n"), ScriptError);
    EXPECT_THROW(parse_script("fill lava\n"), ScriptError);
    EXPECT_THROW(parse_script("paste 1 2\n"), ScriptError);
    FakeHost refusing;
    refusing.undo_refused = true;
    ScriptRunner undo(parse_script("fill stone\nundo\nwait 3\n"));
    try {
        run_to_end(undo, refusing);
        FAIL() << "nothing to undo did not stop the run";
    } catch (const ScriptError& e) {
        EXPECT_EQ(e.line, 2);
    }
}

TEST(ScriptRunner, AFailingCommandStopsTheRunNamingItsLine) {
    FakeHost host;
    host.refuse_edits = true;
    ScriptRunner runner(parse_script("wait 1\n# comment\nset 0 70 0 stone\nwait 5\n"));
    try {
        run_to_end(runner, host);
        FAIL() << "the refused edit did not stop the run";
    } catch (const ScriptError& e) {
        EXPECT_EQ(e.line, 3);
        EXPECT_STREQ(e.what(), "line 3: cannot set here");
    }
    FakeHost far;
    ScriptRunner camera(parse_script("camera 500 70 0 0 0\n"));
    try {
        run_to_end(camera, far);
        FAIL() << "the refused camera did not stop the run";
    } catch (const ScriptError& e) {
        EXPECT_EQ(e.line, 1);
        EXPECT_STREQ(e.what(), "line 1: too far");
    }
}

// A failure that is not the script's (a disk, the GPU) is not dressed up as a bad line.
TEST(ScriptRunner, OtherFailuresTravelUpAsTheyAre) {
    FakeHost host;
    host.disk_fails = true;
    ScriptRunner runner(parse_script("verify\n"));
    try {
        run_to_end(runner, host);
        FAIL() << "no error";
    } catch (const ScriptError& e) {
        FAIL() << "wrapped as a script line: " << e.what();
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "the disk failed");
    }
}

TEST(ScriptRunner, AWorldThatNeverSettlesStopsTheRunInsteadOfHanging) {
    FakeHost host;
    host.busy_frames = 1 << 30;
    ScriptRunner runner(parse_script("wait 1\ncamera 0 70 0 0 0\n"));
    try {
        run_to_end(runner, host, 2 * ScriptRunner::kMaxFramesToIdle);
        FAIL() << "no error";
    } catch (const ScriptError& e) {
        EXPECT_EQ(e.line, 2);
        EXPECT_NE(std::string(e.what()).find("streaming did not finish"), std::string::npos) << e.what();
    }
}

// One table: every entry has its verb, a help line that starts with it, and a handler.
TEST(ScriptCommands, EveryEntryIsCompleteAndTheHelpListsIt) {
    const std::string reference = script_reference();
    for (const ScriptCommandSpec& spec : script_commands()) {
        EXPECT_FALSE(spec.verb.empty());
        EXPECT_EQ(spec.help.rfind(spec.verb, 0), 0u) << spec.help;
        EXPECT_NE(spec.run, nullptr) << spec.verb;
        EXPECT_NE(reference.find("  " + spec.help + "\n"), std::string::npos) << spec.verb;
    }
    EXPECT_EQ(parse_script("mode fly\n")[0].spec->verb, "mode");
}

}  // namespace
}  // namespace slotcraft
