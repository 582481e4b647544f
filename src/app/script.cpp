// Script parsing: the signature table below is the single list of script commands.
#include "app/script.hpp"

#include <fstream>
#include <sstream>

#include "app/options.hpp"

namespace slotcraft {

namespace {

// Signature letters: 'n' a number, 'i' a whole number >= 0, 'w' any word, or a list of
// allowed words separated by '|'.
struct Signature {
    const char* verb;
    std::vector<std::string> params;  // one entry per argument
    const char* help;
};

const std::vector<Signature>& signatures() {
    static const std::vector<Signature> table = {
        {"wait", {"i"}, "wait FRAMES: render FRAMES frames"},
        {"camera", {"n", "n", "n", "n", "n"}, "camera X Y Z YAW PITCH: move the eye, wait for streaming, render"},
        {"settle", {}, "settle: wait until nothing is pending (as camera does, without moving), render a frame"},
        {"screenshot", {"w"}, "screenshot PATH: render a frame and save it as PNG"},
        {"stats", {"w"}, "stats PATH: write the JSON of the last rendered frame"},
        {"overlay", {"on|off"}, "overlay on|off: show or hide the overlay (on renders two frames, so the panels are sized)"},
        {"quit", {}, "quit: end the run"},
        {"set", {"n", "n", "n", "w"}, "set X Y Z BLOCK: put BLOCK (or air) at the cell X Y Z"},
        {"verify", {}, "verify: compare the GPU instance buffer with the CPU copy"},
        {"cull", {"freeze|live"}, "cull freeze|live: freeze the culling frustum or follow the camera"},
        {"boxes", {"on|off"}, "boxes on|off: draw the boxes of the chunks in the octree"},
        {"break", {}, "break: break the block under the crosshair (as a left click)"},
        {"place", {"w"}, "place BLOCK: place BLOCK on the targeted face (as a right click with BLOCK selected)"},
        {"pick", {}, "pick: take the targeted block's type into the hotbar (as a middle click)"},
        {"select", {"i"}, "select N: choose hotbar slot N (1..9)"},
        {"mode", {"fly|walk"}, "mode fly|walk: fly, or walk with gravity and collision"},
        {"key", {"W|A|S|D|SPACE|SHIFT|CTRL", "i"}, "key NAME FRAMES: hold a key for FRAMES frames (W A S D SPACE SHIFT CTRL)"},
        {"look", {"n", "n"}, "look DYAW DPITCH: turn as the mouse would, in degrees"},
        {"resize", {"i", "i"}, "resize W H: resize the window; resize 0 0 minimises it (a 0x0 framebuffer)"},
    };
    return table;
}

bool is_whole(double v) { return v >= 0 && v == static_cast<double>(static_cast<int64_t>(v)); }

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
        const std::string& p = sig->params[i];
        const std::string& a = cmd.args[i];
        if (p == "n" || p == "i") {
            auto v = parse_double(a);
            if (!v || (p == "i" && !is_whole(*v))) {
                throw ScriptError(line_number, "'" + verb + "' needs a " + (p == "i" ? "whole number" : "number") +
                                                   " as argument " + std::to_string(i + 1) + ", got '" + a +
                                                   "' (usage: " + sig->help + ")");
            }
            cmd.numbers.push_back(*v);
        } else if (p != "w") {
            if (("|" + p + "|").find("|" + a + "|") == std::string::npos) {
                throw ScriptError(line_number, "'" + verb + "' needs one of " + p + ", got '" + a + "'");
            }
        }
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
    std::ifstream file(path, std::ios::binary);
    if (!file) throw std::runtime_error("cannot read script '" + path + "': check the path");
    std::ostringstream text;
    text << file.rdbuf();
    return parse_script(text.str());
}

std::string script_reference() {
    std::string out;
    for (const auto& s : signatures()) out += std::string("  ") + s.help + "\n";
    return out;
}

}  // namespace slotcraft
