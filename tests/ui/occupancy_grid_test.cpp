// Tests of the occupancy picture's maths (ui/occupancy_grid.hpp): fitting pages into the
// panel, grouping and zooming, cell fills against a plain reference, colours, hit-testing
// and the high-water marker.
#include "ui/occupancy_grid.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <vector>

namespace slotcraft::occupancy {
namespace {

constexpr float kWidth = 320.0f;
constexpr float kHeight = 256.0f;

bool is_power_of_two(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }

// The reference fill: every slot of every page looked at one by one.
CellFill reference_fill(const std::vector<uint64_t>& masks, const GridLayout& grid, uint64_t cell) {
    CellFill f;
    for (uint64_t p = cell * grid.pages_per_cell; p < std::min(grid.pages, (cell + 1) * grid.pages_per_cell); ++p) {
        ++f.pages;
        bool any = false;
        for (uint32_t b = 0; b < kSlotsPerPage; ++b) {
            ++f.slots;
            const bool used = p < masks.size() && ((masks[p] >> b) & 1u);
            f.used += used;
            any = any || used;
        }
        f.used_pages += any;
    }
    return f;
}

void expect_fits(const GridLayout& g, uint64_t pages, float width, float height) {
    EXPECT_EQ(g.pages, std::max<uint64_t>(pages, 1));
    EXPECT_TRUE(is_power_of_two(g.pages_per_cell)) << g.pages_per_cell;
    EXPECT_TRUE(is_power_of_two(g.columns)) << g.columns;
    EXPECT_GE(g.pitch, kMinPitch);
    EXPECT_LE(g.pitch, kMaxPitch);
    EXPECT_EQ(g.pitch, static_cast<float>(static_cast<int>(g.pitch))) << "whole pixels";
    EXPECT_LE(g.width(), width);
    EXPECT_LE(g.height(), height);
    EXPECT_GE(g.cells() * g.pages_per_cell, g.pages) << "every page has a cell";
}

TEST(OccupancyGrid, FewPagesGetOnePageACellAtTheLargestSize) {
    const GridLayout g = fit_grid(100, kWidth, kHeight);
    expect_fits(g, 100, kWidth, kHeight);
    EXPECT_EQ(g.pages_per_cell, 1u);
    EXPECT_EQ(g.pitch, kMaxPitch);
    EXPECT_EQ(g.columns, 16u) << "the widest grid of the largest cells";
    EXPECT_EQ(g.rows(), 7u);
}

TEST(OccupancyGrid, ShrinksCellsBeforeGroupingPages) {
    const GridLayout g = fit_grid(3000, kWidth, kHeight);
    expect_fits(g, 3000, kWidth, kHeight);
    EXPECT_EQ(g.pages_per_cell, 1u);
    EXPECT_EQ(g.columns, 64u);
    EXPECT_EQ(g.pitch, 5.0f);
}

TEST(OccupancyGrid, HundredThousandPagesAreGroupedToFit) {
    const GridLayout g = fit_grid(100'000, kWidth, kHeight);
    expect_fits(g, 100'000, kWidth, kHeight);
    EXPECT_GT(g.pages_per_cell, 1u);
    // The fewest pages a cell: half as many would not fit at any size.
    GridLayout finer = g;
    finer.pages_per_cell /= 2;
    finer.columns = kMaxColumns / 2;  // the most cells a row at kMinPitch or more
    finer.pitch = kMinPitch;
    EXPECT_GT(finer.height(), kHeight);
}

TEST(OccupancyGrid, NoPagesStillShowsOneCell) {
    const GridLayout g = fit_grid(0, kWidth, kHeight);
    EXPECT_EQ(g.pages, 1u);
    EXPECT_EQ(g.cells(), 1u);
}

TEST(OccupancyGrid, RandomSizesAlwaysFitWithTheFewestPagesACell) {
    std::mt19937_64 rng(9);
    for (int i = 0; i < 500; ++i) {
        const uint64_t pages = std::uniform_int_distribution<uint64_t>(0, 2'000'000)(rng) >> (i % 16);
        const float width = static_cast<float>(std::uniform_int_distribution<int>(32, 600)(rng));
        const float height = static_cast<float>(std::uniform_int_distribution<int>(4, 600)(rng));
        const GridLayout g = fit_grid(pages, width, height);
        SCOPED_TRACE(::testing::Message() << pages << " pages in " << width << "x" << height);
        expect_fits(g, pages, width, height);
        if (g.pages_per_cell > 1) {
            // With half the pages a cell, not even the smallest cells fit.
            const uint64_t cells = (g.pages + g.pages_per_cell / 2 - 1) / (g.pages_per_cell / 2);
            uint64_t columns = kMinColumns;
            while (columns * 2 <= kMaxColumns && static_cast<float>(columns * 2) * kMinPitch <= width) columns *= 2;
            EXPECT_GT(static_cast<float>((cells + columns - 1) / columns) * kMinPitch, height);
        }
    }
}

TEST(OccupancyGrid, ZoomHalvesPagesACellThenGrowsCells) {
    const GridLayout fitted = fit_grid(100'000, kWidth, kHeight);
    const int steps = max_zoom(fitted, kWidth);
    ASSERT_GT(steps, std::countr_zero(fitted.pages_per_cell));
    GridLayout previous = fitted;
    for (int z = 1; z <= steps; ++z) {
        const GridLayout g = zoom_grid(fitted, z, kWidth);
        SCOPED_TRACE(z);
        EXPECT_EQ(g.pages, fitted.pages);
        EXPECT_LE(g.width(), kWidth);
        if (previous.pages_per_cell > 1) {
            EXPECT_EQ(g.pages_per_cell, previous.pages_per_cell / 2);
            EXPECT_EQ(g.pitch, previous.pitch);
        } else {
            EXPECT_EQ(g.pages_per_cell, 1u);
            EXPECT_GT(g.pitch, previous.pitch);
        }
        previous = g;
    }
    EXPECT_EQ(zoom_grid(fitted, steps + 3, kWidth), zoom_grid(fitted, steps, kWidth)) << "past the limit: no change";
    EXPECT_EQ(zoom_grid(fitted, 0, kWidth), fitted);
}

TEST(OccupancyGrid, CellFillMatchesSlotBySlotCount) {
    std::mt19937_64 rng(64);
    for (int round = 0; round < 40; ++round) {
        std::vector<uint64_t> masks(std::uniform_int_distribution<size_t>(0, 700)(rng));
        for (uint64_t& m : masks) {
            switch (rng() % 4) {
                case 0: m = 0; break;
                case 1: m = ~uint64_t{0}; break;
                default: m = rng() & rng(); break;
            }
        }
        // Show more pages than the masks hold: those past the end are free.
        const uint64_t pages = masks.size() + rng() % 100;
        GridLayout g = fit_grid(pages, kWidth, 40.0f);
        for (int z = 0; z <= max_zoom(g, kWidth); z += 2) {
            const GridLayout grid = zoom_grid(g, z, kWidth);
            for (uint64_t c = 0; c < grid.cells(); ++c) {
                const CellFill got = cell_fill(masks, grid, c);
                const CellFill want = reference_fill(masks, grid, c);
                ASSERT_EQ(got.used, want.used) << "cell " << c;
                ASSERT_EQ(got.slots, want.slots) << "cell " << c;
                ASSERT_EQ(got.used_pages, want.used_pages) << "cell " << c;
                ASSERT_EQ(got.pages, want.pages) << "cell " << c;
            }
        }
    }
}

TEST(OccupancyGrid, EveryPageLandsInExactlyOneCellInSlotOrder) {
    const GridLayout g = zoom_grid(fit_grid(5000, kWidth, kHeight), 0, kWidth);
    uint64_t expected_next = 0;
    for (uint64_t c = 0; c < g.cells(); ++c) {
        const PageRange r = pages_of_cell(g, c);
        EXPECT_EQ(r.first, expected_next);
        EXPECT_GT(r.end, r.first);
        for (uint64_t p = r.first; p < r.end; ++p) EXPECT_EQ(cell_of_page(g, p), c);
        expected_next = r.end;
    }
    EXPECT_EQ(expected_next, 5000u);
}

TEST(OccupancyGrid, ColoursTellEmptyPartlyAndFullApart) {
    const Rgba empty = fill_colour({0, 64, 0, 1});
    const Rgba one = fill_colour({1, 64, 1, 1});
    const Rgba most = fill_colour({63, 64, 1, 1});
    const Rgba full = fill_colour({64, 64, 1, 1});
    EXPECT_EQ(fill_kind({0, 64, 0, 1}), FillKind::kEmpty);
    EXPECT_EQ(fill_kind({1, 64, 1, 1}), FillKind::kPartly);
    EXPECT_EQ(fill_kind({63, 64, 1, 1}), FillKind::kPartly);
    EXPECT_EQ(fill_kind({64, 64, 1, 1}), FillKind::kFull);
    EXPECT_NE(empty, one);
    EXPECT_NE(one, most);
    EXPECT_NE(most, full);
    EXPECT_NE(full, empty);
    // A grouped cell is full only when every slot of every page is.
    EXPECT_EQ(fill_kind({255, 256, 4, 4}), FillKind::kPartly);
    EXPECT_EQ(fill_colour({256, 256, 4, 4}), full);
}

TEST(OccupancyGrid, FarLevelsTintTheirPagesAndTheFillStillShows) {
    const CellFill empty{0, 64, 0, 1}, half{32, 64, 1, 1}, most{60, 64, 1, 1}, full{64, 64, 1, 1};
    for (const CellFill& f : {empty, half, most, full}) EXPECT_EQ(level_tint(fill_colour(f), f, 0), fill_colour(f));
    EXPECT_EQ(level_tint(fill_colour(empty), empty, 3), fill_colour(empty)) << "an empty page has no level";
    for (const CellFill& f : {half, most, full}) {
        for (int level = 1; level <= kMaxTintLevel; ++level) {
            const Rgba tinted = level_tint(fill_colour(f), f, level);
            EXPECT_NE(tinted, fill_colour(f)) << "level " << level;
            EXPECT_GT(tinted.b, fill_colour(f).b) << "far pages lean blue";
            if (level > 1) EXPECT_NE(tinted, level_tint(fill_colour(f), f, level - 1)) << "level " << level;
        }
    }
    // At one level, the fill still changes the colour (a freed slot shows on a far page too).
    EXPECT_NE(level_tint(fill_colour(half), half, 4), level_tint(fill_colour(most), most, 4));
    EXPECT_NE(level_tint(fill_colour(most), most, 4), level_tint(fill_colour(full), full, 4));
}

TEST(OccupancyGrid, EverySlotMoreOrLessChangesAPartlyCellsColour) {
    // Breaking a block lightens its page's cell, placing one deepens it again: each step
    // of the fill is a different colour, and the pale end is the lighter one.
    for (uint64_t used = 1; used < 63; ++used) {
        const Rgba a = fill_colour({used, 64, 1, 1});
        const Rgba b = fill_colour({used + 1, 64, 1, 1});
        EXPECT_NE(a, b) << used;
        EXPECT_GE(a.r + a.g + a.b, b.r + b.g + b.b) << "fuller is never lighter, at " << used;
    }
}

TEST(OccupancyGrid, CellAtFindsTheCellUnderEveryPointOfIt) {
    const GridLayout g = fit_grid(1000, kWidth, kHeight);
    for (uint64_t c = 0; c < g.cells(); ++c) {
        const Rect r = cell_rect(g, c);
        EXPECT_EQ(cell_at(g, r.x0, r.y0), c);
        EXPECT_EQ(cell_at(g, (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2), c);
        EXPECT_EQ(cell_at(g, r.x1 - 0.01f, r.y1 - 0.01f), c);
    }
}

TEST(OccupancyGrid, CellAtIsEmptyOffTheCells) {
    const GridLayout g = fit_grid(1000, kWidth, kHeight);  // the last row is not full
    ASSERT_NE(g.cells() % g.columns, 0u);
    EXPECT_EQ(cell_at(g, -1.0f, 5.0f), std::nullopt);
    EXPECT_EQ(cell_at(g, 5.0f, -1.0f), std::nullopt);
    EXPECT_EQ(cell_at(g, g.width(), 5.0f), std::nullopt);
    EXPECT_EQ(cell_at(g, 5.0f, g.height()), std::nullopt);
    const Rect past_last = cell_rect(g, g.cells());
    EXPECT_EQ(cell_at(g, past_last.x0 + 1.0f, past_last.y0 + 1.0f), std::nullopt) << "the empty tail of the last row";
}

TEST(OccupancyGrid, VisibleRowsCoverTheScrolledView) {
    GridLayout g = fit_grid(100'000, kWidth, kHeight);
    g = zoom_grid(g, max_zoom(g, kWidth), kWidth);  // far taller than the view
    const RowRange top = visible_rows(g, 0.0f, kHeight);
    EXPECT_EQ(top.first, 0u);
    EXPECT_EQ(static_cast<float>(top.end) * g.pitch, std::ceil(kHeight / g.pitch) * g.pitch);
    const RowRange mid = visible_rows(g, 1000.5f, kHeight);
    EXPECT_LE(static_cast<float>(mid.first) * g.pitch, 1000.5f);
    EXPECT_GE(static_cast<float>(mid.end) * g.pitch, 1000.5f + kHeight);
    const RowRange bottom = visible_rows(g, g.height() + 50.0f, kHeight);
    EXPECT_EQ(bottom.first, g.rows());
    EXPECT_EQ(bottom.end, g.rows());
}

TEST(OccupancyGrid, HighWaterMarkSitsAfterTheLastUsedPage) {
    const GridLayout g = fit_grid(100, kWidth, kHeight);  // 16 columns of 16 px, one page each
    ASSERT_EQ(g.pages_per_cell, 1u);
    ASSERT_EQ(g.columns, 16u);
    const Marker none = page_boundary(g, pages_for_slots(0));
    EXPECT_EQ(none.x, 0.0f);
    EXPECT_EQ(none.y0, 0.0f);
    // Slot 200 is in page 3: the mark is at the right edge of cell 3.
    const Marker m = page_boundary(g, pages_for_slots(201));
    EXPECT_EQ(m.x, 4.0f * g.pitch);
    EXPECT_EQ(m.y0, 0.0f);
    EXPECT_EQ(m.y1, g.pitch);
    // Sixteen pages fill the first row: the mark closes that row rather than opening the next.
    const Marker row_end = page_boundary(g, 16);
    EXPECT_EQ(row_end.x, g.width());
    EXPECT_EQ(row_end.y0, 0.0f);
}

TEST(OccupancyGrid, HighWaterMarkFallsInsideAGroupedCell) {
    const GridLayout g = fit_grid(100'000, kWidth, kHeight);
    ASSERT_GE(g.pages_per_cell, 4u);
    const uint64_t page = 10 * g.pages_per_cell + g.pages_per_cell / 4;  // a quarter into cell 10
    const Marker m = page_boundary(g, page);
    const Rect r = cell_rect(g, 10);
    EXPECT_FLOAT_EQ(m.x, r.x0 + 0.25f * g.pitch);
    EXPECT_EQ(m.y0, r.y0);
}

TEST(OccupancyGrid, PagesForSlotsRoundsUp) {
    EXPECT_EQ(pages_for_slots(0), 0u);
    EXPECT_EQ(pages_for_slots(1), 1u);
    EXPECT_EQ(pages_for_slots(64), 1u);
    EXPECT_EQ(pages_for_slots(65), 2u);
}

}  // namespace
}  // namespace slotcraft::occupancy
