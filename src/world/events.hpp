#pragma once
// What the world tells the renderer: which cubes have an instance (position, type, mask of
// visible faces), as bulk lists for chunks that load and as short change lists for edits
// and border fix-ups. This stream is the ONLY way the renderer learns about instances.
// Plain C++20; never depends on GL.
#include "world/block.hpp"
#include "world/coords.hpp"

#include <array>
#include <cassert>
#include <cstdint>
#include <utility>
#include <vector>

namespace slotcraft {

// A reference to a loaded chunk: the index of its entry in the world's chunk table plus the
// entry's generation. When the chunk unloads the generation moves on, so an old handle is
// detected (World::chunk returns nullptr), never followed to whatever chunk reuses the entry.
struct ChunkHandle {
    uint32_t index = UINT32_MAX;
    uint32_t generation = 0;
    friend constexpr bool operator==(const ChunkHandle&, const ChunkHandle&) = default;
};

// The 20 cells that touch a cube along an edge or at a corner (two or three non-zero
// offsets), numbered in the order y, then z, then x run from -1 to 1. The corner of a
// face is occluded by three of them (side, side, corner), so their opacity bits give the
// occlusion of every corner of every face. shaders/cube.vert holds the same numbering
// (kOccluderBit; a test compares them).
inline constexpr int kOccluderCount = 20;
constexpr int occluder_bit(int dx, int dy, int dz) {
    int k = 0;
    for (int y = -1; y <= 1; ++y)
        for (int z = -1; z <= 1; ++z)
            for (int x = -1; x <= 1; ++x) {
                if ((x != 0) + (y != 0) + (z != 0) < 2) continue;
                if (x == dx && y == dy && z == dz) return k;
                ++k;
            }
    return -1;  // a face neighbour or the cube itself
}

// How an instance is lit (docs/light.md): the opacity of the edge and corner neighbours
// that the visible faces' corners use, and the light of the cells the visible faces face,
// as one sky and one block level (the brightest over those faces) with one bit per face
// and channel saying whether the face shows that level or 0.
struct CubeShade {
    uint32_t occluders = 0;   // bit occluder_bit(d): the cell at offset d is opaque
    uint8_t sky = 0;          // 0..15
    uint8_t block = 0;        // 0..15
    uint8_t sky_faces = 0;    // bit f: face f shows `sky`
    uint8_t block_faces = 0;  // bit f: face f shows `block`
    friend constexpr bool operator==(const CubeShade&, const CubeShade&) = default;
};

// One exposed cube of a chunk: local index (0..4095, see local_index), type, face mask
// (bit i = Face i visible; never 0 for an instance), and its shade.
struct CubeInstance {
    uint16_t index = 0;
    BlockType type = BlockType::kAir;
    uint8_t face_mask = 0;
    CubeShade shade;
    friend constexpr bool operator==(const CubeInstance&, const CubeInstance&) = default;
};

struct InstanceChange {
    enum class Kind : uint8_t {
        kAdded,    // the cube gained an instance
        kRemoved,  // the cube lost its instance (type: the type it had, face_mask 0)
        kChanged,  // the cube keeps its instance; type, face_mask and/or shade may have changed
    };
    Kind kind = Kind::kAdded;
    ChunkCoord chunk;
    uint16_t index = 0;
    BlockType type = BlockType::kAir;
    uint8_t face_mask = 0;
    CubeShade shade;
    friend constexpr bool operator==(const InstanceChange&, const InstanceChange&) = default;
};

// The instance changes of one edit: the block, its neighbours whose faces changed, and the
// cubes whose light or occlusion changed with it (up to a few thousand around a lamp).
class EditChanges {
public:
    EditChanges() = default;
    explicit EditChanges(std::vector<InstanceChange> items) : items_(std::move(items)) {}
    void push(const InstanceChange& c) { items_.push_back(c); }
    const InstanceChange* begin() const { return items_.data(); }
    const InstanceChange* end() const { return items_.data() + items_.size(); }
    std::size_t size() const { return items_.size(); }
    bool empty() const { return items_.empty(); }
    const InstanceChange& operator[](std::size_t i) const {
        assert(i < items_.size() && "EditChanges index out of range");
        return items_[i];
    }

private:
    std::vector<InstanceChange> items_;
};

struct ChunkLoaded {
    ChunkHandle handle;
    ChunkCoord coord;
    std::vector<CubeInstance> instances;  // every instance of the chunk, ascending index
};

// What World::update (and load_now / unload_now) produced. Apply in this order:
// 1. unloaded: all of these chunks' instances are gone;
// 2. loaded: these chunks' complete instance lists (already fixed up against their
//    neighbours, including those loaded in the same batch);
// 3. changes: border fix-ups of chunks that were loaded before this batch and still are
//    (at most one change per cube, relative to what the renderer had before the batch).
struct WorldEvents {
    std::vector<ChunkCoord> unloaded;
    std::vector<ChunkLoaded> loaded;
    std::vector<InstanceChange> changes;

    bool empty() const { return unloaded.empty() && loaded.empty() && changes.empty(); }
    void clear() {
        unloaded.clear();
        loaded.clear();
        changes.clear();
    }
};

}  // namespace slotcraft
