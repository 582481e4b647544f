// The occupancy picture's maths. See occupancy_grid.hpp.
#include "ui/occupancy_grid.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>

namespace slotcraft::occupancy {

namespace {

// The pitch that `columns` cells a row get in `width` pixels: whole pixels, so every cell
// is drawn the same size; capped, since bigger cells show nothing more.
float pitch_for(uint32_t columns, float width) {
    return std::min(kMaxPitch, std::floor(width / static_cast<float>(columns)));
}

uint8_t mix(uint8_t from, uint8_t to, double t) {
    return static_cast<uint8_t>(std::lround(from + (static_cast<double>(to) - from) * t));
}

}  // namespace

// [SECTION] layout

GridLayout fit_grid(uint64_t pages, float width, float height) {
    assert(width >= kMinColumns * kMinPitch && height >= kMinPitch &&
           "the occupancy area must hold a row of kMinColumns cells of kMinPitch");
    GridLayout grid;
    grid.pages = std::max<uint64_t>(pages, 1);
    // Ends: once a cell holds every page, one row of kMinColumns cells fits the area.
    for (grid.pages_per_cell = 1;; grid.pages_per_cell *= 2) {
        std::optional<GridLayout> best;
        for (uint32_t columns = kMinColumns; columns <= kMaxColumns; columns *= 2) {
            GridLayout g = grid;
            g.columns = columns;
            // The largest whole pitch that fits both ways.
            g.pitch = std::min(pitch_for(columns, width), std::floor(height / static_cast<float>(g.rows())));
            if (g.pitch < kMinPitch) continue;
            // Ascending columns: a later candidate wins only with larger cells, or equal
            // cells and more columns (a flatter grid).
            if (!best || g.pitch >= best->pitch) best = g;
        }
        if (best) return *best;
    }
}

GridLayout zoom_grid(const GridLayout& fitted, int steps, float width) {
    GridLayout g = fitted;
    for (int i = 0; i < steps; ++i) {
        if (g.pages_per_cell > 1) {
            g.pages_per_cell /= 2;
        } else if (g.columns / 2 >= kMinColumns && pitch_for(g.columns / 2, width) > g.pitch) {
            g.columns /= 2;
            g.pitch = pitch_for(g.columns, width);
        } else {
            break;
        }
    }
    return g;
}

int max_zoom(const GridLayout& fitted, float width) {
    int steps = 0;
    for (GridLayout g = fitted;; ++steps) {
        const GridLayout next = zoom_grid(g, 1, width);
        if (next == g) return steps;
        g = next;
    }
}

// [SECTION] cells and pages

PageRange pages_of_cell(const GridLayout& grid, uint64_t cell) {
    const uint64_t first = std::min(cell * grid.pages_per_cell, grid.pages);
    return {first, std::min(first + grid.pages_per_cell, grid.pages)};
}

uint64_t cell_of_page(const GridLayout& grid, uint64_t page) { return page / grid.pages_per_cell; }

CellFill cell_fill(std::span<const uint64_t> masks, const GridLayout& grid, uint64_t cell) {
    const PageRange range = pages_of_cell(grid, cell);
    CellFill fill;
    fill.pages = range.end - range.first;
    fill.slots = fill.pages * kSlotsPerPage;
    const uint64_t end = std::min<uint64_t>(range.end, masks.size());
    for (uint64_t p = range.first; p < end; ++p) {
        fill.used += static_cast<uint64_t>(std::popcount(masks[p]));
        fill.used_pages += masks[p] != 0;
    }
    return fill;
}

FillKind fill_kind(const CellFill& fill) {
    if (fill.used == 0) return FillKind::kEmpty;
    return fill.used == fill.slots ? FillKind::kFull : FillKind::kPartly;
}

Rgba fill_colour(const CellFill& fill) {
    constexpr Rgba kEmpty{52, 55, 64, 255};
    constexpr Rgba kFull{64, 190, 84, 255};
    constexpr Rgba kFew{250, 238, 170, 255};  // one slot used: pale
    constexpr Rgba kMost{232, 118, 22, 255};  // all but one: deep orange
    switch (fill_kind(fill)) {
        case FillKind::kEmpty: return kEmpty;
        case FillKind::kFull: return kFull;
        case FillKind::kPartly: break;
    }
    // Spread the ramp over the fills a partly cell can have, so that one slot more or less
    // always moves the colour, even one slot short of full.
    const double t = fill.slots > 2 ? static_cast<double>(fill.used - 1) / static_cast<double>(fill.slots - 2) : 1.0;
    return {mix(kFew.r, kMost.r, t), mix(kFew.g, kMost.g, t), mix(kFew.b, kMost.b, t), 255};
}

Rgba level_tint(const Rgba& fill, const CellFill& cell, int level) {
    if (level <= 0 || fill_kind(cell) == FillKind::kEmpty) return fill;
    constexpr Rgba kLevelOne{90, 200, 255, 255};  // sky blue
    constexpr Rgba kLevelTop{175, 95, 255, 255};  // violet
    const double t = static_cast<double>(std::min(level, kMaxTintLevel) - 1) / (kMaxTintLevel - 1);
    const Rgba tint{mix(kLevelOne.r, kLevelTop.r, t), mix(kLevelOne.g, kLevelTop.g, t),
                    mix(kLevelOne.b, kLevelTop.b, t), 255};
    constexpr double kTint = 0.6;  // the fill keeps 40%: a freed slot still changes the colour
    return {mix(fill.r, tint.r, kTint), mix(fill.g, tint.g, kTint), mix(fill.b, tint.b, kTint), fill.a};
}

// [SECTION] screen positions

Rect cell_rect(const GridLayout& grid, uint64_t cell) {
    const float x = static_cast<float>(cell % grid.columns) * grid.pitch;
    const float y = static_cast<float>(cell / grid.columns) * grid.pitch;
    return {x, y, x + grid.pitch, y + grid.pitch};
}

std::optional<uint64_t> cell_at(const GridLayout& grid, float x, float y) {
    if (!(x >= 0.0f && y >= 0.0f) || x >= grid.width() || y >= grid.height()) return std::nullopt;
    const auto column = static_cast<uint64_t>(x / grid.pitch);
    const auto row = static_cast<uint64_t>(y / grid.pitch);
    const uint64_t cell = row * grid.columns + std::min<uint64_t>(column, grid.columns - 1);
    if (cell >= grid.cells()) return std::nullopt;  // the empty tail of the last row
    return cell;
}

RowRange visible_rows(const GridLayout& grid, float scroll_y, float view_height) {
    const float top = std::max(0.0f, scroll_y);
    const auto first = static_cast<uint64_t>(top / grid.pitch);
    const auto end = static_cast<uint64_t>(std::ceil((top + std::max(0.0f, view_height)) / grid.pitch));
    return {std::min(first, grid.rows()), std::min(end, grid.rows())};
}

Marker page_boundary(const GridLayout& grid, uint64_t page) {
    page = std::min(page, grid.pages);
    if (page == 0) {
        const Rect r = cell_rect(grid, 0);
        return {r.x0, r.y0, r.y1};
    }
    // A boundary between cells is drawn at the end of the cell before it, next to the
    // last page it closes (at a row's end rather than the next row's start).
    const uint64_t cell = (page - 1) / grid.pages_per_cell;
    const Rect r = cell_rect(grid, cell);
    const uint64_t inside = page - cell * grid.pages_per_cell;  // 1..pages_per_cell
    const float t = static_cast<float>(inside) / static_cast<float>(grid.pages_per_cell);
    return {r.x0 + t * grid.pitch, r.y0, r.y1};
}

}  // namespace slotcraft::occupancy
