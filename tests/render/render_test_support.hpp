#pragma once
// Shared helpers of the render tests: run a script through the real program with the GL
// debug output on, and read the stats files it wrote.
#include <gtest/gtest.h>

#include <stb/stb_image_write.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
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

// Compares the PNG at `got_path` with tests/render/reference/`name`: at most 0.5% of the
// pixels may differ by more than 5/255 in a channel (llvmpipe rounding). A failure writes
// DIR/diff.png (8x the difference); a missing reference says how to make one.
inline void expect_matches_reference(const std::string& got_path, const std::string& name, const std::string& dir) {
    const std::string reference = std::string(SLOTCRAFT_SOURCE_DIR) + "/tests/render/reference/" + name;
    ASSERT_TRUE(std::filesystem::exists(reference))
        << "no reference image: look at " << got_path << " and copy it to tests/render/reference/" << name;
    const test::Image got = test::load_png(got_path);
    const test::Image want = test::load_png(reference);
    ASSERT_EQ(got.width, want.width);
    ASSERT_EQ(got.height, want.height);
    std::vector<uint8_t> diff(got.rgb.size());
    size_t off = 0;
    for (size_t p = 0; p < got.rgb.size() / 3; ++p) {
        int worst = 0;
        for (int c = 0; c < 3; ++c) worst = std::max(worst, std::abs(got.rgb[p * 3 + c] - want.rgb[p * 3 + c]));
        off += worst > 5;
        for (int c = 0; c < 3; ++c) diff[p * 3 + c] = static_cast<uint8_t>(std::min(255, worst * 8));
    }
    const double fraction = static_cast<double>(off) / static_cast<double>(got.rgb.size() / 3);
    const std::string diff_path = dir + "/diff_" + name;
    if (fraction > 0.005) stbi_write_png(diff_path.c_str(), got.width, got.height, 3, diff.data(), got.width * 3);
    EXPECT_LE(fraction, 0.005) << off << " pixels of " << got_path << " differ from " << name
                               << " by more than 5/255; see " << diff_path;
}

// How many pixels of two pictures of one size differ in any channel, in the first `rows` rows
// (all by default): the HUD's message line sits above the hotbar and is left out where only
// the world counts.
inline std::size_t pixels_differing(const test::Image& a, const test::Image& b, int rows = -1) {
    EXPECT_EQ(a.rgb.size(), b.rgb.size());
    std::size_t n = 0;
    const std::size_t end = rows < 0 ? std::min(a.rgb.size(), b.rgb.size())
                                     : std::min(a.rgb.size(), static_cast<std::size_t>(rows) * a.width * 3);
    for (std::size_t i = 0; i + 2 < end; i += 3) {
        n += a.rgb[i] != b.rgb[i] || a.rgb[i + 1] != b.rgb[i + 1] || a.rgb[i + 2] != b.rgb[i + 2] ? 1 : 0;
    }
    return n;
}

inline int64_t stat_int(const test::Json& doc, const std::string& key) {
    const test::Json& v = doc.at(key);
    EXPECT_EQ(v.kind, test::Json::Kind::kInteger) << key << " must be a JSON integer";
    return v.integer;
}

}  // namespace slotcraft::render_test
