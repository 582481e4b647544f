#pragma once
// Every key of the stats JSON, declared once with its type and its doc line: the one table the
// stats are written through (StatsWriter) and the key table of docs/stats.md is generated from
// (a unit test keeps the committed page equal to it). Pure C++; never depends on the parts.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace slotcraft {

class StatsJson;

// What a key holds, as docs/stats.md names it.
enum class StatType : uint8_t {
    kInteger,        // a JSON integer: a count
    kIntegerOrNull,  // an integer, or null while there is none
    kNumber,         // a JSON number with a fraction: a measurement
    kBool,
    kString,
    kStringOrNull,
    kStrings,       // an array of strings
    kIntegers,      // an array of integers (one a level: lod.*)
    kObjectOrNull,  // an object of the keys below it, or null while there is none
};
std::string_view stat_type_name(StatType type);  // "integer or null"

struct StatDecl {
    std::string_view key;  // dotted; NAME stands for a name the writer fills in
    StatType type;
    std::string_view doc;  // the meaning column of docs/stats.md
};

// [SECTION] the keys, in the order docs/stats.md lists them. Neighbours with the same type and
// doc line share one row of the page. Adding a key here and writing it is the whole change
// besides regenerating the page (docs/stats.md says how).

// clang-format off
inline constexpr StatDecl kStatKeys[] = {
    {"frame.count", StatType::kInteger, "frames rendered so far"},
    {"frame.ms_avg", StatType::kNumber, "average frame time over the last 240 frames (ms)"},
    {"frame.page_faults", StatType::kInteger, "minor page faults the whole process took during the last frame (every thread, the GL driver's included): memory touched for the first time, or again after the C library gave it back to the system; a settled frame of the release build takes none at the Craft pose ([benchmarks.md](benchmarks.md#the-vertex-stage)); -1 when the system cannot say"},
    {"frame.passes", StatType::kStrings, "the passes that ran in the last frame, in execution order (the pass graph's, [rendering.md](rendering.md#the-frame-as-a-pass-graph)): `opaque`, `water`, `lines`, `ui`, and `capture` in a frame that saved a PNG; while minimised only `ui` (and `capture`)"},
    {"gl.errors", StatType::kInteger, "GL errors reported by the debug output (0 when it is off)"},
    {"gl.warnings", StatType::kInteger, "other high or medium severity debug messages"},
    {"camera.x", StatType::kNumber, "eye position in blocks"},
    {"camera.y", StatType::kNumber, "eye position in blocks"},
    {"camera.z", StatType::kNumber, "eye position in blocks"},
    {"camera.yaw", StatType::kNumber, "view direction in degrees"},
    {"camera.pitch", StatType::kNumber, "view direction in degrees"},
    {"player.mode", StatType::kString, "`fly` or `walk`"},
    {"player.on_ground", StatType::kBool, "the player stands on a block"},
    {"hotbar.selected", StatType::kInteger, "the selected hotbar slot, 1..9"},
    {"hotbar.block", StatType::kString, "the block type in it"},
    {"clock.seconds", StatType::kNumber, "the program's own clock (seconds since the window opened) at the end of the last frame whose real time the player's steps have caught up to (`clock real`; an interactive run always)"},
    {"clock.steps", StatType::kInteger, "the player's fixed 1/60 s steps so far (one a frame under `clock fixed`, the scripts' default)"},
    {"window.width", StatType::kInteger, "framebuffer size of the last frame (0 while minimised)"},
    {"window.height", StatType::kInteger, "framebuffer size of the last frame (0 while minimised)"},
    {"world.type", StatType::kString, "`flat` or `terrain`"},
    {"world.seed", StatType::kInteger, "the world seed"},
    {"world.view_distance", StatType::kInteger, "chunks"},
    {"world.far_distance", StatType::kInteger, "chunks of coarse far terrain, 0 when off ([world.md](world.md#far-terrain))"},
    {"lod.levels", StatType::kInteger, "levels of detail in use: 1 (full detail only) when far terrain is off, else its top level + 1"},
    {"lod.chunks", StatType::kIntegers, "chunks with cubes to draw, one entry a level, level 0 first (level 0: the loaded chunks with cubes)"},
    {"lod.instances", StatType::kIntegers, "instances, one entry a level, level 0 first"},
    {"lod.stale", StatType::kInteger, "coarse chunks over an edit waiting to be made again (0 once settled)"},
    {"lod.pending", StatType::kInteger, "coarse chunks the rings want that are not made yet"},
    {"lod.cpu_ms_per_chunk", StatType::kNumber, "the far workers' CPU time per coarse chunk made, in milliseconds"},
    {"world.chunks_loaded", StatType::kInteger, "loaded chunks, air chunks included"},
    {"world.instances", StatType::kInteger, "exposed cubes (cubes that have an instance)"},
    {"stream.pending", StatType::kInteger, "chunks requested and not yet integrated"},
    {"stream.chunks_integrated", StatType::kInteger, "chunks streamed in since the start"},
    {"stream.chunks_unloaded", StatType::kInteger, "chunks streamed out since the start"},
    {"target", StatType::kObjectOrNull, "the block under the crosshair within reach; null when there is none"},
    {"target.x", StatType::kInteger, "its position"},
    {"target.y", StatType::kInteger, "its position"},
    {"target.z", StatType::kInteger, "its position"},
    {"target.type", StatType::kString, "its block type"},
    {"target.face", StatType::kString, "the face the ray hit: `+x -x +y -y +z -z`"},
    {"target.light_sky", StatType::kInteger, "0..15: the light of the cell in front of the targeted face, the cell that face is lit by ([light.md](light.md))"},
    {"target.light_block", StatType::kInteger, "0..15: the light of the cell in front of the targeted face, the cell that face is lit by ([light.md](light.md))"},
    {"target.slot", StatType::kIntegerOrNull, "its instance slot; null when it holds none"},
    {"light.cells_last", StatType::kInteger, "cells whose light the last edit changed"},
    {"light.ms_last", StatType::kNumber, "main-thread milliseconds of the last edit's relight (its removal and add passes)"},
    {"light.bytes", StatType::kInteger, "bytes of light arrays in loaded chunks (chunks of uniform light hold none)"},
    {"light.chunks_with_array", StatType::kInteger, "loaded chunks that hold a light array"},
    {"light.daylight", StatType::kNumber, "the daylight factor 0..1 (`--daylight`, `daylight F`, the overlay's slider)"},
    {"light.pages", StatType::kInteger, "chunks holding a GPU light page (their 18^3 light box is not one value; [light.md](light.md#light-pages))"},
    {"light.uniform_chunks", StatType::kInteger, "chunks with cubes whose light box is one value: no page, the value is in their page table entries"},
    {"light.gpu_bytes", StatType::kInteger, "bytes of the GPU light page buffer (5,832 a page; grows by a quarter)"},
    {"light.upload_bytes_last", StatType::kInteger, "light bytes the last edit operation queued for upload: 5,832 per whole page, 8 per changed byte"},
    {"stream.frames_to_settle", StatType::kIntegerOrNull, "frames rendered from the last `camera` command (or the start) until nothing was pending; null while still streaming"},
    {"stream.budget_ms", StatType::kNumber, "the main-thread streaming budget a frame (`--stream-budget-ms`)"},
    {"stream.workers", StatType::kInteger, "generation worker threads"},
    {"stream.queued", StatType::kInteger, "generation jobs no worker has started"},
    {"stream.plan_left", StatType::kInteger, "view offsets the planner has still to visit (0 once it has walked the whole view)"},
    {"stream.chunks_uniform", StatType::kInteger, "loaded chunks of one block type (sky, deep stone): no block storage"},
    {"stream.chunks_unshown", StatType::kInteger, "loaded chunks not shown yet: a neighbour in view is still loading (docs/world.md \"Shown when its neighbours are in\"); 0 once settled"},
    {"stream.chunks_with_cubes", StatType::kInteger, "loaded chunks with at least one exposed cube"},
    {"stream.storage_bytes", StatType::kInteger, "what the loaded chunks keep: the chunk objects, their block and mask arrays, their edits"},
    {"stream.order_bytes", StatType::kInteger, "the planner's nearest-first offset table"},
    // The cpu.* stages, in kStageNames' order (ui/stage_times.hpp): app_stats.cpp checks it.
    {"cpu.stream_ms", StatType::kNumber, "the last frame's main-thread CPU time streaming: the world's planning, drops and integration, and the slot work of what it loaded"},
    {"cpu.cull_ms", StatType::kNumber, "culling: octree tracking, the frustum query, the near-to-far order, the draw ranges"},
    {"cpu.slots_ms", StatType::kNumber, "slot bookkeeping: compaction, the frame's slot figures"},
    {"cpu.upload_ms", StatType::kNumber, "landing the frame's slot work on the GPU (page table, copies, scatter)"},
    {"cpu.draw_ms", StatType::kNumber, "draw submission: the indirect commands, the multi-draw, lines, the end of the frame (on llvmpipe, the rasteriser's share of the main thread too)"},
    {"cpu.ui_ms", StatType::kNumber, "overlay and HUD: ImGui's frame, the panels, their draw"},
    {"cpu.stream_ms_max", StatType::kNumber, "the largest `cpu.stream_ms` of any frame so far"},
    {"edit.cells_last", StatType::kInteger, "cells the last edit operation changed (a single edit: 1 or 0)"},
    {"edit.instance_writes_last", StatType::kInteger, "slot writes it queued (one per slot: a slot freed and reused in the same batch is one write)"},
    {"edit.ms_last", StatType::kNumber, "main-thread milliseconds from the command to every slot write queued (the batch, the slot bookkeeping, queuing the world file's records, the undo step excluded)"},
    {"undo.depth", StatType::kInteger, "undo steps in the journal"},
    {"redo.depth", StatType::kInteger, "redo steps (cleared by a new edit)"},
    {"undo.bytes", StatType::kInteger, "memory the undo and redo steps hold (bounded by `--undo-mib`)"},
    {"region", StatType::kObjectOrNull, "the edit region; null when none is set"},
    {"region.x1", StatType::kInteger, "its minimum cell"},
    {"region.y1", StatType::kInteger, "its minimum cell"},
    {"region.z1", StatType::kInteger, "its minimum cell"},
    {"region.x2", StatType::kInteger, "its maximum cell"},
    {"region.y2", StatType::kInteger, "its maximum cell"},
    {"region.z2", StatType::kInteger, "its maximum cell"},
    {"region.cells", StatType::kInteger, "cells in it"},
    {"clipboard.cells", StatType::kInteger, "cells in the clipboard (0: empty)"},
    {"edit.paste_air", StatType::kBool, "the paste-air switch: true, a paste writes the clipboard's air too; false (the default), its air leaves what is under it (script `paste-air on` or `off`, the Edit panel, the `paste_air` key)"},
    {"hud.message", StatType::kString, "the HUD's message line as last set: what the last operation did or why it was refused, one line with its size (\"filled 24 cells with stone\", \"undid fill of 24 cells\", \"cannot paste: nothing copied yet ...\"); a newer message replaces it; empty before the first. It shows under the crosshair for 150 frames, overlay on or off"},
    {"files.import_ms_last", StatType::kNumber, "wall milliseconds of the last `import` (read the file, parse it, map its blocks, fill the clipboard); 0 before the first ([formats.md](formats.md))"},
    {"files.export_ms_last", StatType::kNumber, "wall milliseconds of the last `export` (read the region, encode, write the file); 0 before the first"},
    {"files.message_last", StatType::kStringOrNull, "what the last export or import said (\"exported 64 by 40 by 64 (163,840 cells, 12 block types) to castle.vox\"); null before the first"},
    {"slots.taken", StatType::kInteger, "live instances"},
    {"slots.pages", StatType::kInteger, "pages of 64 slots owned by chunks"},
    {"slots.high_water", StatType::kInteger, "one past the highest live slot"},
    {"slots.gaps", StatType::kInteger, "free slots below the high-water mark"},
    {"slots.capacity", StatType::kInteger, "slots addressable before the page tree grows a level"},
    {"slots.chunks", StatType::kInteger, "chunks with at least one instance"},
    {"slots.moves", StatType::kInteger, "instances moved by compaction so far"},
    {"buffer.slots", StatType::kInteger, "slots the GPU instance buffer holds"},
    {"buffer.bytes", StatType::kInteger, "bytes of the instance buffer (slots x instance bytes)"},
    {"buffer.instance_bytes", StatType::kInteger, "bytes per instance (8; [light.md](light.md) has the bits)"},
    {"buffer.growths", StatType::kInteger, "times the buffer doubled"},
    {"buffer.corner_bytes", StatType::kInteger, "bytes of the faces' corners beside the instances (48 a slot: each face's corner light and occlusion, worked out on the GPU when a page's cubes or light change; [rendering.md](rendering.md#the-vertex-stage))"},
    {"upload.bytes_total", StatType::kInteger, "instance data uploaded so far"},
    {"upload.bytes_last_frame", StatType::kInteger, "instance data uploaded in the last frame"},
    {"upload.draw_bytes_last_frame", StatType::kInteger, "indirect draw commands uploaded in the last frame"},
    {"upload.table_bytes_last_frame", StatType::kInteger, "page table entries (chunk of each page) uploaded in the last frame"},
    {"upload.writes_last_frame", StatType::kInteger, "slot writes landed last frame, and how: one buffer copy each, or compute dispatches"},
    {"upload.copies_last_frame", StatType::kInteger, "slot writes landed last frame, and how: one buffer copy each, or compute dispatches"},
    {"upload.dispatches_last_frame", StatType::kInteger, "compute dispatches last frame: the slot writes' scatter (writes past 16 in a frame), the light bytes' scatter, and the face corners (one per window of the corner buffer that holds a changed page)"},
    {"upload.pages_cleared_last_frame", StatType::kInteger, "pages cleared on the GPU last frame (pages of chunks that unloaded)"},
    {"upload.corner_pages_last_frame", StatType::kInteger, "pages whose faces' corners were worked out again last frame (pages written to, handed out, or of a chunk whose light changed); nothing is uploaded for them but the page numbers"},
    {"ring.bytes", StatType::kInteger, "staging ring size"},
    {"ring.used", StatType::kInteger, "bytes the GPU has not released yet"},
    {"ring.waits", StatType::kInteger, "times the CPU waited for a fence to make room (0 in steady state)"},
    {"draw.commands", StatType::kInteger, "indirect commands in the last frame (one per run of a visible chunk's pages)"},
    {"draw.calls", StatType::kInteger, "multi-draw calls in the last frame (1 unless the ring is too small for the commands; 2 with far terrain: the near world and the far rings, [rendering.md](rendering.md#far-terrain))"},
    {"draw.instances", StatType::kInteger, "slots the commands cover"},
    {"draw.corners", StatType::kInteger, "vertex ids the opaque commands reach: 4 corners a face on each axis of a run's index table, 12 a cube when all three ([rendering.md](rendering.md#the-vertex-stage)); the vertex shader runs this many, bar a few a cache batch repeats"},
    {"draw.translucent_commands", StatType::kInteger, "indirect commands of the last frame's water pass (one per run of a visible chunk's water pages, ordered far to near; drawn by one multi-draw)"},
    {"draw.translucent_instances", StatType::kInteger, "slots those commands cover"},
    {"gpu.vertex_invocations", StatType::kInteger, "vertex shader runs of the opaque passes (the near world and the far rings) of the newest frame whose query result was ready (-1 before any, or without ARB_pipeline_statistics_query)"},
    {"gpu.samples_passed", StatType::kInteger, "samples that passed, same frame"},
    {"look.texture_warnings", StatType::kInteger, "texture layers showing the checkerboard"},
    {"cull.chunks", StatType::kInteger, "chunks in the octree"},
    {"cull.chunks_visible", StatType::kInteger, "chunks the last query kept"},
    {"cull.nodes_visited", StatType::kInteger, "octree nodes the last query reached"},
    {"cull.us", StatType::kNumber, "the last query's time in microseconds"},
    {"cull.sort_us", StatType::kNumber, "the last frame's near-to-far ordering of the visible chunks, in microseconds"},
    {"cull.frozen", StatType::kBool, "the culling frustum is frozen"},
    {"cull.runs_turned_away", StatType::kInteger, "slot runs of visible chunks not drawn last frame because every face their cubes have turns away from the eye (the chunk lies wholly on the other side; [rendering.md](rendering.md#the-vertex-stage))"},
    {"cull.axes_turned_away", StatType::kInteger, "axes left out of the visible chunks' runs last frame for the same reason, the dropped runs' axes included (each saves 4 vertex runs a cube)"},
    {"overlay.visible", StatType::kBool, "the overlay is shown (F3, `overlay on`)"},
    {"overlay.panels.NAME.x", StatType::kNumber, "where panel NAME (`frame`, `buffer`, `allocator`, `world`, `occupancy`, `culling`, `edit`, `settings`) was drawn in the last frame the overlay was shown, in pixels from the window's top-left corner; only while the overlay is shown"},
    {"overlay.panels.NAME.y", StatType::kNumber, "where panel NAME (`frame`, `buffer`, `allocator`, `world`, `occupancy`, `culling`, `edit`, `settings`) was drawn in the last frame the overlay was shown, in pixels from the window's top-left corner; only while the overlay is shown"},
    {"overlay.panels.NAME.width", StatType::kNumber, "where panel NAME (`frame`, `buffer`, `allocator`, `world`, `occupancy`, `culling`, `edit`, `settings`) was drawn in the last frame the overlay was shown, in pixels from the window's top-left corner; only while the overlay is shown"},
    {"overlay.panels.NAME.height", StatType::kNumber, "where panel NAME (`frame`, `buffer`, `allocator`, `world`, `occupancy`, `culling`, `edit`, `settings`) was drawn in the last frame the overlay was shown, in pixels from the window's top-left corner; only while the overlay is shown"},
    {"overlay.panels.NAME.open", StatType::kBool, "the panel is unfolded (false: folded to its title bar, by the user or to make room)"},
    {"save", StatType::kObjectOrNull, "the world file; null when nothing is saved"},
    {"save.file", StatType::kString, "its path"},
    {"save.edits_recorded", StatType::kInteger, "edits recorded for it"},
    {"save.edits_committed", StatType::kInteger, "edits committed to it"},
    {"save.pending", StatType::kInteger, "edits recorded and not committed yet, the batch being committed included"},
    {"save.state", StatType::kString, "`ok`; `retrying`: the last commit failed and its edits wait in memory; `failed`: the last try at the end ran out"},
    {"save.error", StatType::kStringOrNull, "the reason of the last failed commit while the state is not `ok`, else null"},
    {"save.commit_failures", StatType::kInteger, "commits that failed"},
    {"save.write_backs", StatType::kInteger, "times the file was found deleted or replaced and written back"},
};
// clang-format on

// [SECTION] naming a key in code

// A declared key, named by its index in kStatKeys.
struct StatKey {
    std::size_t index;
};

// The key written `key`, found at compile time: a key that is not declared in kStatKeys does
// not compile ("stat: the key is not declared in kStatKeys"), so every key written is documented.
consteval StatKey stat(std::string_view key) {
    for (std::size_t i = 0; i < std::size(kStatKeys); ++i) {
        if (kStatKeys[i].key == key) return StatKey{i};
    }
    throw "stat: the key is not declared in kStatKeys (src/app/stats_keys.hpp); declare it with its doc line";
}

// [SECTION] writing

// Writes declared keys into a StatsJson, checking each value against the key's declared type
// (a mismatch is a bug: the page would promise another type than the file holds).
class StatsWriter {
public:
    explicit StatsWriter(StatsJson& json) : json_(json) {}

    void set(StatKey key, int64_t value);
    void set(StatKey key, int value) { set(key, static_cast<int64_t>(value)); }
    void set(StatKey key, uint64_t value) { set(key, static_cast<int64_t>(value)); }
    void set(StatKey key, double value);
    void set(StatKey key, bool value);
    void set(StatKey key, const std::string& value);
    void set(StatKey key, const char* value) { set(key, std::string(value)); }
    void set(StatKey key, const std::vector<std::string>& values);
    void set(StatKey key, const std::vector<int64_t>& values);
    void set_null(StatKey key);
    // A key with NAME in it ("overlay.panels.NAME.x"), NAME replaced by `name`.
    void set(StatKey key, std::string_view name, double value);
    void set(StatKey key, std::string_view name, bool value);

private:
    StatsJson& json_;
};

// [SECTION] the page

// The key table of docs/stats.md (its header and one line a row, each ending in '\n'), made
// from kStatKeys.
std::string stats_doc_table();

}  // namespace slotcraft
