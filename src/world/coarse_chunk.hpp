#pragma once
// Coarse chunks of far terrain (docs/world.md "Far terrain"): the exposed cubes of a level-k
// chunk (16^3 cells of 2^k blocks a side), made straight from the terrain generator at the
// coarse grid, and downsampled from the real blocks wherever the world was edited.
// Run by workers: pure, reads nothing shared. Plain C++20; never depends on GL.
#include "world/chunk.hpp"
#include "world/events.hpp"
#include "world/terrain.hpp"

#include <span>
#include <utility>
#include <vector>

namespace slotcraft {

// The edits of one level-0 chunk under a coarse chunk (kept or saved edits, or those of a
// loaded chunk).
struct EditedChunk {
    ChunkCoord coord;
    std::vector<BlockEdit> edits;
};

// What a worker makes of one coarse chunk.
struct CoarseJob {
    ChunkCoord key;                   // lod_key(level, chunk)
    std::vector<EditedChunk> edited;  // the edited level-0 chunks under it (none: terrain alone)
    // Which border sides (face bits of +x, -x, +z, -z) need more than their sampled neighbour
    // says, from where the rings stand (FarTerrain::job_for): `skirt_sides` face a finer ring,
    // whose surface may lie lower (the top kSkirtCells cells of each border column show their
    // side); `wall_sides` face no drawn column at all (the far disc's jagged rim, where a ray can
    // pass between two columns into the gap beside a third: every solid border cell shows its side).
    uint8_t skirt_sides = 0;
    uint8_t wall_sides = 0;
};

// On a side facing a finer ring, the top this-many cells of a coarse chunk's border columns
// show their side faces even when the neighbour cell is solid, so a finer ring whose surface lies
// lower shows no crack between them (docs/world.md "Far terrain").
inline constexpr int kSkirtCells = 3;

// The instances of coarse chunk `job.key` (level >= 1), ascending index, shaded by occlusion
// at their scale. Cells whose footprint holds an edited chunk are downsampled from the
// generated-and-edited blocks (a cell is solid when at least half its blocks are; its type is
// the one most columns show on top); the others sample the terrain's surface at the cell's
// centre column.
std::vector<CubeInstance> build_coarse_chunk(const TerrainGenerator& terrain, const CoarseJob& job);

// The block at cell centre height `y` of a column whose sampled surface is `surface` and
// whose sampled tree (0: none) has that trunk height, for cells of `size` blocks.
BlockType coarse_cell(const TerrainGenerator& terrain, int y, int size, int surface, int tree);

}  // namespace slotcraft
