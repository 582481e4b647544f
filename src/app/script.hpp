#pragma once
// Scripted runs: a file of commands, one a line, parsed and checked as a whole before the
// window opens, then carried out between frames by the ScriptRunner (script_runner.hpp).
// ONE table (script.cpp) lists every command: its words, the checks of its arguments, its
// help line and its handler. Adding a command is adding one entry. No GLFW, no GL.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "world/block.hpp"
#include "world/coords.hpp"
#include "world/player.hpp"
#include "world/region.hpp"

namespace slotcraft {

struct ScriptCommandSpec;

// One line of a script, its words checked against the command's entry in the table.
// How a script's word is shown in a message: quoted, bytes outside printable ASCII escaped as
// \xNN (an escape sequence never reaches the terminal), and cut after 64 bytes with the
// length given ("'aaaa...'... (2097152 bytes)").
std::string shown(std::string_view word);

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

// The break, place and pick actions the mouse and the script share.
enum class Action { kBreak, kPlace, kPick };

// A user action or script command that cannot be carried out here and now (nothing
// targeted, a block inside the player, a refused edit, a folder that cannot be written):
// the message says why. A script line stops with it; the mouse and keys show it on the HUD.
struct ActionRefused : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// What a script can do to the program: the App implements it; tests use a fake. A method
// throws ActionRefused (message complete) when the command cannot be carried out; the
// runner turns that into a ScriptError naming the line. Other failures travel up as they are.
class ScriptHost {
public:
    virtual ~ScriptHost() = default;
    // Teleports the eye and turns it (yaw wraps, pitch is clamped to -90..90).
    virtual void move_eye(const glm::dvec3& eye, double yaw, double pitch) = 0;
    // True when every chunk in view is loaded and uploaded.
    virtual bool idle() const = 0;
    // The next rendered frame is saved as a PNG; a failure stops the run at `line`.
    virtual void capture_next_frame(const std::string& path, int line) = 0;
    virtual void write_stats(const std::string& path) = 0;
    // Shows or hides the overlay; true when it was hidden and is now shown.
    virtual bool show_overlay(bool on) = 0;
    virtual void set_block(const BlockPos& p, BlockType type) = 0;
    virtual void verify() = 0;
    virtual void freeze_cull(bool frozen) = 0;
    virtual void show_boxes(bool on) = 0;
    // Scales the sky light by f (0..1, checked by the parser); block light is not scaled.
    virtual void set_daylight(double f) = 0;
    // Break, place (with `type`) or pick at the crosshair.
    virtual void act(Action action, std::optional<BlockType> type) = 0;
    virtual void select_hotbar(int index) = 0;  // 0..8
    virtual void set_mode(MoveMode mode) = 0;
    virtual void hold_key(const std::string& name, int64_t frames) = 0;
    virtual void look(double dyaw, double dpitch) = 0;
    virtual void resize(int width, int height) = 0;  // 0 0 minimises
    // [SECTION] region editing (docs/scripting.md): the selection, its operations, the
    // clipboard, undo and redo, and the cell oracle.
    virtual void set_region(const std::optional<Region>& region) = 0;  // nullopt: none
    virtual void fill(BlockType type) = 0;
    virtual void replace(BlockType from, BlockType to) = 0;
    virtual void copy() = 0;
    virtual void paste(const BlockPos& origin) = 0;
    virtual void rotate(int degrees) = 0;  // 90, 180 or 270, clockwise seen from above
    virtual void undo() = 0;
    virtual void redo() = 0;
    // Throws when cell p holds another block, or its chunk is not loaded.
    virtual void expect(const BlockPos& p, BlockType type) = 0;
};

// What a command asks of the runner after it ran: frames to render, to render until the
// world is idle (at least one frame), or to end the run.
struct ScriptWait {
    int64_t frames = 0;
    bool until_idle = false;
    bool stop = false;
};

// One entry of the table.
struct ScriptCommandSpec {
    using Handler = ScriptWait (*)(const ScriptCommand& cmd, ScriptHost& host);
    // A check of the arguments together, at parse time (each alone is checked by its kind);
    // throws ScriptError.
    using Check = void (*)(const ScriptCommand& cmd);
    std::string verb;
    std::vector<std::string> params;  // one kind per argument (see script.cpp)
    std::string help;                 // "wait FRAMES: render FRAMES frames"
    Handler run = nullptr;
    Check check = nullptr;
    // A second form with another number of arguments (`region none`); empty: none.
    std::vector<std::string> other_params = {};
};

// Every command, in the order the help lists them.
const std::vector<ScriptCommandSpec>& script_commands();

// Parses script text. `#` starts a comment, blank lines are skipped. Throws ScriptError at
// the first bad line (unknown command, wrong number of words, a word of the wrong kind).
std::vector<ScriptCommand> parse_script(const std::string& text);

// Reads and parses a script file; a file that cannot be read throws std::runtime_error.
std::vector<ScriptCommand> load_script(const std::string& path);

// The files a parsed command will write (`screenshot`, `stats`): checked before the run.
std::vector<std::string> output_files(const ScriptCommand& cmd);

// One line per command with its arguments, for the docs and --help.
std::string script_reference();

// The names `key NAME FRAMES` accepts, in the order of the controls' table.
const std::vector<std::string>& script_key_names();

}  // namespace slotcraft
