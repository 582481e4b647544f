#pragma once
// The cave fields of terrain generator 3 (docs/world.md "Caves"): winding tunnels where the
// zero surfaces of two 3D noise fields cross, caverns where a third, slower field is high
// (deep only), lava at the bottom, and the ores on cave walls. A pure function of the seed
// and the cell: it reads no chunk, so chunks agree across their borders in any load order.
// Plain C++20 (stb_perlin for noise); never depends on GL or on the surface (terrain.cpp caps it).
#include "world/block.hpp"
#include "world/coords.hpp"

#include <array>
#include <bitset>
#include <cstdint>

namespace slotcraft {

struct CaveParams {
    // The fields are sampled every kStep blocks on every axis (a 5 x 5 x 5 lattice a chunk) and
    // interpolated trilinearly in integers, so a chunk and the per-cell reference agree exactly.
    static constexpr int kStep = 4;
    // No cave reaches closer than this under its column's surface (the dirt, and a rock roof),
    // except where an opening lets a tunnel through: no lake or sea floor is ever holed.
    static constexpr int kRockCap = 5;
    // Cave cells at or below this height are lava (pools at the bottom of the deep caves).
    static constexpr int kLavaLevel = -55;
    // Caverns open below this height only, growing in over the 16 blocks under it.
    static constexpr int kCavernTop = -8;
    // The world's bottom layer stays rock.
    static constexpr int kLowestCave = kMinBlockY + 1;
    // Openings: a tunnel may cut through the top kRockCap blocks only at or above this height
    // (above the water and the sand shores), in columns where the opening noise is high.
    static constexpr int kLowestOpening = 64;
};

// The cells of one chunk, a bit each (bit i: local index i).
using ChunkCells = std::bitset<kChunkVolume>;

class CaveFields {
public:
    explicit CaveFields(uint64_t seed);

    // Whether the fields make cell p a cave (before the surface caps it), from the lattice
    // corners around it: the per-cell reference of chunk_caves.
    bool cave_at(const BlockPos& p) const;

    // The fields' cave cells of chunk `coord` into `out`. Returns false (out untouched) when no
    // cell can be cave: the interpolated fields stay within their corners' bounds, so a lattice
    // cell whose corners cannot reach the thresholds is skipped without a look at its cells.
    bool chunk_caves(ChunkCoord coord, ChunkCells& out) const;

    // What a rock cell on a cave wall holds: an ore, or `rock` itself when its roll gives none.
    // Small blobs (2 x 2 x 2 groups of cells share one roll), kinds by depth, the deepslate
    // kinds below y 0.
    BlockType wall_block(const BlockPos& p, BlockType rock) const;

private:
    static constexpr int kFields = 3;  // tunnel a, tunnel b, cavern
    int32_t sample(int field, int32_t x, int32_t y, int32_t z) const;

    uint64_t seed_;
    std::array<float, kFields> slice_{};  // the y slice of 3D noise each field reads
    std::array<int, kFields> seed_byte_{};
};

}  // namespace slotcraft
