// The script runner and the command table. The runner's own work (waits, the wait for
// streaming, quit, a refused line named by its number, other failures travelling up) runs on
// a table of test commands made here; the table's commands run against the real parts (an Editor over a flat
// WorldSession) and, for the loop-level ones, a recording ScriptLoop.
#include "script/script_runner.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "edit/editor.hpp"
#include "edit/world_session.hpp"
#include "script/parse_refusal.hpp"
#include "ui/overlay.hpp"

namespace slotcraft {
namespace {

// [SECTION] the runner, on a table of commands made here

const ScriptCommandSpec kTick{"tick", {ArgKind::kCount}, "tick N", [](const ScriptCommand& c, ScriptContext&) {
                                  return ScriptWait{static_cast<int64_t>(c.number(0))};
                              }};
const ScriptCommandSpec kPose{"pose", {}, "pose", [](const ScriptCommand&, ScriptContext&) {
                                  return ScriptWait{0, true};
                              }};
const ScriptCommandSpec kEnd{"end", {}, "end", [](const ScriptCommand&, ScriptContext&) {
                                 return ScriptWait{0, false, true};
                             }};
// Each member of the Refused family, as the parts throw them.
const ScriptCommandSpec kRefuse{
    "refuse", {ArgKind::kCount}, "refuse KIND", [](const ScriptCommand& c, ScriptContext&) -> ScriptWait {
        switch (static_cast<int>(c.number(0))) {
            case 0: throw ActionRefused("nothing targeted");
            case 1: throw RegionRefused("too big");
            case 2: throw OperationRefused("nothing to undo");
            case 3: throw EditRefused({0, 300, 0}, EditError::kOutOfHeight);
            default: throw PositionOutOfRange("too far");
        }
    }};
const ScriptCommandSpec kDiskFails{"disk", {}, "disk", [](const ScriptCommand&, ScriptContext&) -> ScriptWait {
                                       throw std::runtime_error("the disk failed");
                                   }};
// The commands of these tests' scripts, parsed by the program's parser.
const std::vector<ScriptCommandSpec> kTestTable = {kTick, kPose, kEnd, kRefuse, kDiskFails};

// A script of the test commands ("tick 3\npose\n").
Script test_script(std::string text) { return Script(std::move(text), kTestTable); }

// Runs the script to its end as the App's loop does, the world busy for `busy_frames`
// frames; returns the frames rendered.
int run_to_end(ScriptRunner& runner, ScriptContext& context, int busy_frames = 0, int max_frames = 100000) {
    int frames = 0;
    while (runner.advance(context, frames >= busy_frames)) {
        ++frames;
        runner.frame_rendered();
        if (frames > max_frames) throw std::logic_error("the script never ended");
    }
    return frames;
}

int run_to_end(Script script, int busy_frames = 0) {
    ScriptRunner runner(std::move(script));
    ScriptContext none;
    return run_to_end(runner, none, busy_frames);
}

// The line's error, or "" when the run ended.
std::string failure(Script script) {
    try {
        run_to_end(std::move(script));
    } catch (const ScriptError& e) {
        return e.what();
    }
    return {};
}

TEST(ScriptRunner, WaitRendersThatManyFramesAndTheEndStopsTheRun) {
    EXPECT_EQ(run_to_end(test_script("tick 3\ntick 0\ntick 2\n")), 5);
    EXPECT_EQ(run_to_end(parse_script("wait 3\nwait 0\nwait 2\n")), 5) << "the table's wait";
}

TEST(ScriptRunner, APoseRendersUntilTheWorldIsIdleAndAtLeastOneFrame) {
    EXPECT_EQ(run_to_end(test_script("pose\n"), 7), 7);
    EXPECT_EQ(run_to_end(test_script("pose\n")), 1) << "an idle world still renders one frame at the new pose";
    EXPECT_EQ(run_to_end(parse_script("settle\n"), 3), 3) << "the table's settle";
}

TEST(ScriptRunner, QuitEndsTheRunBeforeTheLinesAfterIt) {
    EXPECT_EQ(run_to_end(test_script("tick 2\nend\ntick 10\n")), 2);
    EXPECT_EQ(run_to_end(parse_script("quit\nwait 10\n")), 0) << "the table's quit";
}

// One catch: every member of the Refused family stops the run at its line, its message whole.
TEST(ScriptRunner, ARefusedCommandStopsTheRunNamingItsLine) {
    EXPECT_EQ(failure(test_script("tick 1\n\nrefuse 0\ntick 5\n")), "line 3: nothing targeted");
    EXPECT_EQ(failure(test_script("\nrefuse 1\n")), "line 2: too big");
    EXPECT_EQ(failure(test_script("\n\n# a comment\n\nrefuse 2\n")), "line 5: nothing to undo");
    EXPECT_EQ(failure(test_script("refuse 3\n")),
              "line 1: cannot set the block at 0 300 0: " + std::string(describe(EditError::kOutOfHeight)));
    EXPECT_EQ(failure(test_script("\n\n\n\n\n\n\n\nrefuse 4\n")), "line 9: too far");
}

// A failure that is not the script's (a disk, the GPU) is not dressed up as a bad line.
TEST(ScriptRunner, OtherFailuresTravelUpAsTheyAre) {
    try {
        run_to_end(test_script("disk\n"));
        FAIL() << "no error";
    } catch (const ScriptError& e) {
        FAIL() << "wrapped as a script line: " << e.what();
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "the disk failed");
    }
}

TEST(ScriptRunner, AWorldThatNeverSettlesStopsTheRunInsteadOfHanging) {
    ScriptRunner runner(test_script("tick 1\npose\n"));
    ScriptContext none;
    try {
        run_to_end(runner, none, 1 << 30, 2 * ScriptRunner::kMaxFramesToIdle);
        FAIL() << "no error";
    } catch (const ScriptError& e) {
        EXPECT_EQ(e.line, 2);
        EXPECT_NE(std::string(e.what()).find("streaming did not finish"), std::string::npos) << e.what();
    }
}

// [SECTION] the table

// One table: every entry has its verb, a help line that starts with it, and a handler.
TEST(ScriptCommands, EveryEntryIsCompleteAndTheHelpListsIt) {
    const std::string reference = script_reference();
    for (const ScriptCommandSpec& spec : script_commands()) {
        EXPECT_FALSE(spec.verb.empty());
        EXPECT_EQ(spec.help.rfind(spec.verb, 0), 0u) << spec.help;
        EXPECT_NE(spec.run, nullptr) << spec.verb;
        EXPECT_NE(reference.find("  " + spec.help + "\n"), std::string::npos) << spec.verb;
        for (const ScriptArg& arg : spec.params) {
            EXPECT_EQ(arg.kind == ArgKind::kChoice, !arg.choices.empty()) << spec.verb << ": choices only for kChoice";
        }
    }
    EXPECT_EQ(parse_script("mode fly\n")[0].spec->verb, "mode");
}

// The loop-level things (what only the App owns), recorded in order.
class RecordingLoop : public ScriptLoop {
public:
    std::vector<std::string> calls;
    bool overlay = false;
    int frames = 0;

    void capture_next_frame(const std::string& path, int line) override {
        calls.push_back("capture " + path + " line " + std::to_string(line) + " after frame " + std::to_string(frames));
    }
    void write_stats(const std::string& path) override { calls.push_back("stats " + path); }
    void verify() override { calls.push_back("verify"); }
    void resize(int width, int height) override {
        calls.push_back("resize " + std::to_string(width) + " " + std::to_string(height));
    }
    bool overlay_shown() const override { return overlay; }
    void show_overlay(bool on) override { overlay = on; }
    void apply_view(const OverlayActions& change) override {
        if (change.daylight) calls.push_back("daylight " + std::to_string(*change.daylight));
        if (change.cull_frozen) calls.push_back(*change.cull_frozen ? "freeze" : "live");
        if (change.show_boxes) calls.push_back(*change.show_boxes ? "boxes on" : "boxes off");
        if (change.occlusion) calls.push_back(*change.occlusion ? "occlusion on" : "occlusion off");
        if (change.view_distance) calls.push_back("view distance " + std::to_string(*change.view_distance));
    }
    void eye_moved() override { calls.push_back("eye moved"); }
    void show_message(std::string text) override { calls.push_back(text); }
    void press(std::string_view name) override { calls.push_back("press " + std::string(name)); }
    void set_frame_sleep(int ms) override { calls.push_back("frame-sleep " + std::to_string(ms)); }
    void record_layout(int count, const std::string& path, int line) override {
        calls.push_back("record-layout " + std::to_string(count) + " " + path + " line " + std::to_string(line));
    }
};

using test::parse_refusal;

TEST(ScriptCommands, AViewDistanceOutsideItsRangeIsRefusedWithTheRange) {
    for (const char* bad : {"view-distance 0\n", "view-distance 65\n"}) {
        EXPECT_NE(parse_refusal(bad).find("from 1 to 64"), std::string::npos) << parse_refusal(bad);
    }
}

// Once wrong: "view-distance -1" and "2.5" once said "needs a whole number of frames >= 0" (it is
// chunks, 1..64), and "wait 2000000000" or "record-layout 2147483647" were refused without the
// limit named. Each number is refused with its own unit and range, from the command's entry.
TEST(ScriptCommands, ANumberOutOfRangeIsRefusedWithItsUnitAndItsRange) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"view-distance -1\n", "needs a whole number of chunks from 1 to 64, got '-1'"},
        {"view-distance 2.5\n", "needs a whole number of chunks from 1 to 64, got '2.5'"},
        {"wait 2000000000\n", "needs a whole number of frames from 0 to 1,000,000,000, got '2000000000'"},
        {"record-layout 2147483647 /tmp/x.jsonl\n",
         "needs a whole number of frames from 1 to 1,000,000, got '2147483647'"},
        {"record-layout 0 /tmp/x.jsonl\n", "needs a whole number of frames from 1 to 1,000,000, got '0'"},
        {"far-distance 16.5\n", "needs a whole number of chunks from 0 to 2,048, got '16.5'"},
        {"frame-sleep -5\n", "needs a whole number of milliseconds from 0 to 1,000,000,000, got '-5'"},
    };
    for (const auto& [line, expected] : cases) {
        const std::string message = parse_refusal(line);
        EXPECT_NE(message.find(expected), std::string::npos) << line << " -> " << message;
        EXPECT_NE(message.find("line 1: "), std::string::npos) << message;
    }
    EXPECT_EQ(parse_refusal("view-distance 64\nfar-distance 2048\nrecord-layout 1 /tmp/x.jsonl\n"), "");
}

TEST(ScriptCommands, LoopLevelCommandsReachTheLoopAndRenderTheirFrames) {
    RecordingLoop loop;
    ScriptContext context{nullptr, nullptr, &loop};
    ScriptRunner runner(
        parse_script("wait 1\n\nscreenshot shot.png\noverlay on\noverlay on\noverlay off\n"
                     "stats a.json\nverify\ndaylight 0.5\ncull freeze\ncull live\nboxes on\nocclusion off\nresize 0 0\n"
                     "press clear_region\nframe-sleep 200\nview-distance 32\nrecord-layout 300 layout.jsonl\n"));
    int frames = 0;
    while (runner.advance(context, true)) {
        loop.frames = ++frames;
        runner.frame_rendered();
    }
    // wait 1, the screenshot's frame, overlay on's four (only when it was hidden), resize's one
    EXPECT_EQ(frames, 1 + 1 + 4 + 1);
    const std::vector<std::string> expected = {"capture shot.png line 3 after frame 1",
                                               "stats a.json",
                                               "verify",
                                               "daylight 0.500000",
                                               "freeze",
                                               "live",
                                               "boxes on",
                                               "occlusion off",
                                               "resize 0 0",
                                               "press clear_region",
                                               "frame-sleep 200",
                                               "view distance 32",
                                               "record-layout 300 layout.jsonl line 18"};
    EXPECT_EQ(loop.calls, expected);
}

// The region commands and `set` through the real Editor over a flat world (ground at y 63).
class ScriptEdits : public ::testing::Test {
protected:
    ScriptEdits() : editor_(session_, eye_, player_, hotbar_, 1, [this](std::string m) { said_.push_back(m); }) {
        std::vector<ChunkCoord> column;
        for (int y = kMinChunkY; y <= kTopChunkY; ++y) column.push_back({0, y, 0});
        session_.load_now(column);
    }
    static WorldSessionConfig flat() {
        WorldSessionConfig c;
        c.type = WorldType::kFlat;
        c.view_distance = 1;
        return c;
    }
    // Runs `text` to its end; the first refused line's message, or "".
    std::string run(const std::string& text) {
        ScriptRunner runner(parse_script(text));
        ScriptContext context{&editor_, nullptr, nullptr};
        try {
            run_to_end(runner, context);
        } catch (const ScriptError& e) {
            return e.what();
        }
        return {};
    }
    BlockType at(const BlockPos& p) const { return *session_.world().block_at(p); }

    WorldSession session_{flat()};
    Camera eye_;
    Player player_;
    Hotbar hotbar_;
    std::vector<std::string> said_;
    Editor editor_;
};

TEST_F(ScriptEdits, RegionCommandsChangeTheWorldAndUndoTakesThemBack) {
    EXPECT_EQ(run("region 5 70 3 1 64 1\nfill brick\nexpect 1 64 1 brick\nexpect 5 70 3 brick\n"
                  "replace brick glass\nexpect 3 67 2 glass\nundo\nexpect 3 67 2 brick\nredo\n"
                  "copy\nrotate 90\npaste 8 64 8\nset 0 80 0 stone\nexpect 0 80 0 stone\nregion none\n"),
              "");
    EXPECT_EQ(at({8, 64, 8}), BlockType::kGlass) << "the pasted clipboard";
    EXPECT_EQ(at({0, 80, 0}), BlockType::kStone);
    EXPECT_FALSE(editor_.region());
}

TEST_F(ScriptEdits, CoordinatesRoundDownToTheCellTheyFallIn) {
    EXPECT_EQ(run("set 3.9 70 2.1 stone\nexpect 3 70 2 stone\n"), "");
    EXPECT_EQ(at({3, 70, 2}), BlockType::kStone);
    EXPECT_EQ(at({4, 70, 2}), BlockType::kAir);
    EXPECT_EQ(at({3, 70, 3}), BlockType::kAir);
}

TEST_F(ScriptEdits, LoadingThroughTheSessionKeepsTheLightPagesInStep) {
    // The column loaded by the fixture has cubes (the ground): its light went to the page table.
    const LightPageTable::Stats light = session_.stats().light;
    EXPECT_GT(light.pages + light.uniform_chunks, 0u);
}

TEST_F(ScriptEdits, ARefusedEditStopsTheRunAtItsLineWithThePartsMessage) {
    EXPECT_EQ(run("wait 1\nundo\n"), "line 2: cannot undo: nothing to undo (the undo journal is empty)");
    EXPECT_EQ(run("fill stone\n"),
              "line 1: cannot fill: no region is selected; select one with `region X1 Y1 Z1 X2 Y2 Z2` or the B and N "
              "keys");
    EXPECT_EQ(run("expect 0 63 0 stone\n"), "line 1: expect: the cell 0 63 0 holds grass, not stone");
    EXPECT_EQ(run("expect 200 63 0 stone\n"),
              "line 1: expect: the cell 200 63 0 cannot be read: its chunk is not loaded (move the camera near it "
              "first)");
    EXPECT_EQ(run("set 0 63 200 stone\n").rfind("line 1: cannot set stone at 0 63 200: ", 0), 0u);
    EXPECT_EQ(run("region 0 0 0 1 330 1\n").rfind("line 1: cannot select a region from y 0 to y 330", 0), 0u)
        << run("region 0 0 0 1 330 1\n");
}

}  // namespace
}  // namespace slotcraft
