// The buffer overlay end to end (issues 9 and 19): the real program under Xvfb with GL
// debug output on. At 1280x720 and 800x600 every panel lies inside the window, changes the
// pixels where it is, and none covers the middle of the view; a 640x400 window gets one
// readable column of panels folded to fit; the occupancy picture follows the buffer (a
// page's cell changes when a block in it goes and comes back when it returns); drawing the
// overlay costs no GL error. Where the panels were drawn comes from the stats JSON.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "render/render_test_support.hpp"
#include "ui/occupancy_grid.hpp"
#include "ui/overlay_layout.hpp"

namespace slotcraft {
namespace {

using render_test::out_dir;
using render_test::run_script;
using render_test::stat_int;
using test::Image;
using test::Json;
using test::load_png;

constexpr int kWidth = 1280;
constexpr int kHeight = 720;
const std::vector<std::string> kFlags = {"--size", "1280x720", "--world", "flat", "--view-distance", "2"};
const char* const kPanels[] = {"frame", "buffer", "allocator", "world", "occupancy", "culling"};

struct Box {
    int x0, y0, x1, y1;  // [x0, x1) x [y0, y1)
    int area() const { return (x1 - x0) * (y1 - y0); }
};

Box box_of(const overlay_layout::Rect& r) {
    return {static_cast<int>(r.x), static_cast<int>(r.y), static_cast<int>(r.x + r.width),
            static_cast<int>(r.y + r.height)};
}

// Where the overlay drew panel `name`, from the stats JSON.
overlay_layout::Rect panel_rect(const Json& stats, const std::string& name) {
    const std::string key = "overlay.panels." + name;
    return {static_cast<float>(stats.at(key + ".x").number), static_cast<float>(stats.at(key + ".y").number),
            static_cast<float>(stats.at(key + ".width").number), static_cast<float>(stats.at(key + ".height").number)};
}

int differing_pixels(const Image& a, const Image& b, Box box) {
    int n = 0;
    for (int y = box.y0; y < box.y1; ++y) {
        for (int x = box.x0; x < box.x1; ++x) {
            const uint8_t* p = a.pixel(x, y);
            const uint8_t* q = b.pixel(x, y);
            n += p[0] != q[0] || p[1] != q[1] || p[2] != q[2];
        }
    }
    return n;
}

int pixels_of_colour(const Image& image, Box box, occupancy::Rgba colour) {
    int n = 0;
    for (int y = box.y0; y < box.y1; ++y) {
        for (int x = box.x0; x < box.x1; ++x) {
            const uint8_t* p = image.pixel(x, y);
            n += p[0] == colour.r && p[1] == colour.g && p[2] == colour.b;
        }
    }
    return n;
}

// Whether a screenshot has the window's size. A predicate the test ASSERTs on: the pixel
// boxes below index the image, so a wrong size must stop the test before they do (an ASSERT
// inside a void helper would only return from the helper).
::testing::AssertionResult has_size(const Image& image, int width, int height) {
    if (image.width == width && image.height == height) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "the screenshot is " << image.width << "x" << image.height << ", not "
                                         << width << "x" << height;
}
::testing::AssertionResult has_window_size(const Image& image) { return has_size(image, kWidth, kHeight); }

// A window of one size, before and after `overlay on`, with the stats of the second.
struct OverlayShots {
    Image off, on;
    Json stats;
};

OverlayShots shoot_overlay(const std::string& dir, int width, int height) {
    const std::string size = std::to_string(width) + "x" + std::to_string(height);
    const std::string script = "camera 0.5 72 0.5 30 -25\nscreenshot " + dir + "/off-" + size +
                               ".png\noverlay on\nscreenshot " + dir + "/on-" + size + ".png\nstats " + dir +
                               "/stats-" + size + ".json\n";
    const auto r = run_script(dir, script, {"--size", size, "--world", "flat", "--view-distance", "2"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    OverlayShots shots{load_png(dir + "/off-" + size + ".png"), load_png(dir + "/on-" + size + ".png"),
                       Json::parse_file(dir + "/stats-" + size + ".json")};
    EXPECT_EQ(stat_int(shots.stats, "gl.errors"), 0);
    EXPECT_TRUE(shots.stats.at("overlay.visible").boolean);
    return shots;
}

// At the sizes people run it, every panel is inside the window and really there (nearly every
// pixel under it changes), and the middle fifth of the view around the crosshair does not
// change at all.
class OverlayFits : public ::testing::TestWithParam<std::pair<int, int>> {};

TEST_P(OverlayFits, EveryPanelInsideTheWindowAndTheCentreClear) {
    const auto [width, height] = GetParam();
    const OverlayShots shots = shoot_overlay(out_dir(), width, height);
    ASSERT_TRUE(has_size(shots.off, width, height));
    ASSERT_TRUE(has_size(shots.on, width, height));
    const overlay_layout::Rect window{0, 0, static_cast<float>(width), static_cast<float>(height)};
    const overlay_layout::Rect centre = overlay_layout::clear_centre(window.width, window.height);
    for (const char* name : kPanels) {
        const overlay_layout::Rect panel = panel_rect(shots.stats, name);
        EXPECT_TRUE(window.contains(panel))
            << name << " is cut off at " << panel.x << "," << panel.y << " " << panel.width << "x" << panel.height;
        EXPECT_FALSE(panel.overlaps(centre)) << name << " covers the middle of the view";
        const Box box = box_of(panel);
        EXPECT_GT(differing_pixels(shots.off, shots.on, box), box.area() * 9 / 10) << name << " is not drawn there";
    }
    EXPECT_EQ(differing_pixels(shots.off, shots.on, box_of(centre)), 0);
}

INSTANTIATE_TEST_SUITE_P(Sizes, OverlayFits, ::testing::Values(std::pair{1280, 720}, std::pair{800, 600}),
                         [](const auto& p) {
                             return std::to_string(p.param.first) + "x" + std::to_string(p.param.second);
                         });

TEST(OverlayRender, At1280x720EveryPanelIsOpen) {
    const OverlayShots shots = shoot_overlay(out_dir(), kWidth, kHeight);
    for (const char* name : kPanels)
        EXPECT_TRUE(shots.stats.at(std::string("overlay.panels.") + name + ".open").boolean) << name;
}

// Too narrow for two readable columns: one column down the left edge, as wide as a readable
// panel, short of the crosshair, folded to fit the window.
TEST(OverlayRender, ASmallWindowGetsOneColumnFoldedToFit) {
    const OverlayShots shots = shoot_overlay(out_dir(), 640, 400);
    ASSERT_TRUE(has_size(shots.on, 640, 400));
    const overlay_layout::Rect window{0, 0, 640, 400};
    int open = 0;
    float last_y = -1.0f;
    for (const char* name : kPanels) {
        const overlay_layout::Rect panel = panel_rect(shots.stats, name);
        EXPECT_TRUE(window.contains(panel)) << name;
        EXPECT_EQ(panel.x, overlay_layout::kMargin) << name;
        EXPECT_GE(panel.width, overlay_layout::kMinColumnWidth) << name;
        EXPECT_LT(panel.right(), 320.0f) << name << " reaches the crosshair";
        EXPECT_GT(panel.y, last_y) << name;
        last_y = panel.y;
        open += shots.stats.at(std::string("overlay.panels.") + name + ".open").boolean;
        const Box box = box_of(panel);
        EXPECT_GT(differing_pixels(shots.off, shots.on, box), box.area() * 9 / 10) << name;
    }
    EXPECT_GE(open, 1);
    EXPECT_LT(open, 6);
    // The crosshair and what is right of the column stay as they were.
    EXPECT_EQ(differing_pixels(shots.off, shots.on, Box{310, 0, 640, 300}), 0);
}

TEST(OverlayRender, OccupancyPictureFollowsABlockPlacedAndBroken) {
    const std::string dir = out_dir();
    // The flat world's chunks hold exactly their 256 grass tops: four full pages each. A
    // block on the grass at y 64 hides one grass top (its page is no longer full) and is
    // the first cube of the chunk above (a new page, one slot used); breaking it brings
    // both back.
    const std::string script =
        "camera 8.5 80 8.5 0 -60\n"
        "overlay on\n"
        "screenshot " +
        dir +
        "/before.png\n"
        "set 8 64 8 stone\nwait 1\n"
        "screenshot " +
        dir +
        "/placed.png\n"
        "set 8 64 8 air\nwait 1\n"
        "screenshot " +
        dir +
        "/broken.png\n"
        "stats " +
        dir + "/stats.json\n";
    const auto r = run_script(dir, script, kFlags);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json stats = Json::parse_file(dir + "/stats.json");
    EXPECT_EQ(stat_int(stats, "gl.errors"), 0);
    const Image before = load_png(dir + "/before.png");
    const Image placed = load_png(dir + "/placed.png");
    const Image broken = load_png(dir + "/broken.png");
    ASSERT_TRUE(has_window_size(before));
    ASSERT_TRUE(has_window_size(placed));
    ASSERT_TRUE(has_window_size(broken));

    const Box panel = box_of(panel_rect(stats, "occupancy"));
    EXPECT_GT(differing_pixels(before, placed, panel), 50);
    EXPECT_GT(differing_pixels(placed, broken, panel), 50) << "breaking the block changes the picture";
    EXPECT_EQ(differing_pixels(before, broken, panel), 0) << "the same pages draw the same picture";

    // The cells themselves: one full page fewer and one page with a single slot while the
    // block stands, as before once it is gone.
    const occupancy::Rgba full = occupancy::fill_colour({64, 64, 1, 1});
    const occupancy::Rgba one_slot = occupancy::fill_colour({1, 64, 1, 1});
    const int full_before = pixels_of_colour(before, panel, full);
    EXPECT_GT(full_before, 1000);
    EXPECT_LT(pixels_of_colour(placed, panel, full), full_before);
    EXPECT_GT(pixels_of_colour(placed, panel, one_slot), pixels_of_colour(before, panel, one_slot));
    EXPECT_EQ(pixels_of_colour(broken, panel, full), full_before);
}

}  // namespace
}  // namespace slotcraft
