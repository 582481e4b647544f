#pragma once
// Helpers of the render tests that watch a program while it runs and read the world file it
// left: wait for a file it writes, count the edits saved. Links slotcraft_save.
#include <sys/wait.h>

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <string>
#include <thread>

#include "save/save.hpp"
#include "support/program.hpp"

namespace slotcraft::render_test {

// Waits for the program to write `path`. False when the program ended first; the ten
// minutes only bound a hang (a loaded machine makes the program slow, never this wrong).
inline bool appears(const std::string& path, const test::StartedProgram& program) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(10);
    while (std::chrono::steady_clock::now() < give_up) {
        if (std::filesystem::exists(path)) return true;
        siginfo_t info{};
        // WNOWAIT: look without reaping, so program.finish() still gets the exit code.
        if (waitid(P_PID, static_cast<id_t>(program.pid()), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
            info.si_pid != 0) {
            return std::filesystem::exists(path);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return false;
}

// The edits the world file at `path` holds.
inline std::size_t saved_edits(const std::string& path) {
    OpenedWorld opened = WorldStore::open(path, {.create_if_missing = false});
    std::size_t n = 0;
    for (const ChunkEdits& c : opened.store->load_edits()) n += c.edits.size();
    return n;
}

}  // namespace slotcraft::render_test
