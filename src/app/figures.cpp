// The program's figures (see figures.hpp): one table, a row a key.
#include "app/figures.hpp"

namespace slotcraft {

namespace {

int64_t i64(uint64_t v) { return static_cast<int64_t>(v); }

const char* face_name(Face f) {
    static constexpr const char* kNames[kFaceCount] = {"+x", "-x", "+y", "-y", "+z", "-z"};
    return kNames[f];
}

// Level 0 (the loaded world's own figure) and then each coarse level's.
template <class WorldField, class FarField>
std::vector<int64_t> lod_figures(const FigureSources& in, WorldField world_field, FarField far_field) {
    std::vector<int64_t> out{i64(in.session.world.*world_field)};
    for (int level = 1; level < in.session.far.levels; ++level) {
        out.push_back(i64((in.session.far.*far_field)[static_cast<std::size_t>(level)]));
    }
    return out;
}

double stage_ms(const FigureSources& in, FrameStage stage) {
    return static_cast<double>(in.stage_times.last()[StageTimes::index(stage)]);
}

// Each placed panel's rectangle field (only while the overlay is shown).
NamedNumbers panel_numbers(const FigureSources& in, float overlay_layout::Rect::*field) {
    NamedNumbers out;
    if (!in.overlay.visible) return out;
    for (const PanelPlacement& p : in.overlay.placements()) out.emplace_back(p.key, static_cast<double>(p.rect.*field));
    return out;
}

NamedFlags panel_flags(const FigureSources& in) {
    NamedFlags out;
    if (!in.overlay.visible) return out;
    for (const PanelPlacement& p : in.overlay.placements()) out.emplace_back(p.key, p.open);
    return out;
}

// clang-format off
const Figure<FigureSources> kFigures[] = {
    {{"frame.count", StatType::kInteger, "frames rendered so far"}, [](const FigureSources& in) -> FigureValue { return in.frame_times.count(); }},
    {{"frame.ms_avg", StatType::kNumber, "average frame time over the last 240 frames (ms)"}, [](const FigureSources& in) -> FigureValue { return in.frame_times.average_ms(); }},
    {{"frame.page_faults", StatType::kInteger, "minor page faults the whole process took during the last frame (every thread, the GL driver's included): memory touched for the first time, or again after the C library gave it back to the system; a settled frame of the release build takes none at the Craft pose ([benchmarks.md](benchmarks.md#the-vertex-stage)); -1 when the system cannot say"}, [](const FigureSources& in) -> FigureValue { return in.page_faults; }},
    {{"frame.passes", StatType::kStrings, "the passes that ran in the last frame, in execution order (the pass graph's, [rendering.md](rendering.md#the-frame-as-a-pass-graph)): `opaque`, `water`, `lines`, `ui`, and `capture` in a frame that saved a PNG; while minimised only `ui` (and `capture`)"}, [](const FigureSources& in) -> FigureValue { return in.passes; }},
    {{"gl.errors", StatType::kInteger, "GL errors reported by the debug output (0 when it is off)"}, [](const FigureSources& in) -> FigureValue { return in.gl.errors; }},
    {{"gl.warnings", StatType::kInteger, "other high or medium severity debug messages"}, [](const FigureSources& in) -> FigureValue { return in.gl.warnings; }},
    {{"camera.x", StatType::kNumber, "eye position in blocks"}, [](const FigureSources& in) -> FigureValue { return in.controls.camera.x; }},
    {{"camera.y", StatType::kNumber, "eye position in blocks"}, [](const FigureSources& in) -> FigureValue { return in.controls.camera.y; }},
    {{"camera.z", StatType::kNumber, "eye position in blocks"}, [](const FigureSources& in) -> FigureValue { return in.controls.camera.z; }},
    {{"camera.yaw", StatType::kNumber, "view direction in degrees"}, [](const FigureSources& in) -> FigureValue { return in.controls.yaw; }},
    {{"camera.pitch", StatType::kNumber, "view direction in degrees"}, [](const FigureSources& in) -> FigureValue { return in.controls.pitch; }},
    {{"player.mode", StatType::kString, "`fly` or `walk`"}, [](const FigureSources& in) -> FigureValue { return std::string(move_mode_name(in.controls.mode)); }},
    {{"player.on_ground", StatType::kBool, "the player stands on a block"}, [](const FigureSources& in) -> FigureValue { return in.controls.on_ground; }},
    {{"hotbar.selected", StatType::kInteger, "the selected hotbar slot, 1..9"}, [](const FigureSources& in) -> FigureValue { return in.controls.hotbar_selected + 1; }},
    {{"hotbar.block", StatType::kString, "the block type in it"}, [](const FigureSources& in) -> FigureValue { return std::string(block_name(in.controls.hotbar_block)); }},
    {{"input.mouse_captured", StatType::kBool, "the mouse turns the view (a click into the world captures it; Escape and the block picker free it, closing the picker captures it again)"}, [](const FigureSources& in) -> FigureValue { return in.controls.mouse_captured; }},
    {{"clock.seconds", StatType::kNumber, "the program's own clock (seconds since the window opened) at the end of the last frame whose real time the player's steps have caught up to (`clock real`; an interactive run always)"}, [](const FigureSources& in) -> FigureValue { return in.stepped_to; }},
    {{"clock.steps", StatType::kInteger, "the player's fixed 1/60 s steps so far (one a frame under `clock fixed`, the scripts' default)"}, [](const FigureSources& in) -> FigureValue { return i64(in.controls.steps); }},
    {{"window.width", StatType::kInteger, "framebuffer size of the last frame (0 while minimised)"}, [](const FigureSources& in) -> FigureValue { return in.width; }},
    {{"window.height", StatType::kInteger, "framebuffer size of the last frame (0 while minimised)"}, [](const FigureSources& in) -> FigureValue { return in.height; }},
    {{"world.type", StatType::kString, "`flat` or `terrain`"}, [](const FigureSources& in) -> FigureValue { return std::string(world_type_name(in.session.type)); }},
    {{"world.seed", StatType::kInteger, "the world seed"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.seed); }},
    {{"world.view_distance", StatType::kInteger, "chunks"}, [](const FigureSources& in) -> FigureValue { return in.session.view_distance; }},
    {{"world.far_distance", StatType::kInteger, "chunks of coarse far terrain, 0 when off ([world.md](world.md#far-terrain))"}, [](const FigureSources& in) -> FigureValue { return in.session.far.far_distance; }},
    {{"lod.levels", StatType::kInteger, "levels of detail in use: 1 (full detail only) when far terrain is off, else its top level + 1"}, [](const FigureSources& in) -> FigureValue { return in.session.far.levels; }},
    {{"lod.chunks", StatType::kIntegers, "chunks with cubes to draw, one entry a level, level 0 first (level 0: the loaded chunks with cubes)"}, [](const FigureSources& in) -> FigureValue { return lod_figures(in, &World::Stats::chunks_with_instances, &FarTerrain::Stats::chunks); }},
    {{"lod.instances", StatType::kIntegers, "instances, one entry a level, level 0 first"}, [](const FigureSources& in) -> FigureValue { return lod_figures(in, &World::Stats::instances, &FarTerrain::Stats::instances); }},
    {{"lod.stale", StatType::kInteger, "coarse chunks over an edit waiting to be made again (0 once settled)"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.far.stale); }},
    {{"lod.pending", StatType::kInteger, "coarse chunks the rings want that are not made yet"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.far.pending); }},
    {{"lod.cpu_ms_per_chunk", StatType::kNumber, "the far workers' CPU time per coarse chunk made, in milliseconds"}, [](const FigureSources& in) -> FigureValue { return in.session.far.cpu_ms_per_chunk; }},
    {{"world.chunks_loaded", StatType::kInteger, "loaded chunks, air chunks included"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.world.chunks_loaded); }},
    {{"world.instances", StatType::kInteger, "exposed cubes (cubes that have an instance)"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.world.instances); }},
    {{"stream.pending", StatType::kInteger, "chunks requested and not yet integrated"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.world.stream_pending); }},
    {{"stream.chunks_integrated", StatType::kInteger, "chunks streamed in since the start"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.world.chunks_integrated); }},
    {{"stream.chunks_unloaded", StatType::kInteger, "chunks streamed out since the start"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.world.chunks_unloaded); }},
    {{"target", StatType::kObjectOrNull, "the block under the crosshair within reach; null when there is none"}, [](const FigureSources& in) -> FigureValue { return in.target ? FigureValue{true} : FigureValue{}; }},
    {{"target.x", StatType::kInteger, "its position"}, [](const FigureSources& in) -> FigureValue { return in.target->block.x; }},
    {{"target.y", StatType::kInteger, "its position"}, [](const FigureSources& in) -> FigureValue { return in.target->block.y; }},
    {{"target.z", StatType::kInteger, "its position"}, [](const FigureSources& in) -> FigureValue { return in.target->block.z; }},
    {{"target.type", StatType::kString, "its block type"}, [](const FigureSources& in) -> FigureValue { return std::string(block_name(in.target->type)); }},
    {{"target.face", StatType::kString, "the face the ray hit: `+x -x +y -y +z -z`"}, [](const FigureSources& in) -> FigureValue { return face_name(in.target->face); }},
    {{"target.light_sky", StatType::kInteger, "0..15: the light of the cell in front of the targeted face, the cell that face is lit by ([light.md](light.md))"}, [](const FigureSources& in) -> FigureValue { const std::optional<uint8_t> light = in.world_session.world().light_at(in.target->place); return light ? i64(sky_level(*light)) : int64_t{0}; }},
    {{"target.light_block", StatType::kInteger, "0..15: the light of the cell in front of the targeted face, the cell that face is lit by ([light.md](light.md))"}, [](const FigureSources& in) -> FigureValue { const std::optional<uint8_t> light = in.world_session.world().light_at(in.target->place); return light ? i64(block_level(*light)) : int64_t{0}; }},
    {{"target.slot", StatType::kIntegerOrNull, "its instance slot; null when it holds none"}, [](const FigureSources& in) -> FigureValue { const auto slot = in.world_session.slots().slot_of(chunk_of(in.target->block), local_index(in.target->block)); return slot ? FigureValue{i64(*slot)} : FigureValue{}; }},
    {{"light.cells_last", StatType::kInteger, "cells whose light the last edit changed"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.world.light_cells_last); }},
    {{"light.ms_last", StatType::kNumber, "main-thread milliseconds of the last edit's relight (its removal and add passes)"}, [](const FigureSources& in) -> FigureValue { return in.session.world.light_ms_last; }},
    {{"light.bytes", StatType::kInteger, "bytes of light arrays in loaded chunks (chunks of uniform light hold none)"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.world.light_bytes); }},
    {{"light.chunks_with_array", StatType::kInteger, "loaded chunks that hold a light array"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.world.chunks_with_light); }},
    {{"light.daylight", StatType::kNumber, "the daylight factor 0..1 (`--daylight`, `daylight F`, the overlay's slider)"}, [](const FigureSources& in) -> FigureValue { return in.daylight; }},
    {{"light.pages", StatType::kInteger, "chunks holding a GPU light page (their 18^3 light box is not one value; [light.md](light.md#light-pages))"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.light.pages); }},
    {{"light.uniform_chunks", StatType::kInteger, "chunks with cubes whose light box is one value: no page, the value is in their page table entries"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.light.uniform_chunks); }},
    {{"light.gpu_bytes", StatType::kInteger, "bytes of the GPU light page buffer (5,832 a page; grows by a quarter)"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.light_buffer_bytes); }},
    {{"light.upload_bytes_last", StatType::kInteger, "light bytes the last edit operation queued for upload: 5,832 per whole page, 8 per changed byte"}, [](const FigureSources& in) -> FigureValue { return i64(in.world_session.last_edit().light_upload_bytes); }},
    {{"stream.frames_to_settle", StatType::kIntegerOrNull, "frames rendered from the last `camera` command (or the start) until nothing was pending; null while still streaming"}, [](const FigureSources& in) -> FigureValue { return in.frames_to_settle ? FigureValue{*in.frames_to_settle} : FigureValue{}; }},
    {{"stream.budget_ms", StatType::kNumber, "the main-thread streaming budget a frame (`--stream-budget-ms`)"}, [](const FigureSources& in) -> FigureValue { return in.session.world.stream_budget_ms; }},
    {{"stream.workers", StatType::kInteger, "generation worker threads"}, [](const FigureSources& in) -> FigureValue { return in.session.world.worker_threads; }},
    {{"stream.queued", StatType::kInteger, "generation jobs no worker has started"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.world.stream_queued); }},
    {{"stream.plan_left", StatType::kInteger, "view offsets the planner has still to visit (0 once it has walked the whole view)"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.world.plan_left); }},
    {{"stream.chunks_uniform", StatType::kInteger, "loaded chunks of one block type (sky, deep stone): no block storage"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.world.chunks_uniform); }},
    {{"stream.chunks_unshown", StatType::kInteger, "loaded chunks not shown yet: a neighbour in view is still loading (docs/world.md \"Shown when its neighbours are in\"); 0 once settled"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.world.chunks_unshown); }},
    {{"stream.chunks_with_cubes", StatType::kInteger, "loaded chunks with at least one exposed cube"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.world.chunks_with_instances); }},
    {{"stream.storage_bytes", StatType::kInteger, "what the loaded chunks keep: the chunk objects, their paletted blocks, their mask layers and light arrays, their edits"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.world.storage_bytes); }},
    {{"stream.order_bytes", StatType::kInteger, "the planner's nearest-first offset table"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.world.order_bytes); }},
    {{"cpu.stream_ms", StatType::kNumber, "the last frame's main-thread CPU time streaming: the world's planning, drops and integration, and the slot work of what it loaded"}, [](const FigureSources& in) -> FigureValue { return stage_ms(in, FrameStage::kStream); }},
    {{"cpu.cull_ms", StatType::kNumber, "culling: octree tracking, the frustum query, the near-to-far order, the draw ranges"}, [](const FigureSources& in) -> FigureValue { return stage_ms(in, FrameStage::kCull); }},
    {{"cpu.slots_ms", StatType::kNumber, "slot bookkeeping: compaction, the frame's slot figures"}, [](const FigureSources& in) -> FigureValue { return stage_ms(in, FrameStage::kSlots); }},
    {{"cpu.upload_ms", StatType::kNumber, "uploading the frame's slot work to the GPU (page table, copies, scatter)"}, [](const FigureSources& in) -> FigureValue { return stage_ms(in, FrameStage::kUpload); }},
    {{"cpu.draw_ms", StatType::kNumber, "draw submission: the indirect commands, the multi-draw, lines, the end of the frame (on llvmpipe, the rasteriser's share of the main thread too)"}, [](const FigureSources& in) -> FigureValue { return stage_ms(in, FrameStage::kDraw); }},
    {{"cpu.ui_ms", StatType::kNumber, "overlay and HUD: ImGui's frame, the panels, their draw"}, [](const FigureSources& in) -> FigureValue { return stage_ms(in, FrameStage::kUi); }},
    {{"cpu.stream_ms_max", StatType::kNumber, "the largest `cpu.stream_ms` of any frame so far"}, [](const FigureSources& in) -> FigureValue { return in.stage_times.stream_max_ms(); }},
    {{"edit.cells_last", StatType::kInteger, "cells the last edit operation changed (a single edit: 1 or 0)"}, [](const FigureSources& in) -> FigureValue { return i64(in.world_session.last_edit().cells); }},
    {{"edit.instance_writes_last", StatType::kInteger, "slot writes it queued (one per slot: a slot freed and reused in the same batch is one write)"}, [](const FigureSources& in) -> FigureValue { return i64(in.world_session.last_edit().instance_writes); }},
    {{"edit.ms_last", StatType::kNumber, "main-thread milliseconds from the command to every slot write queued (the batch, the slot bookkeeping, queuing the world file's records, the undo step excluded)"}, [](const FigureSources& in) -> FigureValue { return in.world_session.last_edit().ms; }},
    {{"undo.depth", StatType::kInteger, "undo steps in the journal"}, [](const FigureSources& in) -> FigureValue { return i64(in.world_session.journal().undo_depth()); }},
    {{"redo.depth", StatType::kInteger, "redo steps (cleared by a new edit)"}, [](const FigureSources& in) -> FigureValue { return i64(in.world_session.journal().redo_depth()); }},
    {{"undo.bytes", StatType::kInteger, "memory the undo and redo steps hold (bounded by `--undo-mib`)"}, [](const FigureSources& in) -> FigureValue { return i64(in.world_session.journal().bytes()); }},
    {{"region", StatType::kObjectOrNull, "the edit region; null when none is set"}, [](const FigureSources& in) -> FigureValue { return in.region ? FigureValue{true} : FigureValue{}; }},
    {{"region.x1", StatType::kInteger, "its minimum cell"}, [](const FigureSources& in) -> FigureValue { return in.region->min.x; }},
    {{"region.y1", StatType::kInteger, "its minimum cell"}, [](const FigureSources& in) -> FigureValue { return in.region->min.y; }},
    {{"region.z1", StatType::kInteger, "its minimum cell"}, [](const FigureSources& in) -> FigureValue { return in.region->min.z; }},
    {{"region.x2", StatType::kInteger, "its maximum cell"}, [](const FigureSources& in) -> FigureValue { return in.region->max.x; }},
    {{"region.y2", StatType::kInteger, "its maximum cell"}, [](const FigureSources& in) -> FigureValue { return in.region->max.y; }},
    {{"region.z2", StatType::kInteger, "its maximum cell"}, [](const FigureSources& in) -> FigureValue { return in.region->max.z; }},
    {{"region.cells", StatType::kInteger, "cells in it"}, [](const FigureSources& in) -> FigureValue { return i64(in.region->cells()); }},
    {{"clipboard.cells", StatType::kInteger, "cells in the clipboard (0: empty)"}, [](const FigureSources& in) -> FigureValue { return i64(in.world_session.clipboard().cells.size()); }},
    {{"edit.paste_air", StatType::kBool, "the paste-air switch: true, a paste writes the clipboard's air too; false (the default), its air leaves what is under it (script `paste-air on` or `off`, the Edit panel, the `paste_air` key)"}, [](const FigureSources& in) -> FigureValue { return in.paste_air; }},
    {{"edit.paste_preview", StatType::kBool, "the paste preview switch: true (the default), the clipboard's ghost shows at the crosshair while it holds something; false, hidden (the `paste_preview` key, J; script `paste-preview on|off`)"}, [](const FigureSources& in) -> FigureValue { return in.paste_preview; }},
    {{"edit.mask", StatType::kString, "the mask of fill, shape, walls, paste and the brush: \"none\" (every cell), \"air\", \"solid\" or the blocks, \"stone,dirt\" (script `mask`, the Build window); the HUD shows it beside the region while one is set"}, [](const FigureSources& in) -> FigureValue { return in.mask; }},
    {{"hud.message", StatType::kString, "the HUD's message line as last set: what the last operation did or why it was refused, one line with its size (\"filled 24 cells with stone\", \"undid fill of 24 cells\", \"cannot paste: nothing copied yet ...\"); a newer message replaces it; empty before the first. It shows under the crosshair for 150 frames, overlay on or off"}, [](const FigureSources& in) -> FigureValue { return in.hud_message; }},
    {{"files.import_ms_last", StatType::kNumber, "wall milliseconds of the last `import` (read the file, parse it, map its blocks, fill the clipboard); 0 before the first ([formats.md](formats.md))"}, [](const FigureSources& in) -> FigureValue { return in.files.import_ms; }},
    {{"files.export_ms_last", StatType::kNumber, "wall milliseconds of the last `export` (read the region, encode, write the file); 0 before the first"}, [](const FigureSources& in) -> FigureValue { return in.files.export_ms; }},
    {{"files.message_last", StatType::kStringOrNull, "what the last export or import said (\"exported 64 by 40 by 64 (163,840 cells, 12 block types) to castle.vox\"); null before the first"}, [](const FigureSources& in) -> FigureValue { return in.files.message.empty() ? FigureValue{} : FigureValue{in.files.message}; }},
    {{"slots.taken", StatType::kInteger, "live instances"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.slots.instances); }},
    {{"slots.pages", StatType::kInteger, "pages of 64 slots owned by chunks"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.slots.pages); }},
    {{"slots.high_water", StatType::kInteger, "one past the highest live slot"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.slots.high_water); }},
    {{"slots.gaps", StatType::kInteger, "free slots below the high-water mark"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.slots.gaps); }},
    {{"slots.capacity", StatType::kInteger, "slots addressable before the page tree grows a level"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.slots.capacity); }},
    {{"slots.chunks", StatType::kInteger, "chunks with at least one instance"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.slots.chunks); }},
    {{"slots.moves", StatType::kInteger, "instances moved by compaction so far"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.slots.moves); }},
    {{"buffer.slots", StatType::kInteger, "slots the GPU instance buffer holds"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.buffer_slots); }},
    {{"buffer.bytes", StatType::kInteger, "bytes of the instance buffer (slots x instance bytes)"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.buffer_bytes); }},
    {{"buffer.instance_bytes", StatType::kInteger, "bytes per instance (8; [light.md](light.md) has the bits)"}, [](const FigureSources&) -> FigureValue { return i64(kInstanceBytes); }},
    {{"buffer.capacity_slots", StatType::kInteger, "slots the GPU instance buffer holds (the same as `buffer.slots`), beside `slots.high_water`: it grows by a quarter or 131,072 slots, whichever is more, or to what is needed if that is more, and never shrinks ([rendering.md](rendering.md#what-a-cube-costs))"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.buffer_slots); }},
    {{"buffer.growths", StatType::kInteger, "times the instance buffer grew"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.growths); }},
    {{"buffer.page_table_bytes", StatType::kInteger, "bytes of the page table (16 a page of 64 slots: its chunk and light reference)"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.page_table_bytes); }},
    {{"buffer.gpu_bytes", StatType::kInteger, "bytes of the renderer's GPU buffers that grow with the world or the uploads: instances, page table, corners, light pages, upload ring (not the 288 KiB index buffer or the block textures)"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.gpu_bytes); }},
    {{"buffer.bytes_per_cube", StatType::kNumber, "`buffer.gpu_bytes` over the cubes loaded (`slots.taken`); 0 with none ([rendering.md](rendering.md#what-a-cube-costs))"}, [](const FigureSources& in) -> FigureValue { return in.session.slots.instances ? static_cast<double>(in.renderer.gpu_bytes) / static_cast<double>(in.session.slots.instances) : 0.0; }},
    {{"buffer.corner_bytes", StatType::kInteger, "bytes of the faces' corner blocks: 3,072 (48 a slot: each face's corner light and occlusion, worked out on the GPU when a page's cubes or light change) for each page of a chunk with a light page, grown by a quarter at least; a chunk lit by one value (open sky, the far rings) has none, its corners worked out in the vertex shader ([rendering.md](rendering.md#the-vertex-stage))"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.corner_buffer_bytes); }},
    {{"buffer.corner_pages", StatType::kInteger, "pages holding a corner block now (pages of chunks with a light page)"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.corner_pages); }},
    {{"upload.bytes_total", StatType::kInteger, "instance data uploaded so far"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.upload_bytes_total); }},
    {{"upload.bytes_last_frame", StatType::kInteger, "instance data uploaded in the last frame"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.upload_bytes_last_frame); }},
    {{"upload.draw_bytes_last_frame", StatType::kInteger, "indirect draw commands uploaded in the last frame"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.draw_bytes_last_frame); }},
    {{"upload.table_bytes_last_frame", StatType::kInteger, "page table entries (chunk of each page) uploaded in the last frame"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.table_bytes_last_frame); }},
    {{"upload.writes_last_frame", StatType::kInteger, "slot writes uploaded last frame, and how: one buffer copy each, or compute dispatches"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.writes_last_frame); }},
    {{"upload.copies_last_frame", StatType::kInteger, "slot writes uploaded last frame, and how: one buffer copy each, or compute dispatches"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.copies_last_frame); }},
    {{"upload.dispatches_last_frame", StatType::kInteger, "compute dispatches last frame: the slot writes' scatter (writes past 16 in a frame), the light bytes' scatter, and the face corners (one per window of the corner buffer that holds a changed page)"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.dispatches_last_frame); }},
    {{"upload.pages_cleared_last_frame", StatType::kInteger, "pages cleared on the GPU last frame (pages of chunks that unloaded)"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.pages_cleared_last_frame); }},
    {{"upload.corner_pages_last_frame", StatType::kInteger, "pages whose faces' corners were worked out again last frame (pages written to, handed out, or of a chunk whose light changed); nothing is uploaded for them but the page numbers"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.corner_pages_last_frame); }},
    {{"ring.bytes", StatType::kInteger, "staging ring size"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.ring.bytes); }},
    {{"ring.used", StatType::kInteger, "bytes the GPU has not released yet"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.ring.used); }},
    {{"ring.waits", StatType::kInteger, "times the CPU waited for a fence to make room (0 in steady state)"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.ring.waits); }},
    {{"draw.commands", StatType::kInteger, "indirect commands in the last frame (one per run of a visible chunk's pages)"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.draw_commands); }},
    {{"draw.calls", StatType::kInteger, "multi-draw calls in the last frame (1 unless the ring is too small for the commands; 2 with far terrain: the near world and the far rings, [rendering.md](rendering.md#far-terrain))"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.draw_calls); }},
    {{"draw.instances", StatType::kInteger, "slots the commands cover"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.instances_drawn); }},
    {{"draw.corners", StatType::kInteger, "vertex ids the opaque commands reach: 4 corners a face on each axis of a run's index table, 12 a cube when all three ([rendering.md](rendering.md#the-vertex-stage)); the vertex shader runs this many, bar a few a cache batch repeats"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.corners_drawn); }},
    {{"draw.translucent_commands", StatType::kInteger, "indirect commands of the last frame's water pass (one per run of a visible chunk's water pages, ordered far to near; drawn by one multi-draw)"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.translucent_commands); }},
    {{"draw.translucent_instances", StatType::kInteger, "slots those commands cover"}, [](const FigureSources& in) -> FigureValue { return i64(in.renderer.translucent_instances); }},
    {{"gpu.vertex_invocations", StatType::kInteger, "vertex shader runs of the opaque passes (the near world and the far rings) of the newest frame whose query result was ready (-1 before any, or without ARB_pipeline_statistics_query)"}, [](const FigureSources& in) -> FigureValue { return in.renderer.vertex_invocations; }},
    {{"gpu.samples_passed", StatType::kInteger, "samples that passed, same frame"}, [](const FigureSources& in) -> FigureValue { return in.renderer.samples_passed; }},
    {{"look.texture_warnings", StatType::kInteger, "texture layers showing the checkerboard"}, [](const FigureSources& in) -> FigureValue { return in.renderer.texture_warnings; }},
    {{"cull.chunks", StatType::kInteger, "chunks in the octree"}, [](const FigureSources& in) -> FigureValue { return i64(in.cull.octree.chunks); }},
    {{"cull.chunks_visible", StatType::kInteger, "chunks the last octree query kept (before the occlusion walk: `cull.occluded_chunks` of them were not drawn)"}, [](const FigureSources& in) -> FigureValue { return i64(in.cull.octree.chunks_visible); }},
    {{"cull.nodes_visited", StatType::kInteger, "octree nodes the last query reached"}, [](const FigureSources& in) -> FigureValue { return i64(in.cull.octree.nodes_visited); }},
    {{"cull.us", StatType::kNumber, "the last query's time in microseconds"}, [](const FigureSources& in) -> FigureValue { return in.cull.octree.query_us; }},
    {{"cull.sort_us", StatType::kNumber, "the last frame's near-to-far ordering of the visible chunks, in microseconds"}, [](const FigureSources& in) -> FigureValue { return in.cull.sort_us; }},
    {{"cull.frozen", StatType::kBool, "the culling frustum is frozen"}, [](const FigureSources& in) -> FigureValue { return in.cull.frozen; }},
    {{"cull.runs_turned_away", StatType::kInteger, "slot runs of visible chunks not drawn last frame because every face their cubes have turns away from the eye (the chunk lies wholly on the other side; [rendering.md](rendering.md#the-vertex-stage))"}, [](const FigureSources& in) -> FigureValue { return i64(in.cull.runs_turned_away); }},
    {{"cull.axes_turned_away", StatType::kInteger, "axes left out of the visible chunks' runs last frame for the same reason, the dropped runs' axes included (each saves 4 vertex runs a cube)"}, [](const FigureSources& in) -> FigureValue { return i64(in.cull.axes_turned_away); }},
    {{"cull.occlusion", StatType::kBool, "the occlusion walk is on (`--occlusion`, the script command `occlusion`, the Culling panel's switch; [culling.md](culling.md#occlusion-the-walk-through-open-faces))"}, [](const FigureSources& in) -> FigureValue { return in.cull.occlusion; }},
    {{"cull.occluded_chunks", StatType::kInteger, "chunks the frustum kept last frame that the occlusion walk did not reach, so were not drawn (0 with it off, or with the eye in an opaque cell)"}, [](const FigureSources& in) -> FigureValue { return i64(in.cull.occluded_chunks); }},
    {{"cull.occluded_instances", StatType::kInteger, "the cubes of those chunks"}, [](const FigureSources& in) -> FigureValue { return i64(in.cull.occluded_instances); }},
    {{"cull.walk_reached", StatType::kInteger, "chunk positions the last occlusion walk reached, loaded or not, chunks without cubes included (0 when it did not run)"}, [](const FigureSources& in) -> FigureValue { return i64(in.cull.walk_reached); }},
    {{"cull.walk_ms", StatType::kNumber, "the last occlusion walk's time in milliseconds, the eye's cell test included (0 with it off)"}, [](const FigureSources& in) -> FigureValue { return in.cull.walk_ms; }},
    {{"overlay.visible", StatType::kBool, "the overlay is shown (F3, `overlay on`)"}, [](const FigureSources& in) -> FigureValue { return in.overlay.visible; }},
    {{"overlay.panels.NAME.x", StatType::kNumber, "where panel NAME (`frame`, `buffer`, `allocator`, `world`, `occupancy`, `culling`, `edit`, `settings`) was drawn in the last frame the overlay was shown, in pixels from the window's top-left corner; only while the overlay is shown"}, [](const FigureSources& in) -> FigureValue { return panel_numbers(in, &overlay_layout::Rect::x); }},
    {{"overlay.panels.NAME.y", StatType::kNumber, "where panel NAME (`frame`, `buffer`, `allocator`, `world`, `occupancy`, `culling`, `edit`, `settings`) was drawn in the last frame the overlay was shown, in pixels from the window's top-left corner; only while the overlay is shown"}, [](const FigureSources& in) -> FigureValue { return panel_numbers(in, &overlay_layout::Rect::y); }},
    {{"overlay.panels.NAME.width", StatType::kNumber, "where panel NAME (`frame`, `buffer`, `allocator`, `world`, `occupancy`, `culling`, `edit`, `settings`) was drawn in the last frame the overlay was shown, in pixels from the window's top-left corner; only while the overlay is shown"}, [](const FigureSources& in) -> FigureValue { return panel_numbers(in, &overlay_layout::Rect::width); }},
    {{"overlay.panels.NAME.height", StatType::kNumber, "where panel NAME (`frame`, `buffer`, `allocator`, `world`, `occupancy`, `culling`, `edit`, `settings`) was drawn in the last frame the overlay was shown, in pixels from the window's top-left corner; only while the overlay is shown"}, [](const FigureSources& in) -> FigureValue { return panel_numbers(in, &overlay_layout::Rect::height); }},
    {{"overlay.panels.NAME.open", StatType::kBool, "the panel is unfolded (false: folded to its title bar, by the user or to make room)"}, [](const FigureSources& in) -> FigureValue { return panel_flags(in); }},
    {{"save", StatType::kObjectOrNull, "the world file; null when nothing is saved"}, [](const FigureSources& in) -> FigureValue { return in.session.saving ? FigureValue{true} : FigureValue{}; }},
    {{"save.file", StatType::kString, "its path"}, [](const FigureSources& in) -> FigureValue { return in.session.save_file; }},
    {{"save.edits_recorded", StatType::kInteger, "edits recorded for it"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.save.edits_recorded); }},
    {{"save.edits_committed", StatType::kInteger, "edits committed to it"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.save.edits_committed); }},
    {{"save.pending", StatType::kInteger, "edits recorded and not committed yet, the batch being committed included"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.save.pending); }},
    {{"save.state", StatType::kString, "`ok`; `retrying`: the last commit failed and its edits wait in memory; `failed`: the last try at the end ran out"}, [](const FigureSources& in) -> FigureValue { return std::string(save_state_name(in.session.save.state)); }},
    {{"save.error", StatType::kStringOrNull, "the reason of the last failed commit while the state is not `ok`, else null"}, [](const FigureSources& in) -> FigureValue { return in.session.save.state == SaveState::kOk ? FigureValue{} : FigureValue{in.session.save.last_error}; }},
    {{"save.commit_failures", StatType::kInteger, "commits that failed"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.save.commit_failures); }},
    {{"save.write_backs", StatType::kInteger, "times the file was found deleted or replaced and written back"}, [](const FigureSources& in) -> FigureValue { return i64(in.session.save.write_backs); }},
    {{"minecraft", StatType::kObjectOrNull, "the Minecraft world the ground is read from (`--minecraft`); null for generated ground"}, [](const FigureSources& in) -> FigureValue { return in.ground ? FigureValue{true} : FigureValue{}; }},
    {{"minecraft.name", StatType::kString, "its name: level.dat's LevelName, else the folder's or file's"}, [](const FigureSources& in) -> FigureValue { return in.ground->name(); }},
    {{"minecraft.path", StatType::kString, "the path it was opened from"}, [](const FigureSources& in) -> FigureValue { return in.ground->path(); }},
    {{"minecraft.regions", StatType::kInteger, "region files (.mca) it holds"}, [](const FigureSources& in) -> FigureValue { return i64(in.ground->region_count()); }},
    {{"minecraft.chunks_read", StatType::kInteger, "chunks read from its region files and decoded (a chunk loaded again counts again)"}, [](const FigureSources& in) -> FigureValue { return i64(in.minecraft.chunks_read); }},
    {{"minecraft.chunks_damaged", StatType::kInteger, "damaged chunks met (bad compression, wrong NBT, a palette index out of range, sectors past the end): each named once on stderr and the HUD, shown as missing"}, [](const FigureSources& in) -> FigureValue { return i64(in.minecraft.chunks_damaged); }},
    {{"minecraft.blocks.NAME", StatType::kString, "the Slotcraft block Minecraft block NAME became, for every name met in the chunks read (a waterlogged block as `NAME[waterlogged=true]`; before 1.13, the name Minecraft then gave the numeric id); assets/minecraft_blocks.txt decides (docs/formats.md)"}, [](const FigureSources& in) -> FigureValue { NamedStrings out; for (const auto& [name, block] : in.minecraft.blocks) out.emplace_back(name, block); return out; }},
    {{"minecraft.cells.exact", StatType::kInteger, "cells of the chunks read (the airs left out) whose name the table names exactly"}, [](const FigureSources& in) -> FigureValue { return i64(in.minecraft.cells[0]); }},
    {{"minecraft.cells.family", StatType::kInteger, "cells mapped by a family pattern (or waterlogged)"}, [](const FigureSources& in) -> FigureValue { return i64(in.minecraft.cells[1]); }},
    {{"minecraft.cells.fallback", StatType::kInteger, "cells of names no line matched: the fallback block"}, [](const FigureSources& in) -> FigureValue { return i64(in.minecraft.cells[2]); }},
    {{"minecraft.cells.dropped", StatType::kInteger, "cells of blocks that are not cubes (plants, rails, signs): air"}, [](const FigureSources& in) -> FigureValue { return i64(in.minecraft.cells[3]); }},
};
// clang-format on

}  // namespace

std::span<const Figure<FigureSources>> program_figures() { return kFigures; }

}  // namespace slotcraft
