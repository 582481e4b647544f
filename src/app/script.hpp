#pragma once
// Scripted runs: a file of commands, one a line, parsed and checked as a whole before the
// window opens. Pure C++ (no GLFW, no GL); the App carries the commands out between frames.
#include <stdexcept>
#include <string>
#include <vector>

namespace slotcraft {

// One line of a script, its words checked against the command's signature.
struct ScriptCommand {
    int line = 0;                    // 1-based line number in the file
    std::string verb;                // "camera", "wait", ...
    std::vector<std::string> args;   // the words after the verb
    std::vector<double> numbers;     // the numeric arguments, in order

    double number(size_t i) const { return numbers.at(i); }
    const std::string& arg(size_t i) const { return args.at(i); }
};

// A line that cannot be carried out: carries the line number for the "line N:" message.
struct ScriptError : std::runtime_error {
    ScriptError(int line_number, const std::string& reason)
        : std::runtime_error("line " + std::to_string(line_number) + ": " + reason), line(line_number) {}
    int line;
};

// Parses script text. `#` starts a comment, blank lines are skipped. Throws ScriptError at
// the first bad line (unknown command, wrong number of words, a word of the wrong kind).
std::vector<ScriptCommand> parse_script(const std::string& text);

// Reads and parses a script file; a file that cannot be read throws std::runtime_error.
std::vector<ScriptCommand> load_script(const std::string& path);

// One line per command with its arguments, for the README and --help.
std::string script_reference();

}  // namespace slotcraft
