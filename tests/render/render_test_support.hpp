#pragma once
// Shared helpers of the render tests: run a script through the real program with the GL
// debug output on, and read the stats files it wrote.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "support/json.hpp"
#include "support/program.hpp"

namespace slotcraft::render_test {

inline std::string out_dir() { return test::fresh_test_dir(SLOTCRAFT_TEST_OUT); }

// Writes `script` to DIR/run.txt and runs slotcraft on it; extra flags after (a default the
// flags give again is left out: a flag given twice is refused).
inline test::RunResult run_script(const std::string& dir, const std::string& script,
                                  std::vector<std::string> flags = {}) {
    test::write_text(dir + "/run.txt", script);
    std::vector<std::string> args = {"--script", dir + "/run.txt"};
    const auto given = [&flags](const std::string& flag) {
        return std::find(flags.begin(), flags.end(), flag) != flags.end();
    };
    if (!given("--gl-debug")) args.push_back("--gl-debug");
    for (const auto& [flag, value] : {std::pair<std::string, std::string>{"--vsync", "off"}, {"--size", "320x180"}}) {
        if (!given(flag)) args.insert(args.end(), {flag, value});
    }
    args.insert(args.end(), flags.begin(), flags.end());
    return test::run_program(SLOTCRAFT_EXE, args);
}

// Runs a script that must stop at `line` with exit code 2; returns its standard error.
inline std::string expect_stops_at_line(const std::string& dir, const std::string& script, int line,
                                        std::vector<std::string> flags) {
    const auto r = run_script(dir, script, std::move(flags));
    EXPECT_EQ(r.exit_code, 2) << script;
    EXPECT_NE(r.err.find("line " + std::to_string(line)), std::string::npos) << r.err;
    return r.err;
}

inline int64_t stat_int(const test::Json& doc, const std::string& key) {
    const test::Json& v = doc.at(key);
    EXPECT_EQ(v.kind, test::Json::Kind::kInteger) << key << " must be a JSON integer";
    return v.integer;
}

}  // namespace slotcraft::render_test
