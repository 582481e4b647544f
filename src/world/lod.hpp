#pragma once
// Levels of detail for far terrain (docs/world.md "Far terrain"): how a coarse chunk is named
// among the chunks of the instance slots, and which columns each level draws around the
// camera (rings that nest exactly: a quadtree whose leaves partition the far disc).
// Plain C++20; never depends on GL or on the rest of world/ beyond coordinates and streaming.
#include "world/coords.hpp"
#include "world/streaming.hpp"

#include <cstdint>
#include <vector>

namespace slotcraft {

// A level-k cube stands for 2^k x 2^k x 2^k blocks; a level-k chunk is 16^3 of them.
inline constexpr int kMaxLodLevel = 7;
// The far distance is at most this many level-0 chunks (32,768 blocks).
inline constexpr int kMaxFarDistance = 2048;
// The far distance a run starts with unless a flag or the settings file says otherwise, on a
// hardware GPU: 1,024 chunks (16,384 blocks), where the horizon is terrain, not fog. Each ring
// of levels adds about as many cubes as the one before it, so 1,024 holds about 4 times the
// instances of the view alone (16 MiB of buffer at view distance 16) and 2,048 only 10% more;
// a desktop GPU draws that in well under a millisecond. On a software rasteriser (llvmpipe)
// the same rings double the frame, so there the default is off (config/settings.hpp
// default_far_distance; docs/world.md "Far terrain").
inline constexpr int kGpuFarDistance = 1024;
// The far distance of a world made without one (tests, tools): off.
inline constexpr int kDefaultFarDistance = 0;
// The light every coarse cube has: open sky, no block light (pack_light(15, 0)).
inline constexpr uint8_t kCoarseLight = 0xF0;

// A coarse chunk is named among the slots' chunks by a key whose y carries the level:
// key.y = 32 * level + y, x and z in the level's own chunk units, y counted from the world's
// bottom (level-k chunk y covers blocks from kMinBlockY + y * 16 * 2^k). A level-0 chunk is
// its own key (y -4..19, below 32), so every key is distinct; the page table keeps
// page_table_y(key), from which the shader reads the level and the chunk (docs/rendering.md
// "Far terrain").
inline constexpr int kLevelKeyStride = 32;
static_assert(kTopChunkY < kLevelKeyStride && kChunksPerColumn <= kLevelKeyStride,
              "level-0 keys and a level's chunks a column fit below the stride");
constexpr ChunkCoord lod_key(int level, ChunkCoord c) {
    return level == 0 ? c : ChunkCoord{c.x, level * kLevelKeyStride + c.y, c.z};
}
constexpr int key_level(const ChunkCoord& key) { return key.y < kLevelKeyStride ? 0 : key.y / kLevelKeyStride; }
// The key's chunk in its own level's units (level 0: the chunk itself; above: y from the bottom).
constexpr ChunkCoord key_chunk(const ChunkCoord& key) {
    return key_level(key) == 0 ? key : ChunkCoord{key.x, key.y % kLevelKeyStride, key.z};
}
// Level-k chunks in one column: 24 level-0 chunks over 2^k a chunk, rounded up.
constexpr int level_column_chunks(int level) { return (kChunksPerColumn + (1 << level) - 1) >> level; }
// The level-0 chunk y of the bottom of a level-k chunk whose y (from the bottom) is `y`.
constexpr int32_t level_chunk_bottom(int level, int32_t y) { return kMinChunkY + (y << level); }
// The level-k chunk y (from the bottom) over level-0 chunk y `chunk_y`.
constexpr int32_t level_chunk_over(int level, int32_t chunk_y) { return (chunk_y - kMinChunkY) >> level; }
// The page table's y of a key: its level in bits 5..7, its chunk's y from the world's
// bottom in bits 0..4 (cube.vert: chunk = (x, y, z) << level, then y += kMinChunkY).
constexpr int32_t page_table_y(const ChunkCoord& key) {
    const int level = key_level(key);
    return level << 5 | (level == 0 ? key.y - kMinChunkY : key.y % kLevelKeyStride);
}
static_assert(kMaxLodLevel < 8, "a level fits in the page table's three bits");

// One column of a level: x and z in the level's chunk units.
struct LodColumn {
    int level = 0;
    int32_t x = 0, z = 0;
    friend constexpr bool operator==(const LodColumn&, const LodColumn&) = default;
};

// Which level draws which columns around the camera's level-0 column: a level-k column is
// split into its four level-(k-1) columns when all four are within the view of level k-1
// (level 0: the view disc of `view_distance`; level j >= 1: `view_distance` of its own chunks,
// about view_distance * 2^j level-0 chunks), so every leaf of a finer level lies inside the
// loaded view and the leaves never overlap. The top level's columns are those within
// `far_distance` level-0 chunks.
class LodRings {
public:
    LodRings() = default;
    // far_distance <= view_distance (or 0): no far terrain, every level-0 column is drawn.
    LodRings(int32_t camera_x, int32_t camera_z, int view_distance, int far_distance);

    bool active() const { return top_level_ > 0; }
    int top_level() const { return top_level_; }
    int32_t camera_x() const { return camera_x_; }
    int32_t camera_z() const { return camera_z_; }
    int view_distance() const { return view_distance_; }
    int far_distance() const { return far_distance_; }

    // The leaves of levels >= 1, each column once (in no particular order).
    void leaves(std::vector<LodColumn>& out) const;
    // Whether level-0 column (x, z) is a leaf (drawn at full detail). Always true when inactive.
    bool draws_level0(int32_t x, int32_t z) const;
    // Whether column `c` of its level is within that level's view (the split test's half).
    bool qualifies(const LodColumn& c) const;
    // The level that draws column c's area: c.level when c is a leaf, a higher one when c lies
    // inside a coarser leaf, a lower one (c.level - 1) when c is split; -1 outside the far disc.
    int level_at(const LodColumn& c) const;
    // For the leaf c: the border sides (face bits of +x, -x, +z, -z) whose neighbour is drawn
    // finer (`skirts`) or not at all (`walls`).
    void border_sides(const LodColumn& c, uint8_t& skirts, uint8_t& walls) const;

private:
    void refine(const LodColumn& c, std::vector<LodColumn>& out) const;
    bool splits(const LodColumn& c) const;

    int32_t camera_x_ = 0, camera_z_ = 0;
    int view_distance_ = 0;
    int far_distance_ = 0;
    int top_level_ = 0;  // 0: inactive
};

}  // namespace slotcraft
