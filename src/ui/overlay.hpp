#pragma once
// The Dear ImGui overlay: panels that read the stats structs of the other parts and own no
// state of the world. The only ImGui user besides the backend set-up in app/. F3 shows and
// hides it; each panel can be folded.
#include <cstdint>
#include <optional>
#include <string>

#include <glm/glm.hpp>

#include "cull/chunk_octree.hpp"
#include "ui/frame_times.hpp"
#include "gfx/instance_slots.hpp"
#include "world/raycast.hpp"
#include "world/world.hpp"

namespace slotcraft {

// Per-frame counts the overlay plots (allocations and frees of slots per frame).
struct AllocatorHistory {
    static constexpr int kHistory = 240;
    float allocations[kHistory] = {};
    float frees[kHistory] = {};
    int64_t count = 0;  // frames recorded; the newest is at (count - 1) % kHistory
};

// The renderer's figures, copied from gfx's stats so ui/ does not depend on gfx/.
struct RendererFigures {
    uint64_t buffer_slots = 0, buffer_bytes = 0, instance_bytes = 4, growths = 0;
    uint64_t upload_bytes_total = 0, upload_bytes_last_frame = 0, draw_bytes_last_frame = 0;
    uint64_t ring_bytes = 0, ring_used = 0, ring_waits = 0;
    uint64_t draw_commands = 0, draw_calls = 0, instances_drawn = 0;
};

// Everything the overlay shows, gathered by the App each frame (pointers stay valid for
// the frame).
struct OverlayView {
    const FrameTimes* frame = nullptr;
    std::string gl_renderer;
    const InstanceSlots* slots = nullptr;      // stats(), pages().page_masks(), chunk_of_page()
    RendererFigures renderer;
    const AllocatorHistory* allocator = nullptr;
    World::Stats world;
    std::string world_type;                    // "flat" or "terrain"
    uint64_t seed = 0;
    ChunkOctree::Stats cull;
    bool cull_frozen = false;
    bool show_boxes = false;
    glm::dvec3 camera{0.0};
    double yaw = 0.0, pitch = 0.0;
    std::optional<RayHit> target;
    std::optional<uint32_t> target_slot;
    int view_distance = 8;
    std::optional<ChunkCoord> highlighted_chunk;  // the chunk whose cubes are highlighted
};

// What the user changed in the overlay this frame; the App applies it.
struct OverlayActions {
    std::optional<int> view_distance;              // the slider moved
    std::optional<bool> cull_frozen;               // the freeze switch flipped
    std::optional<bool> show_boxes;                // the boxes switch flipped
    std::optional<std::optional<ChunkCoord>> highlight;  // a page cell was clicked (nullopt inside: cleared)
};

class Overlay {
public:
    OverlayActions draw(const OverlayView& view);
    bool visible = true;

private:
    int occupancy_zoom_ = 0;  // how far the Occupancy picture is zoomed in past "fit"
};

}  // namespace slotcraft
