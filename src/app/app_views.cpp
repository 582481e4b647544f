// The App's UI wiring: what the overlay and the HUD are shown each frame (OverlayView,
// HudView), and what the user's actions in them change (OverlayActions).
#include <algorithm>
#include <optional>
#include <string>

#include "app/app.hpp"
#include "edit/import_export.hpp"
#include "app/controls.hpp"
#include "draw/cull_view.hpp"
#include "edit/editor.hpp"
#include "draw/scene_passes.hpp"
#include "draw/scene_renderer.hpp"
#include "app/imgui_layer.hpp"
#include "edit/world_session.hpp"
#include "ui/block_picker.hpp"
#include "ui/hud.hpp"
#include "ui/ui_scale.hpp"

namespace slotcraft {

OverlayView App::overlay_view(const std::optional<RayHit>& target) const {
    OverlayView v;
    v.frame = &measures_.frame_times;
    v.stages = &measures_.stage_times;
    v.gl_renderer = frame_->gl_renderer();
    v.passes = frame_state_.passes->last_run();
    v.slots = &session_->slots();
    v.renderer = frame_->stats();
    v.allocator = &measures_.allocator_history;
    v.world = session_->world().stats();
    v.world_type = std::string(world_type_name(session_->type()));
    if (ground_) v.minecraft_world = ground_->name();
    v.seed = session_->seed();
    const Controls::Stats c = controls_->stats();
    v.camera = c.camera;
    v.yaw = c.yaw;
    v.pitch = c.pitch;
    v.target = target;
    if (target) v.target_slot = session_->slots().slot_of(chunk_of(target->block), local_index(target->block));
    if (target) v.target_light = session_->world().light_at(target->place);
    v.view_distance = session_->world().view_distance();
    v.far = session_->world().far().stats();
    v.daylight = daylight_;
    v.highlighted_chunk = shown_.highlighted_chunk;
    v.hotbar = shown_.hotbar_rect;
    const CullView::Stats cull = cull_->stats();
    v.cull = cull.octree;
    v.cull_frozen = cull.frozen;
    v.show_boxes = cull.show_boxes;
    v.occlusion = cull.occlusion;
    v.occluded_chunks = cull.occluded_chunks;
    const LiveSettings live = live_settings();
    v.settings.fov = live.fov;
    v.settings.fov_min = kMinFov;
    v.settings.fov_max = kMaxFov;
    v.settings.mouse_sensitivity = live.mouse_sensitivity;
    v.settings.mouse_sensitivity_min = kMinMouseSensitivity;
    v.settings.mouse_sensitivity_max = kMaxMouseSensitivity;
    v.settings.view_distance_min = kMinViewDistance;
    v.settings.view_distance_max = kMaxViewDistance;
    if (!script_) v.settings.file = settings_file_.path;
    v.region = editor_->region();
    v.clipboard_size = session_->clipboard().size;
    v.undo_depth = session_->journal().undo_depth();
    v.redo_depth = session_->journal().redo_depth();
    v.undo_bytes = session_->journal().bytes();
    v.mask = editor_->mask().describe();
    v.brush = editor_->describe_brush();
    if (const std::optional<int> axis = editor_->symmetry()) v.brush += *axis == 0 ? ", mirror x" : ", mirror z";
    v.save = shown_.save_summary;
    return v;
}

void App::draw_ui(const std::optional<RayHit>& hit) {
    imgui_->begin_frame();  // scales the UI to the window first (ui_scale.hpp)
    // The key help goes between the overlay's columns when it fits there; else the panels
    // step aside while it shows, so it covers none of them (docs/architecture.md "The
    // overlay's layout"). The overlay's view is gathered only while it is shown.
    std::optional<overlay_layout::Rect> help_room;
    const bool help = controls_->key_help_visible();
    if (overlay_.visible && help) help_room = key_help_beside_panels(controls_->key_help(), shown_.hotbar_rect);
    const bool panels = overlay_.visible && (!help || help_room);
    if (panels) apply_view(overlay_.draw(overlay_view(hit)));
    HudView hud = hud_view();
    if (help_room) hud.key_help_room = *help_room;
    if (panels) hud.text_room = overlay_.room_between_panels();
    const HudPlacement placed = draw_hud(hud);
    shown_.hotbar_rect = placed.hotbar;
    if (panels) record_layout(placed.named());
    draw_picker();
}

void App::draw_picker() {
    if (!picker_open_) return;
    BlockPickerView view;
    for (const BlockType type : placeable_blocks()) view.icons[static_cast<size_t>(type)] = frame_->block_icon(type);
    view.slot = controls_->hotbar().selected();
    if (const std::optional<BlockType> chosen = draw_block_picker(view, picker_open_)) editor_->choose_block(*chosen);
    if (!picker_open_) close_picker();  // a block chosen, or its close button
}

void App::close_picker() {
    picker_open_ = false;
    controls_->capture_mouse();
}

HudView App::hud_view() const {
    HudView v;
    const Hotbar& hotbar = controls_->hotbar();
    for (int i = 0; i < Hotbar::kSize; ++i) {
        v.hotbar[static_cast<size_t>(i)] = block_name(hotbar.block(i));
        v.hotbar_icons[static_cast<size_t>(i)] = frame_->block_icon(hotbar.block(i));
    }
    v.selected = hotbar.selected();
    v.show_key_help = controls_->key_help_visible();
    v.key_help = controls_->key_help();
    v.loading = !shown_.first_idle_seen;
    if (v.loading) {  // the world's counts are gathered only while the loading bar shows
        const World::Stats w = session_->world().stats();
        v.chunks_loaded = static_cast<int>(w.chunks_loaded);
        // The planner requests a few hundred chunks at a time: the whole view is what is wanted.
        v.chunks_wanted = static_cast<int>(
            std::max(w.chunks_loaded + w.stream_pending, max_loaded_chunks(w.view_distance)));
    }
    v.mode = std::string(move_mode_name(controls_->player().mode()));
    if (measures_.frame_times.count() < message_.until_frame) v.message = message_.text;
    v.save_problem = shown_.save_problem;
    if (editor_->region()) v.region = describe_size(*editor_->region());
    if (!editor_->mask().none()) v.mask = editor_->mask().describe();
    return v;
}

void App::apply_view(const OverlayActions& actions) {
    if (actions.view_distance) session_->set_view_distance(*actions.view_distance);
    if (actions.far_distance) session_->set_far_distance(*actions.far_distance);
    if (actions.daylight) daylight_ = std::clamp(*actions.daylight, 0.0, 1.0);
    if (actions.fov) controls_->set_fov(*actions.fov);
    if (actions.mouse_sensitivity) controls_->set_mouse_sensitivity(*actions.mouse_sensitivity);
    if (actions.cull_frozen) {
        cull_->set_frozen(*actions.cull_frozen,
                          eye_of(controls_->camera(), session_->world().view_distance(), frame_->aspect()));
    }
    if (actions.show_boxes) cull_->set_show_boxes(*actions.show_boxes);
    if (actions.occlusion) cull_->set_occlusion(*actions.occlusion);
    if (actions.highlight) shown_.highlighted_chunk = *actions.highlight;
    if (actions.edit) {
        try {
            editor_->perform(*actions.edit);
        } catch (const Refused& e) {  // a refused edit is the user's to see, not a reason to stop
            show_message(e.what());
        }
    }
    if (actions.build_file) {
        try {
            if (actions.build_file->op == BuildFileRequest::Op::kExport) files_->export_to(actions.build_file->path);
            else files_->import_from(actions.build_file->path);
        } catch (const Refused& e) {  // a bad file is the user's to see: nothing was changed
            show_message(e.what());
        }
    }
}

}  // namespace slotcraft
