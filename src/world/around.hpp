#pragma once
// The neighbour view: the chunks around one loaded chunk, read the way the shader and the
// shade see them (open sky above the world, opaque and dark where nothing is loaded), and
// the shade of a cube from it. Read by the loaded chunks, the light boxes, the change
// tracker and the edit batch. Plain C++20 and GLM; never depends on GL.
#include "world/chunk.hpp"
#include "world/coords.hpp"
#include "world/light.hpp"
#include "world/loaded_chunks.hpp"
#include "world/shade.hpp"

#include <glm/glm.hpp>

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <utility>

namespace slotcraft {

// The chunks around one chunk (3 x 3 x 3, itself in the middle), each searched for in the
// table the first time one of its cells is read: shading a run of cubes of one chunk looks
// up each neighbour once instead of once per cell outside the chunk.
class Around {
public:
    Around(const LoadedChunks& chunks, const Chunk& c) : chunks_(chunks), c_(c) {}
    // With the chunk's entry: its neighbours come from the entry's links, no look-up.
    Around(const LoadedChunks& chunks, uint32_t entry)
        : chunks_(chunks), c_(*chunks.entry(entry).chunk), entry_(entry) {}

    // The block and light of the cell at `offset` (-1..1 on each axis) from cell `index`:
    // another chunk's when the offset leaves the chunk; open sky above the world; opaque and
    // dark below it and in chunks that are not loaded.
    std::pair<BlockType, uint8_t> cell(uint16_t index, const glm::ivec3& offset) const {
        const Place at = locate(index, offset);
        if (at.above_world) return {BlockType::kAir, kOpenSkyLight};
        if (at.chunk == nullptr) return {BlockType::kStone, 0};
        return {at.chunk->block(at.index), at.chunk->light(at.index)};
    }
    // Whether that cell is opaque (the rule of cell(), without reading its light): what a
    // cube's occlusion reads, eight to eighteen times a cube.
    bool opaque(uint16_t index, const glm::ivec3& offset) const {
        const Place at = locate(index, offset);
        if (at.above_world) return false;
        return at.chunk == nullptr || is_opaque(at.chunk->block(at.index));
    }

    const Chunk& chunk() const { return c_; }

    // Where one row part of the light box reads from (for_each_box_row): a loaded chunk's
    // cells i0 .. i0 + n - 1, open sky above the world, or a chunk that is not loaded (or
    // below the world): opaque and dark.
    struct RowPart {
        uint16_t box0;       // box index of the first cell
        int n;               // cells, consecutive in x
        const Chunk* chunk;  // nullptr: sky or not loaded
        uint16_t i0;         // chunk's index of the first cell
        bool above_world;
    };

    // Calls f(RowPart) for every row part of the chunk's light box between lo and hi (box
    // coordinates -1..16, inclusive), the way the shader sees them (the rule of cell()). A
    // row of the box crosses at most three chunks: each is found once per row part.
    template <class F>
    void for_each_box_row(const glm::ivec3& lo, const glm::ivec3& hi, F&& f) const {
        auto step = [](int v) { return v < 0 ? -1 : v >= kChunkSize ? 1 : 0; };
        for (int y = lo.y; y <= hi.y; ++y) {
            for (int z = lo.z; z <= hi.z; ++z) {
                int x = lo.x;
                while (x <= hi.x) {
                    const int sx = step(x);
                    const int end = std::min(hi.x, sx < 0 ? -1 : sx == 0 ? kChunkSize - 1 : kChunkSize);
                    const glm::ivec3 s{sx, step(y), step(z)};
                    RowPart part{light_box_index(x, y, z), end - x + 1, nullptr, 0, false};
                    if (c_.coord().y + s.y > kTopChunkY) {
                        part.above_world = true;
                    } else if ((part.chunk = near(s)) != nullptr) {
                        const glm::ivec3 q = glm::ivec3(x, y, z) - s * kChunkSize;
                        part.i0 = local_index(q.x, q.y, q.z);  // x is the fastest axis
                    }
                    f(part);
                    x = end + 1;
                }
            }
        }
    }

    // Calls f(box_index, opaque, light) for every cell of the chunk's light box between lo
    // and hi, a row part at a time (for_each_box_row).
    template <class F>
    void for_each_box_cell(const glm::ivec3& lo, const glm::ivec3& hi, F&& f) const {
        for_each_box_row(lo, hi, [&](const RowPart& part) {
            for (int k = 0; k < part.n; ++k) {
                const auto b = static_cast<uint16_t>(part.box0 + k);
                if (part.above_world) {
                    f(b, false, kOpenSkyLight);
                } else if (part.chunk == nullptr) {
                    f(b, true, uint8_t{0});
                } else {
                    const auto i = static_cast<uint16_t>(part.i0 + k);
                    f(b, is_opaque(part.chunk->block(i)), part.chunk->light(i));
                }
            }
        });
    }

    // The chunk at `step` (-1..1 on each axis) from this one, below the top of the world;
    // nullptr when it is not loaded or below the world.
    const Chunk* near(const glm::ivec3& step) const {
        const int k = (step.y + 1) * 9 + (step.z + 1) * 3 + step.x + 1;
        if ((looked_ >> k & 1) == 0) {
            const ChunkCoord nc{c_.coord().x + step.x, c_.coord().y + step.y, c_.coord().z + step.z};
            near_[k] = k == LoadedChunks::kNearSelf       ? &c_
                       : entry_ != LoadedChunks::kNoEntry ? chunks_.near_chunk(entry_, k)
                       : chunk_y_in_world(nc.y)           ? chunks_.find(nc)
                                                          : nullptr;
            looked_ |= 1u << k;
        }
        return near_[k];
    }
    // Whether the chunk at `step` lies above the top of the world (open sky).
    bool above_world(const glm::ivec3& step) const { return c_.coord().y + step.y > kTopChunkY; }

private:
    struct Place {
        const Chunk* chunk;  // nullptr: not loaded, or below the world
        uint16_t index;      // in chunk
        bool above_world;
    };
    Place locate(uint16_t index, const glm::ivec3& offset) const {
        const int x = (index & 15) + offset.x, y = (index >> 8 & 15) + offset.y, z = (index >> 4 & 15) + offset.z;
        static_assert(kChunkSize == 16, "locate steps chunks with shifts by 4");
        if (((x | y | z) & ~15) == 0) return {&c_, local_index(x, y, z), false};
        // -1 >> 4 is -1 and 16 >> 4 is 1 (an arithmetic shift): the chunk step on each axis.
        const glm::ivec3 step{x >> 4, y >> 4, z >> 4};
        assert(glm::all(glm::lessThanEqual(glm::abs(step), glm::ivec3(1))) && "Around reads the next chunk at most");
        if (c_.coord().y + step.y > kTopChunkY) return {nullptr, 0, true};
        return {near(step), local_index(x & 15, y & 15, z & 15), false};
    }

    const LoadedChunks& chunks_;
    const Chunk& c_;
    uint32_t entry_ = LoadedChunks::kNoEntry;
    mutable std::array<const Chunk*, 27> near_{};
    mutable uint32_t looked_ = 0;  // bit k: near_[k] was looked up
};

// The shade of the cube at `index` of the view's chunk with face mask `mask`.
inline CubeShade shade_of(const Around& around, uint16_t index, uint8_t mask) {
    return shade_from(mask, [&](const glm::ivec3& d) { return around.opaque(index, d); });
}
inline CubeShade shade_of(const LoadedChunks& chunks, const Chunk& c, uint16_t index, uint8_t mask) {
    return shade_of(Around(chunks, c), index, mask);
}

}  // namespace slotcraft
