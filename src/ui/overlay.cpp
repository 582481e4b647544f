// The overlay's eight panels: Frame, Buffer, Allocator and World down the left edge,
// Occupancy (occupancy_panel.cpp), Culling, Edit (edit_panel.cpp) and Settings down the right,
// listed in one table (kPanels) and placed by overlay_layout::arrange (docs/architecture.md
// "The overlay's layout"). Every figure comes from the view the App fills each frame; the state
// kept here is each panel's fold state and height, and how the Occupancy picture is zoomed.
#include "ui/overlay.hpp"

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
    const int i = static_cast<int>(count % kHistory);
    allocations[i] = static_cast<float>(allocations_total - allocations_seen_);
    frees[i] = static_cast<float>(frees_total - frees_seen_);
    ++count;
    allocations_seen_ = allocations_total;
    frees_seen_ = frees_total;
}

namespace ui_detail {

// [SECTION] shared pieces

void value_row(const char* label, const char* format, ...) {
    ImGui::TextColored(kLabelColour, "%s", label);
    ImGui::SameLine(kValueColumn);
    va_list args;
    va_start(args, format);
    ImGui::TextWrappedV(format, args);
    va_end(args);
}

ImU32 to_imgui(uint8_t r, uint8_t g, uint8_t b, uint8_t a) { return IM_COL32(r, g, b, a); }

}  // namespace ui_detail

namespace {

using figures::format_bytes;
using figures::group_digits;
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
    std::array<char, 512>& build_path;  // the Edit panel's file field
};

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

// The frame's passes in the order they ran (the pass graph's), with their CPU time, on as
// few lines as the panel's width allows (the panels must all fit at 1280x720).
void pass_list(const OverlayView& view) {
    if (view.passes.empty()) return;
    std::string text;
    for (const PassGraph::RanPass& pass : view.passes) {
        char item[64];
        std::snprintf(item, sizeof item, "%s%s %.1f", text.empty() ? "" : "  ", pass.name.c_str(), pass.cpu_ms);
        text += item;
    }
    ImGui::TextWrapped("%s", text.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("the frame's passes in execution order, CPU ms each");
}

void frame_panel(PanelContext& context) {
    const OverlayView& view = context.view;
    if (!view.frame || view.frame->size() == 0) {
        ImGui::TextDisabled("no frame timed yet");
        return;
    }
    const FrameTimes& ft = *view.frame;
    const double avg = ft.average_ms();
    ImGui::Text("%.1f FPS", avg > 0.0 ? 1000.0 / avg : 0.0);
    ImGui::SameLine(ui_detail::kValueColumn);
    // The figures of the plot below share the FPS line, so every panel fits at 1280x720.
    ImGui::Text("min %.2f  avg %.2f  max %.2f ms", ft.min_ms(), avg, ft.max_ms());
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("frame times of the last %d frames\n%s\nF3 shows and hides the overlay", ft.size(),
                          view.gl_renderer.c_str());
    }

    std::array<float, FrameTimes::kHistory> ms{};
    for (int i = 0; i < ft.size(); ++i) ms[static_cast<size_t>(i)] = ft.at(i);
    char caption[48];
    std::snprintf(caption, sizeof caption, "last %.2f ms", static_cast<double>(ft.at(ft.size() - 1)));
    // Headroom above the slowest frame so its peak does not touch the frame's edge.
    const float scale = std::max(1.0f, static_cast<float>(ft.max_ms()) * 1.15f);
    // 28 pixels high (44 before the pass list below it), so every panel still fits at 1280x720.
    const ImVec2 plot_at = ImGui::GetCursorScreenPos();
    const ImVec2 plot_size(content_width(), 28.0f);
    ImGui::PlotLines("##frame_ms", ms.data(), ft.size(), 0, caption, 0.0f, scale, plot_size);
    if (view.stages && view.stages->size() > 0) stage_bars(*view.stages, plot_at, plot_size, scale);
    pass_list(view);  // the frame's passes in the order they ran (docs/rendering.md, the pass graph)
}

// [SECTION] Buffer

void buffer_panel(PanelContext& context) {
    const OverlayView& view = context.view;
    const gfx::CubeRenderer::Stats& r = view.renderer;
    // Capacity and bytes per instance share a row (as growths and ring waits do below), so
    // the left column fits at 1280x720 with every panel open.
    value_row("capacity", "%s slots x %llu B = %s", group_digits(r.buffer_slots).c_str(),
              static_cast<unsigned long long>(kInstanceBytes), format_bytes(r.buffer_bytes).c_str());
    if (view.slots) {
        const InstanceSlots::Stats s = view.slots->stats();
        value_row("instances", "%s", group_digits(s.taken).c_str());
        value_row("pages", "%s, held by %s chunks", group_digits(s.pages).c_str(), group_digits(s.chunks).c_str());
        value_row("high water", "%s slots, %s pages", group_digits(s.high_water).c_str(),
                  group_digits(occupancy::pages_for_slots(s.high_water)).c_str());
        value_row("free below it", "%s slot%s, %.1f%%", group_digits(s.gaps).c_str(), s.gaps == 1 ? "" : "s",
                  percent(s.gaps, s.high_water));
        char caption[64];
        std::snprintf(caption, sizeof caption, "high water at %.1f%% of capacity",
                      percent(s.high_water, r.buffer_slots));
        ImGui::ProgressBar(r.buffer_slots ? static_cast<float>(s.high_water) / static_cast<float>(r.buffer_slots)
                                          : 0.0f,
                           ImVec2(content_width(), 0.0f), caption);
    }
    value_row("uploaded", "%s last frame", format_bytes(r.upload_bytes_last_frame).c_str());
    value_row("", "%s in total, %s growths", format_bytes(r.upload_bytes_total).c_str(),
              group_digits(r.growths).c_str());
    value_row("upload ring", "%s of %s, %s waits", format_bytes(r.ring.used).c_str(),
              format_bytes(r.ring.bytes).c_str(), group_digits(r.ring.waits).c_str());
}

// [SECTION] Allocator

// Slots taken (green) and freed (red) per frame, oldest on the left, on one scale.
void allocations_plot(const AllocatorHistory& history) {
    const std::span<const float> taken(history.allocations), freed(history.frees);
    const figures::RingWindow window = figures::ring_window(taken.size(), history.count);
    const figures::SeriesSummary a = figures::summarize(taken, history.count);
    const figures::SeriesSummary f = figures::summarize(freed, history.count);
    const float top = std::max({1.0f, a.max, f.max});

    const ImVec2 size(content_width(), 40.0f);
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    ImGui::Dummy(size);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(p0, ImVec2(p0.x + size.x, p0.y + size.y), ImGui::GetColorU32(ImGuiCol_FrameBg));
    const float step = size.x / static_cast<float>(AllocatorHistory::kHistory - 1);
    const auto line = [&](std::span<const float> series, ImU32 colour) {
        std::array<ImVec2, AllocatorHistory::kHistory> points;
        for (int i = 0; i < window.size; ++i) {
            const float v = series[static_cast<size_t>(window.first + i) % series.size()];
            // Right-aligned: the newest frame is always at the right edge.
            const int x_index = AllocatorHistory::kHistory - window.size + i;
            points[static_cast<size_t>(i)] = ImVec2(p0.x + step * static_cast<float>(x_index),
                                                    p0.y + size.y - 2.0f - (size.y - 4.0f) * v / top);
        }
        if (window.size >= 2) draw->AddPolyline(points.data(), window.size, colour, 0, 1.5f);
    };
    line(freed, IM_COL32(235, 90, 80, 255));
    line(taken, IM_COL32(90, 210, 110, 255));
    char caption[48];
    std::snprintf(caption, sizeof caption, "slots a frame, top %.0f", static_cast<double>(top));
    draw->AddText(ImVec2(p0.x + 4.0f, p0.y + 1.0f), IM_COL32(200, 200, 200, 200), caption);

    ImGui::TextColored(ImVec4(0.35f, 0.82f, 0.43f, 1.0f), "taken");
    ImGui::SameLine(ui_detail::kValueColumn);
    ImGui::Text("%.0f last, %.1f avg", static_cast<double>(a.last), static_cast<double>(a.average));
    ImGui::TextColored(ImVec4(0.92f, 0.35f, 0.31f, 1.0f), "freed");
    ImGui::SameLine(ui_detail::kValueColumn);
    ImGui::Text("%.0f last, %.1f avg", static_cast<double>(f.last), static_cast<double>(f.average));
}

void allocator_panel(PanelContext& context) {
    const OverlayView& view = context.view;
    if (view.allocator) allocations_plot(*view.allocator);
    if (!view.slots) return;
    const InstanceSlots::Stats s = view.slots->stats();
    const SlotTree::Stats tree = view.slots->pages().page_tree().stats();
    value_row("page tree", "%u level%s, %s pages", tree.levels, tree.levels == 1 ? "" : "s",
              group_digits(tree.capacity).c_str());
    value_row("tree memory", "%s", format_bytes(tree.bytes).c_str());
    value_row("CPU copy", "%s", format_bytes(view.slots->cpu_copy().size() * sizeof(PackedInstance)).c_str());
    value_row("pages", "%s out, %s back", group_digits(s.page_allocations).c_str(), group_digits(s.page_frees).c_str());
    value_row("slots", "%s out, %s back", group_digits(s.slot_allocations).c_str(), group_digits(s.slot_frees).c_str());
    value_row("compaction", "%s cubes moved", group_digits(s.moves).c_str());
}

// [SECTION] World

void world_panel(PanelContext& context) {
    const OverlayView& view = context.view;
    OverlayActions& actions = context.actions;
    value_row("world", "%s, seed %llu", view.world_type.c_str(), static_cast<unsigned long long>(view.seed));
    value_row("camera", "%.1f  %.1f  %.1f", view.camera.x, view.camera.y, view.camera.z);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("yaw %.0f, pitch %.0f", view.yaw, view.pitch);
    if (view.target) {
        const RayHit& hit = *view.target;
        const std::string_view name = block_name(hit.type);
        value_row("target", "%.*s at %s", static_cast<int>(name.size()), name.data(), to_string(hit.block).c_str());
        if (view.target_slot) {
            value_row("its slot", "%s (page %s)", group_digits(*view.target_slot).c_str(),
                      group_digits(*view.target_slot / occupancy::kSlotsPerPage).c_str());
        } else {
            value_row("its slot", "none");
        }
    } else {
        value_row("target", "nothing in reach");
    }
    value_row("chunks", "%s loaded, %s with cubes", group_digits(view.world.chunks_loaded).c_str(),
              group_digits(view.world.chunks_with_instances).c_str());
    value_row("streaming", "%s pending, %s stored", group_digits(view.world.stream_pending).c_str(),
              format_bytes(view.world.storage_bytes).c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("chunks waiting to stream; bytes of block storage kept");
    value_row("save", "%s", view.save.empty() ? "off (no world file)" : view.save.c_str());

    int distance = view.view_distance;
    ImGui::TextColored(ui_detail::kLabelColour, "view distance");
    ImGui::SameLine(ui_detail::kValueColumn);
    ImGui::SetNextItemWidth(content_width() - ui_detail::kValueColumn);
    if (ImGui::SliderInt("##view_distance", &distance, view.settings.view_distance_min, view.settings.view_distance_max,
                         "%d chunks"))
        actions.view_distance = distance;
    auto daylight = static_cast<float>(view.daylight);
    ImGui::TextColored(ui_detail::kLabelColour, "daylight");
    ImGui::SameLine(ui_detail::kValueColumn);
    ImGui::SetNextItemWidth(content_width() - ui_detail::kValueColumn);
    if (ImGui::SliderFloat("##daylight", &daylight, 0.0f, 1.0f, "%.2f")) actions.daylight = daylight;
}

// [SECTION] Culling

void culling_panel(PanelContext& context) {
    const OverlayView& view = context.view;
    OverlayActions& actions = context.actions;
    const ChunkOctree::Stats& c = view.cull;
    value_row("chunks in tree", "%s", group_digits(c.chunks).c_str());
    value_row("visible", "%s", group_digits(c.chunks_visible).c_str());
    value_row("culled", "%s (%.0f%%)", group_digits(c.chunks - std::min(c.chunks, c.chunks_visible)).c_str(),
              percent(c.chunks - std::min(c.chunks, c.chunks_visible), c.chunks));
    value_row("nodes visited", "%s of %s", group_digits(c.nodes_visited).c_str(), group_digits(c.nodes).c_str());
    value_row("boxes tested", "%s", group_digits(c.boxes_tested).c_str());
    value_row("query time", "%.1f us", c.query_us);
    value_row("draw commands", "%s in %s call%s", group_digits(view.renderer.draw_commands).c_str(),
              group_digits(view.renderer.draw_calls).c_str(), view.renderer.draw_calls == 1 ? "" : "s");
    value_row("slots drawn", "%s", group_digits(view.renderer.instances_drawn).c_str());
    bool frozen = view.cull_frozen;
    if (ImGui::Checkbox("freeze culling", &frozen)) actions.cull_frozen = frozen;
    ImGui::SameLine(ui_detail::kValueColumn + 60.0f);
    bool boxes = view.show_boxes;
    if (ImGui::Checkbox("chunk boxes", &boxes)) actions.show_boxes = boxes;
}

// [SECTION] Settings

void settings_panel(PanelContext& context) {
    const OverlayView& view = context.view;
    OverlayActions& actions = context.actions;
    const SettingsView& s = view.settings;
    const float slider_width = -FLT_MIN;  // to the panel's right edge, whichever column it is in
    ImGui::TextColored(ui_detail::kLabelColour, "field of view");
    ImGui::SameLine(ui_detail::kValueColumn);
    ImGui::SetNextItemWidth(slider_width);
    float fov = static_cast<float>(s.fov);
    if (ImGui::SliderFloat("##fov", &fov, static_cast<float>(s.fov_min), static_cast<float>(s.fov_max), "%.0f deg")) {
        actions.fov = fov;
    }
    ImGui::TextColored(ui_detail::kLabelColour, "mouse speed");
    ImGui::SameLine(ui_detail::kValueColumn);
    ImGui::SetNextItemWidth(slider_width);
    float speed = static_cast<float>(s.mouse_sensitivity);
    if (ImGui::SliderFloat("##mouse_sensitivity", &speed, static_cast<float>(s.mouse_sensitivity_min),
                           static_cast<float>(s.mouse_sensitivity_max), "%.2f x", ImGuiSliderFlags_Logarithmic)) {
        actions.mouse_sensitivity = speed;
    }
    ImGui::TextColored(ui_detail::kLabelColour, "view distance");
    ImGui::SameLine(ui_detail::kValueColumn);
    ImGui::SetNextItemWidth(slider_width);
    int distance = view.view_distance;
    if (ImGui::SliderInt("##settings_view_distance", &distance, s.view_distance_min, s.view_distance_max,
                         "%d chunks")) {
        actions.view_distance = distance;
    }
    if (s.file.empty()) {
        ImGui::TextDisabled("scripted run: not saved");
    } else {
        ImGui::TextDisabled("saved at exit to slotcraft.toml");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", s.file.c_str());
    }
}

void edit(PanelContext& context) {
    ui_detail::edit_panel(context.view, context.edit_block, context.edit_from, context.actions);
    ui_detail::build_file_rows(context.build_path, context.actions);
}

void occupancy(PanelContext& context) {
    ui_detail::occupancy_panel(context.view, context.occupancy_zoom, context.actions);
}

// [SECTION] the panel table

// Every panel, in the order they stack down their column. To add a panel, write its function
// and add a row. `rank`: when room is short, panels of higher rank fold first (a panel the
// user unfolds outranks them all until another is unfolded).
struct PanelKind {
    const char* title;
    const char* key;  // its name in the stats JSON (overlay.panels.KEY)
    overlay_layout::Side side;
    float width;
    int rank;
    void (*draw)(PanelContext&);
};
constexpr PanelKind kPanels[] = {
    {"Frame", "frame", overlay_layout::Side::kLeft, overlay_layout::kLeftWidth, 0, frame_panel},
    {"Buffer", "buffer", overlay_layout::Side::kLeft, overlay_layout::kLeftWidth, 2, buffer_panel},
    {"Allocator", "allocator", overlay_layout::Side::kLeft, overlay_layout::kLeftWidth, 5, allocator_panel},
    {"World", "world", overlay_layout::Side::kLeft, overlay_layout::kLeftWidth, 3, world_panel},
    {"Occupancy", "occupancy", overlay_layout::Side::kRight, overlay_layout::kRightWidth, 1, occupancy},
    {"Culling", "culling", overlay_layout::Side::kRight, overlay_layout::kRightWidth, 4, culling_panel},
    {"Edit", "edit", overlay_layout::Side::kRight, overlay_layout::kRightWidth, 6, edit},
    {"Settings", "settings", overlay_layout::Side::kRight, overlay_layout::kRightWidth, 7, settings_panel},
};
constexpr size_t kPanelCount = std::size(kPanels);

// Unfolded by the user: above every rank.
constexpr int64_t kUserOpened = int64_t{1} << 40;

}  // namespace

// [SECTION] the overlay

OverlayActions Overlay::draw(const OverlayView& view) {
    OverlayActions actions;
    if (!visible) return actions;
    const ImGuiViewport* screen = ImGui::GetMainViewport();
    // Tighter than ImGui's defaults, so both columns fit 720 pixels of height.
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(8.0f, 3.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(8.0f, 6.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(4.0f, 2.0f));

    if (panels_.size() != kPanelCount) panels_.assign(kPanelCount, PanelState{});
    std::array<overlay_layout::PanelRequest, kPanelCount> requests;
    for (size_t i = 0; i < kPanelCount; ++i) {
        const PanelState& state = panels_[i];
        requests[i] = {kPanels[i].side, kPanels[i].width, state.open_height, state.wants_open,
                       state.opened_at > 0 ? kUserOpened + state.opened_at : -kPanels[i].rank};
    }
    overlay_layout::Screen layout_screen;
    layout_screen.width = screen->WorkSize.x;
    layout_screen.height = screen->WorkSize.y;
    layout_screen.hotbar = view.hotbar;
    layout_screen.hotbar.x -= screen->WorkPos.x;
    layout_screen.hotbar.y -= screen->WorkPos.y;
    layout_screen.title_height = ImGui::GetFrameHeight();
    const overlay_layout::Layout layout = overlay_layout::arrange(layout_screen, requests);

    placed_.clear();
    PanelContext context{view, actions, occupancy_zoom_, edit_block_, edit_from_, build_path_};
    for (size_t i = 0; i < kPanelCount; ++i) {
        const overlay_layout::Placement& place = layout.panels[i];
        PanelState& state = panels_[i];
        ImGui::SetNextWindowPos(ImVec2(screen->WorkPos.x + place.rect.x, screen->WorkPos.y + place.rect.y),
                                ImGuiCond_Always);
        ImGui::SetNextWindowSizeConstraints(ImVec2(place.rect.width, 0.0f), ImVec2(place.rect.width, FLT_MAX));
        // The first time, ImGui's own fold state (imgui.ini in the settings folder) decides;
        // after that the layout.
        if (state.seen) ImGui::SetNextWindowCollapsed(!place.open, ImGuiCond_Always);
        ImGui::SetNextWindowBgAlpha(overlay_layout::kBackgroundAlpha);
        ImGui::Begin(kPanels[i].title, nullptr,
                     ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoFocusOnAppearing |
                         ImGuiWindowFlags_NoNav | ImGuiWindowFlags_AlwaysAutoResize);
        const bool open = !ImGui::IsWindowCollapsed();
        if (!state.seen) {
            state.seen = true;
            state.wants_open = open;
        } else if (open != place.open) {
            // The user clicked the title bar's arrow: a panel unfolded by hand stays open,
            // folding others if it must; one folded by hand stays folded.
            state.wants_open = open;
            if (open) state.opened_at = ++opens_;
        }
        if (open) kPanels[i].draw(context);
        const ImVec2 pos = ImGui::GetWindowPos();
        const ImVec2 size = ImGui::GetWindowSize();
        if (open) state.open_height = size.y;
        placed_.push_back(
            {kPanels[i].key, {pos.x - screen->WorkPos.x, pos.y - screen->WorkPos.y, size.x, size.y}, open});
        ImGui::End();
    }
    ImGui::PopStyleVar(3);
    return actions;
}

}  // namespace slotcraft
