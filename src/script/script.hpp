#pragma once
// Scripted runs: a file of commands, one a line, parsed and checked as a whole before the
// window opens, then carried out between frames by the ScriptRunner (script_runner.hpp).
// ONE table (script.cpp) lists every command: its words, the kinds of its arguments, its help
// line and its handler, which drives the parts in a ScriptContext. Adding a command is one
// entry and its handler (docs/scripting.md). No GLFW, no GL.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "io/shown_text.hpp"  // shown(): how a script's word is quoted in a message
#include "world/block.hpp"
#include "world/coords.hpp"
#include "world/player.hpp"
#include "world/region.hpp"

namespace slotcraft {

struct ScriptCommandSpec;

// One line of a script, its words checked against the command's entry in the table.

struct ScriptCommand {
    int line = 0;                             // 1-based line number in the file
    std::string verb;                         // "camera", "wait", ...
    std::vector<std::string> args;            // the words after the verb
    std::vector<double> numbers;              // the numeric arguments, in order
    const ScriptCommandSpec* spec = nullptr;  // its entry in the table

    double number(size_t i) const { return numbers.at(i); }
    const std::string& arg(size_t i) const { return args.at(i); }
};

// A line that cannot be carried out: carries the line number for the "line N:" message.
struct ScriptError : std::runtime_error {
    ScriptError(int line_number, const std::string& reason)
        : std::runtime_error("line " + std::to_string(line_number) + ": " + reason), line(line_number) {}
    int line;
};

class Editor;
class BuildFiles;

// What a script does to the user's eye and hands, as the keys and the mouse do it: the App's
// Controls implement it; tests use a fake or none.
class ScriptControls {
public:
    virtual ~ScriptControls() = default;
    // `camera`: teleports the eye (throws PositionOutOfRange out of the world's bounds).
    virtual void move_eye(const glm::dvec3& eye, double yaw, double pitch) = 0;
    virtual void select_hotbar(int slot) = 0;  // 0..8
    virtual void set_mode(MoveMode mode) = 0;
    // `key NAME FRAMES`: holds a key (one of script_key_names()) for FRAMES steps.
    virtual void hold_key(const std::string& name, int64_t frames) = 0;
    virtual void look(double dyaw, double dpitch) = 0;  // degrees
    virtual void set_real_time(bool on) = 0;            // `clock real`
};
struct OverlayActions;  // ui/overlay.hpp

// What only the running App can do, because it owns the window, the GL renderer, the frame
// measures, the overlay and the message line: the few loop-level things a handler may need
// besides the parts in ScriptContext. The App implements it; tests use a fake. A method
// throws a Refused (world/refused.hpp) when it cannot be carried out.
class ScriptLoop {
public:
    virtual ~ScriptLoop() = default;
    // The next rendered frame is saved as a PNG; a failure stops the run at `line`.
    virtual void capture_next_frame(const std::string& path, int line) = 0;
    virtual void write_stats(const std::string& path) = 0;
    // Compares the GPU's copies with the CPU's (the instance buffer, the light pages).
    virtual void verify() = 0;
    virtual void resize(int width, int height) = 0;  // 0 0 minimises
    virtual bool overlay_shown() const = 0;
    virtual void show_overlay(bool on) = 0;
    // The view settings, in the vocabulary the overlay's switches and sliders already use
    // (daylight, frozen culling, chunk boxes, view distance, ...): a script line changes them
    // as a panel does.
    virtual void apply_view(const OverlayActions& change) = 0;
    // The eye was moved (`camera`): stream.frames_to_settle counts from here.
    virtual void eye_moved() = 0;
    // A line under the crosshair for the user.
    virtual void show_message(std::string text) = 0;
    // `press NAME`: does what the editor key NAME does (one of press_names(), controls.hpp),
    // the way a key does it: a refusal becomes the HUD's message and the run goes on.
    virtual void press(std::string_view name) = 0;
    // `frame-sleep MS`, a test hook: every frame from now on sleeps MS milliseconds after its
    // swap (a slow machine, for the tests of real-time stepping); 0 stops it.
    virtual void set_frame_sleep(int ms) = 0;
    // `record-layout FRAMES PATH`, a test hook: the next `frames` frames that show the overlay
    // are recorded (Overlay::layout_json, a line each) and written to `path` after the last;
    // a failure to write stops the run at `line`.
    virtual void record_layout(int frames, const std::string& path, int line) = 0;
};

// What a handler drives: the parts themselves, so a command over a part is its table entry
// and its handler and nothing else (docs/scripting.md "Adding a command"). A pointer is null
// only in a test that runs no command needing it.
struct ScriptContext {
    Editor* editor = nullptr;            // the cells: set, break, place, pick, the region, undo, expect
    ScriptControls* controls = nullptr;  // the eye, turning, held keys, the hotbar, the move mode
    ScriptLoop* loop = nullptr;          // the loop-level things above
    BuildFiles* files = nullptr;         // export and import of .vox and .schem files
};

// What a command asks of the runner after it ran: frames to render, to render until the
// world is idle (at least one frame), or to end the run.
struct ScriptWait {
    int64_t frames = 0;
    bool until_idle = false;
    bool stop = false;
};

// The largest count a script takes (frames to wait or hold a key, milliseconds to sleep), and
// the most frames one `record-layout` records.
inline constexpr int64_t kMaxCount = 1'000'000'000;
inline constexpr int64_t kMaxRecordedFrames = 1'000'000;

// What an argument must be. Every value is checked at parse time, before the window opens,
// so a typo never costs a run that already streamed a world.
enum class ArgKind {
    kNumber,      // any finite number
    kCount,       // a whole number of frames, 0..1e9
    kWhole,       // a whole number of ScriptArg::unit, ScriptArg::min..ScriptArg::max
    kCoordinate,  // |v| <= kWorldBound (1e9)
    kAngle,       // degrees, |v| <= 1e6
    kFraction,    // a number 0..1
    kHotbarSlot,  // 1..9
    kPixels,      // a window size 0..16384
    kBlock,       // a block name, air included
    kPlaceable,   // a placeable (solid) block name
    kOutputFile,  // a file the command writes (its folder is checked before the run)
    kChoice,      // one of the words in ScriptArg::choices
    kInputFile,   // a file the command reads (read when the line runs: an earlier line may write it)
    kPattern,     // a block or weighted blocks, "stone:3,cobblestone:1" (edit/build_rules.hpp Pattern)
    kMask,        // none, air, solid or blocks, "stone,dirt" (edit/build_rules.hpp Mask)
};

// One argument of a command: its kind, and for kChoice the words it accepts.
struct ScriptArg {
    ScriptArg(ArgKind k) : kind(k) {}  // NOLINT(google-explicit-constructor): the table lists bare kinds
    static ScriptArg one_of(std::string words) {
        ScriptArg a(ArgKind::kChoice);
        a.choices = std::move(words);
        return a;
    }
    // A whole number of `unit` from `min` to `max` (0 <= min <= max): the range a refusal
    // names ("needs a whole number of chunks from 1 to 64, got 2.5").
    static ScriptArg whole(std::string unit, int64_t min, int64_t max) {
        ScriptArg a(ArgKind::kWhole);
        a.unit = std::move(unit);
        a.min = min;
        a.max = max;
        return a;
    }
    ArgKind kind;
    std::string choices;  // kChoice: the words allowed, separated by '|' ("on|off")
    std::string unit;     // kWhole: what is counted ("chunks")
    int64_t min = 0, max = 0;
};

// One entry of the table.
struct ScriptCommandSpec {
    using Handler = ScriptWait (*)(const ScriptCommand& cmd, ScriptContext& context);
    // A check of the arguments together, at parse time (each alone is checked by its kind);
    // throws ScriptError.
    using Check = void (*)(const ScriptCommand& cmd);
    std::string verb;
    std::vector<ScriptArg> params;  // one per argument
    std::string help;               // "wait FRAMES: render FRAMES frames"
    Handler run = nullptr;
    Check check = nullptr;
    // A second form with another number of arguments (`region none`); empty: none.
    std::vector<ScriptArg> other_params = {};
};

// Every command, in the order the help lists them.
const std::vector<ScriptCommandSpec>& script_commands();

// A parsed script: the text and, for each line that holds a command, where it starts. Every
// line is checked when the script is made (throws ScriptError at the first bad one: unknown
// command, wrong number of words, a word of the wrong kind); a command is parsed again from
// its line when it is asked for, so a script holds its text and 8 bytes a command, not a
// command object with its words (which took 2.5 GB for a 90 MB script of ten million lines;
// held this way, about 170 MB).
class Script {
public:
    Script() = default;
    // `#` starts a comment, blank lines are skipped. `table` is the commands a line may name
    // (the program's; a test passes its own) and must outlive the script.
    explicit Script(std::string text, const std::vector<ScriptCommandSpec>& table = script_commands());
    Script(std::string text, std::vector<ScriptCommandSpec>&& table) = delete;  // the table must outlive the script

    std::size_t size() const { return lines_.size(); }
    bool empty() const { return lines_.empty(); }
    // The i-th command, parsed from its line (it was checked when the script was made).
    ScriptCommand operator[](std::size_t i) const;

    class Iterator {
    public:
        Iterator(const Script* script, std::size_t i) : script_(script), i_(i) {}
        ScriptCommand operator*() const { return (*script_)[i_]; }
        Iterator& operator++() {
            ++i_;
            return *this;
        }
        bool operator==(const Iterator& other) const { return i_ == other.i_; }

    private:
        const Script* script_;
        std::size_t i_;
    };
    Iterator begin() const { return {this, 0}; }
    Iterator end() const { return {this, size()}; }

private:
    struct Line {
        uint32_t offset;  // where the line starts in text_ (a script is at most 256 MiB)
        uint32_t number;  // 1-based, for "line N:"
    };
    std::string text_;
    const std::vector<ScriptCommandSpec>* table_ = nullptr;
    std::vector<Line> lines_;
};

// Parses script text (see Script).
Script parse_script(std::string text);

// Reads and parses a script file; a file that cannot be read throws std::runtime_error.
Script load_script(const std::string& path);

// The files a parsed command will write (`screenshot`, `stats`): checked before the run.
std::vector<std::string> output_files(const ScriptCommand& cmd);

// One line per command with its arguments, for the docs and --help.
std::string script_reference();

}  // namespace slotcraft
