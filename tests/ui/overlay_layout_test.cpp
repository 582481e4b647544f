// Tests of where the overlay's panels go (ui/overlay_layout.hpp): inside the window, off the
// middle and the hotbar, folded by priority when the window is short, one column when narrow.
#include "ui/overlay_layout.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace slotcraft::overlay_layout {
namespace {

// The six panels with the heights they had when drawn at 1280x720 (Frame, Buffer,
// Allocator, World on the left; Occupancy, Culling on the right), ranked as the overlay ranks
// them (Frame 0, Occupancy 1, Buffer 2, World 3, Culling 4, Allocator 5).
std::vector<PanelRequest> demo_panels() {
    return {{Side::kLeft, kLeftWidth, 105, true, 0},    {Side::kLeft, kLeftWidth, 222, true, -2},
            {Side::kLeft, kLeftWidth, 199, true, -5},   {Side::kLeft, kLeftWidth, 142, true, -3},
            {Side::kRight, kRightWidth, 237, true, -1}, {Side::kRight, kRightWidth, 174, true, -4}};
}

// The hotbar as the HUD draws it: about 536 x 46, centred, 10 pixels above the bottom.
Rect hotbar_for(float width, float height) { return {width * 0.5f - 268.0f, height - 56.0f, 536.0f, 46.0f}; }

Screen screen_of(float width, float height) { return {width, height, hotbar_for(width, height), 17.0f}; }

// What every layout promises.
void expect_sound(const Screen& screen, const std::vector<PanelRequest>& requests, const Layout& layout) {
    ASSERT_EQ(layout.panels.size(), requests.size());
    const Rect window{0, 0, screen.width, screen.height};
    for (size_t i = 0; i < requests.size(); ++i) {
        const Placement& p = layout.panels[i];
        EXPECT_TRUE(window.contains(p.rect)) << "panel " << i << " leaves the window";
        EXPECT_FALSE(p.rect.overlaps(screen.hotbar)) << "panel " << i << " covers the hotbar";
        if (!layout.one_column) {
            EXPECT_FALSE(p.rect.overlaps(clear_centre(screen.width, screen.height))) << "panel " << i;
        }
        if (p.open) {
            EXPECT_TRUE(requests[i].wants_open) << "panel " << i << " opened against the user";
            EXPECT_EQ(p.rect.height, std::max(requests[i].open_height, screen.title_height));
        } else {
            EXPECT_EQ(p.rect.height, screen.title_height);
        }
        for (size_t j = 0; j < i; ++j) {
            EXPECT_FALSE(p.rect.overlaps(layout.panels[j].rect)) << "panels " << j << " and " << i;
        }
    }
}

TEST(OverlayLayout, TheClearCentreIsTheMiddleFifthOfEachSide) {
    EXPECT_EQ(clear_centre(800, 600), (Rect{320, 240, 160, 120}));
    EXPECT_EQ(clear_centre(1280, 720), (Rect{512, 288, 256, 144}));
    EXPECT_FLOAT_EQ(side_room(800), 320 - kMargin - kGap);
}

TEST(OverlayLayout, At1280x720EveryPanelIsOpenInTwoColumns) {
    const Screen screen = screen_of(1280, 720);
    const auto requests = demo_panels();
    const Layout layout = arrange(screen, requests);
    expect_sound(screen, requests, layout);
    EXPECT_FALSE(layout.one_column);
    for (const Placement& p : layout.panels) EXPECT_TRUE(p.open);
    EXPECT_EQ(layout.panels[0].rect, (Rect{kMargin, kMargin, kLeftWidth, 105}));
    EXPECT_EQ(layout.panels[1].rect.y, kMargin + 105 + kGap);  // stacked, one gap apart
    EXPECT_EQ(layout.panels[4].rect, (Rect{1280 - kMargin - kRightWidth, kMargin, kRightWidth, 237}));
}

TEST(OverlayLayout, At800x600ColumnsNarrowAndTheLeastWantedPanelFolds) {
    const Screen screen = screen_of(800, 600);
    const auto requests = demo_panels();
    const Layout layout = arrange(screen, requests);
    expect_sound(screen, requests, layout);
    EXPECT_FALSE(layout.one_column);
    EXPECT_EQ(layout.panels[0].rect.width, side_room(800));
    EXPECT_EQ(layout.panels[4].rect.right(), 800 - kMargin);
    // The left column (105 + 222 + 199 + 142 and gaps) does not fit above the hotbar:
    // Allocator, ranked last, folds; the rest stay open.
    EXPECT_FALSE(layout.panels[2].open);
    for (size_t i : {0u, 1u, 3u, 4u, 5u}) EXPECT_TRUE(layout.panels[i].open) << i;
}

TEST(OverlayLayout, APanelTheUserUnfoldsStaysOpenAndOthersFoldInstead) {
    const Screen screen = screen_of(800, 600);
    auto requests = demo_panels();
    requests[2].priority = int64_t{1} << 40;  // the user just unfolded Allocator
    const Layout layout = arrange(screen, requests);
    expect_sound(screen, requests, layout);
    EXPECT_TRUE(layout.panels[2].open);
    // Folding World (the next least wanted) is not enough; Buffer folds and World fits again.
    EXPECT_FALSE(layout.panels[1].open);
    EXPECT_TRUE(layout.panels[3].open);
}

TEST(OverlayLayout, APanelTheUserFoldedStaysFoldedWhateverTheRoom) {
    const Screen screen = screen_of(1920, 1080);
    auto requests = demo_panels();
    requests[1].wants_open = false;
    const Layout layout = arrange(screen, requests);
    expect_sound(screen, requests, layout);
    EXPECT_FALSE(layout.panels[1].open);
    EXPECT_EQ(layout.panels[2].rect.y, kMargin + 105 + kGap + 17 + kGap);  // the next one moves up
}

TEST(OverlayLayout, FoldingALargePanelLeavesRoomToUnfoldASmallerOneOfLowerPriority) {
    // One column of room 300 (no hotbar beside it): A 100 (kept), B 250, C 60. Folding C
    // then B makes room; C fits again once B is folded.
    Screen screen{1600, 320, {}, 17};
    const std::vector<PanelRequest> requests = {{Side::kLeft, kLeftWidth, 100, true, 3},
                                                {Side::kLeft, kLeftWidth, 250, true, 1},
                                                {Side::kLeft, kLeftWidth, 60, true, 0}};
    const Layout layout = arrange(screen, requests);
    expect_sound(screen, requests, layout);
    EXPECT_TRUE(layout.panels[0].open);
    EXPECT_FALSE(layout.panels[1].open);
    EXPECT_TRUE(layout.panels[2].open);
}

TEST(OverlayLayout, PanelsNotMeasuredYetOpenAsTitles) {
    const Screen screen = screen_of(800, 600);
    std::vector<PanelRequest> requests = demo_panels();
    for (PanelRequest& r : requests) r.open_height = 0;
    const Layout layout = arrange(screen, requests);
    expect_sound(screen, requests, layout);
    for (const Placement& p : layout.panels) EXPECT_TRUE(p.open);
}

TEST(OverlayLayout, ANarrowWindowGetsOneReadableColumnThatStopsShortOfTheCrosshair) {
    const Screen screen = screen_of(640, 400);
    const auto requests = demo_panels();
    const Layout layout = arrange(screen, requests);
    expect_sound(screen, requests, layout);
    EXPECT_TRUE(layout.one_column);
    for (size_t i = 0; i < requests.size(); ++i) {
        EXPECT_EQ(layout.panels[i].rect.x, kMargin);
        EXPECT_GE(layout.panels[i].rect.width, kMinColumnWidth);
        EXPECT_LE(layout.panels[i].rect.right(), 320 - kCrosshairRoom) << i;
        if (i > 0) {
            EXPECT_GT(layout.panels[i].rect.y, layout.panels[i - 1].rect.y);  // in table order
        }
    }
    EXPECT_TRUE(layout.panels[0].open);  // Frame, ranked first, is the one that fits
    int open = 0;
    for (const Placement& p : layout.panels) open += p.open;
    EXPECT_EQ(open, 1);
}

// Random windows, heights and wishes: every layout keeps its promises, and no folded panel
// that the user wants open would have fitted.
TEST(OverlayLayout, RandomWindowsKeepEveryPromise) {
    std::mt19937 rng(19);
    std::uniform_real_distribution<float> width(560, 2560), height(300, 1440), panel(17, 420);
    for (int round = 0; round < 2000; ++round) {
        const Screen screen = screen_of(width(rng), height(rng));
        std::vector<PanelRequest> requests = demo_panels();
        for (PanelRequest& r : requests) {
            r.open_height = panel(rng);
            r.wants_open = rng() % 5 != 0;
            r.priority = static_cast<int64_t>(rng() % 7);
        }
        const Layout layout = arrange(screen, requests);
        SCOPED_TRACE("round " + std::to_string(round));
        expect_sound(screen, requests, layout);
        // Maximal: unfolding any panel folded to make room would push its column's last
        // panel past the column's end.
        for (size_t i = 0; i < requests.size(); ++i) {
            if (layout.panels[i].open || !requests[i].wants_open) continue;
            float bottom = 0.0f;
            for (size_t j = 0; j < requests.size(); ++j) {
                if (layout.panels[j].rect.x == layout.panels[i].rect.x) {
                    bottom = std::max(bottom, layout.panels[j].rect.bottom());
                }
            }
            const float limit = layout.panels[i].rect.right() > screen.hotbar.x &&
                                        layout.panels[i].rect.x < screen.hotbar.right()
                                    ? screen.hotbar.y - kGap
                                    : screen.height - kMargin;
            EXPECT_GT(bottom + requests[i].open_height - screen.title_height, limit) << "panel " << i;
        }
    }
}

TEST(OverlayLayout, SizeClassesScaleInQuarterStepsPastTheDesignSize) {
    EXPECT_EQ(size_class(800, 600), (SizeClass{1.0f, "small"}));
    EXPECT_EQ(size_class(1280, 720), (SizeClass{1.0f, "x1.00"}));
    EXPECT_EQ(size_class(1366, 768), (SizeClass{1.0f, "x1.00"}));
    EXPECT_EQ(size_class(1920, 1080), (SizeClass{1.5f, "x1.50"}));
    EXPECT_EQ(size_class(1920, 1200), (SizeClass{1.5f, "x1.50"}));
    EXPECT_EQ(size_class(2560, 1440), (SizeClass{2.0f, "x2.00"}));
    EXPECT_EQ(size_class(3840, 2160), (SizeClass{3.0f, "x3.00"}));
    EXPECT_EQ(size_class(100000, 100000), (SizeClass{4.0f, "x4.00"}));
    EXPECT_EQ(size_class(0, 0), (SizeClass{1.0f, "small"}));
}

TEST(OverlayLayout, AtTwiceTheScaleEverythingIsTwiceAsLarge) {
    Screen one = screen_of(1280, 720);
    Screen two = {
        2560, 1440, {one.hotbar.x * 2, one.hotbar.y * 2, one.hotbar.width * 2, one.hotbar.height * 2}, 34.0f, 2.0f};
    std::vector<PanelRequest> small = demo_panels(), large = demo_panels();
    for (PanelRequest& p : large) {
        p.width *= 2;
        p.open_height *= 2;
    }
    const Layout a = arrange(one, small), b = arrange(two, large);
    ASSERT_EQ(a.panels.size(), b.panels.size());
    for (size_t i = 0; i < a.panels.size(); ++i) {
        const Rect r = a.panels[i].rect;
        EXPECT_EQ(b.panels[i].rect, (Rect{r.x * 2, r.y * 2, r.width * 2, r.height * 2})) << i;
        EXPECT_EQ(a.panels[i].open, b.panels[i].open) << i;
    }
}

TEST(OverlayLayout, TheRoomBesidePanelsLiesBetweenTheColumns) {
    const Screen screen = screen_of(1280, 720);
    const Layout layout = arrange(screen, demo_panels());
    const Rect room = beside_panels(screen);
    EXPECT_FLOAT_EQ(room.x, kMargin + kLeftWidth + kGap);
    EXPECT_FLOAT_EQ(room.right(), 1280 - kMargin - kRightWidth - kGap);
    EXPECT_FLOAT_EQ(room.y, kMargin);
    for (const Placement& p : layout.panels) EXPECT_FALSE(room.overlaps(p.rect));
    // One column: the room is right of it.
    const Screen narrow = screen_of(640, 400);
    const Layout one = arrange(narrow, demo_panels());
    ASSERT_TRUE(one.one_column);
    EXPECT_FLOAT_EQ(beside_panels(narrow).x, one.panels[0].rect.right() + kGap);
    EXPECT_FLOAT_EQ(beside_panels(narrow).right(), 640 - kMargin);
}

}  // namespace
}  // namespace slotcraft::overlay_layout
