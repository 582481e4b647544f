// The overlay's World panel (see panels.hpp): fixed rows whatever the figures (the overlay's
// layout counts on it). Only src/ui includes ImGui.
#include <cfloat>
#include <string>

#include "ui/figures.hpp"
#include "ui/occupancy_grid.hpp"
#include "ui/panels.hpp"

namespace slotcraft::ui_detail {
namespace {

using figures::format_bytes;
using figures::group_digits;
using figures::short_count;

// The far terrain's chunks and cubes per level, level 0 first ("L0 1.2k/304k  L1 752/160k ...").
std::string far_levels(const OverlayView& view) {
    const FarTerrain::Stats& far = view.far;
    std::string levels = "L0 " + short_count(view.world.chunks_with_instances) + "/" +
                         short_count(view.world.instances);
    for (int level = 1; level < far.levels; ++level) {
        const auto k = static_cast<std::size_t>(level);
        levels += "  L" + std::to_string(level) + " " + short_count(far.chunks[k]) + "/" +
                  short_count(far.instances[k]);
    }
    return levels;
}

// The view distance and the far distance share one row, a slider each (the panel keeps its
// height; the far terrain's state and its levels are in the far slider's tooltip).
void distance_row(const OverlayView& view, OverlayActions& actions, ItemLog& log) {
    ImGui::AlignTextToFramePadding();
    ui_detail::label("view / far");
    const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2.0f;
    int distance = view.view_distance;
    const auto min = view.settings.view_distance_min, max = view.settings.view_distance_max;
    ImGui::SetNextItemWidth(half);
    if (ImGui::SliderInt("##view_distance", &distance, min, max, chunks_format(distance)))
        actions.view_distance = distance;
    log.note("view_distance");
    ImGui::SameLine();
    int far = view.far.far_distance;
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (ImGui::SliderInt("##far_distance", &far, 0, kMaxFarDistance, far == 0 ? "far off" : "far %d"))
        actions.far_distance = far;
    if (ImGui::IsItemHovered()) {
        const FarTerrain::Stats& f = view.far;
        ImGui::SetTooltip(
            "far terrain out to %d chunks (0: off; docs/world.md \"Far terrain\")\n%d levels, %s pending, "
            "%s stale\nchunks with cubes / cubes per level:\n%s",
            f.far_distance, f.levels, short_count(f.pending).c_str(), short_count(f.stale).c_str(),
            far_levels(view).c_str());
    }
    log.note("far_distance");
}

// Fixed rows, one line each whatever the figures (the overlay's layout counts on it): the
// world, the camera, the target and its slot, chunks, streaming, saving, then the sliders.
// A new row goes anywhere in the list; the panel's height follows from the rows it draws.
}  // namespace

void world_panel(const OverlayView& view, OverlayActions& actions, ItemLog& log) {
    if (!view.minecraft_world.empty()) {
        value_row(log, "world", "Minecraft: %s", view.minecraft_world.c_str());
    } else {
        value_row(log, "world", "%s, seed %llu", view.world_type.c_str(), static_cast<unsigned long long>(view.seed));
    }
    value_row(log, "camera", "%.1f  %.1f  %.1f", view.camera.x, view.camera.y, view.camera.z);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("yaw %.0f, pitch %.0f", view.yaw, view.pitch);
    if (view.target) {
        const RayHit& hit = *view.target;
        const std::string_view name = block_name(hit.type);
        value_row(log, "target", "%.*s at %s", static_cast<int>(name.size()), name.data(),
                  to_string(hit.block).c_str());
    } else {
        value_row(log, "target", "nothing in reach");
    }
    if (view.target_slot) {
        value_row(log, "its slot", "%s (page %s)", group_digits(*view.target_slot).c_str(),
                  group_digits(*view.target_slot / occupancy::kSlotsPerPage).c_str());
    } else {
        value_row(log, "its slot", "none");
    }
    if (view.far.levels <= 1) {
        value_row(log, "chunks", "%s (%s with cubes)", short_count(view.world.chunks_loaded).c_str(),
                  short_count(view.world.chunks_with_instances).c_str());
    } else {  // far terrain: chunks and cubes per level (cut with "..." and whole in the tooltip)
        value_row(log, "chunks", "%s", far_levels(view).c_str());
    }
    value_row(log, "streaming", "%s pending, %s stored", short_count(view.world.stream_pending).c_str(),
              format_bytes(view.world.storage_bytes).c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("chunks waiting to stream; bytes of block storage kept");
    value_row(log, "save", "%s", view.save.empty() ? "off (no world file)" : view.save.c_str());

    distance_row(view, actions, log);
    auto daylight = static_cast<float>(view.daylight);
    if (slider_row(log, "daylight", "##daylight",
                   [&](const char* id) { return ImGui::SliderFloat(id, &daylight, 0.0f, 1.0f, "%.2f"); }))
        actions.daylight = daylight;
}

}  // namespace slotcraft::ui_detail
