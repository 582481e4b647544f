#pragma once
// The maths of the occupancy picture: pages of 64 slots laid out as a grid of cells in
// slot order (row-major), several pages per cell when they do not fit, the fill of a cell,
// its colour, the cell under the mouse and where the high-water mark falls.
// Plain C++20: never include ImGui, GL or anything of world/ (the overlay draws it).
#include <cstdint>
#include <optional>
#include <span>

namespace slotcraft::occupancy {

inline constexpr uint32_t kSlotsPerPage = 64;
inline constexpr float kMinPitch = 4.0f;   // smallest cell, in pixels, before pages are grouped
inline constexpr float kMaxPitch = 16.0f;  // largest cell: bigger only wastes the panel
inline constexpr uint32_t kMinColumns = 8;
inline constexpr uint32_t kMaxColumns = 128;

// Where the cells go. Cell c covers pages [c * pages_per_cell, (c + 1) * pages_per_cell)
// (the last one fewer); it sits in column c % columns, row c / columns, `pitch` pixels apart.
struct GridLayout {
    uint64_t pages = 1;              // pages shown
    uint64_t pages_per_cell = 1;     // a power of two
    uint32_t columns = kMinColumns;  // a power of two, so a row is a round number of slots
    float pitch = kMaxPitch;         // pixels from one cell's corner to the next's
    uint64_t cells() const { return (pages + pages_per_cell - 1) / pages_per_cell; }
    uint64_t rows() const { return (cells() + columns - 1) / columns; }
    float width() const { return static_cast<float>(columns) * pitch; }
    float height() const { return static_cast<float>(rows()) * pitch; }
    friend bool operator==(const GridLayout&, const GridLayout&) = default;
};

// The layout that shows `pages` (at least one is shown) inside width x height pixels: one
// page a cell whenever that fits with cells of kMinPitch or more, else the fewest pages a
// cell (a power of two) that fits. Among fitting layouts, the largest cells win, then the
// most columns. The area must hold a row of kMinColumns cells of kMinPitch.
GridLayout fit_grid(uint64_t pages, float width, float height);

// `fitted` zoomed in `steps` times (width: the same area's): each step halves the pages a
// cell, and once that is one, halves the columns and grows the cells. The zoomed grid may
// be taller than the area (the panel scrolls). Steps past max_zoom change nothing.
GridLayout zoom_grid(const GridLayout& fitted, int steps, float width);
int max_zoom(const GridLayout& fitted, float width);

// The pages [first, end) of cell `cell`.
struct PageRange {
    uint64_t first = 0;
    uint64_t end = 0;
};
PageRange pages_of_cell(const GridLayout& grid, uint64_t cell);
uint64_t cell_of_page(const GridLayout& grid, uint64_t page);

// How full a cell is: used slots out of all the slots of its pages (the average fill of
// the group), and how many of its pages hold anything.
struct CellFill {
    uint64_t used = 0;
    uint64_t slots = 0;
    uint64_t used_pages = 0;
    uint64_t pages = 0;
    double fraction() const { return slots ? static_cast<double>(used) / static_cast<double>(slots) : 0.0; }
};
// `masks`: the used-slot mask of every page (bit b = slot 64 p + b); pages past its end are free.
CellFill cell_fill(std::span<const uint64_t> masks, const GridLayout& grid, uint64_t cell);

enum class FillKind { kEmpty, kPartly, kFull };
FillKind fill_kind(const CellFill& fill);

struct Rgba {
    uint8_t r = 0, g = 0, b = 0, a = 255;
    friend bool operator==(const Rgba&, const Rgba&) = default;
};
// Empty: dark grey. Partly: pale yellow for a few slots, deepening to orange as the cell
// fills, so a freed slot lightens its cell. Full: green.
Rgba fill_colour(const CellFill& fill);
// Far terrain (docs/slots.md "Reading the occupancy picture"): the pages of a level-k chunk
// (k >= 1, cubes of 2^k blocks) take a tint from sky blue (level 1) to violet (level 7) over
// their fill colour, which still shows through; level 0 and empty cells stay as they are.
inline constexpr int kMaxTintLevel = 7;
Rgba level_tint(const Rgba& fill, const CellFill& cell, int level);

// A cell's square, relative to the grid's top-left corner.
struct Rect {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};
Rect cell_rect(const GridLayout& grid, uint64_t cell);
// The cell under a point relative to the grid's top-left corner; nullopt off the cells.
std::optional<uint64_t> cell_at(const GridLayout& grid, float x, float y);

// The rows [first, end) that a view of `view_height` pixels scrolled down `scroll_y` shows.
struct RowRange {
    uint64_t first = 0;
    uint64_t end = 0;
};
RowRange visible_rows(const GridLayout& grid, float scroll_y, float view_height);

// Where the boundary before page `page` falls (the high-water mark is the boundary before
// its first page past the last used one): a vertical line at x from y0 to y1, inside the
// cell holding that page, at the fraction of the cell's pages before it.
struct Marker {
    float x = 0, y0 = 0, y1 = 0;
};
Marker page_boundary(const GridLayout& grid, uint64_t page);

// Pages needed to hold `slots` slots (the page just past the high-water mark).
constexpr uint64_t pages_for_slots(uint64_t slots) { return (slots + kSlotsPerPage - 1) / kSlotsPerPage; }

}  // namespace slotcraft::occupancy
