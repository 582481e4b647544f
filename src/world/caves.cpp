// Cave fields of generator 3 (see caves.hpp; docs/world.md "Caves").
#include "world/caves.hpp"

#include "alloc/hash.hpp"

#include <stb/stb_perlin.h>

#include <algorithm>
#include <cmath>

namespace slotcraft {
namespace {

// The shape of each field: its period in blocks across (x, z) and up (y). The tunnel fields
// change twice as fast upwards, so their zero surfaces lie flat-ish and the lines where they
// cross (the tunnels) mostly run level: walkable, not shafts.
struct FieldShape {
    int32_t across;
    int32_t up;
};
constexpr std::array<FieldShape, 3> kShapes = {{{256, 96}, {256, 96}, {160, 64}}};

// Samples are the noise times kScale, rounded: integers, so interpolation is exact.
constexpr int32_t kScale = 4096;
constexpr int kStep = CaveParams::kStep;
constexpr int32_t kWeights = kStep * kStep * kStep;  // the sum of a cell's 8 corner weights
// A tunnel is where both tunnel fields are within this of zero (of kScale): about 4 blocks
// across at the fields' usual slope.
constexpr int32_t kTunnelLimit = 150;
// Tunnels run only where the cavern field is above this (of kScale): cave systems with rock
// between them, so most chunks under the ground stay uniform.
constexpr int32_t kTunnelRegion = 1000;
// A cavern is where the cavern field is above this (of kScale), and more so near its top.
constexpr int32_t kCavernLimit = 3600;
constexpr int32_t kCavernFade = 60;  // the limit rises this much a block over the top 16 blocks

// The lattice of one chunk: (kChunkSize / kStep + 1)^3 corners, x fastest, then z, then y.
constexpr int kCorners = kChunkSize / kStep + 1;
using Lattice = std::array<int32_t, kCorners * kCorners * kCorners>;
constexpr int corner(int i, int j, int k) { return i + kCorners * (k + kCorners * j); }

// The 8 corners of a lattice cell: bit 0 of the index is +x, bit 1 +y, bit 2 +z.
using Corners = std::array<int32_t, 8>;

// kWeights times the trilinear blend at offset (fx, fy, fz), each 0..kStep-1, in the cell.
int32_t blend(const Corners& c, int fx, int fy, int fz) {
    int32_t v = 0;
    for (int k = 0; k < 8; ++k) {
        const int32_t wx = (k & 1) != 0 ? fx : kStep - fx;
        const int32_t wy = (k & 2) != 0 ? fy : kStep - fy;
        const int32_t wz = (k & 4) != 0 ? fz : kStep - fz;
        v += c[static_cast<std::size_t>(k)] * wx * wy * wz;
    }
    return v;
}

int32_t cavern_limit(int y) { return kCavernLimit + std::max(0, y - (CaveParams::kCavernTop - 16)) * kCavernFade; }

// The rule, on the blended fields (kWeights times the field).
bool cave_cell(int32_t a, int32_t b, int32_t c, int y) {
    if (y < CaveParams::kLowestCave) return false;
    constexpr int32_t t = kTunnelLimit * kWeights;
    if (a > -t && a < t && b > -t && b < t && c > kTunnelRegion * kWeights) return true;
    return y < CaveParams::kCavernTop && c > cavern_limit(y) * kWeights;
}

Corners corners_of(const Lattice& lattice, int ci, int cj, int ck) {
    Corners c{};
    for (int k = 0; k < 8; ++k) {
        c[static_cast<std::size_t>(k)] =
            lattice[static_cast<std::size_t>(corner(ci + (k & 1), cj + ((k >> 1) & 1), ck + ((k >> 2) & 1)))];
    }
    return c;
}

// Whether some blend of these corners can pass |blend| < limit (the blend stays within them).
bool may_be_near_zero(const Corners& c, int32_t limit) {
    const auto [lo, hi] = std::minmax_element(c.begin(), c.end());
    return *lo<limit&& * hi> - limit;
}

// Ores by depth, rolled once per 2 x 2 x 2 group of cells: the first rule whose range holds
// the cell and whose share of the roll (per mille) takes it. Diamond is deep and rare.
struct OreRule {
    BlockType ore;
    BlockType deep;  // the deepslate kind, below y 0
    int lowest, highest;
    int per_mille;
};
constexpr std::array<OreRule, 8> kOres = {{
    {BlockType::kCoalOre, BlockType::kDeepslateCoalOre, 0, kWorldTop, 30},
    {BlockType::kIronOre, BlockType::kDeepslateIronOre, kMinBlockY, 72, 20},
    {BlockType::kCopperOre, BlockType::kDeepslateCopperOre, -16, 96, 14},
    {BlockType::kGoldOre, BlockType::kDeepslateGoldOre, kMinBlockY, 32, 6},
    {BlockType::kRedstoneOre, BlockType::kDeepslateRedstoneOre, kMinBlockY, 16, 9},
    {BlockType::kLapisOre, BlockType::kDeepslateLapisOre, kMinBlockY, 32, 5},
    {BlockType::kDiamondOre, BlockType::kDeepslateDiamondOre, kMinBlockY, -16, 4},
    {BlockType::kEmeraldOre, BlockType::kDeepslateEmeraldOre, 32, kWorldTop, 2},
}};

}  // namespace

CaveFields::CaveFields(uint64_t seed) : seed_(seed) {
    uint64_t h = mix64(seed ^ 0x6A09E667F3BCC909ull);
    for (int f = 0; f < kFields; ++f) {
        h = mix64(h + 0x9E3779B97F4A7C15ull);
        slice_[static_cast<std::size_t>(f)] = static_cast<float>(h & 0xFFFF) * (256.0f / 65536.0f);
        seed_byte_[static_cast<std::size_t>(f)] = static_cast<int>((h >> 16) & 0xFF);
    }
}

// Like the terrain's octaves, x and z are reduced modulo 256 periods in integers first, so
// the fields stay exact far from the origin.
int32_t CaveFields::sample(int field, int32_t x, int32_t y, int32_t z) const {
    const auto f = static_cast<std::size_t>(field);
    const FieldShape s = kShapes[f];
    const float fx = static_cast<float>(floor_mod(x, 256 * s.across)) / static_cast<float>(s.across);
    const float fz = static_cast<float>(floor_mod(z, 256 * s.across)) / static_cast<float>(s.across);
    const float fy = static_cast<float>(y) / static_cast<float>(s.up) + slice_[f];
    const float n = stb_perlin_noise3_seed(fx, fy, fz, 0, 0, 0, seed_byte_[f]);
    return static_cast<int32_t>(std::lround(n * static_cast<float>(kScale)));
}

bool CaveFields::cave_at(const BlockPos& p) const {
    if (p.y < CaveParams::kLowestCave) return false;
    const int fx = floor_mod(p.x, kStep), fy = floor_mod(p.y, kStep), fz = floor_mod(p.z, kStep);
    const BlockPos base{p.x - fx, p.y - fy, p.z - fz};
    std::array<int32_t, kFields> v{};
    for (int f = 0; f < kFields; ++f) {
        Corners c{};
        for (int k = 0; k < 8; ++k) {
            c[static_cast<std::size_t>(k)] = sample(f, base.x + kStep * (k & 1), base.y + kStep * ((k >> 1) & 1),
                                                    base.z + kStep * ((k >> 2) & 1));
        }
        v[static_cast<std::size_t>(f)] = blend(c, fx, fy, fz);
    }
    return cave_cell(v[0], v[1], v[2], p.y);
}

bool CaveFields::chunk_caves(ChunkCoord coord, ChunkCells& out) const {
    const BlockPos o = chunk_origin(coord);
    const bool caverns = o.y < CaveParams::kCavernTop;
    std::array<Lattice, kFields> lattice{};
    for (int f = 0; f < kFields; ++f) {
        for (int j = 0; j < kCorners; ++j)
            for (int k = 0; k < kCorners; ++k)
                for (int i = 0; i < kCorners; ++i) {
                    lattice[static_cast<std::size_t>(f)][static_cast<std::size_t>(corner(i, j, k))] = sample(
                        f, o.x + kStep * i, o.y + kStep * j, o.z + kStep * k);
                }
    }
    bool any = false;
    constexpr int kCells = kChunkSize / kStep;
    for (int cj = 0; cj < kCells; ++cj)
        for (int ck = 0; ck < kCells; ++ck)
            for (int ci = 0; ci < kCells; ++ci) {
                const Corners a = corners_of(lattice[0], ci, cj, ck);
                const Corners b = corners_of(lattice[1], ci, cj, ck);
                const Corners c = corners_of(lattice[2], ci, cj, ck);
                const int32_t c_max = *std::max_element(c.begin(), c.end());
                const bool tunnel = c_max > kTunnelRegion && may_be_near_zero(a, kTunnelLimit) &&
                                    may_be_near_zero(b, kTunnelLimit);
                const bool cavern = caverns && c_max > kCavernLimit;
                if (!tunnel && !cavern) continue;
                for (int ly = 0; ly < kStep; ++ly)
                    for (int lz = 0; lz < kStep; ++lz)
                        for (int lx = 0; lx < kStep; ++lx) {
                            const int y = o.y + kStep * cj + ly;
                            if (!cave_cell(blend(a, lx, ly, lz), blend(b, lx, ly, lz), blend(c, lx, ly, lz), y)) {
                                continue;
                            }
                            if (!any) out.reset();
                            any = true;
                            out.set(local_index(kStep * ci + lx, kStep * cj + ly, kStep * ck + lz));
                        }
            }
    return any;
}

BlockType CaveFields::wall_block(const BlockPos& p, BlockType rock) const {
    const uint64_t gx = static_cast<uint32_t>(floor_div(p.x, 2));
    const uint64_t gz = static_cast<uint32_t>(floor_div(p.z, 2));
    const uint64_t gy = static_cast<uint32_t>(floor_div(p.y, 2));
    const uint64_t h = mix64(mix64(mix64(seed_ ^ 0x3C6EF372FE94F82Bull) ^ (gx << 32 | gz)) ^ gy);
    int roll = static_cast<int>(h % 1000);
    for (const OreRule& r : kOres) {
        if (p.y < r.lowest || p.y > r.highest) continue;
        if (roll < r.per_mille) return p.y < 0 ? r.deep : r.ore;
        roll -= r.per_mille;
    }
    return rock;
}

}  // namespace slotcraft
