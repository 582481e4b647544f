// The look end to end: a fixed scene (flat world, one block of every type in a row, fixed
// camera) against a reference PNG, distinct block colours, and the checkerboard fallback.
#include <gtest/gtest.h>

#include <filesystem>
#include <glm/glm.hpp>

#include "edit/camera.hpp"
#include "render/render_test_support.hpp"

namespace slotcraft {
namespace {

using render_test::out_dir;
using render_test::run_script;
using render_test::stat_int;
using test::Image;
using test::Json;

constexpr int kWidth = 640, kHeight = 360;
const char* const kTypes[] = {"grass", "dirt", "stone", "sand", "log", "leaves", "planks", "glass", "brick"};
constexpr int kTypeCount = 9;

// The scene: the nine types on the grass at y = 64, x = 0, 2, ..., 16, z = -4; the eye is
// half a block off the row's middle so the crosshair never covers a block's centre.
std::string scene_script(const std::string& shot, const std::string& stats) {
    std::string s = "camera 7.5 67.5 4.5 0 -20\n";
    for (int i = 0; i < kTypeCount; ++i) s += "set " + std::to_string(2 * i) + " 64 -4 " + kTypes[i] + "\n";
    return s + "wait 2\nscreenshot " + shot + "\nstats " + stats + "\n";
}

// Where point (u, v) (0..1 across, 0..1 up) of block i's front face (z = -3) lands on the
// screen; the middle by default.
glm::ivec2 front_face_pixel(int i, float u = 0.5f, float v = 0.5f) {
    Camera camera;
    camera.position = {7.5, 67.5, 4.5};
    camera.yaw = 0;
    camera.pitch = -20;
    const glm::dvec3 origin{0.0};
    const glm::vec4 clip = camera.projection(static_cast<float>(kWidth) / kHeight, 0.05f, 64.0f) *
                           camera.view_relative_to(origin) * glm::vec4(2.0f * i + u, 64.0f + v, -3.0f, 1.0f);
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    return {static_cast<int>((ndc.x * 0.5f + 0.5f) * kWidth), static_cast<int>((0.5f - ndc.y * 0.5f) * kHeight)};
}

std::vector<std::string> scene_flags(const std::string& assets = "") {
    std::vector<std::string> f = {"--world", "flat",   "--view-distance",
                                  "2",       "--size", std::to_string(kWidth) + "x" + std::to_string(kHeight)};
    if (!assets.empty()) {
        f.push_back("--assets");
        f.push_back(assets);
    }
    return f;
}

TEST(LookRender, FixedSceneMatchesTheReference) {
    const std::string dir = out_dir();
    const auto r = run_script(dir, scene_script(dir + "/scene.png", dir + "/stats.json"), scene_flags());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(stat_int(Json::parse_file(dir + "/stats.json"), "gl.errors"), 0);
    render_test::expect_matches_reference(dir + "/scene.png", "look_scene.png", dir);
}

TEST(LookRender, EveryBlockTypeLooksDifferent) {
    const std::string dir = out_dir();
    const auto r = run_script(dir, scene_script(dir + "/scene.png", dir + "/stats.json"), scene_flags());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Image image = test::load_png(dir + "/scene.png");
    ASSERT_EQ(image.width, kWidth);
    ASSERT_EQ(image.height, kHeight);
    // Each front face's colour: the sum over a 5 x 5 grid of points across it (the middle
    // pixel alone can land on the same dirt texel for grass and dirt).
    std::vector<glm::ivec3> centres;
    for (int i = 0; i < kTypeCount; ++i) {
        glm::ivec3 sum{0};
        for (int a = 0; a < 5; ++a) {
            for (int b = 0; b < 5; ++b) {
                const glm::ivec2 p = front_face_pixel(i, 0.1f + 0.2f * a, 0.1f + 0.2f * b);
                ASSERT_TRUE(p.x >= 0 && p.x < kWidth && p.y >= 0 && p.y < kHeight) << kTypes[i];
                const uint8_t* px = image.pixel(p.x, p.y);
                sum += glm::ivec3(px[0], px[1], px[2]);
            }
        }
        centres.push_back(sum);
    }
    for (int i = 0; i < kTypeCount; ++i) {
        for (int j = i + 1; j < kTypeCount; ++j) {
            EXPECT_NE(centres[static_cast<size_t>(i)], centres[static_cast<size_t>(j)])
                << kTypes[i] << " vs " << kTypes[j];
        }
    }
}

TEST(LookRender, MissingAndCorruptTexturesWarnAndShowTheCheckerboard) {
    const std::string dir = out_dir();
    const std::string assets = dir + "/assets";
    std::filesystem::create_directories(assets);
    std::filesystem::copy(std::string(SLOTCRAFT_SOURCE_DIR) + "/assets/textures", assets + "/textures",
                          std::filesystem::copy_options::recursive);
    std::filesystem::remove(assets + "/textures/stone.png");
    test::write_text(assets + "/textures/brick.png", "\x89PNG\r\n\x1a\n this is not a real PNG");
    const auto r = run_script(dir, scene_script(dir + "/scene.png", dir + "/stats.json"), scene_flags(assets));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("stone.png"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("brick.png"), std::string::npos) << r.err;
    EXPECT_EQ(stat_int(Json::parse_file(dir + "/stats.json"), "look.texture_warnings"), 2);
    EXPECT_EQ(stat_int(Json::parse_file(dir + "/stats.json"), "gl.errors"), 0);
    // The stone block (index 2) now shows magenta somewhere on its front face.
    const Image image = test::load_png(dir + "/scene.png");
    ASSERT_EQ(image.width, kWidth);
    ASSERT_EQ(image.height, kHeight);
    const glm::ivec2 c = front_face_pixel(2);
    ASSERT_TRUE(c.x >= 6 && c.x + 6 < kWidth && c.y >= 6 && c.y + 6 < kHeight) << c.x << "," << c.y;
    int magenta = 0;
    for (int y = c.y - 6; y <= c.y + 6; ++y) {
        for (int x = c.x - 6; x <= c.x + 6; ++x) {
            const uint8_t* p = image.pixel(x, y);
            magenta += p[0] > 150 && p[1] < 60 && p[2] > 150;
        }
    }
    EXPECT_GT(magenta, 10);
}

}  // namespace
}  // namespace slotcraft
