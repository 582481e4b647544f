#pragma once
// Starting the real slotcraft program from a test: arguments, exit code, captured output,
// and helpers for the files it writes (scripts, PNGs). Used by the render tests.
#include <cstdint>
#include <string>
#include <vector>

namespace slotcraft::test {

struct RunResult {
    int exit_code = -1;
    std::string out;  // standard output
    std::string err;  // standard error
};

// Runs `exe args...` with output captured; no shell involved in the arguments.
// `env` adds or replaces variables ("KEY=VALUE"); "KEY" alone removes KEY. Unless `env`
// names XDG_CONFIG_HOME, the program gets an empty folder of its own as XDG_CONFIG_HOME,
// so no test reads (or writes) the settings of the user running the tests.
// `cwd`: the folder the program starts in; empty: the test's.
RunResult run_program(const std::string& exe, const std::vector<std::string>& args,
                      const std::vector<std::string>& env = {}, const std::string& cwd = {});

// Starts `args` (args[0]: the program) in the background, as it is, with this process's
// environment; its standard output is dropped and its standard error goes to `err_path`.
// Returns its pid (the caller waits for it), or -1 when it cannot be started. For tests
// that kill the program and then look at what it left behind.
int spawn_program(const std::vector<std::string>& args, const std::string& err_path);

// A program started in the background (as run_program starts it), so a test can act on it
// while it runs. finish() waits for it to end; a program not finished is killed.
class StartedProgram {
public:
    StartedProgram(const std::string& exe, const std::vector<std::string>& args,
                   const std::vector<std::string>& env = {}, const std::string& cwd = {});
    ~StartedProgram();
    StartedProgram(const StartedProgram&) = delete;
    StartedProgram& operator=(const StartedProgram&) = delete;
    RunResult finish();
    int pid() const { return pid_; }

private:
    int pid_ = 0;
    std::string dir_;  // where its output is captured
};

// A fresh empty folder for one test's files: <root>/<suite>.<name>.
std::string fresh_test_dir(const std::string& root);

void write_text(const std::string& path, const std::string& text);
std::string read_text(const std::string& path);

struct Image {
    int width = 0, height = 0;
    std::vector<uint8_t> rgb;  // top row first
    const uint8_t* pixel(int x, int y) const { return &rgb[(static_cast<size_t>(y) * width + x) * 3]; }
};
// Loads a PNG as RGB; throws std::runtime_error naming the path when it cannot.
Image load_png(const std::string& path);

}  // namespace slotcraft::test
