#pragma once
// Regions of the block world (an inclusive box of cells between two corners), the limits a
// region must keep to be edited, and the clipboard (a box of block types) with its rotation
// about the vertical axis. Plain C++20 and GLM; never depends on GL or the rest of world/.
#include "world/block.hpp"
#include "world/coords.hpp"
#include "world/refused.hpp"

#include <glm/glm.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace slotcraft {

// The most cells one operation may touch (256^3): 16 MiB of old types in the worst case.
inline constexpr uint64_t kMaxRegionCells = 16'777'216;

// An inclusive box of cells. Cells are numbered in region order: x fastest, then z, then y
// (as a chunk's local index), so a region's cells and a clipboard's line up one to one.
struct Region {
    BlockPos min{0};
    BlockPos max{0};

    // The box between two corners given in any order.
    static Region between(const BlockPos& a, const BlockPos& b) { return {glm::min(a, b), glm::max(a, b)}; }
    // The box of `size` cells (each >= 1) whose minimum corner is `origin`; the far corner
    // must fit in int32 (checked_region_at refuses one that does not).
    static Region at(const BlockPos& origin, const glm::ivec3& size) { return {origin, origin + size - 1}; }

    // Extent along each axis (64-bit: a region of far-apart corners must not overflow).
    glm::i64vec3 extent() const { return glm::i64vec3(max) - glm::i64vec3(min) + int64_t{1}; }
    // The cell count, or nullopt when it does not fit in 64 bits (corners 2^30 apart on all
    // three axes make 2^90 cells): checked, never wrapped (docs/world.md "Regions").
    std::optional<uint64_t> cell_count() const {
        const glm::i64vec3 e = extent();
        uint64_t xy = 0, xyz = 0;
        if (__builtin_mul_overflow(static_cast<uint64_t>(e.x), static_cast<uint64_t>(e.y), &xy) ||
            __builtin_mul_overflow(xy, static_cast<uint64_t>(e.z), &xyz)) {
            return std::nullopt;
        }
        return xyz;
    }
    // The cell count, saturated at UINT64_MAX: any limit check against it is right.
    uint64_t cells() const { return cell_count().value_or(UINT64_MAX); }
    bool contains(const BlockPos& p) const {
        return glm::all(glm::greaterThanEqual(p, min) && glm::lessThanEqual(p, max));
    }
    // The region-order number of cell p (p inside).
    std::size_t index_of(const BlockPos& p) const {
        const glm::ivec3 d = p - min;
        const glm::ivec3 e = max - min + 1;
        return static_cast<std::size_t>(d.x) +
               static_cast<std::size_t>(e.x) * (static_cast<std::size_t>(d.z) + static_cast<std::size_t>(e.z) * d.y);
    }
    // The cell whose region-order number is i (i < cells()): index_of's inverse.
    BlockPos position_of(std::size_t i) const {
        const glm::i64vec3 e = extent();
        const auto ex = static_cast<std::size_t>(e.x), ez = static_cast<std::size_t>(e.z);
        return min +
               glm::ivec3(static_cast<int>(i % ex), static_cast<int>(i / (ex * ez)), static_cast<int>(i / ex % ez));
    }
    friend bool operator==(const Region&, const Region&) = default;
};

// In a region's list of old types (World::apply): the cell kept its type.
inline constexpr uint8_t kUnchangedCell = 0xFF;

// "X by Y by Z (N cells)": how the HUD and the messages name a region's size; a count past
// 64 bits is given as "about 1.07e+21 cells".
std::string describe_size(const Region& r);

// An edit of a region refused as a whole (nothing changed): the message names the limit.
// Calls fn(chunk, from, to) for every chunk the region touches, in y, z, x order, with the
// part of the region inside that chunk in the chunk's local coordinates (inclusive).
template <typename Fn>
void for_each_chunk_part(const Region& region, Fn&& fn) {
    const ChunkCoord lo = chunk_of(region.min);
    const ChunkCoord hi = chunk_of(region.max);
    for (int32_t cy = lo.y; cy <= hi.y; ++cy) {
        for (int32_t cz = lo.z; cz <= hi.z; ++cz) {
            for (int32_t cx = lo.x; cx <= hi.x; ++cx) {
                const ChunkCoord cc{cx, cy, cz};
                const BlockPos origin = chunk_origin(cc);
                fn(cc, glm::max(region.min - origin, glm::ivec3(0)),
                   glm::min(region.max - origin, glm::ivec3(kChunkSize - 1)));
            }
        }
    }
}

// A region an operation cannot work on (too large, out of the world): see Refused.
struct RegionRefused : Refused {
    using Refused::Refused;
};

// Throws RegionRefused when `r` holds more than kMaxRegionCells cells, reaches outside
// y -64..319, or outside the world's x/z bound (kWorldCellBound: cells -1e9 .. 1e9, the bound a
// script's coordinates and the player keep to). `what` names the operation for the message
// ("fill", "paste", ...). World::apply and read_region call it: every written cell is inside.
void check_region(const Region& r, const std::string& what);
// The same without the cell count: what a selection must keep to.
void check_region_bounds(const Region& r, const std::string& what);
// The box of `size` cells (each 1 .. 2^24) at `origin`, its far corner computed in 64 bits;
// throws RegionRefused (naming `what`) when it reaches past the world's bound.
Region checked_region_at(const BlockPos& origin, const glm::ivec3& size, const std::string& what);

// Blocks copied from a region, air included, relative to its minimum corner, in region
// order. Empty until something is copied.
struct Clipboard {
    glm::ivec3 size{0};
    std::vector<BlockType> cells;

    bool empty() const { return cells.empty(); }
    std::size_t index(int dx, int dy, int dz) const {
        return static_cast<std::size_t>(dx) +
               static_cast<std::size_t>(size.x) *
                   (static_cast<std::size_t>(dz) + static_cast<std::size_t>(size.z) * dy);
    }
    BlockType at(int dx, int dy, int dz) const { return cells[index(dx, dy, dz)]; }
};

// The clipboard turned clockwise seen from above (+x east, +z south) by `quarter_turns`
// quarter turns (any integer; 4 is a full turn). One quarter turn moves the cell at
// (dx, dy, dz) to (D - 1 - dz, dy, dx), D = size.z; the extents along x and z swap.
Clipboard rotated(const Clipboard& clipboard, int quarter_turns);

}  // namespace slotcraft
