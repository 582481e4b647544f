#pragma once
// The occlusion walk (docs/culling.md "Occlusion: the walk through open faces"): each frame,
// breadth first from the eye's chunk to its neighbours, only outward from the eye, only into
// chunks the frustum keeps, and out of a chunk only by a face that a face it was entered by
// links to through open cells (Chunk::face_links). A chunk it does not reach cannot be seen:
// every line of sight from the eye passes chunks in such a chain. No GL: unit-tested.
#include "cull/frustum.hpp"
#include "world/coords.hpp"
#include "world/visibility.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

namespace slotcraft {

// What the walk knows of a chunk.
struct WalkChunk {
    // Sight passes it freely: not loaded, loaded but not drawn yet (waiting for a neighbour),
    // or in a column a far ring draws instead. Nothing of it is on the screen to stop a view.
    bool open = true;
    FaceLinks links = kAllFacesLinked;  // its graph, when not open
};

// Where the walk finds the chunks: by the source's own handles (the loaded chunks' entries),
// so it can follow its neighbour links instead of a table, and fetch ahead of the walk. The
// walk's time is almost all waiting for memory: each chunk it enters is two cache misses
// (entry and chunk), hidden by asking for them ahead.
class WalkSource {
public:
    static constexpr uint32_t kNone = UINT32_MAX;
    virtual ~WalkSource() = default;
    // The handle of chunk c (kNone: not loaded), entered from the chunk of handle `from`
    // (kNone: the eye's chunk, or from a chunk not loaded) through `from`'s face `face`.
    virtual uint32_t find(const ChunkCoord& c, uint32_t from, Face face) const = 0;
    // A hint that chunk(id) will be asked soon: depth 0 sixteen chunks before (fetch the
    // handle's own record), depth 1 eight before (what that record points to).
    virtual void prefetch(uint32_t id, int depth) const {
        (void)id;
        (void)depth;
    }
    // What the walk knows of the chunk of handle `id` (not kNone), at c.
    virtual WalkChunk chunk(uint32_t id, const ChunkCoord& c) const = 0;
};

class OcclusionWalk {
public:
    // Walks from `eye_chunk` (inside the world's layers) over the chunks of the world's layers
    // whose column is within view_distance + 1 of the eye's column. The chunks around the
    // eye's chunk (one step each way) are entered whatever the frustum says: the near plane
    // lies inside them.
    void walk(glm::ivec3 eye_chunk, const Frustum& frustum, int view_distance, const WalkSource& source);
    // This frame the walk hides nothing (it is off, or the eye sees through rock).
    void reach_everything() { active_ = false; }

    // Whether the last walk reached chunk `c` (always true while it hides nothing).
    bool reached(glm::ivec3 c) const;
    bool hides_anything() const { return active_; }
    std::size_t chunks_reached() const { return active_ ? queue_.size() : 0; }

private:
    static constexpr uint16_t kEntered = 0x3F;  // face bits it was entered by
    static constexpr uint16_t kReached = 0x40;
    static constexpr uint16_t kOutsideFrustum = 0x80;
    // Entered from a chunk that is not drawn (WalkChunk::open): the faces of this chunk's
    // border cubes toward it are hidden where its cells are opaque, so a view through the
    // undrawn chunk sees into this one's rock and through it. Such a chunk is left by every
    // face, and passes the state on.
    static constexpr uint16_t kThroughOpen = 0x100;
    bool in_grid(glm::ivec3 c) const;
    std::size_t cell(glm::ivec3 c) const;

    bool active_ = false;
    glm::ivec3 eye_{0};
    int radius_ = 0;               // the grid reaches this many columns each way
    int side_ = 0;                 // 2 radius + 1
    int64_t disc_ = 0;             // the walk's columns: dx^2 + dz^2 <= disc_^2
    std::vector<uint16_t> state_;  // per chunk of the grid: kEntered bits, kReached, ...
    struct Reached {
        glm::ivec3 coord;
        uint32_t id;  // the source's handle, or WalkSource::kNone
    };
    std::vector<Reached> queue_;  // every chunk reached, in the order reached
};

}  // namespace slotcraft
