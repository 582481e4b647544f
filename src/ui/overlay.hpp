#pragma once
// The Dear ImGui overlay: panels that read the stats structs of the other parts and own no
// state of the world. ImGui's backends live in gfx/ (OpenGL) and app/ (GLFW). F3 shows and
// hides it; each panel can be folded. Where the panels go is overlay_layout.hpp's business.
#include <cstdint>
#include <array>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "cull/chunk_octree.hpp"
#include "edit/edit_request.hpp"
#include "gfx/cube_renderer.hpp"
#include "slots/instance_slots.hpp"
#include "slots/pass_graph.hpp"
#include "ui/frame_times.hpp"
#include "ui/history.hpp"
#include "ui/overlay_layout.hpp"
#include "ui/stage_times.hpp"
#include "world/raycast.hpp"
#include "world/region.hpp"
#include "world/world.hpp"

namespace slotcraft {

// Per-frame counts the overlay plots (allocations and frees of slots per frame).
struct AllocatorHistory {
    static constexpr int kHistory = 240;
    History<float, kHistory> allocations;  // slots taken a frame
    History<float, kHistory> frees;        // slots freed a frame

    // Records one frame from the slot counters' running totals.
    void record(uint64_t allocations_total, uint64_t frees_total);

private:
    uint64_t allocations_seen_ = 0, frees_seen_ = 0;  // the totals at the last record
};

// The Settings panel: the values it changes live and their ranges (the App fills them from
// config/settings.hpp, which the settings file is checked against too).
struct SettingsView {
    double fov = 70.0;  // degrees, vertical
    double fov_min = 30.0, fov_max = 120.0;
    double mouse_sensitivity = 1.0;  // a factor of the default mouse speed
    double mouse_sensitivity_min = 0.1, mouse_sensitivity_max = 10.0;
    int view_distance_min = 1, view_distance_max = 64;
    std::string file;  // where they are written back at exit; empty: never (scripted runs)
};

// Everything the overlay shows, gathered by the App each frame (pointers stay valid for
// the frame).
struct OverlayView {
    const FrameTimes* frame = nullptr;
    const StageTimes* stages = nullptr;  // the main thread's CPU time per stage
    std::string gl_renderer;
    std::vector<PassGraph::RanPass> passes;  // the last frame's passes, in order, with CPU time
    const InstanceSlots* slots = nullptr;    // stats(), page_allocator().page_masks(), chunk_of_page()
    gfx::CubeRenderer::Stats renderer;
    const AllocatorHistory* allocator = nullptr;
    World::Stats world;
    std::string world_type;       // "flat" or "terrain"
    std::string minecraft_world;  // the Minecraft world the ground is read from ("": generated)
    uint64_t seed = 0;
    ChunkOctree::Stats cull;
    bool cull_frozen = false;
    bool show_boxes = false;
    bool occlusion = true;         // the occlusion walk's switch
    uint64_t occluded_chunks = 0;  // chunks the frustum kept that the walk hid last frame
    glm::dvec3 camera{0.0};
    double yaw = 0.0, pitch = 0.0;
    std::optional<RayHit> target;
    std::optional<uint32_t> target_slot;
    std::optional<uint8_t> target_light;  // of the cell in front of the targeted face (sky << 4 | block)
    int view_distance = kDefaultViewDistance;
    FarTerrain::Stats far;  // the far terrain's rings (docs/world.md "Far terrain")
    double daylight = 1.0;
    std::optional<ChunkCoord> highlighted_chunk;  // the chunk whose cubes are highlighted
    SettingsView settings;
    overlay_layout::Rect hotbar;  // where the HUD drew the hotbar (last frame); panels stay off it
    // The Edit panel: the region, the clipboard, the undo journal.
    std::optional<Region> region;
    glm::ivec3 clipboard_size{0};
    std::size_t undo_depth = 0, redo_depth = 0, undo_bytes = 0;
    std::string mask = "none";  // the editor's mask (Mask::describe)
    std::string brush = "off";  // the editor's brush ("sphere r 2"), symmetry after it
    std::string save;           // the World panel's save line: "ok, 0 pending, 12 saved" (empty: nothing is saved)
};

// What the user changed in the overlay this frame; the App applies it.
struct OverlayActions {
    std::optional<int> view_distance;                    // a view distance slider moved
    std::optional<int> far_distance;                     // the far distance slider moved (or `far-distance N`)
    std::optional<double> daylight;                      // the daylight slider moved
    std::optional<double> fov;                           // the Settings panel's field of view moved
    std::optional<double> mouse_sensitivity;             // the Settings panel's mouse speed moved
    std::optional<bool> cull_frozen;                     // the freeze switch flipped
    std::optional<bool> show_boxes;                      // the boxes switch flipped
    std::optional<bool> occlusion;                       // the occlusion switch flipped
    std::optional<std::optional<ChunkCoord>> highlight;  // a page cell was clicked (nullopt inside: cleared)
    std::optional<EditRequest> edit;                     // an Edit panel button was pressed
    std::optional<BuildFileRequest> build_file;          // the Edit panel's export or import button
};

// Where one control or value of a panel was drawn (ImGui's item rectangle), for the layout
// record (`record-layout`, docs/scripting.md).
struct ItemPlacement {
    std::string id;  // unique within its panel: "view_distance", "paste", "chunks", ...
    overlay_layout::Rect rect;
};

// Where a panel was drawn in the last frame the overlay was shown (the stats JSON reports it).
struct PanelPlacement {
    std::string key;  // "frame", "buffer", ...: its name in the stats JSON
    overlay_layout::Rect rect;
    bool open = true;                  // false: folded to its title bar
    std::vector<ItemPlacement> items;  // its controls and values, top to bottom (none while folded)
};

class Overlay {
public:
    OverlayActions draw(const OverlayView& view);
    // The panels of the last frame drawn, in the order of the panel table.
    const std::vector<PanelPlacement>& placements() const { return placed_; }
    // The last frame's layout as one line of JSON (`record-layout`, docs/scripting.md): the
    // window, its size class and scale, every panel with its items, and `hud`: the HUD's
    // parts drawn in the frame (HudPlacement::named).
    std::string layout_json(std::span<const overlay_layout::NamedRect> hud = {}) const;
    // The room between the last frame's panel columns (the width right of the panels when
    // they stand in one column), a gap from each, the window's height: where the HUD's texts
    // go while the panels show. Narrower than a text can use in a tiny window (draw_hud then
    // uses the whole window).
    overlay_layout::Rect room_between_panels() const;
    // Whether the last frame drawn showed the panels (false: the first frame in a size class,
    // which reads the fold states and measures, drawn invisible).
    bool shown() const { return shown_; }
    // The size class of the last frame drawn (overlay_layout::size_class).
    overlay_layout::SizeClass size_class() const { return class_; }
    // The Edit panel's file field: what the export key (Ctrl+E) writes.
    std::string build_path() const { return build_path_.data(); }
    bool visible = true;

    // What the overlay remembers of one panel in one size class.
    struct PanelState {
        bool seen = false;       // drawn once: ImGui's own first fold state has been read
        bool wants_open = true;  // the user has not folded it (the layout may still fold it)
        int64_t opened_at = 0;   // when the user last unfolded it (0: never); the latest stays open
    };
    // The fold state of every panel in one size class, kept apart per class so that folds made
    // in a small window do not follow the user into a large one.
    struct ClassState {
        std::vector<PanelState> panels;  // one per row of the panel table (overlay.cpp)
        int64_t opens = 0;               // panels unfolded by the user so far
    };
    // A panel's open height, measured from its rows at one width and scale (never from its
    // figures: the rows are fixed, so the height is too).
    // A panel's height, measured at a width, a scale and the font size ImGui drew with (the
    // font size too: a height measured at another font size is never kept).
    struct Measure {
        float width = 0.0f, scale = 0.0f, font = 0.0f;
        float height = 0.0f;
    };

private:
    // Where the panels go this frame: placed at their measured heights (measured first where
    // a width or the scale is new).
    overlay_layout::Layout place_panels(const overlay_layout::Screen& screen, const std::vector<PanelState>& folds,
                                        const OverlayView& view);
    void measure_panels(const std::vector<float>& widths, const OverlayView& view);

    std::map<std::string, ClassState> classes_;  // by size class name
    overlay_layout::SizeClass class_;
    overlay_layout::Rect window_;    // the last frame's work area (its size)
    std::vector<Measure> measures_;  // one per row of the panel table
    bool shown_ = false;             // the last frame drawn showed the panels
    int occupancy_zoom_ = 0;         // how far the Occupancy picture is zoomed in past "fit"
    std::vector<PanelPlacement> placed_;
    int edit_block_ = 3;                             // the Edit panel's block chooser (a BlockType value: stone)
    std::array<char, 512> build_path_{"build.vox"};  // the Edit panel's file to export to or import
    int edit_from_ = 0;                              // and the block `replace` replaces (air)
    bool edit_hollow_ = false;                       // the Build window's "hollow shapes" checkbox
    bool build_open_ = false;                        // the Build window shows
};

}  // namespace slotcraft
