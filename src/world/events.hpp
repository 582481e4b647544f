#pragma once
// What the world tells the renderer: which cubes have an instance (position, type, mask of
// visible faces), as bulk lists for chunks that load and as short change lists for edits
// and border fix-ups. This stream is the ONLY way the renderer learns about instances.
// Plain C++20; never depends on GL.
#include "world/block.hpp"
#include "world/coords.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <iterator>
#include <tuple>
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
// (kOccluderCells; a test compares them).
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

// How an instance is shaded (docs/light.md): the opacity of the edge and corner neighbours
// that the visible faces' corners use. The light itself reaches the GPU through the light
// pages (LightEvents below), read per corner by the shader.
struct CubeShade {
    uint32_t occluders = 0;  // bit occluder_bit(d): the cell at offset d is opaque
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

// [SECTION] light boxes (docs/light.md "Light pages")

// A chunk's light box: its 16^3 cells plus a one-cell apron from its 26 neighbours, 18^3
// bytes (pack_light: sky << 4 | block), indexed like local_index with every coordinate
// one higher (-1..16 -> 0..17): x first, then z, then y. shaders/cube.vert reads the same.
inline constexpr int kLightBoxSize = 18;
inline constexpr int kLightBoxVolume = kLightBoxSize * kLightBoxSize * kLightBoxSize;  // 5832
constexpr uint16_t light_box_index(int x, int y, int z) {
    return static_cast<uint16_t>((x + 1) + kLightBoxSize * (z + 1) + kLightBoxSize * kLightBoxSize * (y + 1));
}
constexpr glm::ivec3 light_box_position(uint16_t b) {
    return {b % kLightBoxSize - 1, b / (kLightBoxSize * kLightBoxSize) - 1, (b / kLightBoxSize) % kLightBoxSize - 1};
}

// What the renderer must hold for a chunk with cubes to draw: either one value (every
// cell of the box that lets light through has it: no page needed) or the whole box.
struct ChunkLightBox {
    ChunkCoord chunk;
    uint8_t uniform = 0;         // the value, when `cells` is empty
    std::vector<uint8_t> cells;  // kLightBoxVolume bytes, or empty: uniform
};

// One byte of a chunk's box (a chunk that holds a whole box) changed.
struct LightCellChange {
    ChunkCoord chunk;
    uint16_t box_index = 0;  // light_box_index
    uint8_t light = 0;
    friend constexpr bool operator==(const LightCellChange&, const LightCellChange&) = default;
};

// The light part of a batch. Apply after the instance events, in this order: `dropped`
// (these chunks have nothing to draw any more: forget their box), `boxes` (the chunk's box
// is now this: replaces what was held), `cells` (bytes of chunks that hold a whole box).
// The box of an unloaded chunk goes with WorldEvents::unloaded. Cells that do not let light
// through are never read by the shader: their bytes may be stale (a neighbour unloaded).
struct LightEvents {
    std::vector<ChunkCoord> dropped;
    std::vector<ChunkLightBox> boxes;
    std::vector<LightCellChange> cells;
    bool empty() const { return dropped.empty() && boxes.empty() && cells.empty(); }
    void clear() {
        dropped.clear();
        boxes.clear();
        cells.clear();
    }
    // Adds a later batch's events so that applying the sum in the order above gives what
    // applying both batches one after the other gives: what the later batch drops or
    // replaces of a chunk makes everything earlier about that chunk moot.
    void append(LightEvents&& later) {
        std::vector<ChunkCoord> reset = later.dropped;
        for (const ChunkLightBox& b : later.boxes) reset.push_back(b.chunk);
        if (!reset.empty()) {
            auto key = [](const ChunkCoord& c) { return std::tie(c.x, c.y, c.z); };
            std::sort(reset.begin(), reset.end(),
                      [&](const ChunkCoord& a, const ChunkCoord& b) { return key(a) < key(b); });
            auto moot = [&](const ChunkCoord& c) {
                return std::binary_search(reset.begin(), reset.end(), c,
                                          [&](const ChunkCoord& a, const ChunkCoord& b) { return key(a) < key(b); });
            };
            std::erase_if(dropped, moot);
            std::erase_if(boxes, [&](const ChunkLightBox& b) { return moot(b.chunk); });
            std::erase_if(cells, [&](const LightCellChange& c) { return moot(c.chunk); });
        }
        dropped.insert(dropped.end(), later.dropped.begin(), later.dropped.end());
        std::move(later.boxes.begin(), later.boxes.end(), std::back_inserter(boxes));
        cells.insert(cells.end(), later.cells.begin(), later.cells.end());
    }
};

// The instance changes of one edit: the block, its neighbours whose faces changed, and the
// cubes around a cell whose opacity changed (their occlusion); the light goes in light().
class EditChanges {
public:
    EditChanges() = default;
    explicit EditChanges(std::vector<InstanceChange> items, LightEvents light = {})
        : items_(std::move(items)), light_(std::move(light)) {}
    void push(const InstanceChange& c) { items_.push_back(c); }
    const InstanceChange* begin() const { return items_.data(); }
    const InstanceChange* end() const { return items_.data() + items_.size(); }
    std::size_t size() const { return items_.size(); }
    bool empty() const { return items_.empty(); }
    const InstanceChange& operator[](std::size_t i) const {
        assert(i < items_.size() && "EditChanges index out of range");
        return items_[i];
    }

    // The light boxes the edit changed (apply after the instance changes).
    const LightEvents& light() const { return light_; }

private:
    std::vector<InstanceChange> items_;
    LightEvents light_;
};

struct ChunkLoaded {
    ChunkHandle handle;
    ChunkCoord coord;
    std::vector<CubeInstance> instances;  // every instance of the chunk, ascending index
};

// What World::update (and load_now / unload_now) produced. Apply in this order:
// 1. unloaded: all of these chunks' instances are gone (only chunks that were shown);
// 2. loaded: these chunks' complete instance lists (already fixed up against their
//    neighbours, including those loaded in the same batch). A streamed chunk is shown
//    (sent here) once each of its 26 neighbours is loaded or out of view, maybe some
//    updates after it was loaded; load_now shows its chunks at once;
// 3. changes: border fix-ups of chunks that were shown before this batch and still are
//    (relative to what the renderer had before the batch; one change per cube within a
//    slice, and World::update(camera)'s joined list may name a cube once per slice, in order).
struct WorldEvents {
    std::vector<ChunkCoord> unloaded;
    std::vector<ChunkLoaded> loaded;
    std::vector<InstanceChange> changes;
    // 4. light: the light boxes of the chunks with cubes to draw (see LightEvents).
    LightEvents light;

    bool empty() const { return unloaded.empty() && loaded.empty() && changes.empty() && light.empty(); }
    void clear() {
        unloaded.clear();
        loaded.clear();
        changes.clear();
        light.clear();
    }
};

}  // namespace slotcraft
