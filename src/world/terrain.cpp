// Terrain: height from a few octaves of Perlin noise, layers of grass/dirt/stone (sand at
// the shore), and trees decided per column so that chunks agree across their borders.
#include "world/terrain.hpp"

#include "alloc/hash.hpp"

#include <stb/stb_perlin.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <cstdlib>

namespace slotcraft {
namespace {

// Height of the terrain: octaves of 2D noise, each (period in blocks, amplitude).
struct Octave {
    int32_t period;
    float amplitude;
};
constexpr std::array<Octave, 4> kOctaves = {{{256, 34.0f}, {64, 16.0f}, {32, 6.0f}, {16, 2.0f}}};
constexpr float kBaseHeight = 76.0f;
constexpr int kMinSurface = 4;
// No column reaches above this (noise stays within about +-1.01; 1.25 leaves a margin), nor
// does a tree on it: chunks wholly above are sky and skip the noise altogether.
constexpr float amplitude_sum() {
    float sum = 0.0f;
    for (const Octave& o : kOctaves) sum += o.amplitude;
    return sum;
}
constexpr float kAmplitudeSum = amplitude_sum();
constexpr int kHighestPossibleBlock = static_cast<int>(kBaseHeight + 1.25f * kAmplitudeSum) + 8;
constexpr int kMaxSurface = 200;  // leaves room for the tallest tree below y = 255
// The chunks under every surface (y -1 and below) are carved without the surfaces: no cap
// reaches down to them.
static_assert(kMinSurface - CaveParams::kRockCap >= -1, "the rock cap stays above y 0");
// Openings: columns where this noise (period kOpeningPeriod) is above kOpeningNoise.
constexpr int32_t kOpeningPeriod = 128;
constexpr float kOpeningNoise = 0.15f;
constexpr int kOpeningLayer = static_cast<int>(kOctaves.size());  // a noise layer no octave uses

// How a cave may reach height y of a column whose surface is `surface`.
enum class Reach { kNo, kYes, kIfOpening };
Reach cave_reach(int y, int surface) {
    if (y > surface) return Reach::kNo;  // open already
    if (y <= surface - CaveParams::kRockCap) return Reach::kYes;
    return y >= CaveParams::kLowestOpening ? Reach::kIfOpening : Reach::kNo;
}

// The rock of generator 3 at height y: deepslate below y 0 (a chunk boundary, so every
// chunk under the ground stays one uniform type), stone above.
BlockType rock_at(int y, bool caves) { return caves && y < 0 ? BlockType::kDeepslate : BlockType::kStone; }

// Canopy: leaves around the top log. Layers top-2 and top-1 are 5x5 without corners,
// layer top is 3x3, layer top+1 is a plus sign.
bool in_canopy(int dx, int dy, int dz) {
    const int ax = std::abs(dx);
    const int az = std::abs(dz);
    switch (dy) {
        case -2:
        case -1: return ax <= 2 && az <= 2 && !(ax == 2 && az == 2);
        case 0: return ax <= 1 && az <= 1;
        case 1: return ax + az <= 1;
        default: return false;
    }
}

}  // namespace

uint64_t column_hash(uint64_t seed, int32_t x, int32_t z) {
    const uint64_t cx = static_cast<uint32_t>(x);
    const uint64_t cz = static_cast<uint32_t>(z);
    return mix64(mix64(seed ^ 0x51ED270B7A3C1F2Dull) ^ (cx << 32 | cz));
}

TerrainGenerator::TerrainGenerator(WorldType type, uint64_t seed, int version,
                                   std::shared_ptr<const ChunkSource> source)
    : type_(type), seed_(seed), version_(version), source_(std::move(source)), caves_(seed) {
    assert(version >= 1 && version <= kGeneratorVersion && "TerrainGenerator: refuse unknown versions before");
    const uint64_t h = mix64(seed ^ 0x2545F4914F6CDD1Dull);
    // 3D noise sliced at a seed-chosen height: 2^16 distinct slices times 256 stb seeds.
    seed_slice_ = static_cast<float>(h & 0xFFFF) * (256.0f / 65536.0f);
    seed_byte_ = static_cast<int>((h >> 16) & 0xFF);
}

// Noise of period `period` blocks. stb_perlin repeats every 256 lattice units, so the
// column is reduced modulo 256 * period in integers first: exact far from the origin,
// where a float x / period would have lost its fraction.
float TerrainGenerator::noise2(int32_t x, int32_t z, int32_t period, int layer) const {
    const int32_t wrap = 256 * period;
    const float fx = static_cast<float>(floor_mod(x, wrap)) / static_cast<float>(period);
    const float fz = static_cast<float>(floor_mod(z, wrap)) / static_cast<float>(period);
    const float fy = seed_slice_ + 41.3f * static_cast<float>(layer);
    return stb_perlin_noise3_seed(fx, fy, fz, 0, 0, 0, (seed_byte_ + 17 * layer) & 0xFF);
}

int TerrainGenerator::surface_height(int32_t x, int32_t z) const {
    if (source_) return source_->surface_height(x, z);
    if (type_ == WorldType::kFlat) return TerrainParams::kFlatGrassY;
    float h = kBaseHeight;
    for (int i = 0; i < static_cast<int>(kOctaves.size()); ++i) {
        h += kOctaves[i].amplitude * noise2(x, z, kOctaves[i].period, i);
    }
    return std::clamp(static_cast<int>(std::floor(h)), kMinSurface, kMaxSurface);
}

// What the generator leaves above the ground: water up to the sea level, air above.
BlockType TerrainGenerator::open_block(int y) const {
    return has_water() && y <= TerrainParams::kSeaLevel ? BlockType::kWater : BlockType::kAir;
}

BlockType TerrainGenerator::ground_block(int y, int surface) const {
    if (y > surface) return open_block(y);
    const bool shore = type_ == WorldType::kTerrain && surface <= TerrainParams::kSeaLevel + 1;
    if (y == surface) return shore ? BlockType::kSand : BlockType::kGrass;
    if (y >= surface - TerrainParams::kDirtDepth) return shore ? BlockType::kSand : BlockType::kDirt;
    return BlockType::kStone;
}

bool TerrainGenerator::under_ground(ChunkCoord coord, SurfaceCache* cache) const {
    if (source_ || type_ != WorldType::kTerrain) return false;
    const BlockPos origin = chunk_origin(coord);
    if (origin.y + kChunkSize - 1 < kMinSurface) return true;
    ColumnSurfaces own;
    if (cache == nullptr) column_surfaces(coord.x, coord.z, own);
    const ColumnSurfaces& surfaces = cache != nullptr ? cache->surfaces(*this, coord.x, coord.z) : own;
    return origin.y + kChunkSize - 1 < *std::min_element(surfaces.begin(), surfaces.end());
}

int TerrainGenerator::tree_at(int32_t x, int32_t z) const {
    if (source_ || type_ == WorldType::kFlat) return 0;
    const uint64_t h = column_hash(seed_, x, z);
    if (static_cast<int>(h % 1000) >= TerrainParams::kTreePerMille) return 0;
    if (surface_height(x, z) <= TerrainParams::kSeaLevel + 1) return 0;  // no trees on sand
    return 4 + static_cast<int>((h >> 32) % 3);
}

void TerrainGenerator::column_surfaces(int32_t cx, int32_t cz, ColumnSurfaces& out) const {
    const BlockPos origin = chunk_origin({cx, 0, cz});
    for (int lz = 0; lz < kChunkSize; ++lz) {
        for (int lx = 0; lx < kChunkSize; ++lx) {
            out[static_cast<std::size_t>(lz * kChunkSize + lx)] = static_cast<int16_t>(
                surface_height(origin.x + lx, origin.z + lz));
        }
    }
}

const TerrainGenerator::ColumnSurfaces& SurfaceCache::surfaces(const TerrainGenerator& terrain, int32_t cx,
                                                               int32_t cz) {
    const auto slot = static_cast<std::size_t>((static_cast<uint32_t>(cx) * 0x9E3779B1u) ^
                                               (static_cast<uint32_t>(cz) * 0x85EBCA77u)) %
                      kColumns;
    Kept& k = kept_[slot];
    if (k.valid && k.cx == cx && k.cz == cz && k.seed == terrain.seed() && k.type == terrain.type() &&
        k.version == terrain.version()) {
        ++hits_;
        return k.surfaces;
    }
    ++misses_;
    k = {true, terrain.type(), terrain.version(), terrain.seed(), cx, cz, {}};
    terrain.column_surfaces(cx, cz, k.surfaces);
    return k.surfaces;
}

std::unique_ptr<Chunk> TerrainGenerator::generate(ChunkCoord coord, SurfaceCache* cache) const {
    if (source_) return source_->chunk(coord);
    auto chunk = std::make_unique<Chunk>(coord);
    const BlockPos origin = chunk_origin(coord);
    if (type_ == WorldType::kTerrain && origin.y > kHighestPossibleBlock) return chunk;
    // Under every surface there can be (y 0 and below: the depth the world gained with
    // Minecraft's height): stone, known without the column's surfaces.
    if (origin.y + kChunkSize - 1 < std::min(kMinSurface, TerrainParams::kFlatGrassY) - TerrainParams::kDirtDepth) {
        chunk->fill(rock_at(origin.y, has_caves()));
        if (has_caves()) carve_caves(*chunk, nullptr);
        return chunk;
    }
    ColumnSurfaces own;
    if (cache == nullptr) column_surfaces(coord.x, coord.z, own);
    const ColumnSurfaces& surfaces = cache != nullptr ? cache->surfaces(*this, coord.x, coord.z) : own;
    // Deep under every column (stone below y = surface - kDirtDepth; no tree grows
    // below its surface): one uniform chunk, no block storage.
    const int lowest = *std::min_element(surfaces.begin(), surfaces.end());
    if (origin.y + kChunkSize - 1 < lowest - TerrainParams::kDirtDepth) {
        chunk->fill(rock_at(origin.y, has_caves()));
        if (has_caves()) carve_caves(*chunk, &surfaces);
        return chunk;
    }
    for (int lz = 0; lz < kChunkSize; ++lz) {
        for (int lx = 0; lx < kChunkSize; ++lx) {
            const int surface = surfaces[static_cast<std::size_t>(lz * kChunkSize + lx)];
            const int top = std::min(std::max(surface, has_water() ? TerrainParams::kSeaLevel : 0) - origin.y,
                                     kChunkSize - 1);
            for (int ly = 0; ly <= top; ++ly) {
                const BlockType b = ground_block(origin.y + ly, surface);
                chunk->set_block(local_index(lx, ly, lz),
                                 b == BlockType::kStone ? rock_at(origin.y + ly, has_caves()) : b);
            }
        }
    }
    if (has_caves()) carve_caves(*chunk, &surfaces);
    place_trees(*chunk);
    return chunk;
}

// Every tree whose canopy can reach this chunk contributes. Logs win over leaves and
// terrain wins over both, whatever the order, so trees from different columns overlap
// the same way in every chunk.
void TerrainGenerator::place_trees(Chunk& chunk) const {
    if (type_ == WorldType::kFlat) return;
    constexpr int r = TerrainParams::kTreeRadius;
    const BlockPos o = chunk_origin(chunk.coord());
    for (int32_t tz = o.z - r; tz < o.z + kChunkSize + r; ++tz) {
        for (int32_t tx = o.x - r; tx < o.x + kChunkSize + r; ++tx) {
            const int height = tree_at(tx, tz);
            if (height == 0) continue;
            const int ground = surface_height(tx, tz);
            const int top = ground + height;
            if (top + 1 < o.y || ground + 1 >= o.y + kChunkSize) continue;  // misses this chunk
            for (int y = std::max(ground + 1, o.y); y <= std::min(top + 1, o.y + kChunkSize - 1); ++y) {
                for (int dz = -r; dz <= r; ++dz) {
                    for (int dx = -r; dx <= r; ++dx) {
                        const BlockPos p{tx + dx, y, tz + dz};
                        if (p.x < o.x || p.x >= o.x + kChunkSize || p.z < o.z || p.z >= o.z + kChunkSize) continue;
                        const uint16_t i = local_index(p);
                        const BlockType here = chunk.block(i);
                        const bool trunk = dx == 0 && dz == 0 && y <= top;
                        if (trunk && (here == BlockType::kAir || here == BlockType::kLeaves)) {
                            chunk.set_block(i, BlockType::kLog);
                        } else if (!trunk && here == BlockType::kAir && in_canopy(dx, y - top, dz)) {
                            chunk.set_block(i, BlockType::kLeaves);
                        }
                    }
                }
            }
        }
    }
}

BlockType TerrainGenerator::block_at(const BlockPos& p) const {
    if (!block_y_in_world(p.y)) return BlockType::kAir;
    if (source_) return source_->peek_chunk(chunk_of(p))->block(local_index(p));
    const int surface = surface_height(p.x, p.z);
    BlockType ground = ground_block(p.y, surface);
    if (has_caves() && p.y <= surface) ground = cave_block(p, ground, surface);
    if (ground != BlockType::kAir) return ground;  // terrain or water: no tree reaches either
    bool leaves = false;
    constexpr int r = TerrainParams::kTreeRadius;
    for (int dz = -r; dz <= r; ++dz) {
        for (int dx = -r; dx <= r; ++dx) {
            const int height = tree_at(p.x - dx, p.z - dz);
            if (height == 0) continue;
            const int top = surface_height(p.x - dx, p.z - dz) + height;
            const int ground_y = top - height;
            if (dx == 0 && dz == 0 && p.y > ground_y && p.y <= top) return BlockType::kLog;
            if (p.y > ground_y && in_canopy(dx, p.y - top, dz)) leaves = true;
        }
    }
    return leaves ? BlockType::kLeaves : BlockType::kAir;
}

// [SECTION] caves (generator 3; docs/world.md "Caves")

bool TerrainGenerator::opening_at(int32_t x, int32_t z) const {
    // No tree stands over an opening (its ground could be dug from under it).
    return tree_at(x, z) == 0 && noise2(x, z, kOpeningPeriod, kOpeningLayer) > kOpeningNoise;
}

bool TerrainGenerator::cave_may_reach(int32_t x, int y, int32_t z, int surface) const {
    const Reach r = cave_reach(y, surface);
    return r == Reach::kYes || (r == Reach::kIfOpening && opening_at(x, z));
}

// The fields' cave cells of the chunk, capped by the columns' surfaces (nullptr: the chunk
// lies below every cap), become air (lava at the bottom); then the ores on their walls.
void TerrainGenerator::carve_caves(Chunk& chunk, const ColumnSurfaces* surfaces) const {
    ChunkCells cave;
    if (!caves_.chunk_caves(chunk.coord(), cave)) return;
    const BlockPos o = chunk_origin(chunk.coord());
    std::array<int8_t, kChunkSize * kChunkSize> opening{};  // 0 unknown, 1 yes, -1 no
    ChunkCells carved;
    for (int i = 0; i < kChunkVolume; ++i) {
        if (!cave.test(static_cast<std::size_t>(i))) continue;
        const auto index = static_cast<uint16_t>(i);
        const glm::ivec3 l = local_position(index);
        const int y = o.y + l.y;
        if (surfaces != nullptr) {
            const auto column = static_cast<std::size_t>(l.z * kChunkSize + l.x);
            const Reach r = cave_reach(y, (*surfaces)[column]);
            if (r == Reach::kNo) continue;
            if (r == Reach::kIfOpening) {
                if (opening[column] == 0) opening[column] = opening_at(o.x + l.x, o.z + l.z) ? 1 : -1;
                if (opening[column] < 0) continue;
            }
        }
        carved.set(static_cast<std::size_t>(i));
        chunk.set_block(index, y <= CaveParams::kLavaLevel ? BlockType::kLava : BlockType::kAir);
    }
    if (carved.any()) place_ores(chunk, carved);
}

// A rock cell next to a carved cell of the same chunk may hold ore: ores sit on the cave
// walls only, so a chunk without caves stays one uniform type.
void TerrainGenerator::place_ores(Chunk& chunk, const ChunkCells& carved) const {
    const BlockPos o = chunk_origin(chunk.coord());
    for (int i = 0; i < kChunkVolume; ++i) {
        if (!carved.test(static_cast<std::size_t>(i))) continue;
        const glm::ivec3 l = local_position(static_cast<uint16_t>(i));
        for (int f = 0; f < kFaceCount; ++f) {
            const glm::ivec3 n = l + kFaceNormals[f];
            if (n.x < 0 || n.y < 0 || n.z < 0 || n.x >= kChunkSize || n.y >= kChunkSize || n.z >= kChunkSize) continue;
            const uint16_t j = local_index(n.x, n.y, n.z);
            const BlockType rock = chunk.block(j);
            if (rock != BlockType::kStone && rock != BlockType::kDeepslate) continue;
            chunk.set_block(j, caves_.wall_block({o.x + n.x, o.y + n.y, o.z + n.z}, rock));
        }
    }
}

// Whether generate() makes cell p a cave cell (the per-cell reference of carve_caves).
bool TerrainGenerator::carved_at(const BlockPos& p) const {
    return block_y_in_world(p.y) && caves_.cave_at(p) && cave_may_reach(p.x, p.y, p.z, surface_height(p.x, p.z));
}

// The block at p (at or under its surface) once caves, deepslate and ores are in.
BlockType TerrainGenerator::cave_block(const BlockPos& p, BlockType ground, int surface) const {
    if (caves_.cave_at(p) && cave_may_reach(p.x, p.y, p.z, surface)) {
        return p.y <= CaveParams::kLavaLevel ? BlockType::kLava : BlockType::kAir;
    }
    const BlockType rock = ground == BlockType::kStone ? rock_at(p.y, true) : ground;
    if (rock != BlockType::kStone && rock != BlockType::kDeepslate) return rock;
    const ChunkCoord c = chunk_of(p);
    for (int f = 0; f < kFaceCount; ++f) {
        const BlockPos q = p + kFaceNormals[f];
        if (chunk_of(q) == c && carved_at(q)) return caves_.wall_block(p, rock);
    }
    return rock;
}

}  // namespace slotcraft
