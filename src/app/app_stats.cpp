// The stats JSON document: every part's Stats struct, copied by name under its documented
// keys (docs/stats.md).
#include "app/app.hpp"
#include "app/controls.hpp"
#include "app/cull_view.hpp"
#include "app/frame_passes.hpp"
#include "app/frame_renderer.hpp"
#include "app/stats_json.hpp"
#include "app/world_session.hpp"

namespace slotcraft {

namespace {

const char* face_name(Face f) {
    static constexpr const char* kNames[kFaceCount] = {"+x", "-x", "+y", "-y", "+z", "-z"};
    return kNames[f];
}

int64_t i64(uint64_t v) { return static_cast<int64_t>(v); }

}  // namespace

// The frame's passes (issue 16): which ran last frame, in order; the water pass's draw.
void App::collect_pass_stats(StatsJson& json) const {
    std::vector<std::string> ran;
    for (const auto& pass : frame_work_.passes->last_run()) ran.push_back(pass.name);
    json.set("frame.passes", ran);
    const FrameRenderer::Stats r = frame_->stats();
    json.set("draw.translucent_instances", i64(r.translucent_instances));
    json.set("draw.translucent_commands", i64(r.translucent_commands));
}

void App::collect_stats(StatsJson& json) const {
    json.set("frame.count", measures_.frame_times.count());
    json.set("frame.ms_avg", measures_.frame_times.average_ms());
    json.set("gl.errors", gl_debug_.errors);
    json.set("gl.warnings", gl_debug_.warnings);

    const Controls::Stats c = controls_->stats();
    json.set("camera.x", c.camera.x);
    json.set("camera.y", c.camera.y);
    json.set("camera.z", c.camera.z);
    json.set("camera.yaw", c.yaw);
    json.set("camera.pitch", c.pitch);
    json.set("player.mode", std::string(move_mode_name(c.mode)));
    json.set("player.on_ground", c.on_ground);
    json.set("hotbar.selected", c.hotbar_selected + 1);
    json.set("hotbar.block", std::string(block_name(c.hotbar_block)));
    json.set("window.width", frame_->width());
    json.set("window.height", frame_->height());

    const WorldSession::Stats session = session_->stats();
    const World::Stats& w = session.world;
    json.set("world.type", std::string(world_type_name(session.type)));
    json.set("world.seed", i64(session.seed));
    json.set("world.view_distance", session.view_distance);
    json.set("world.chunks_loaded", i64(w.chunks_loaded));
    json.set("world.instances", i64(w.instances));
    json.set("stream.pending", i64(w.stream_pending));
    json.set("stream.chunks_integrated", i64(w.chunks_integrated));  // since start (the soak run reads them)
    json.set("stream.chunks_unloaded", i64(w.chunks_unloaded));
    json.set("light.cells_last", i64(w.light_cells_last));
    json.set("light.ms_last", w.light_ms_last);
    json.set("light.bytes", i64(w.light_bytes));
    json.set("light.chunks_with_array", i64(w.chunks_with_light));
    json.set("light.daylight", daylight_);

    if (const auto hit = target()) {
        json.set("target.x", hit->block.x);
        json.set("target.y", hit->block.y);
        json.set("target.z", hit->block.z);
        json.set("target.type", std::string(block_name(hit->type)));
        json.set("target.face", face_name(hit->face));
        // The light of the cell in front of the targeted face (the cell the face is lit by).
        const std::optional<uint8_t> light = session_->world().light_at(hit->place);
        json.set("target.light_sky", light ? i64(sky_level(*light)) : 0);
        json.set("target.light_block", light ? i64(block_level(*light)) : 0);
        if (const auto slot = session_->slots().slot_of(chunk_of(hit->block), local_index(hit->block))) {
            json.set("target.slot", i64(*slot));
        } else {
            json.set_null("target.slot");
        }
    } else {
        json.set_null("target");
    }

    if (session.saving) {
        json.set("save.file", session.save_file);
        json.set("save.edits_recorded", i64(session.save.edits_recorded));
        json.set("save.edits_committed", i64(session.save.edits_committed));
        json.set("save.pending", i64(session.save.pending));
        json.set("save.state", std::string(save_state_name(session.save.state)));
        if (session.save.state == SaveState::kOk) {  // the reason while it matters
            json.set_null("save.error");
        } else {
            json.set("save.error", session.save.last_error);
        }
        json.set("save.commit_failures", i64(session.save.commit_failures));
        json.set("save.write_backs", i64(session.save.write_backs));
    } else {
        json.set_null("save");
    }

    const EditReport& edit = session_->last_edit();
    json.set("edit.cells_last", i64(edit.cells));
    json.set("edit.instance_writes_last", i64(edit.instance_writes));
    json.set("edit.ms_last", edit.ms);
    json.set("undo.depth", i64(session_->journal().undo_depth()));
    json.set("redo.depth", i64(session_->journal().redo_depth()));
    json.set("undo.bytes", i64(session_->journal().bytes()));
    if (editor_->region()) {
        json.set("region.x1", editor_->region()->min.x);
        json.set("region.y1", editor_->region()->min.y);
        json.set("region.z1", editor_->region()->min.z);
        json.set("region.x2", editor_->region()->max.x);
        json.set("region.y2", editor_->region()->max.y);
        json.set("region.z2", editor_->region()->max.z);
        json.set("region.cells", i64(editor_->region()->cells()));
    } else {
        json.set_null("region");
    }
    json.set("clipboard.cells", i64(session_->clipboard().cells.size()));

    const InstanceSlots::Stats& s = session.slots;
    json.set("slots.taken", i64(s.taken));
    json.set("slots.pages", i64(s.pages));
    json.set("slots.high_water", i64(s.high_water));
    json.set("slots.gaps", i64(s.gaps));
    json.set("slots.capacity", i64(s.capacity));
    json.set("slots.chunks", i64(s.chunks));
    json.set("slots.moves", i64(s.moves));

    const FrameRenderer::Stats r = frame_->stats();
    json.set("buffer.slots", i64(r.buffer_slots));
    json.set("buffer.bytes", i64(r.buffer_bytes));
    json.set("buffer.instance_bytes", i64(kInstanceBytes));
    json.set("buffer.growths", i64(r.growths));
    // The light pages (docs/light.md "Light pages"): chunks holding one, the GPU buffer, and
    // the light bytes the last edit queued for upload.
    json.set("light.pages", i64(session.light.pages));
    json.set("light.uniform_chunks", i64(session.light.uniform_chunks));
    json.set("light.gpu_bytes", i64(r.light_buffer_bytes));
    json.set("light.upload_bytes_last", i64(edit.light_upload_bytes));
    json.set("upload.bytes_total", i64(r.upload_bytes_total));
    json.set("upload.bytes_last_frame", i64(r.upload_bytes_last_frame));
    json.set("upload.draw_bytes_last_frame", i64(r.draw_bytes_last_frame));
    json.set("upload.table_bytes_last_frame", i64(r.table_bytes_last_frame));
    json.set("upload.writes_last_frame", i64(r.writes_last_frame));
    json.set("upload.copies_last_frame", i64(r.copies_last_frame));
    json.set("upload.dispatches_last_frame", i64(r.dispatches_last_frame));
    json.set("upload.pages_cleared_last_frame", i64(r.pages_cleared_last_frame));
    json.set("ring.bytes", i64(r.ring.bytes));
    json.set("ring.used", i64(r.ring.used));
    json.set("ring.waits", i64(r.ring.waits));
    json.set("draw.commands", i64(r.draw_commands));
    json.set("draw.calls", i64(r.draw_calls));
    json.set("draw.instances", i64(r.instances_drawn));
    json.set("gpu.vertex_invocations", r.vertex_invocations);
    json.set("look.texture_warnings", r.texture_warnings);

    const CullView::Stats cull = cull_->stats();
    json.set("cull.chunks", i64(cull.octree.chunks));
    json.set("cull.chunks_visible", i64(cull.octree.chunks_visible));
    json.set("cull.nodes_visited", i64(cull.octree.nodes_visited));
    json.set("cull.us", cull.octree.query_us);
    json.set("cull.sort_us", cull.sort_us);
    json.set("cull.frozen", cull.frozen);
    json.set("gpu.samples_passed", r.samples_passed);

    collect_stream_stats(json);

    json.set("overlay.visible", overlay_.visible);
    if (overlay_.visible) {
        for (const PanelPlacement& p : overlay_.placements()) {
            const std::string key = "overlay.panels." + p.key;
            json.set(key + ".x", static_cast<double>(p.rect.x));
            json.set(key + ".y", static_cast<double>(p.rect.y));
            json.set(key + ".width", static_cast<double>(p.rect.width));
            json.set(key + ".height", static_cast<double>(p.rect.height));
            json.set(key + ".open", p.open);
        }
    }
    collect_pass_stats(json);
}

// [SECTION] cpu.* and stream.*: where the main thread's time goes, and streaming

void App::collect_stream_stats(StatsJson& json) const {
    const StageTimes::Frame last = measures_.stage_times.last();
    for (std::size_t s = 0; s < kFrameStageCount; ++s) {
        json.set("cpu." + std::string(kStageNames[s]) + "_ms", static_cast<double>(last[s]));
    }
    json.set("cpu.stream_ms_max", measures_.stage_times.stream_max_ms());
    if (measures_.frames_to_settle) {
        json.set("stream.frames_to_settle", *measures_.frames_to_settle);
    } else {
        json.set_null("stream.frames_to_settle");
    }
    const World::Stats w = session_->world().stats();
    json.set("stream.budget_ms", w.stream_budget_ms);
    json.set("stream.workers", w.worker_threads);
    json.set("stream.queued", i64(w.stream_queued));
    json.set("stream.plan_left", i64(w.plan_left));
    json.set("stream.chunks_uniform", i64(w.chunks_uniform));
    json.set("stream.chunks_unshown", i64(w.chunks_unshown));
    json.set("stream.chunks_with_cubes", i64(w.chunks_with_instances));
    json.set("stream.storage_bytes", i64(w.storage_bytes));
    json.set("stream.order_bytes", i64(w.order_bytes));
}

}  // namespace slotcraft
