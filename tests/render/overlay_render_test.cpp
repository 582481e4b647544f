// The buffer overlay end to end (issue 9): the real program at 1280x720 under Xvfb with GL
// debug output on. The panels change the pixels where they are and none near the
// crosshair; the occupancy picture follows the buffer (a page's cell changes when a block
// in it goes and comes back when it returns); drawing the overlay costs no GL error.
#include <gtest/gtest.h>

#include <string>

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

struct Box {
    int x0, y0, x1, y1;  // [x0, x1) x [y0, y1)
    int area() const { return (x1 - x0) * (y1 - y0); }
};

Box box_of(const overlay_layout::Rect& r) {
    return {static_cast<int>(r.x), static_cast<int>(r.y), static_cast<int>(r.x + r.width),
            static_cast<int>(r.y + r.height)};
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
::testing::AssertionResult has_window_size(const Image& image) {
    if (image.width == kWidth && image.height == kHeight) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "the screenshot is " << image.width << "x" << image.height << ", not "
                                         << kWidth << "x" << kHeight;
}

TEST(OverlayRender, PanelsCoverTheEdgesAndLeaveTheCrosshairClear) {
    const std::string dir = out_dir();
    const std::string script =
        "camera 0.5 72 0.5 30 -25\n"
        "screenshot " +
        dir +
        "/off.png\n"
        "overlay on\n"
        "screenshot " +
        dir +
        "/on.png\n"
        "stats " +
        dir + "/stats.json\n";
    const auto r = run_script(dir, script, kFlags);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(stat_int(Json::parse_file(dir + "/stats.json"), "gl.errors"), 0);
    const Image off = load_png(dir + "/off.png");
    const Image on = load_png(dir + "/on.png");
    ASSERT_TRUE(has_window_size(off));
    ASSERT_TRUE(has_window_size(on));

    // Where the panels are, nearly every pixel changes (a translucent panel over the scene).
    const Box occupancy = box_of(overlay_layout::occupancy_panel(kWidth));
    const int left_x = static_cast<int>(overlay_layout::left_column_x());
    const Box frame_panel{left_x, static_cast<int>(overlay_layout::kMargin),
                          left_x + static_cast<int>(overlay_layout::kLeftWidth), 100};
    EXPECT_GT(differing_pixels(off, on, occupancy), occupancy.area() * 9 / 10);
    EXPECT_GT(differing_pixels(off, on, frame_panel), frame_panel.area() * 9 / 10);

    // Around the crosshair, and all the way between the two columns above the hotbar,
    // nothing changes.
    const Box centre{kWidth / 2 - 100, kHeight / 2 - 100, kWidth / 2 + 100, kHeight / 2 + 100};
    EXPECT_EQ(differing_pixels(off, on, centre), 0);
    const Box between{left_x + static_cast<int>(overlay_layout::kLeftWidth) + 4, 0,
                      static_cast<int>(overlay_layout::right_column_x(kWidth)) - 4, kHeight - 80};
    EXPECT_EQ(differing_pixels(off, on, between), 0);
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
    EXPECT_EQ(stat_int(Json::parse_file(dir + "/stats.json"), "gl.errors"), 0);
    const Image before = load_png(dir + "/before.png");
    const Image placed = load_png(dir + "/placed.png");
    const Image broken = load_png(dir + "/broken.png");
    ASSERT_TRUE(has_window_size(before));
    ASSERT_TRUE(has_window_size(placed));
    ASSERT_TRUE(has_window_size(broken));

    const Box panel = box_of(overlay_layout::occupancy_panel(kWidth));
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
