// The stats JSON document: every part's Stats struct, copied under its declared keys
// (app/stats_keys.hpp, docs/stats.md), one section of the page per function.
#include "app/app.hpp"

#include <cassert>
#include <utility>

#include "app/build_files.hpp"
#include "app/controls.hpp"
#include "app/cull_view.hpp"
#include "app/frame_passes.hpp"
#include "app/frame_renderer.hpp"
#include "app/stats_json.hpp"
#include "app/stats_keys.hpp"
#include "app/world_session.hpp"

namespace slotcraft {

namespace {

const char* face_name(Face f) {
    static constexpr const char* kNames[kFaceCount] = {"+x", "-x", "+y", "-y", "+z", "-z"};
    return kNames[f];
}

int64_t i64(uint64_t v) { return static_cast<int64_t>(v); }

// [SECTION] frame, camera and player

void write_frame(StatsWriter& out, const FrameTimes& times, int64_t page_faults, const gfx::GlDebugStats& gl) {
    out.set(stat("frame.count"), times.count());
    out.set(stat("frame.ms_avg"), times.average_ms());
    out.set(stat("frame.page_faults"), page_faults);
    out.set(stat("gl.errors"), gl.errors);
    out.set(stat("gl.warnings"), gl.warnings);
}

void write_player(StatsWriter& out, const Controls::Stats& c, int width, int height) {
    out.set(stat("camera.x"), c.camera.x);
    out.set(stat("camera.y"), c.camera.y);
    out.set(stat("camera.z"), c.camera.z);
    out.set(stat("camera.yaw"), c.yaw);
    out.set(stat("camera.pitch"), c.pitch);
    out.set(stat("player.mode"), std::string(move_mode_name(c.mode)));
    out.set(stat("player.on_ground"), c.on_ground);
    out.set(stat("hotbar.selected"), c.hotbar_selected + 1);
    out.set(stat("hotbar.block"), std::string(block_name(c.hotbar_block)));
    out.set(stat("window.width"), width);
    out.set(stat("window.height"), height);
}

// [SECTION] world, target and the world file

void write_world(StatsWriter& out, const WorldSession::Stats& session, double daylight) {
    const World::Stats& w = session.world;
    out.set(stat("world.type"), std::string(world_type_name(session.type)));
    out.set(stat("world.seed"), i64(session.seed));
    out.set(stat("world.view_distance"), session.view_distance);
    const FarTerrain::Stats& far = session.far;
    out.set(stat("world.far_distance"), far.far_distance);
    out.set(stat("lod.levels"), far.levels);
    std::vector<int64_t> chunks{i64(w.chunks_with_instances)}, instances{i64(w.instances)};
    for (int level = 1; level < far.levels; ++level) {
        chunks.push_back(i64(far.chunks[static_cast<std::size_t>(level)]));
        instances.push_back(i64(far.instances[static_cast<std::size_t>(level)]));
    }
    out.set(stat("lod.chunks"), chunks);
    out.set(stat("lod.instances"), instances);
    out.set(stat("lod.stale"), i64(far.stale));
    out.set(stat("lod.pending"), i64(far.pending));
    out.set(stat("lod.cpu_ms_per_chunk"), far.cpu_ms_per_chunk);
    out.set(stat("world.chunks_loaded"), i64(w.chunks_loaded));
    out.set(stat("world.instances"), i64(w.instances));
    out.set(stat("stream.pending"), i64(w.stream_pending));
    out.set(stat("stream.chunks_integrated"), i64(w.chunks_integrated));  // since start (the soak run reads them)
    out.set(stat("stream.chunks_unloaded"), i64(w.chunks_unloaded));
    out.set(stat("light.cells_last"), i64(w.light_cells_last));
    out.set(stat("light.ms_last"), w.light_ms_last);
    out.set(stat("light.bytes"), i64(w.light_bytes));
    out.set(stat("light.chunks_with_array"), i64(w.chunks_with_light));
    out.set(stat("light.daylight"), daylight);
}

void write_target(StatsWriter& out, const std::optional<RayHit>& hit, const WorldSession& session) {
    if (!hit) {
        out.set_null(stat("target"));
        return;
    }
    out.set(stat("target.x"), hit->block.x);
    out.set(stat("target.y"), hit->block.y);
    out.set(stat("target.z"), hit->block.z);
    out.set(stat("target.type"), std::string(block_name(hit->type)));
    out.set(stat("target.face"), face_name(hit->face));
    // The light of the cell in front of the targeted face (the cell the face is lit by).
    const std::optional<uint8_t> light = session.world().light_at(hit->place);
    out.set(stat("target.light_sky"), light ? i64(sky_level(*light)) : 0);
    out.set(stat("target.light_block"), light ? i64(block_level(*light)) : 0);
    if (const auto slot = session.slots().slot_of(chunk_of(hit->block), local_index(hit->block))) {
        out.set(stat("target.slot"), i64(*slot));
    } else {
        out.set_null(stat("target.slot"));
    }
}

void write_save(StatsWriter& out, const WorldSession::Stats& session) {
    if (!session.saving) {
        out.set_null(stat("save"));
        return;
    }
    out.set(stat("save.file"), session.save_file);
    out.set(stat("save.edits_recorded"), i64(session.save.edits_recorded));
    out.set(stat("save.edits_committed"), i64(session.save.edits_committed));
    out.set(stat("save.pending"), i64(session.save.pending));
    out.set(stat("save.state"), std::string(save_state_name(session.save.state)));
    if (session.save.state == SaveState::kOk) {  // the reason while it matters
        out.set_null(stat("save.error"));
    } else {
        out.set(stat("save.error"), session.save.last_error);
    }
    out.set(stat("save.commit_failures"), i64(session.save.commit_failures));
    out.set(stat("save.write_backs"), i64(session.save.write_backs));
}

// [SECTION] builds that travel: export and import (docs/formats.md)

void write_files(StatsWriter& out, const BuildFiles::Stats& files) {
    out.set(stat("files.import_ms_last"), files.import_ms);
    out.set(stat("files.export_ms_last"), files.export_ms);
    if (files.message.empty()) {
        out.set_null(stat("files.message_last"));
    } else {
        out.set(stat("files.message_last"), files.message);
    }
}

// [SECTION] edits: the last one, undo, the region, the clipboard

void write_edit(StatsWriter& out, const WorldSession& session, const std::optional<Region>& region) {
    const EditReport& edit = session.last_edit();
    out.set(stat("edit.cells_last"), i64(edit.cells));
    out.set(stat("edit.instance_writes_last"), i64(edit.instance_writes));
    out.set(stat("edit.ms_last"), edit.ms);
    out.set(stat("undo.depth"), i64(session.journal().undo_depth()));
    out.set(stat("redo.depth"), i64(session.journal().redo_depth()));
    out.set(stat("undo.bytes"), i64(session.journal().bytes()));
    if (region) {
        out.set(stat("region.x1"), region->min.x);
        out.set(stat("region.y1"), region->min.y);
        out.set(stat("region.z1"), region->min.z);
        out.set(stat("region.x2"), region->max.x);
        out.set(stat("region.y2"), region->max.y);
        out.set(stat("region.z2"), region->max.z);
        out.set(stat("region.cells"), i64(region->cells()));
    } else {
        out.set_null(stat("region"));
    }
    out.set(stat("clipboard.cells"), i64(session.clipboard().cells.size()));
}

// [SECTION] slots, the GPU buffers and the draw

void write_slots(StatsWriter& out, const InstanceSlots::Stats& s) {
    out.set(stat("slots.taken"), i64(s.taken));
    out.set(stat("slots.pages"), i64(s.pages));
    out.set(stat("slots.high_water"), i64(s.high_water));
    out.set(stat("slots.gaps"), i64(s.gaps));
    out.set(stat("slots.capacity"), i64(s.capacity));
    out.set(stat("slots.chunks"), i64(s.chunks));
    out.set(stat("slots.moves"), i64(s.moves));
}

void write_buffers(StatsWriter& out, const FrameRenderer::Stats& r, const LightPageTable::Stats& light,
                   const EditReport& edit) {
    out.set(stat("buffer.slots"), i64(r.buffer_slots));
    out.set(stat("buffer.bytes"), i64(r.buffer_bytes));
    out.set(stat("buffer.instance_bytes"), i64(kInstanceBytes));
    out.set(stat("buffer.growths"), i64(r.growths));
    out.set(stat("buffer.corner_bytes"), i64(r.corner_buffer_bytes));
    // The light pages (docs/light.md "Light pages"): chunks holding one, the GPU buffer, and
    // the light bytes the last edit queued for upload.
    out.set(stat("light.pages"), i64(light.pages));
    out.set(stat("light.uniform_chunks"), i64(light.uniform_chunks));
    out.set(stat("light.gpu_bytes"), i64(r.light_buffer_bytes));
    out.set(stat("light.upload_bytes_last"), i64(edit.light_upload_bytes));
    out.set(stat("upload.bytes_total"), i64(r.upload_bytes_total));
    out.set(stat("upload.bytes_last_frame"), i64(r.upload_bytes_last_frame));
    out.set(stat("upload.draw_bytes_last_frame"), i64(r.draw_bytes_last_frame));
    out.set(stat("upload.table_bytes_last_frame"), i64(r.table_bytes_last_frame));
    out.set(stat("upload.writes_last_frame"), i64(r.writes_last_frame));
    out.set(stat("upload.copies_last_frame"), i64(r.copies_last_frame));
    out.set(stat("upload.dispatches_last_frame"), i64(r.dispatches_last_frame));
    out.set(stat("upload.pages_cleared_last_frame"), i64(r.pages_cleared_last_frame));
    out.set(stat("upload.corner_pages_last_frame"), i64(r.corner_pages_last_frame));
    out.set(stat("ring.bytes"), i64(r.ring.bytes));
    out.set(stat("ring.used"), i64(r.ring.used));
    out.set(stat("ring.waits"), i64(r.ring.waits));
}

void write_draw(StatsWriter& out, const FrameRenderer::Stats& r) {
    out.set(stat("draw.commands"), i64(r.draw_commands));
    out.set(stat("draw.calls"), i64(r.draw_calls));
    out.set(stat("draw.instances"), i64(r.instances_drawn));
    out.set(stat("draw.corners"), i64(r.corners_drawn));
    out.set(stat("gpu.vertex_invocations"), r.vertex_invocations);
    out.set(stat("look.texture_warnings"), r.texture_warnings);
}

void write_cull(StatsWriter& out, const CullView::Stats& cull, const FrameRenderer::Stats& r) {
    out.set(stat("cull.chunks"), i64(cull.octree.chunks));
    out.set(stat("cull.chunks_visible"), i64(cull.octree.chunks_visible));
    out.set(stat("cull.nodes_visited"), i64(cull.octree.nodes_visited));
    out.set(stat("cull.us"), cull.octree.query_us);
    out.set(stat("cull.sort_us"), cull.sort_us);
    out.set(stat("cull.frozen"), cull.frozen);
    out.set(stat("cull.runs_turned_away"), i64(cull.runs_turned_away));
    out.set(stat("cull.axes_turned_away"), i64(cull.axes_turned_away));
    out.set(stat("gpu.samples_passed"), r.samples_passed);
}

// [SECTION] cpu.* and stream.*: where the main thread's time goes, and streaming

// The cpu.* keys of the stages, in kStageNames' order.
constexpr StatKey kStageKeys[] = {stat("cpu.stream_ms"), stat("cpu.cull_ms"), stat("cpu.slots_ms"),
                                  stat("cpu.upload_ms"), stat("cpu.draw_ms"), stat("cpu.ui_ms")};
static_assert(std::size(kStageKeys) == kFrameStageCount, "one cpu.* key per frame stage");

void write_cpu(StatsWriter& out, const StageTimes& stage_times, const std::optional<int64_t>& frames_to_settle) {
    const StageTimes::Frame last = stage_times.last();
    for (std::size_t s = 0; s < kFrameStageCount; ++s) {
        assert(kStatKeys[kStageKeys[s].index].key == "cpu." + std::string(kStageNames[s]) + "_ms" &&
               "write_cpu: kStageKeys is out of kStageNames' order");
        out.set(kStageKeys[s], static_cast<double>(last[s]));
    }
    out.set(stat("cpu.stream_ms_max"), stage_times.stream_max_ms());
    if (frames_to_settle) {
        out.set(stat("stream.frames_to_settle"), *frames_to_settle);
    } else {
        out.set_null(stat("stream.frames_to_settle"));
    }
}

void write_stream(StatsWriter& out, const World::Stats& w) {
    out.set(stat("stream.budget_ms"), w.stream_budget_ms);
    out.set(stat("stream.workers"), w.worker_threads);
    out.set(stat("stream.queued"), i64(w.stream_queued));
    out.set(stat("stream.plan_left"), i64(w.plan_left));
    out.set(stat("stream.chunks_uniform"), i64(w.chunks_uniform));
    out.set(stat("stream.chunks_unshown"), i64(w.chunks_unshown));
    out.set(stat("stream.chunks_with_cubes"), i64(w.chunks_with_instances));
    out.set(stat("stream.storage_bytes"), i64(w.storage_bytes));
    out.set(stat("stream.order_bytes"), i64(w.order_bytes));
}

// [SECTION] the overlay and the frame's passes

void write_overlay(StatsWriter& out, const Overlay& overlay) {
    out.set(stat("overlay.visible"), overlay.visible);
    if (!overlay.visible) return;
    for (const PanelPlacement& p : overlay.placements()) {
        out.set(stat("overlay.panels.NAME.x"), p.key, static_cast<double>(p.rect.x));
        out.set(stat("overlay.panels.NAME.y"), p.key, static_cast<double>(p.rect.y));
        out.set(stat("overlay.panels.NAME.width"), p.key, static_cast<double>(p.rect.width));
        out.set(stat("overlay.panels.NAME.height"), p.key, static_cast<double>(p.rect.height));
        out.set(stat("overlay.panels.NAME.open"), p.key, p.open);
    }
}

// Which passes ran last frame, in order (docs/rendering.md); the water pass's draw.
void write_passes(StatsWriter& out, const FramePasses& passes, const FrameRenderer::Stats& r) {
    std::vector<std::string> ran;
    for (const auto& pass : passes.last_run()) ran.push_back(pass.name);
    out.set(stat("frame.passes"), ran);
    out.set(stat("draw.translucent_instances"), i64(r.translucent_instances));
    out.set(stat("draw.translucent_commands"), i64(r.translucent_commands));
}

}  // namespace

// The sections in the order the document has always been written in (a reader that keeps
// the file's order sees the same file).
void App::collect_stats(StatsJson& json) const {
    StatsWriter out(json);
    write_frame(out, measures_.frame_times, measures_.frame_page_faults, gl_debug_);
    write_player(out, controls_->stats(), frame_->width(), frame_->height());
    const WorldSession::Stats session = session_->stats();
    write_world(out, session, daylight_);
    write_target(out, target(), *session_);
    write_save(out, session);
    write_edit(out, *session_, editor_->region());
    out.set(stat("edit.paste_air"), editor_->paste_air());
    out.set(stat("clock.seconds"), measures_.stepped_to);
    out.set(stat("clock.steps"), i64(controls_->stats().steps));
    out.set(stat("hud.message"), message_.text);
    write_files(out, files_->stats());
    write_slots(out, session.slots);
    const FrameRenderer::Stats r = frame_->stats();
    write_buffers(out, r, session.light, session_->last_edit());
    write_draw(out, r);
    write_cull(out, cull_->stats(), r);
    write_cpu(out, measures_.stage_times, measures_.frames_to_settle);
    write_stream(out, session_->world().stats());
    write_overlay(out, overlay_);
    write_passes(out, *frame_work_.passes, r);
}

// [SECTION] the layout record (`record-layout`, a test hook: docs/scripting.md)

void App::record_layout(int frames, const std::string& path, int line) {
    frame_work_.layout = {path, frames, line, {}};
}

void App::record_layout() {
    LayoutRecording& r = frame_work_.layout;
    if (r.frames_left <= 0 || !overlay_.shown()) return;  // only frames a user sees
    r.lines += overlay_.layout_json() + "\n";
    if (--r.frames_left > 0) return;
    try {
        write_file_atomically(r.path, std::exchange(r.lines, {}), "the layout record");
    } catch (const OutputFileError& e) {
        throw ScriptError(r.script_line, e.what());  // the line that asked for it stops the run
    }
}

}  // namespace slotcraft
