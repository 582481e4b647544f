// Script parsing: the signature table below is the single list of script commands.
#include "app/script.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/options.hpp"
#include "world/block.hpp"

namespace slotcraft {

namespace {

// Parameter kinds. Every value is checked here, before the window opens, so a typo never
// costs a run that already streamed a world. Anything else in a signature is a list of
// allowed words separated by '|'.
constexpr const char* kNumber = "n";      // any finite number
constexpr const char* kCount = "i";       // a whole number >= 0 (frames)
constexpr const char* kCoord = "c";       // a block coordinate: |v| < 1e9
constexpr const char* kAngle = "a";       // degrees, |v| <= 1e6
constexpr const char* kSlot = "s";        // a hotbar slot 1..9
constexpr const char* kPixels = "px";     // a window size 0..16384
constexpr const char* kBlock = "b";       // a block name, air included
constexpr const char* kPlaceable = "p";   // a placeable block name
constexpr const char* kWord = "w";        // any word (a path)

struct Signature {
    const char* verb;
    std::vector<std::string> params;  // one kind per argument
    const char* help;
};

const std::vector<Signature>& signatures() {
    static const std::vector<Signature> table = {
        {"wait", {kCount}, "wait FRAMES: render FRAMES frames"},
        {"camera", {kCoord, kCoord, kCoord, kAngle, kAngle}, "camera X Y Z YAW PITCH: move the eye, wait for streaming, render"},
        {"settle", {}, "settle: wait until nothing is pending (as camera does, without moving), render a frame"},
        {"screenshot", {kWord}, "screenshot PATH: render a frame and save it as PNG"},
        {"stats", {kWord}, "stats PATH: write the stats JSON (see README)"},
        {"overlay", {"on|off"}, "overlay on|off: show or hide the overlay (on renders two frames, so the panels are sized)"},
        {"quit", {}, "quit: end the run"},
        {"set", {kCoord, kCoord, kCoord, kBlock}, "set X Y Z BLOCK: put BLOCK (or air) at the cell X Y Z"},
        {"verify", {}, "verify: compare the GPU instance buffer with the CPU copy"},
        {"cull", {"freeze|live"}, "cull freeze|live: freeze the culling frustum or follow the camera"},
        {"boxes", {"on|off"}, "boxes on|off: draw the boxes of the chunks in the octree"},
        {"break", {}, "break: break the block under the crosshair (as a left click)"},
        {"place", {kPlaceable}, "place BLOCK: place BLOCK on the targeted face (as a right click with BLOCK selected)"},
        {"pick", {}, "pick: take the targeted block's type into the hotbar (as a middle click)"},
        {"select", {kSlot}, "select N: choose hotbar slot N (1..9)"},
        {"mode", {"fly|walk"}, "mode fly|walk: fly, or walk with gravity and collision"},
        {"key", {"W|A|S|D|SPACE|SHIFT|CTRL", kCount}, "key NAME FRAMES: hold a key for FRAMES frames (W A S D SPACE SHIFT CTRL)"},
        {"look", {kAngle, kAngle}, "look DYAW DPITCH: turn as the mouse would, in degrees"},
        {"resize", {kPixels, kPixels}, "resize W H: resize the window (1..16384 each); resize 0 0 minimises it"},
    };
    return table;
}

bool is_whole(double v) { return v == static_cast<double>(static_cast<int64_t>(v)); }

// Why `word` is not a value of kind `kind`, or "" when it is one.
std::string check_value(const std::string& kind, const std::string& word, double& number, bool& numeric) {
    numeric = false;
    if (kind == kBlock || kind == kPlaceable) {
        const auto type = block_from_name(word);
        if (!type) return "'" + word + "' is not a block (air grass dirt stone sand log leaves planks glass brick)";
        if (kind == kPlaceable && !is_solid(*type)) return "'" + word + "' cannot be placed: choose a solid block";
        return {};
    }
    if (kind == kWord) return {};
    const bool is_number_kind = kind == kNumber || kind == kCount || kind == kCoord || kind == kAngle ||
                                kind == kSlot || kind == kPixels;
    if (!is_number_kind) {
        if (("|" + kind + "|").find("|" + word + "|") == std::string::npos) return "needs one of " + kind + ", got '" + word + "'";
        return {};
    }
    const auto v = parse_double(word);
    if (!v) return "needs a number, got '" + word + "'";
    numeric = true;
    number = *v;
    if (kind == kCount && !(number >= 0 && number <= 1e9 && is_whole(number))) return "needs a whole number of frames >= 0, got '" + word + "'";
    if (kind == kCoord && !(std::abs(number) < 1e9)) return "needs a block coordinate between -1e9 and 1e9, got '" + word + "'";
    if (kind == kAngle && !(std::abs(number) <= 1e6)) return "needs an angle in degrees between -1e6 and 1e6, got '" + word + "'";
    if (kind == kSlot && !(number >= 1 && number <= 9 && is_whole(number))) return "needs a hotbar slot 1..9, got '" + word + "'";
    if (kind == kPixels && !(number >= 0 && number <= 16384 && is_whole(number))) return "needs a whole number of pixels 0..16384, got '" + word + "'";
    return {};
}

ScriptCommand parse_line(int line_number, const std::vector<std::string>& words) {
    const std::string& verb = words.front();
    const Signature* sig = nullptr;
    for (const auto& s : signatures()) {
        if (verb == s.verb) sig = &s;
    }
    if (!sig) throw ScriptError(line_number, "unknown command '" + verb + "'");
    ScriptCommand cmd{line_number, verb, {words.begin() + 1, words.end()}, {}};
    if (cmd.args.size() != sig->params.size()) {
        throw ScriptError(line_number, "'" + verb + "' takes " + std::to_string(sig->params.size()) +
                                           " argument(s), got " + std::to_string(cmd.args.size()) +
                                           " (usage: " + sig->help + ")");
    }
    for (size_t i = 0; i < cmd.args.size(); ++i) {
        double number = 0;
        bool numeric = false;
        const std::string why = check_value(sig->params[i], cmd.args[i], number, numeric);
        if (!why.empty()) {
            throw ScriptError(line_number, "'" + verb + "' argument " + std::to_string(i + 1) + " " + why +
                                               " (usage: " + sig->help + ")");
        }
        if (numeric) cmd.numbers.push_back(number);
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
    for (const auto& s : signatures()) out += std::string("  ") + s.help + "\n";
    return out;
}

}  // namespace slotcraft
