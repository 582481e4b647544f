// The overlay's eight panels: Frame, Buffer, Allocator and World down the left edge,
// Occupancy (occupancy_panel.cpp), Culling, Edit (edit_panel.cpp; its Build window too) and Settings down the right,
// listed in one table (kPanels) and placed by overlay_layout::arrange (docs/architecture.md
// "The overlay's layout"). Every figure comes from the view the App fills each frame; the state
// kept here is each panel's fold state and height, and how the Occupancy picture is zoomed.
#include "ui/overlay.hpp"

#include "stats/stats_json.hpp"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cstdarg>
#include <cstdio>
#include <iterator>
#include <string>

#include "ui/figures.hpp"
#include "ui/occupancy_grid.hpp"
#include "ui/overlay_layout.hpp"
#include "ui/panels.hpp"

// The occupancy picture's page size is the slot bookkeeping's (kept apart so the picture's
// maths stays plain C++ without slots/).
static_assert(slotcraft::occupancy::kSlotsPerPage == slotcraft::kSlotsPerPage, "one page size");

namespace slotcraft {

void AllocatorHistory::record(uint64_t allocations_total, uint64_t frees_total) {
    allocations.add(static_cast<float>(allocations_total - allocations_seen_));
    frees.add(static_cast<float>(frees_total - frees_seen_));
    allocations_seen_ = allocations_total;
    frees_seen_ = frees_total;
}

namespace ui_detail {

// [SECTION] shared pieces

void ItemLog::note(const char* id) {
    if (!items_) return;
    const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
    items_->push_back({id, {min.x - origin_.x, min.y - origin_.y, max.x - min.x, max.y - min.y}});
}

void label(const char* text) {
    ImGui::TextColored(kLabelColour, "%s", text);
    ImGui::SameLine(value_column());
}

void fitted_text(const char* text) {
    const float room = ImGui::GetContentRegionAvail().x;
    if (ImGui::CalcTextSize(text).x <= room) {
        ImGui::TextUnformatted(text);
        return;
    }
    // The longest start of the text that fits with "..." after it.
    const std::string_view all(text);
    size_t fits = 0;
    for (size_t n = all.size(); n > 0; --n) {
        const std::string cut = std::string(all.substr(0, n)) + "...";
        if (ImGui::CalcTextSize(cut.c_str()).x <= room) {
            fits = n;
            break;
        }
    }
    const std::string shown = std::string(all.substr(0, fits)) + "...";
    ImGui::TextUnformatted(shown.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text);
}

void value_row(ItemLog& log, const char* label_text, const char* format, ...) {
    label(label_text);
    char text[512];
    va_list args;
    va_start(args, format);
    std::vsnprintf(text, sizeof text, format, args);
    va_end(args);
    fitted_text(text);
    log.note(label_text);
}

ImU32 to_imgui(uint8_t r, uint8_t g, uint8_t b, uint8_t a) { return IM_COL32(r, g, b, a); }

}  // namespace ui_detail

namespace {

using figures::format_bytes;
using figures::group_digits;
using figures::short_count;
using ui_detail::chunks_format;
using ui_detail::ItemLog;
using ui_detail::px;
using ui_detail::slider_row;
using ui_detail::value_row;

// The width the contents of the current panel get.
float content_width() { return ImGui::GetContentRegionAvail().x; }

// What a panel's function gets: the figures, the actions it may ask for, the overlay's own
// view state.
struct PanelContext {
    const OverlayView& view;
    OverlayActions& actions;
    int& occupancy_zoom;
    int& edit_block;  // the Edit panel's choosers (BlockType values)
    int& edit_from;
    bool& edit_hollow;                  // the Build window's "hollow shapes" checkbox
    bool& build_open;                   // the Build window shows (the Edit panel's "build..." button)
    std::array<char, 512>& build_path;  // the Edit panel's file field
    ItemLog& log;                       // where the panel's controls went
};

// "1 chunk", "12,345 chunks", "1.23M chunks": a count as short_count writes it, and its noun.
std::string counted_short(uint64_t n, std::string_view noun) {
    return short_count(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

double percent(uint64_t part, uint64_t whole) {
    return whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

// [SECTION] Frame: CPU time per stage

// One colour per FrameStage, in enum order.
constexpr std::array<ImU32, kFrameStageCount> kStageColours = {
    IM_COL32(90, 170, 240, 255),   // stream
    IM_COL32(240, 200, 70, 255),   // cull
    IM_COL32(170, 120, 230, 255),  // slots
    IM_COL32(90, 210, 110, 255),   // upload
    IM_COL32(235, 90, 80, 255),    // draw
    IM_COL32(200, 200, 200, 255),  // ui
};

// The main thread's CPU time per stage as one stacked bar per frame, drawn under the frame
// time plot on its scale (the rectangle the plot took: `p0`, `size`, `top` ms at the top;
// the newest frame at the right edge), then one line naming the stages in their colours
// (hover it for the last frame's figures and the largest streaming time so far).
void stage_bars(const StageTimes& stages, ImVec2 p0, ImVec2 size, float top) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float bar = size.x / static_cast<float>(StageTimes::kHistory);
    for (int i = 0; i < stages.size(); ++i) {
        const float x = p0.x + bar * static_cast<float>(StageTimes::kHistory - stages.size() + i);
        float y = p0.y + size.y;
        const StageTimes::Frame& f = stages.at(i);
        for (std::size_t s = 0; s < kFrameStageCount; ++s) {
            const float h = std::min((size.y - 2.0f) * f[s] / top, y - p0.y);
            if (h <= 0.0f) continue;
            draw->AddRectFilled(ImVec2(x, y - h), ImVec2(x + std::max(bar, 1.0f), y), kStageColours[s] & 0xB0FFFFFFu);
            y -= h;
        }
    }
    for (std::size_t s = 0; s < kFrameStageCount; ++s) {
        if (s > 0) ImGui::SameLine();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kStageColours[s]), "%.*s",
                           static_cast<int>(kStageNames[s].size()), kStageNames[s].data());
    }
    if (ImGui::IsItemHovered()) {
        const StageTimes::Frame last = stages.last();
        std::string tip = "CPU ms of the last frame by stage (bars):";
        char line[64];
        for (std::size_t s = 0; s < kFrameStageCount; ++s) {
            std::snprintf(line, sizeof line, "\n%.*s %.2f", static_cast<int>(kStageNames[s].size()),
                          kStageNames[s].data(), static_cast<double>(last[s]));
            tip += line;
        }
        std::snprintf(line, sizeof line, "\nstream max %.2f (any frame so far)", stages.stream_max_ms());
        tip += line;
        ImGui::SetTooltip("%s", tip.c_str());
    }
}

// [SECTION] Frame

// The frame's passes in the order they ran (the pass graph's), with their CPU time, on one
// line (cut short with "..." when the panel is narrow; the tooltip has them all).
void pass_list(const OverlayView& view, ItemLog& log) {
    std::string text;
    for (const PassGraph::RanPass& pass : view.passes) {
        char item[64];
        std::snprintf(item, sizeof item, "%s%s %.1f", text.empty() ? "" : "  ", pass.name.c_str(), pass.cpu_ms);
        text += item;
    }
    ui_detail::fitted_text(text.empty() ? "no pass ran yet" : text.c_str());
    log.note("passes");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("the frame's passes in execution order, CPU ms each");
}

// Four fixed rows and the plot, whether or not a frame was timed yet.
void frame_panel(PanelContext& context) {
    const OverlayView& view = context.view;
    ItemLog& log = context.log;
    static const FrameTimes kNone;
    const FrameTimes& ft = view.frame ? *view.frame : kNone;
    const double avg = ft.size() > 0 ? ft.average_ms() : 0.0;
    value_row(log, "FPS", "%.0f  (avg %.1f ms)", avg > 0.0 ? 1000.0 / avg : 0.0, avg);
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("frame times of the last %d frames\n%s\nF3 shows and hides the overlay", ft.size(),
                          view.gl_renderer.c_str());
    }
    value_row(log, "min / max", "%.1f / %.1f ms", ft.size() > 0 ? ft.min_ms() : 0.0, ft.size() > 0 ? ft.max_ms() : 0.0);

    std::array<float, FrameTimes::kHistory> ms{};
    for (int i = 0; i < ft.size(); ++i) ms[static_cast<size_t>(i)] = ft.at(i);
    char caption[48];
    std::snprintf(caption, sizeof caption, "last %.2f ms", ft.size() > 0 ? ft.at(ft.size() - 1) : 0.0);
    // Headroom above the slowest frame so its peak does not touch the frame's edge.
    const float scale = std::max(1.0f, static_cast<float>(ft.size() > 0 ? ft.max_ms() : 0.0) * 1.15f);
    const ImVec2 plot_at = ImGui::GetCursorScreenPos();
    const ImVec2 plot_size(content_width(), px(28.0f));
    ImGui::PlotLines("##frame_ms", ms.data(), ft.size(), 0, caption, 0.0f, scale, plot_size);
    log.note("frame_plot");
    static const StageTimes kNoStages;
    stage_bars(view.stages ? *view.stages : kNoStages, plot_at, plot_size, scale);
    log.note("stages");
    pass_list(view, log);  // the frame's passes in the order they ran (docs/rendering.md, the pass graph)
}

// [SECTION] Buffer

void buffer_panel(PanelContext& context) {
    const OverlayView& view = context.view;
    ItemLog& log = context.log;
    const gfx::CubeRenderer::Stats& r = view.renderer;
    const InstanceSlots::Stats s = view.slots ? view.slots->stats() : InstanceSlots::Stats{};
    // Capacity and bytes per instance share a row (as the two upload figures and the growths
    // and ring waits do below), so the left column fits at 1280x720 with every panel open.
    value_row(log, "capacity", "%s x %llu B = %s", short_count(r.buffer_slots).c_str(),
              static_cast<unsigned long long>(kInstanceBytes), format_bytes(r.buffer_bytes).c_str());
    // What every cube costs in the renderer's GPU buffers (`buffer.bytes_per_cube`, in whole bytes).
    value_row(log, "instances", "%s, %s GPU B each", group_digits(s.instances).c_str(),
              s.instances ? group_digits(r.gpu_bytes / s.instances).c_str() : "0");
    value_row(log, "pages", "%s, held by %s", short_count(s.pages).c_str(), counted_short(s.chunks, "chunk").c_str());
    value_row(log, "high water", "%s slots, %s pages", short_count(s.high_water).c_str(),
              short_count(occupancy::pages_for_slots(s.high_water)).c_str());
    value_row(log, "free below it", "%s, %.1f%%", counted_short(s.gaps, "slot").c_str(), percent(s.gaps, s.high_water));
    char caption[64];
    std::snprintf(caption, sizeof caption, "high water at %.1f%% of capacity", percent(s.high_water, r.buffer_slots));
    ImGui::ProgressBar(r.buffer_slots ? static_cast<float>(s.high_water) / static_cast<float>(r.buffer_slots) : 0.0f,
                       ImVec2(content_width(), 0.0f), caption);
    log.note("high_water_bar");
    value_row(log, "uploaded", "%s now, %s in all", format_bytes(r.upload_bytes_last_frame).c_str(),
              format_bytes(r.upload_bytes_total).c_str());
    value_row(log, "upload ring", "%s / %s", format_bytes(r.ring.used).c_str(), format_bytes(r.ring.bytes).c_str());
    value_row(log, "growths/waits", "%s, %s", short_count(r.growths).c_str(), short_count(r.ring.waits).c_str());
}

// [SECTION] Allocator

// Slots taken (green) and freed (red) per frame, oldest on the left, on one scale.
void allocations_plot(const AllocatorHistory& history, ItemLog& log) {
    const History<float, AllocatorHistory::kHistory>&taken = history.allocations, &freed = history.frees;
    const figures::SeriesSummary a = figures::summarize(taken);
    const figures::SeriesSummary f = figures::summarize(freed);
    const float top = std::max({1.0f, a.max, f.max});

    const ImVec2 size(content_width(), px(40.0f));
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    ImGui::Dummy(size);
    log.note("allocations_plot");
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(p0, ImVec2(p0.x + size.x, p0.y + size.y), ImGui::GetColorU32(ImGuiCol_FrameBg));
    const float step = size.x / static_cast<float>(AllocatorHistory::kHistory - 1);
    const auto line = [&](const History<float, AllocatorHistory::kHistory>& series, ImU32 colour) {
        std::array<ImVec2, AllocatorHistory::kHistory> points;
        for (int i = 0; i < series.size(); ++i) {
            // Right-aligned: the newest frame is always at the right edge.
            const int x_index = AllocatorHistory::kHistory - series.size() + i;
            points[static_cast<size_t>(i)] = ImVec2(p0.x + step * static_cast<float>(x_index),
                                                    p0.y + size.y - 2.0f - (size.y - 4.0f) * series.at(i) / top);
        }
        if (series.size() >= 2) draw->AddPolyline(points.data(), series.size(), colour, 0, 1.5f);
    };
    line(freed, IM_COL32(235, 90, 80, 255));
    line(taken, IM_COL32(90, 210, 110, 255));
    char caption[48];
    std::snprintf(caption, sizeof caption, "slots a frame, top %.0f", static_cast<double>(top));
    draw->AddText(ImVec2(p0.x + px(4.0f), p0.y + 1.0f), IM_COL32(200, 200, 200, 200), caption);

    ImGui::TextColored(ImVec4(0.35f, 0.82f, 0.43f, 1.0f), "taken");
    ImGui::SameLine(ui_detail::value_column());
    char text[64];
    std::snprintf(text, sizeof text, "%.0f last, %.1f avg", static_cast<double>(a.last),
                  static_cast<double>(a.average));
    ui_detail::fitted_text(text);
    log.note("taken");
    ImGui::TextColored(ImVec4(0.92f, 0.35f, 0.31f, 1.0f), "freed");
    ImGui::SameLine(ui_detail::value_column());
    std::snprintf(text, sizeof text, "%.0f last, %.1f avg", static_cast<double>(f.last),
                  static_cast<double>(f.average));
    ui_detail::fitted_text(text);
    log.note("freed");
}

// The plot and eight fixed rows, whether or not there are slots yet.
void allocator_panel(PanelContext& context) {
    const OverlayView& view = context.view;
    ItemLog& log = context.log;
    static const AllocatorHistory kNoHistory;
    allocations_plot(view.allocator ? *view.allocator : kNoHistory, log);
    const InstanceSlots::Stats s = view.slots ? view.slots->stats() : InstanceSlots::Stats{};
    const SlotTree::Stats tree = view.slots ? view.slots->page_allocator().page_tree().stats() : SlotTree::Stats{};
    const uint64_t cpu_bytes = view.slots ? view.slots->cpu_copy().size() * sizeof(PackedInstance) : 0;
    value_row(log, "page tree", "%s, %s pages", counted_short(tree.levels, "level").c_str(),
              short_count(tree.capacity).c_str());
    value_row(log, "tree memory", "%s", format_bytes(tree.bytes).c_str());
    value_row(log, "CPU copy", "%s", format_bytes(cpu_bytes).c_str());
    value_row(log, "pages", "%s out, %s back", short_count(s.page_allocations).c_str(),
              short_count(s.page_frees).c_str());
    value_row(log, "slots", "%s out, %s back", short_count(s.slot_allocations).c_str(),
              short_count(s.slot_frees).c_str());
    value_row(log, "compaction", "%s moved", counted_short(s.moves, "cube").c_str());
}

// [SECTION] World (world_panel.cpp)

void world(PanelContext& context) { ui_detail::world_panel(context.view, context.actions, context.log); }

// [SECTION] Culling

void culling_panel(PanelContext& context) {
    const OverlayView& view = context.view;
    OverlayActions& actions = context.actions;
    ItemLog& log = context.log;
    const ChunkOctree::Stats& c = view.cull;
    value_row(log, "chunks in tree", "%s", group_digits(c.chunks).c_str());
    value_row(log, "visible", "%s", group_digits(c.chunks_visible).c_str());
    value_row(log, "culled", "%s (%.0f%%)", group_digits(c.chunks - std::min(c.chunks, c.chunks_visible)).c_str(),
              percent(c.chunks - std::min(c.chunks, c.chunks_visible), c.chunks));
    value_row(log, "nodes visited", "%s of %s", short_count(c.nodes_visited).c_str(), short_count(c.nodes).c_str());
    value_row(log, "boxes tested", "%s", group_digits(c.boxes_tested).c_str());
    value_row(log, "query time", "%.1f us", c.query_us);
    value_row(log, "draw commands", "%s in %s", short_count(view.renderer.draw_commands).c_str(),
              counted_short(view.renderer.draw_calls, "call").c_str());
    value_row(log, "slots drawn", "%s", group_digits(view.renderer.instances_drawn).c_str());
    bool frozen = view.cull_frozen;
    if (ImGui::Checkbox("freeze culling", &frozen)) actions.cull_frozen = frozen;
    log.note("freeze");
    ImGui::SameLine(ui_detail::value_column() + px(60.0f));
    bool boxes = view.show_boxes;
    if (ImGui::Checkbox("chunk boxes", &boxes)) actions.show_boxes = boxes;
    log.note("boxes");
    bool occlusion = view.occlusion;
    if (ImGui::Checkbox("occlusion", &occlusion)) actions.occlusion = occlusion;
    log.note("occlusion");
    ImGui::SameLine(ui_detail::value_column() + px(60.0f));
    ImGui::Text("%s hidden", group_digits(view.occluded_chunks).c_str());
    log.note("occluded");
}

// [SECTION] Settings

void settings_panel(PanelContext& context) {
    const OverlayView& view = context.view;
    OverlayActions& actions = context.actions;
    ItemLog& log = context.log;
    const SettingsView& s = view.settings;
    float fov = static_cast<float>(s.fov);
    if (slider_row(log, "field of view", "##fov", [&](const char* id) {
            return ImGui::SliderFloat(id, &fov, static_cast<float>(s.fov_min), static_cast<float>(s.fov_max),
                                      "%.0f deg");
        }))
        actions.fov = fov;
    float speed = static_cast<float>(s.mouse_sensitivity);
    if (slider_row(log, "mouse speed", "##mouse_sensitivity", [&](const char* id) {
            return ImGui::SliderFloat(id, &speed, static_cast<float>(s.mouse_sensitivity_min),
                                      static_cast<float>(s.mouse_sensitivity_max), "%.2f x",
                                      ImGuiSliderFlags_Logarithmic);
        }))
        actions.mouse_sensitivity = speed;
    int distance = view.view_distance;
    if (slider_row(log, "view distance", "##settings_view_distance", [&](const char* id) {
            return ImGui::SliderInt(id, &distance, s.view_distance_min, s.view_distance_max, chunks_format(distance));
        }))
        actions.view_distance = distance;
    if (s.file.empty()) {
        ImGui::TextDisabled("scripted run: not saved");
    } else {
        ImGui::TextDisabled("saved at exit to slotcraft.toml");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", s.file.c_str());
    }
    log.note("saved");
}

void edit(PanelContext& context) {
    ui_detail::edit_panel(context.view,
                          {context.edit_block, context.edit_from, context.edit_hollow, context.build_open},
                          context.actions, context.log);
    ui_detail::build_file_rows(context.build_path, context.actions, context.log);
}

void occupancy(PanelContext& context) {
    ui_detail::occupancy_panel(context.view, context.occupancy_zoom, context.actions, context.log);
}

// [SECTION] the panel table

// Every panel, in the order they stack down their column. To add a panel, write its function
// and add a row. `rank`: when room is short, panels of higher rank fold first (a panel the
// user unfolds outranks them all until another is unfolded). `starts_open`: its fold state in
// a size class the user has not changed yet (Settings starts folded, as the README says).
struct PanelKind {
    const char* title;
    const char* key;  // its name in the stats JSON (overlay.panels.KEY)
    overlay_layout::Side side;
    float width;  // at scale 1
    int rank;
    bool starts_open;
    void (*draw)(PanelContext&);
};
constexpr PanelKind kPanels[] = {
    {"Frame", "frame", overlay_layout::Side::kLeft, overlay_layout::kLeftWidth, 0, true, frame_panel},
    {"Buffer", "buffer", overlay_layout::Side::kLeft, overlay_layout::kLeftWidth, 3, true, buffer_panel},
    {"Allocator", "allocator", overlay_layout::Side::kLeft, overlay_layout::kLeftWidth, 5, true, allocator_panel},
    {"World", "world", overlay_layout::Side::kLeft, overlay_layout::kLeftWidth, 2, true, world},
    {"Occupancy", "occupancy", overlay_layout::Side::kRight, overlay_layout::kRightWidth, 1, true, occupancy},
    {"Culling", "culling", overlay_layout::Side::kRight, overlay_layout::kRightWidth, 4, true, culling_panel},
    {"Edit", "edit", overlay_layout::Side::kRight, overlay_layout::kRightWidth, 6, true, edit},
    {"Settings", "settings", overlay_layout::Side::kRight, overlay_layout::kRightWidth, 7, false, settings_panel},
};
constexpr size_t kPanelCount = std::size(kPanels);

// Unfolded by the user: above every rank.
constexpr int64_t kUserOpened = int64_t{1} << 40;

// The panels' own windows: placed and sized by the layout, never scrolled. ImGui folds them
// from their arrow (and a double click on the title bar); Overlay::draw adds a single click
// anywhere on the title bar.
constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                         ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                                         ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;

// Where the pointer is on the current window's title bar: kNone, kArrow (ImGui's fold arrow,
// which folds by itself) or kTitle (the rest of the bar).
enum class TitleSpot { kNone, kArrow, kTitle };
TitleSpot title_spot() {
    if (!ImGui::IsWindowHovered()) return TitleSpot::kNone;
    const ImVec2 mouse = ImGui::GetIO().MousePos, pos = ImGui::GetWindowPos();
    if (mouse.y < pos.y || mouse.y >= pos.y + ImGui::GetFrameHeight()) return TitleSpot::kNone;
    const float arrow = ImGui::GetStyle().FramePadding.x * 2.0f + ImGui::GetFontSize();
    return mouse.x < pos.x + arrow ? TitleSpot::kArrow : TitleSpot::kTitle;
}

// What the user did to the fold of the current window this frame (nullopt: nothing), given
// whether it is `open` and whether the layout drew it so (`layout_open`). ImGui's own fold (its
// arrow) shows as a state the layout did not ask for; a click elsewhere on the title bar is
// ours. A double click's second click is neither (ImGui would fold back what the first click
// did): the next frame restores the layout's state.
std::optional<bool> users_fold(bool open, bool layout_open) {
    const TitleSpot spot = title_spot();
    if (spot != TitleSpot::kNone && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) return std::nullopt;
    if (open != layout_open) return open;
    if (spot == TitleSpot::kTitle && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) return !open;
    return std::nullopt;
}

// Tighter than ImGui's defaults (so both columns fit 720 pixels of height at scale 1), at the
// window's scale; undone by ImGui::PopStyleVar(3).
void push_panel_style(float scale) {
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(8.0f * scale, 3.0f * scale));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(8.0f * scale, 6.0f * scale));
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(4.0f * scale, 2.0f * scale));
}

void append_rect(std::string& out, const overlay_layout::Rect& r) {
    char text[128];
    std::snprintf(text, sizeof text, "\"x\":%.1f,\"y\":%.1f,\"width\":%.1f,\"height\":%.1f", static_cast<double>(r.x),
                  static_cast<double>(r.y), static_cast<double>(r.width), static_cast<double>(r.height));
    out += text;
}

}  // namespace

// [SECTION] the overlay

// Draws every panel once, open, at its width in a window outside the screen, and keeps the height its rows took: the layout's height for that panel at this width
// and scale. Only when a width or the scale changed (the first frame, a new window size).
void Overlay::measure_panels(const std::vector<float>& widths, const OverlayView& view) {
    const float scale = class_.scale;
    OverlayActions ignored;  // nobody can click a window outside the screen
    int zoom = occupancy_zoom_, block = edit_block_, from = edit_from_;
    bool hollow = edit_hollow_, build = build_open_;
    std::array<char, 512> path = build_path_;
    ItemLog no_log;
    PanelContext context{view, ignored, zoom, block, from, hollow, build, path, no_log};
    // Off the screen rather than transparent: ImGui skips the items of a window drawn at alpha 0.
    for (size_t i = 0; i < kPanelCount; ++i) {
        Measure& m = measures_[i];
        if (m.width == widths[i] && m.scale == scale && m.font == ImGui::GetFontSize()) continue;
        ImGui::SetNextWindowPos(ImVec2(-100000.0f, -100000.0f), ImGuiCond_Always);
        ImGui::SetNextWindowSize(ImVec2(widths[i], 100000.0f), ImGuiCond_Always);
        const std::string name = std::string("##measure_") + kPanels[i].key;
        ImGui::Begin(name.c_str(), nullptr,
                     kPanelFlags | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoSavedSettings |
                         ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoBringToFrontOnFocus);
        const float top = ImGui::GetCursorPosY();
        kPanels[i].draw(context);
        const float rows = ImGui::GetCursorPosY() - top - ImGui::GetStyle().ItemSpacing.y;
        ImGui::End();
        m = {widths[i], scale, ImGui::GetFontSize(),
             ImGui::GetFrameHeight() + 2.0f * ImGui::GetStyle().WindowPadding.y + rows};
    }
}

overlay_layout::Layout Overlay::place_panels(const overlay_layout::Screen& screen, const std::vector<PanelState>& folds,
                                             const OverlayView& view) {
    const auto arrange = [&] {
        std::array<overlay_layout::PanelRequest, kPanelCount> requests;
        for (size_t i = 0; i < kPanelCount; ++i) {
            const PanelState& state = folds[i];
            requests[i] = {kPanels[i].side, kPanels[i].width * class_.scale, measures_[i].height, state.wants_open,
                           state.opened_at > 0 ? kUserOpened + state.opened_at : -kPanels[i].rank};
        }
        return overlay_layout::arrange(screen, requests);
    };
    overlay_layout::Layout layout = arrange();
    // The widths do not depend on the heights: measure at the widths placed, then place again.
    std::vector<float> widths(kPanelCount);
    for (size_t i = 0; i < kPanelCount; ++i) widths[i] = layout.panels[i].rect.width;
    const bool remeasure = std::any_of(measures_.begin(), measures_.end(), [&](const Measure& m) {
        return m.scale != class_.scale || m.font != ImGui::GetFontSize() ||
               m.width != widths[static_cast<size_t>(&m - measures_.data())];
    });
    if (!remeasure) return layout;
    measure_panels(widths, view);
    return arrange();
}

OverlayActions Overlay::draw(const OverlayView& view) {
    OverlayActions actions;
    if (!visible) return actions;
    const ImGuiViewport* screen = ImGui::GetMainViewport();
    class_ = overlay_layout::size_class(screen->WorkSize.x, screen->WorkSize.y);
    window_ = {0.0f, 0.0f, screen->WorkSize.x, screen->WorkSize.y};
    push_panel_style(class_.scale);

    ClassState& folds = classes_[class_.name];
    if (folds.panels.size() != kPanelCount) {
        // Until imgui.ini or the user says otherwise, each panel as the table starts it, so the
        // first frame's layout is already the second's.
        folds.panels.assign(kPanelCount, PanelState{});
        for (size_t i = 0; i < kPanelCount; ++i) folds.panels[i].wants_open = kPanels[i].starts_open;
    }
    if (measures_.size() != kPanelCount) measures_.assign(kPanelCount, Measure{});
    // A size class seen for the first time: this frame reads the fold states (imgui.ini or the
    // panel table's) and measures, and shows nothing; the next one shows them in place.
    const bool first_frame = std::any_of(folds.panels.begin(), folds.panels.end(),
                                         [](const PanelState& p) { return !p.seen; });
    overlay_layout::Screen layout_screen;
    layout_screen.width = screen->WorkSize.x;
    layout_screen.height = screen->WorkSize.y;
    layout_screen.hotbar = view.hotbar;
    layout_screen.hotbar.x -= screen->WorkPos.x;
    layout_screen.hotbar.y -= screen->WorkPos.y;
    layout_screen.title_height = ImGui::GetFrameHeight();
    layout_screen.scale = class_.scale;
    const overlay_layout::Layout layout = place_panels(layout_screen, folds.panels, view);

    shown_ = !first_frame;
    if (first_frame) ImGui::PushStyleVar(ImGuiStyleVar_Alpha, 0.0f);
    placed_.clear();
    for (size_t i = 0; i < kPanelCount; ++i) {
        const overlay_layout::Placement& place = layout.panels[i];
        PanelState& state = folds.panels[i];
        placed_.push_back({kPanels[i].key, {}, place.open, {}});
        PanelPlacement& placed = placed_.back();
        ItemLog log(&placed.items, screen->WorkPos);
        PanelContext context{view,         actions,     occupancy_zoom_, edit_block_, edit_from_,
                             edit_hollow_, build_open_, build_path_,     log};
        ImGui::SetNextWindowPos(ImVec2(screen->WorkPos.x + place.rect.x, screen->WorkPos.y + place.rect.y),
                                ImGuiCond_Always);
        ImGui::SetNextWindowSize(ImVec2(place.rect.width, std::max(measures_[i].height, layout_screen.title_height)),
                                 ImGuiCond_Always);
        // The first time in a size class, imgui.ini (or the table) decides; after that the layout.
        if (state.seen) ImGui::SetNextWindowCollapsed(!place.open, ImGuiCond_Always);
        else ImGui::SetNextWindowCollapsed(!kPanels[i].starts_open, ImGuiCond_FirstUseEver);
        ImGui::SetNextWindowBgAlpha(overlay_layout::kBackgroundAlpha);
        // One window per panel and size class ("Frame###frame@x1.50"), so imgui.ini keeps
        // each class's folds apart.
        const std::string title = std::string(kPanels[i].title) + "###" + kPanels[i].key + "@" + class_.name;
        ImGui::Begin(title.c_str(), nullptr, kPanelFlags);
        const bool open = !ImGui::IsWindowCollapsed();
        const std::optional<bool> wanted = state.seen && !first_frame ? users_fold(open, place.open) : std::nullopt;
        if (!state.seen) {
            state.seen = true;
            state.wants_open = open;
        } else if (wanted) {
            // A panel unfolded by hand stays open, folding others if it must; one folded by
            // hand stays folded.
            state.wants_open = *wanted;
            if (*wanted) state.opened_at = ++folds.opens;
        }
        if (open) kPanels[i].draw(context);
        const ImVec2 pos = ImGui::GetWindowPos();
        const ImVec2 size = ImGui::GetWindowSize();
        placed.rect = {pos.x - screen->WorkPos.x, pos.y - screen->WorkPos.y, size.x, size.y};
        placed.open = open;
        ImGui::End();
    }
    if (first_frame) ImGui::PopStyleVar();
    ImGui::PopStyleVar(3);
    // The Build window floats over the view, outside the panels' layout (as the block picker).
    if (build_open_ && !first_frame) {
        ui_detail::build_window(view, {edit_block_, edit_from_, edit_hollow_, build_open_}, actions);
    }
    return actions;
}

overlay_layout::Rect Overlay::room_between_panels() const {
    // A panel starting left of the centre belongs to the left column (in a very narrow window
    // the one column reaches past the centre), the others to the right one.
    const float gap = overlay_layout::kGap * class_.scale, margin = overlay_layout::kMargin * class_.scale;
    const float centre = window_.x + window_.width * 0.5f;
    float x0 = window_.x + margin, x1 = window_.right() - margin;
    for (const PanelPlacement& p : placed_) {
        if (p.rect.x < centre) {
            x0 = std::max(x0, p.rect.right() + gap);
        } else {
            x1 = std::min(x1, p.rect.x - gap);
        }
    }
    return {x0, window_.y, std::max(0.0f, x1 - x0), window_.height};
}

std::string Overlay::layout_json(std::span<const overlay_layout::NamedRect> hud) const {
    std::string out = "{\"window\":{";
    append_rect(out, window_);
    char head[96];
    out += "},\"size_class\":" + json_string(class_.name);
    std::snprintf(head, sizeof head, ",\"scale\":%.2f,\"panels\":[", static_cast<double>(class_.scale));
    out += head;
    for (const PanelPlacement& p : placed_) {
        out += (&p == placed_.data() ? "{\"key\":" : ",{\"key\":") + json_string(p.key) + ",";
        append_rect(out, p.rect);
        out += p.open ? ",\"open\":true,\"items\":[" : ",\"open\":false,\"items\":[";
        for (const ItemPlacement& item : p.items) {
            out += (&item == p.items.data() ? "{\"id\":" : ",{\"id\":") + json_string(item.id) + ",";
            append_rect(out, item.rect);
            out += "}";
        }
        out += "]}";
    }
    out += "],\"hud\":[";
    for (const overlay_layout::NamedRect& text : hud) {
        out += (&text == hud.data() ? "{\"key\":" : ",{\"key\":") + json_string(text.key) + ",";
        append_rect(out, text.rect);
        out += "}";
    }
    return out + "]}";
}

}  // namespace slotcraft
