// Script parsing and the ONE table of script commands: words, checks, help and handler.
#include "app/script.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/options.hpp"

namespace slotcraft {

namespace {

// [SECTION] parameter kinds
// Every value is checked at parse time, before the window opens, so a typo never costs a
// run that already streamed a world. Anything else in a signature is a list of allowed
// words separated by '|'.
const std::string kNumber = "n";     // any finite number
const std::string kCount = "i";      // a whole number >= 0 (frames)
const std::string kCoord = "c";      // a block coordinate: |v| < 1e9
const std::string kAngle = "a";      // degrees, |v| <= 1e6
const std::string kHotbar = "s";     // a hotbar position 1..9
const std::string kPixels = "px";    // a window size 0..16384
const std::string kBlock = "b";      // a block name, air included
const std::string kPlaceable = "p";  // a placeable block name
const std::string kWord = "w";       // any word (a path)

int to_int(double v) { return static_cast<int>(std::floor(v)); }

std::string block_list() {
    std::string out;
    for (int i = 0; i < kBlockTypeCount; ++i) {
        if (i) out += ' ';
        out += block_name(static_cast<BlockType>(i));
    }
    return out;
}

// [SECTION] handlers, one per command

ScriptWait run_wait(const ScriptCommand& cmd, ScriptHost&) { return {static_cast<int64_t>(cmd.number(0)), false}; }

ScriptWait run_camera(const ScriptCommand& cmd, ScriptHost& host) {
    host.move_eye({cmd.number(0), cmd.number(1), cmd.number(2)}, cmd.number(3), cmd.number(4));
    return {0, true};
}

ScriptWait run_settle(const ScriptCommand&, ScriptHost&) { return {0, true}; }

ScriptWait run_screenshot(const ScriptCommand& cmd, ScriptHost& host) {
    host.capture_next_frame(cmd.arg(0), cmd.line);
    return {1, false};
}

ScriptWait run_stats(const ScriptCommand& cmd, ScriptHost& host) {
    host.write_stats(cmd.arg(0));
    return {};
}

ScriptWait run_overlay(const ScriptCommand& cmd, ScriptHost& host) {
    // ImGui measures an auto-sized window on its first frame and shows it from the second;
    // the layout folds what does not fit once it knows the panels' heights (third frame),
    // and the folds show on the fourth: render four frames so the next screenshot shows the
    // panels as a user would.
    return {host.show_overlay(cmd.arg(0) == "on") ? 4 : 0, false};
}

ScriptWait run_quit(const ScriptCommand&, ScriptHost&) { return {0, false, true}; }

ScriptWait run_set(const ScriptCommand& cmd, ScriptHost& host) {
    const BlockPos p{to_int(cmd.number(0)), to_int(cmd.number(1)), to_int(cmd.number(2))};
    host.set_block(p, *block_from_name(cmd.arg(3)));  // the parser checked the name
    return {};
}

ScriptWait run_verify(const ScriptCommand&, ScriptHost& host) {
    host.verify();
    return {};
}

ScriptWait run_cull(const ScriptCommand& cmd, ScriptHost& host) {
    host.freeze_cull(cmd.arg(0) == "freeze");
    return {};
}

ScriptWait run_boxes(const ScriptCommand& cmd, ScriptHost& host) {
    host.show_boxes(cmd.arg(0) == "on");
    return {};
}

ScriptWait run_break(const ScriptCommand&, ScriptHost& host) {
    host.act(Action::kBreak, std::nullopt);
    return {};
}

ScriptWait run_place(const ScriptCommand& cmd, ScriptHost& host) {
    host.act(Action::kPlace, *block_from_name(cmd.arg(0)));  // the parser checked the name
    return {};
}

ScriptWait run_pick(const ScriptCommand&, ScriptHost& host) {
    host.act(Action::kPick, std::nullopt);
    return {};
}

ScriptWait run_select(const ScriptCommand& cmd, ScriptHost& host) {
    host.select_hotbar(static_cast<int>(cmd.number(0)) - 1);  // the parser checked 1..9
    return {};
}

ScriptWait run_mode(const ScriptCommand& cmd, ScriptHost& host) {
    host.set_mode(*kMoveModeNames.parse(cmd.arg(0)));  // the parser checked the word
    return {};
}

ScriptWait run_key(const ScriptCommand& cmd, ScriptHost& host) {
    const auto frames = static_cast<int64_t>(cmd.number(0));  // numbers: the numeric words only
    host.hold_key(cmd.arg(0), frames);
    return {frames, false};
}

ScriptWait run_look(const ScriptCommand& cmd, ScriptHost& host) {
    host.look(cmd.number(0), cmd.number(1));
    return {};
}

ScriptWait run_resize(const ScriptCommand& cmd, ScriptHost& host) {
    host.resize(static_cast<int>(cmd.number(0)), static_cast<int>(cmd.number(1)));  // checked by the parser
    return {1, false};
}

std::string join(const std::vector<std::string>& words, const char* separator) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : separator) + w;
    return out;
}

}  // namespace

// [SECTION] the table

const std::vector<ScriptCommandSpec>& script_commands() {
    static const std::string keys = join(script_key_names(), "|");
    static const std::string modes = kMoveModeNames.choices("|");
    static const std::vector<ScriptCommandSpec> table = {
        {"wait", {kCount}, "wait FRAMES: render FRAMES frames", run_wait},
        {"camera",
         {kCoord, kCoord, kCoord, kAngle, kAngle},
         "camera X Y Z YAW PITCH: move the eye, wait for streaming, render",
         run_camera},
        {"settle",
         {},
         "settle: wait until nothing is pending (as camera does, without moving), render a frame",
         run_settle},
        {"screenshot", {kWord}, "screenshot PATH: render a frame and save it as PNG", run_screenshot},
        {"stats", {kWord}, "stats PATH: write the stats JSON (see docs/stats.md)", run_stats},
        {"overlay",
         {"on|off"},
         "overlay on|off: show or hide the overlay (on renders four frames, so the panels are sized and placed)",
         run_overlay},
        {"quit", {}, "quit: end the run", run_quit},
        {"set", {kCoord, kCoord, kCoord, kBlock}, "set X Y Z BLOCK: put BLOCK (or air) at the cell X Y Z", run_set},
        {"verify", {}, "verify: compare the GPU instance buffer with the CPU copy", run_verify},
        {"cull", {"freeze|live"}, "cull freeze|live: freeze the culling frustum or follow the camera", run_cull},
        {"boxes", {"on|off"}, "boxes on|off: draw the boxes of the chunks in the octree", run_boxes},
        {"break", {}, "break: break the block under the crosshair (as a left click)", run_break},
        {"place",
         {kPlaceable},
         "place BLOCK: place BLOCK on the targeted face (as a right click with BLOCK selected)",
         run_place},
        {"pick", {}, "pick: take the targeted block's type into the hotbar (as a middle click)", run_pick},
        {"select", {kHotbar}, "select N: choose hotbar slot N (1..9)", run_select},
        {"mode", {modes}, "mode " + modes + ": fly, or walk with gravity and collision", run_mode},
        {"key",
         {keys, kCount},
         "key NAME FRAMES: hold a key for FRAMES frames (" + join(script_key_names(), " ") + ")",
         run_key},
        {"look", {kAngle, kAngle}, "look DYAW DPITCH: turn as the mouse would, in degrees", run_look},
        {"resize",
         {kPixels, kPixels},
         "resize W H: resize the window (1..16384 each); resize 0 0 minimises it",
         run_resize},
    };
    return table;
}

// [SECTION] parsing

namespace {

bool is_whole(double v) { return v == static_cast<double>(static_cast<int64_t>(v)); }

// Why `word` is not a value of kind `kind`, or nullopt when it is one (then `number` holds
// its value when the kind is numeric).
std::optional<std::string> refusal(const std::string& kind, const std::string& word, std::optional<double>& number) {
    number.reset();
    if (kind == kBlock || kind == kPlaceable) {
        const auto type = block_from_name(word);
        if (!type) return "'" + word + "' is not a block (" + block_list() + ")";
        if (kind == kPlaceable && !is_solid(*type)) return "'" + word + "' cannot be placed: choose a solid block";
        return std::nullopt;
    }
    if (kind == kWord) return std::nullopt;
    const bool is_number_kind = kind == kNumber || kind == kCount || kind == kCoord || kind == kAngle ||
                                kind == kHotbar || kind == kPixels;
    if (!is_number_kind) {
        if (("|" + kind + "|").find("|" + word + "|") == std::string::npos)
            return "needs one of " + kind + ", got '" + word + "'";
        return std::nullopt;
    }
    const auto v = parse_double(word);
    if (!v) return "needs a number, got '" + word + "'";
    number = *v;
    if (kind == kCount && !(*v >= 0 && *v <= 1e9 && is_whole(*v)))
        return "needs a whole number of frames >= 0, got '" + word + "'";
    if (kind == kCoord && !(std::abs(*v) < 1e9))
        return "needs a block coordinate between -1e9 and 1e9, got '" + word + "'";
    if (kind == kAngle && !(std::abs(*v) <= 1e6))
        return "needs an angle in degrees between -1e6 and 1e6, got '" + word + "'";
    if (kind == kHotbar && !(*v >= 1 && *v <= 9 && is_whole(*v))) return "needs a hotbar slot 1..9, got '" + word + "'";
    if (kind == kPixels && !(*v >= 0 && *v <= 16384 && is_whole(*v)))
        return "needs a whole number of pixels 0..16384, got '" + word + "'";
    return std::nullopt;
}

ScriptCommand parse_line(int line_number, const std::vector<std::string>& words) {
    const std::string& verb = words.front();
    const auto& table = script_commands();
    const auto spec = std::find_if(table.begin(), table.end(),
                                   [&](const ScriptCommandSpec& s) { return s.verb == verb; });
    if (spec == table.end()) throw ScriptError(line_number, "unknown command '" + verb + "'");
    ScriptCommand cmd{line_number, verb, {words.begin() + 1, words.end()}, {}, &*spec};
    if (cmd.args.size() != spec->params.size()) {
        throw ScriptError(line_number, "'" + verb + "' takes " + std::to_string(spec->params.size()) +
                                           " argument(s), got " + std::to_string(cmd.args.size()) +
                                           " (usage: " + spec->help + ")");
    }
    for (size_t i = 0; i < cmd.args.size(); ++i) {
        std::optional<double> number;
        if (const auto why = refusal(spec->params[i], cmd.args[i], number)) {
            throw ScriptError(line_number, "'" + verb + "' argument " + std::to_string(i + 1) + " " + *why +
                                               " (usage: " + spec->help + ")");
        }
        if (number) cmd.numbers.push_back(*number);
    }
    if (verb == "resize" && (cmd.numbers[0] == 0) != (cmd.numbers[1] == 0)) {
        throw ScriptError(line_number, "'resize' needs W and H both 1..16384, or 0 0 to minimise");
    }
    return cmd;
}

}  // namespace

std::vector<ScriptCommand> parse_script(const std::string& text) {
    std::vector<ScriptCommand> commands;
    std::istringstream in(text);
    std::string line;
    int line_number = 0;
    while (std::getline(in, line)) {
        ++line_number;
        if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        std::istringstream words_in(line);
        std::vector<std::string> words;
        for (std::string w; words_in >> w;) words.push_back(w);
        if (words.empty()) continue;
        commands.push_back(parse_line(line_number, words));
    }
    return commands;
}

std::vector<ScriptCommand> load_script(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
        throw std::runtime_error("cannot read script '" + path + "': it is not a file (check the path)");
    }
    std::ifstream file(path, std::ios::binary);
    if (!file) throw std::runtime_error("cannot read script '" + path + "': check the path and its permissions");
    std::ostringstream text;
    text << file.rdbuf();
    if (file.bad()) throw std::runtime_error("cannot read script '" + path + "': reading it failed");
    return parse_script(text.str());
}

std::string script_reference() {
    std::string out;
    for (const auto& s : script_commands()) out += "  " + s.help + "\n";
    return out;
}

}  // namespace slotcraft
