// Coarse chunks of far terrain (see coarse_chunk.hpp; docs/world.md "Far terrain").
#include "world/coarse_chunk.hpp"

#include "world/lod.hpp"

#include <tsl/robin_map.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <memory>

namespace slotcraft {

BlockType coarse_cell(const TerrainGenerator& terrain, int y, int size, int surface, int tree) {
    if (y < kMinBlockY) return BlockType::kStone;  // below the world: opaque, so bottoms stay hidden
    if (y >= kWorldTop) return BlockType::kAir;
    if (y <= surface) {
        // The column's top cell shows the surface block (grass, sand), not what lies under it.
        return y + size > surface ? terrain.ground_block(surface, surface) : terrain.ground_block(y, surface);
    }
    if (tree > 0 && y <= surface + tree + 1) return BlockType::kLeaves;  // a tree keeps its colour
    return terrain.ground_block(y, surface);
}

namespace {

// The chunk's cells and an apron: one cell on every side, and kSkirtCells more on top (the
// skirt test looks that far up). Coordinates x, z in -1..16, y in -1..16 + kSkirtCells.
constexpr int kSide = kChunkSize + 2;
constexpr int kTall = kChunkSize + 2 + kSkirtCells;

class CellGrid {
public:
    BlockType at(int x, int y, int z) const { return cells_[index(x, y, z)]; }
    void set(int x, int y, int z, BlockType t) { cells_[index(x, y, z)] = t; }

private:
    static std::size_t index(int x, int y, int z) {
        assert(x >= -1 && x <= kChunkSize && z >= -1 && z <= kChunkSize && y >= -1 && y < kTall - 1 &&
               "CellGrid: a cell outside the chunk and its apron");
        return static_cast<std::size_t>((x + 1) + kSide * ((z + 1) + kSide * (y + 1)));
    }
    std::array<BlockType, kSide * kSide * kTall> cells_{};
};

// The geometry of one coarse chunk in blocks.
struct CoarseFrame {
    int level = 1;
    int size = 2;  // blocks a cell
    int64_t x0 = 0, y0 = 0, z0 = 0;
    int64_t cell_x(int x) const { return x0 + int64_t{x} * size; }
    int64_t cell_y(int y) const { return y0 + int64_t{y} * size; }
    int64_t cell_z(int z) const { return z0 + int64_t{z} * size; }
};

int32_t clamp_block(int64_t v) {
    constexpr int64_t kEdge = int64_t{kMaxChunkXZ} * kChunkSize;
    return static_cast<int32_t>(std::clamp<int64_t>(v, -kEdge, kEdge - 1));
}

void sample_terrain(const TerrainGenerator& terrain, const CoarseFrame& f, CellGrid& grid) {
    const int half = f.size / 2;
    for (int z = -1; z <= kChunkSize; ++z)
        for (int x = -1; x <= kChunkSize; ++x) {
            const int32_t bx = clamp_block(f.cell_x(x) + half), bz = clamp_block(f.cell_z(z) + half);
            const int surface = terrain.surface_height(bx, bz);
            const int tree = terrain.tree_at(bx, bz);
            // Ground read from elsewhere (a Minecraft world): its surface block on top of rock.
            const ChunkSource* source = terrain.source();
            const BlockType top = source != nullptr ? source->surface_block(bx, bz) : BlockType::kAir;
            for (int y = -1; y < kTall - 1; ++y) {
                const int64_t cy = f.cell_y(y) + half;
                const int yc = static_cast<int>(std::clamp<int64_t>(cy, kMinBlockY - 1, kWorldTop));
                if (source == nullptr) {
                    grid.set(x, y, z, coarse_cell(terrain, yc, f.size, surface, tree));
                } else {
                    const BlockType rock = yc < 0 ? BlockType::kDeepslate : BlockType::kStone;
                    grid.set(x, y, z,
                             yc < kMinBlockY         ? BlockType::kStone
                             : yc > surface          ? BlockType::kAir
                             : yc + f.size > surface ? top
                                                     : rock);
                }
            }
        }
}

// [SECTION] downsampling edited cells

// The generated-and-edited level-0 chunks a job reads, made on first use.
class BlockSource {
public:
    BlockSource(const TerrainGenerator& terrain, const std::vector<EditedChunk>& edited) : terrain_(terrain) {
        for (const EditedChunk& e : edited) edits_.emplace(e.coord, &e.edits);
    }
    bool edited(const ChunkCoord& c) const { return edits_.contains(c); }
    BlockType at(int64_t x, int64_t y, int64_t z) {
        if (y < kMinBlockY) return BlockType::kStone;
        if (y >= kWorldTop) return BlockType::kAir;
        const BlockPos p{clamp_block(x), static_cast<int32_t>(y), clamp_block(z)};
        const ChunkCoord c = chunk_of(p);
        auto it = chunks_.find(c);
        if (it == chunks_.end()) {
            std::unique_ptr<Chunk> chunk = terrain_.generate(c, &cache_);
            if (auto e = edits_.find(c); e != edits_.end()) chunk->apply_edits(*e->second);
            it = chunks_.emplace(c, std::move(chunk)).first;
        }
        return it->second->block(local_index(p));
    }

private:
    const TerrainGenerator& terrain_;
    SurfaceCache cache_;
    tsl::robin_map<ChunkCoord, const std::vector<BlockEdit>*, ChunkCoordHash> edits_;
    tsl::robin_map<ChunkCoord, std::unique_ptr<Chunk>, ChunkCoordHash> chunks_;
};

// Whether the cell's blocks overlap an edited level-0 chunk.
bool cell_edited(const CoarseFrame& f, int x, int y, int z, const BlockSource& blocks) {
    const int64_t bx = f.cell_x(x), by = f.cell_y(y), bz = f.cell_z(z);
    if (by >= kWorldTop || by + f.size <= kMinBlockY) return false;
    const int32_t cx0 = floor_div(clamp_block(bx), kChunkSize),
                  cx1 = floor_div(clamp_block(bx + f.size - 1), kChunkSize);
    const int32_t cz0 = floor_div(clamp_block(bz), kChunkSize),
                  cz1 = floor_div(clamp_block(bz + f.size - 1), kChunkSize);
    const int32_t cy0 = floor_div(static_cast<int32_t>(std::max<int64_t>(by, kMinBlockY)), kChunkSize);
    const int32_t cy1 = floor_div(static_cast<int32_t>(std::min<int64_t>(by + f.size - 1, kWorldTop - 1)), kChunkSize);
    for (int32_t cy = cy0; cy <= cy1; ++cy)
        for (int32_t cz = cz0; cz <= cz1; ++cz)
            for (int32_t cx = cx0; cx <= cx1; ++cx)
                if (blocks.edited({cx, cy, cz})) return true;
    return false;
}

// Solid when at least half the cell's blocks are (water counts as open); its type is the one
// most of its columns show on top; an open cell holding water at least half is water.
BlockType downsample(const CoarseFrame& f, int x, int y, int z, BlockSource& blocks) {
    const int64_t bx = f.cell_x(x), by = f.cell_y(y), bz = f.cell_z(z);
    std::array<uint32_t, 256> tops{};
    uint64_t firm = 0, water = 0;
    for (int dz = 0; dz < f.size; ++dz)
        for (int dx = 0; dx < f.size; ++dx) {
            bool top_seen = false;
            for (int dy = f.size - 1; dy >= 0; --dy) {
                const BlockType t = blocks.at(bx + dx, by + dy, bz + dz);
                if (is_firm(t)) {
                    ++firm;
                    if (!top_seen) ++tops[static_cast<uint8_t>(t)];
                    top_seen = true;
                } else if (is_water(t)) {
                    ++water;
                }
            }
        }
    const uint64_t volume = uint64_t(f.size) * uint64_t(f.size) * uint64_t(f.size);
    if (firm * 2 >= volume) {
        const auto best = std::max_element(tops.begin(), tops.end());
        return static_cast<BlockType>(best - tops.begin());
    }
    return water * 2 >= volume - firm ? BlockType::kWater : BlockType::kAir;
}

void downsample_edited(const CoarseFrame& f, const std::vector<EditedChunk>& edited, const TerrainGenerator& terrain,
                       CellGrid& grid) {
    if (edited.empty()) return;
    BlockSource blocks(terrain, edited);
    for (int y = -1; y < kTall - 1; ++y)
        for (int z = -1; z <= kChunkSize; ++z)
            for (int x = -1; x <= kChunkSize; ++x) {
                if (cell_edited(f, x, y, z, blocks)) grid.set(x, y, z, downsample(f, x, y, z, blocks));
            }
}

// [SECTION] exposure and occlusion at the coarse scale

uint8_t coarse_mask(const CellGrid& grid, int x, int y, int z, const CoarseJob& job) {
    const BlockType self = grid.at(x, y, z);
    uint8_t mask = 0;
    for (int f = 0; f < kFaceCount; ++f) {
        const glm::ivec3 n = glm::ivec3(x, y, z) + kFaceNormals[static_cast<std::size_t>(f)];
        const BlockType other = grid.at(n.x, n.y, n.z);
        bool shows = face_shows(self, other);
        const bool border_side = face_axis(static_cast<Face>(f)) != 1 &&
                                 (n.x < 0 || n.x >= kChunkSize || n.z < 0 || n.z >= kChunkSize);
        const uint8_t bit = face_bit(static_cast<Face>(f));
        if (!shows && border_side && (job.wall_sides & bit)) shows = true;  // the rim's walls
        if (!shows && border_side && (job.skirt_sides & bit) && is_opaque(self)) {
            // The skirt: near its column's surface a border cell shows its side, so a finer ring
            // beside it whose surface lies lower leaves no gap.
            for (int up = 1; up <= kSkirtCells && !shows; ++up) shows = !is_opaque(grid.at(x, y + up, z));
        }
        if (shows) mask |= face_bit(static_cast<Face>(f));
    }
    return mask;
}

CubeShade coarse_shade(const CellGrid& grid, int x, int y, int z) {
    CubeShade shade;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dz = -1; dz <= 1; ++dz)
            for (int dx = -1; dx <= 1; ++dx) {
                const int bit = occluder_bit(dx, dy, dz);
                if (bit < 0) continue;
                if (is_opaque(grid.at(x + dx, y + dy, z + dz))) shade.occluders |= 1u << bit;
            }
    return shade;
}

}  // namespace

std::vector<CubeInstance> build_coarse_chunk(const TerrainGenerator& terrain, const CoarseJob& job) {
    const int level = key_level(job.key);
    assert(level >= 1 && level <= kMaxLodLevel && "build_coarse_chunk: a coarse key (level 1..kMaxLodLevel)");
    const ChunkCoord c = key_chunk(job.key);
    CoarseFrame f;
    f.level = level;
    f.size = 1 << level;
    const int64_t span = int64_t{kChunkSize} << level;
    f.x0 = int64_t{c.x} * span;
    f.y0 = int64_t{kMinBlockY} + int64_t{c.y} * span;  // y counts from the world's bottom
    f.z0 = int64_t{c.z} * span;
    auto grid = std::make_unique<CellGrid>();
    sample_terrain(terrain, f, *grid);
    downsample_edited(f, job.edited, terrain, *grid);
    std::vector<CubeInstance> out;
    for (int y = 0; y < kChunkSize; ++y) {
        if (f.cell_y(y) >= kWorldTop) break;
        for (int z = 0; z < kChunkSize; ++z)
            for (int x = 0; x < kChunkSize; ++x) {
                const BlockType t = grid->at(x, y, z);
                if (!is_solid(t)) continue;
                const uint8_t mask = coarse_mask(*grid, x, y, z, job);
                if (mask == 0) continue;
                out.push_back({local_index(x, y, z), t, mask, coarse_shade(*grid, x, y, z)});
            }
    }
    return out;
}

}  // namespace slotcraft
