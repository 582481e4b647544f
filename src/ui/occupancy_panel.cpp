// The Occupancy panel: every page of the instance buffer as a cell, in slot order, coloured
// by how full it is, with the high-water mark in red. Hovering a cell names its slots, fill
// and chunk; clicking it highlights that chunk's cubes. The maths is in occupancy_grid.cpp.
#include <algorithm>
#include <array>
#include <cfloat>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "ui/figures.hpp"
#include "ui/occupancy_grid.hpp"
#include "ui/overlay_layout.hpp"
#include "ui/panels.hpp"
#include "world/coords.hpp"
#include "world/lod.hpp"

namespace slotcraft::ui_detail {

namespace {

using figures::group_digits;
using occupancy::GridLayout;

constexpr ImU32 kHighWaterColour = IM_COL32(240, 50, 50, 255);
constexpr ImU32 kHighlightColour = IM_COL32(255, 255, 255, 255);
constexpr ImU32 kHoverColour = IM_COL32(120, 200, 255, 255);
constexpr ImU32 kSeamColour = IM_COL32(18, 19, 24, 255);

ImU32 cell_colour(const occupancy::CellFill& fill, int level = 0) {
    const occupancy::Rgba c = occupancy::level_tint(occupancy::fill_colour(fill), fill, level);
    return to_imgui(c.r, c.g, c.b, c.a);
}

// The level of the chunk owning the cell's first owned page (0 for full detail or none).
int level_of_cell(const InstanceSlots& slots, const GridLayout& grid, uint64_t cell) {
    const occupancy::PageRange pages = occupancy::pages_of_cell(grid, cell);
    for (uint64_t p = pages.first; p < pages.end; ++p) {
        if (const auto chunk = slots.chunk_of_page(static_cast<uint32_t>(p))) return key_level(*chunk);
    }
    return 0;
}

ImVec2 at(ImVec2 origin, float x, float y) { return ImVec2(origin.x + x, origin.y + y); }

// The chunks owning the pages of a cell, in page order, each once.
std::vector<ChunkCoord> owners_of_cell(const InstanceSlots& slots, const GridLayout& grid, uint64_t cell) {
    std::vector<ChunkCoord> owners;
    const occupancy::PageRange pages = occupancy::pages_of_cell(grid, cell);
    for (uint64_t p = pages.first; p < pages.end; ++p) {
        const auto chunk = slots.chunk_of_page(static_cast<uint32_t>(p));
        if (chunk && std::find(owners.begin(), owners.end(), *chunk) == owners.end()) owners.push_back(*chunk);
    }
    return owners;
}

void cell_tooltip(std::span<const uint64_t> masks, const GridLayout& grid, uint64_t cell,
                  const std::vector<ChunkCoord>& owners) {
    const occupancy::PageRange pages = occupancy::pages_of_cell(grid, cell);
    const occupancy::CellFill fill = occupancy::cell_fill(masks, grid, cell);
    const uint64_t first_slot = pages.first * occupancy::kSlotsPerPage;
    const uint64_t last_slot = pages.end * occupancy::kSlotsPerPage - 1;
    ImGui::BeginTooltip();
    if (fill.pages == 1) {
        ImGui::Text("page %s: slots %s - %s", group_digits(pages.first).c_str(), group_digits(first_slot).c_str(),
                    group_digits(last_slot).c_str());
        ImGui::Text("fill %llu / 64 (%.0f%%)", static_cast<unsigned long long>(fill.used), 100.0 * fill.fraction());
    } else {
        ImGui::Text("pages %s - %s: slots %s - %s", group_digits(pages.first).c_str(),
                    group_digits(pages.end - 1).c_str(), group_digits(first_slot).c_str(),
                    group_digits(last_slot).c_str());
        ImGui::Text("average fill %.1f%% (%s of %s slots)", 100.0 * fill.fraction(), group_digits(fill.used).c_str(),
                    group_digits(fill.slots).c_str());
        ImGui::Text("%llu of %llu pages in use", static_cast<unsigned long long>(fill.used_pages),
                    static_cast<unsigned long long>(fill.pages));
    }
    if (owners.empty()) {
        ImGui::Text("free");
        ImGui::TextDisabled("click: clear the highlight");
    } else {
        const std::string c = to_string(owners.front());
        if (owners.size() == 1) {
            ImGui::Text("chunk %s", c.c_str());
        } else {
            ImGui::Text("%zu chunks, the first %s", owners.size(), c.c_str());
        }
        if (const int level = key_level(owners.front()); level > 0)
            ImGui::Text("far terrain, level %d: cubes of %d blocks", level, 1 << level);
        ImGui::TextDisabled("click: highlight chunk %s", c.c_str());
    }
    ImGui::EndTooltip();
}

// White frames around the cells holding the highlighted chunk's pages.
void outline_chunk(ImDrawList* draw, ImVec2 origin, const InstanceSlots& slots, const GridLayout& grid,
                   const ChunkCoord& chunk) {
    std::vector<SlotRun> runs;
    slots.chunk_runs(chunk, runs);
    uint64_t last_cell = ~uint64_t{0};
    for (const SlotRun& run : runs) {
        const uint64_t first_page = run.first_slot / occupancy::kSlotsPerPage;
        const uint64_t end_page = occupancy::pages_for_slots(uint64_t{run.first_slot} + run.count);
        for (uint64_t p = first_page; p < end_page && p < grid.pages; ++p) {
            const uint64_t cell = occupancy::cell_of_page(grid, p);
            if (cell == last_cell) continue;
            last_cell = cell;
            const occupancy::Rect r = occupancy::cell_rect(grid, cell);
            draw->AddRect(at(origin, r.x0 - 1.0f, r.y0 - 1.0f), at(origin, r.x1, r.y1), kHighlightColour, 0.0f, 0,
                          1.5f);
        }
    }
}

// The cells themselves, in a frame of fixed size (`area_width` plus a scroll bar, by
// `area_height`) whatever the buffer holds: the picture grows inside it, and scrolls when
// zoomed past the fitted size, so nothing below it ever moves.
void cell_grid(const OverlayView& view, const GridLayout& grid, float area_width, float area_height,
               OverlayActions& actions) {
    const InstanceSlots& slots = *view.slots;
    const std::span<const uint64_t> masks = slots.page_allocator().page_masks();
    const bool scrolls = grid.height() > area_height;
    ImGui::BeginChild("##cells", ImVec2(area_width + ImGui::GetStyle().ScrollbarSize, area_height), false,
                      scrolls ? 0 : ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##grid", ImVec2(grid.width(), std::max(1.0f, grid.height())));
    const bool hovered = ImGui::IsItemHovered();
    const bool clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);

    ImDrawList* draw = ImGui::GetWindowDrawList();
    // A one-pixel seam between cells keeps neighbours apart at every size; an opaque
    // backdrop keeps the world from showing through the seams.
    const float inset = 1.0f;
    draw->AddRectFilled(origin, at(origin, grid.width(), grid.height()), kSeamColour);
    const occupancy::RowRange rows = occupancy::visible_rows(grid, ImGui::GetScrollY(), area_height);
    for (uint64_t row = rows.first; row < rows.end; ++row) {
        for (uint64_t cell = row * grid.columns; cell < std::min(grid.cells(), (row + 1) * grid.columns); ++cell) {
            const occupancy::Rect r = occupancy::cell_rect(grid, cell);
            const occupancy::CellFill fill = occupancy::cell_fill(masks, grid, cell);
            const int level = occupancy::fill_kind(fill) == occupancy::FillKind::kEmpty
                                  ? 0
                                  : level_of_cell(slots, grid, cell);
            draw->AddRectFilled(at(origin, r.x0, r.y0), at(origin, r.x1 - inset, r.y1 - inset),
                                cell_colour(fill, level));
        }
    }
    const occupancy::Marker hw = occupancy::page_boundary(grid, occupancy::pages_for_slots(slots.stats().high_water));
    draw->AddRectFilled(at(origin, hw.x - 1.5f, hw.y0 - 1.0f), at(origin, hw.x + 0.5f, hw.y1 + 0.5f), kHighWaterColour);
    if (view.highlighted_chunk) outline_chunk(draw, origin, slots, grid, *view.highlighted_chunk);

    if (hovered) {
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        if (const auto cell = occupancy::cell_at(grid, mouse.x - origin.x, mouse.y - origin.y)) {
            const occupancy::Rect r = occupancy::cell_rect(grid, *cell);
            draw->AddRect(at(origin, r.x0 - 1.0f, r.y0 - 1.0f), at(origin, r.x1, r.y1), kHoverColour, 0.0f, 0, 1.5f);
            const std::vector<ChunkCoord> owners = owners_of_cell(slots, grid, *cell);
            cell_tooltip(masks, grid, *cell, owners);
            if (clicked) {
                if (owners.empty()) {
                    actions.highlight.emplace(std::nullopt);
                } else {
                    actions.highlight.emplace(owners.front());
                }
            }
        }
    }
    ImGui::EndChild();
}

// [SECTION] the legend: every swatch followed by its name, on one line or two

constexpr float kLegendGap = 8.0f;  // between one name and the next swatch

float swatch_side() { return ImGui::GetTextLineHeight() - 3.0f; }

// One swatch of the legend: `sides` squares wide, from colour `from` at the left to `to` at
// the right, then its name.
struct LegendItem {
    ImU32 from, to;
    float sides;
    const char* name;
    const char* tooltip = nullptr;
    float width() const { return sides * swatch_side() + 4.0f + ImGui::CalcTextSize(name).x; }
};

std::array<LegendItem, 5> legend_items() {
    const occupancy::CellFill full{64, 64, 1, 1};
    return {{
        {cell_colour({0, 64, 0, 1}), cell_colour({0, 64, 0, 1}), 1.0f, "empty"},
        // The partly colours run from one slot used to all but one.
        {cell_colour({1, 64, 1, 1}), cell_colour({63, 64, 1, 1}), 2.0f, "partly"},
        {cell_colour(full), cell_colour(full), 1.0f, "full"},
        // Far terrain's pages: a full cell tinted by its chunk's level, sky blue to violet.
        {cell_colour(full, 1), cell_colour(full, occupancy::kMaxTintLevel), 2.0f, "far",
         "far terrain's pages: tinted sky blue (level 1, cubes of 2 blocks) to violet (level 7, cubes of 128 "
         "blocks) over their fill colour"},
        // The high-water mark: a thin red bar, as in the picture.
        {kHighWaterColour, kHighWaterColour, 0.25f, "high water"},
    }};
}

// Whether the legend fits on one line of the panel (else it takes two, the far ramp starting
// the second, and the picture gives up a line for it).
bool legend_fits_one_line() {
    float width = 0.0f;
    for (const LegendItem& item : legend_items()) width += (width > 0.0f ? kLegendGap : 0.0f) + item.width();
    return width <= ImGui::GetContentRegionAvail().x;
}

void legend(bool one_line) {
    const std::array<LegendItem, 5> items = legend_items();
    static_assert(occupancy::kMaxTintLevel == 7, "the far ramp's tooltip names level 7 and 128 blocks");
    for (const LegendItem& item : items) {
        if (&item != items.data() && (one_line || std::string_view(item.name) != "far")) {
            ImGui::SameLine(0.0f, kLegendGap);
        }
        const float side = swatch_side();
        const ImVec2 p = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddRectFilledMultiColor(ImVec2(p.x, p.y + 2.0f),
                                                            ImVec2(p.x + item.sides * side, p.y + 2.0f + side),
                                                            item.from, item.to, item.to, item.from);
        ImGui::Dummy(ImVec2(item.sides * side, side));
        ImGui::SameLine(0.0f, 4.0f);
        ImGui::TextUnformatted(item.name);
        if (item.tooltip && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", item.tooltip);
    }
}

// "1 page a cell, 32 a row" and the zoom buttons, at fixed places at the row's right end
// (the text is cut short before them, never pushes them).
void zoom_row(const GridLayout& grid, int& zoom, int zoom_limit, ItemLog& log) {
    const float button = ImGui::CalcTextSize(" + ").x + 2.0f * ImGui::GetStyle().FramePadding.x;
    const float buttons = 2.0f * button + ImGui::GetStyle().ItemSpacing.x;
    const float start_x = ImGui::GetCursorPosX();
    const float buttons_x = ImGui::GetWindowContentRegionMax().x - buttons;
    char text[96];
    if (grid.pages_per_cell == 1) {
        std::snprintf(text, sizeof text, "1 page a cell, %u a row", grid.columns);
    } else {
        std::snprintf(text, sizeof text, "%s pages a cell (average), %u a row",
                      group_digits(grid.pages_per_cell).c_str(), grid.columns);
    }
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::PushClipRect(at, ImVec2(at.x + buttons_x - start_x - ImGui::GetStyle().ItemSpacing.x, FLT_MAX), true);
    ImGui::TextUnformatted(text);
    ImGui::PopClipRect();
    ImGui::SameLine(buttons_x);
    ImGui::BeginDisabled(zoom <= 0);
    if (ImGui::SmallButton(" - ")) zoom = std::max(0, zoom - 1);
    ImGui::EndDisabled();
    log.note("zoom_out");
    ImGui::SameLine(buttons_x + button + ImGui::GetStyle().ItemSpacing.x);
    ImGui::BeginDisabled(zoom >= zoom_limit);
    if (ImGui::SmallButton(" + ")) zoom = std::min(zoom_limit, zoom + 1);
    ImGui::EndDisabled();
    log.note("zoom_in");
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("zoom in (the picture scrolls)");
}

}  // namespace

// Six fixed rows: two lines of figures, the picture's frame, the legend, the zoom row and the
// highlight row.
void occupancy_panel(const OverlayView& view, int& zoom, OverlayActions& actions, ItemLog& log) {
    const InstanceSlots::Stats s = view.slots ? view.slots->stats() : InstanceSlots::Stats{};
    const uint64_t masks = view.slots ? view.slots->page_allocator().page_masks().size() : 0;
    // The whole buffer: its capacity, or further if the pages ever outran it.
    const uint64_t pages = std::max({occupancy::pages_for_slots(view.renderer.buffer_slots), masks,
                                     occupancy::pages_for_slots(s.high_water), uint64_t{1}});
    // As wide as the panel allows (a narrow window narrows the columns), up to kGridWidth.
    const float width = std::clamp(ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ScrollbarSize,
                                   occupancy::kMinPitch * occupancy::kMinColumns, px(overlay_layout::kGridWidth));
    // The panel keeps its height: a legend of two lines (a narrow panel) takes its line from the picture.
    const bool one_line_legend = legend_fits_one_line();
    const float height = px(overlay_layout::kGridHeight) -
                         (one_line_legend ? 0.0f : ImGui::GetTextLineHeightWithSpacing());
    const GridLayout fitted = occupancy::fit_grid(pages, width, height);
    const int zoom_limit = occupancy::max_zoom(fitted, width);
    zoom = std::clamp(zoom, 0, zoom_limit);
    const GridLayout grid = occupancy::zoom_grid(fitted, zoom, width);

    char text[128];
    std::snprintf(text, sizeof text, "%s pages of 64 slots, in slot order", figures::short_count(pages).c_str());
    fitted_text(text);
    log.note("pages");
    const uint64_t used_pages = occupancy::pages_for_slots(s.high_water);
    if (used_pages == 0) {
        std::snprintf(text, sizeof text, "no page in use");
    } else {
        std::snprintf(text, sizeof text, "in use up to page %s, %s free below",
                      figures::short_count(used_pages - 1).c_str(),
                      figures::short_count(used_pages - std::min(s.pages, used_pages)).c_str());
    }
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    fitted_text(text);
    ImGui::PopStyleColor();
    log.note("in_use");
    if (view.slots) {
        cell_grid(view, grid, width, height, actions);
    } else {
        ImGui::Dummy(ImVec2(width + ImGui::GetStyle().ScrollbarSize, height));
    }
    log.note("picture");
    legend(one_line_legend);
    log.note("legend");
    zoom_row(grid, zoom, zoom_limit, log);
    if (view.highlighted_chunk) {
        if (ImGui::SmallButton("clear")) actions.highlight.emplace(std::nullopt);
        log.note("clear");
        ImGui::SameLine();
        fitted_text(("highlighted: chunk " + to_string(*view.highlighted_chunk)).c_str());
    } else {
        ImGui::TextDisabled("click a cell: highlight its chunk");
        log.note("highlight");
    }
}

}  // namespace slotcraft::ui_detail
