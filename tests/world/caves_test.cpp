// Caves (generator 3): versions 1 and 2 unchanged, caves deterministic from the seed,
// walkable tunnels, ores only in rock by depth, lava only at the bottom, the chunks
// without caves uniform (docs/world.md "Caves").
#include "world/terrain.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <queue>
#include <set>
#include <tuple>
#include <vector>

namespace slotcraft {
namespace {

// An FNV-1a checksum of the blocks of the chunks x, z in -3..3, y -4..7 (y -64..127).
uint64_t region_checksum(const TerrainGenerator& terrain) {
    uint64_t h = 0xCBF29CE484222325ull;
    for (int32_t y = -4; y <= 7; ++y) {
        for (int32_t z = -3; z <= 3; ++z) {
            for (int32_t x = -3; x <= 3; ++x) {
                const auto chunk = terrain.generate({x, y, z});
                for (int i = 0; i < kChunkVolume; ++i) {
                    h = (h ^ static_cast<uint8_t>(chunk->block(static_cast<uint16_t>(i)))) * 0x100000001B3ull;
                }
            }
        }
    }
    return h;
}

// Generators 1 and 2 give exactly what they gave before caves (the checksums were taken
// from the generator of commit 1e6df64), so a saved world's ground never changes.
TEST(Caves, VersionsOneAndTwoAreUnchanged) {
    struct Case {
        WorldType type;
        uint64_t seed;
        int version;
        uint64_t checksum;
    };
    const Case cases[] = {
        {WorldType::kTerrain, 1, 1, 0x1D3A2A0497661B7Full},
        {WorldType::kTerrain, 1, 2, 0x8B4E55895C683167ull},
        {WorldType::kTerrain, 42, 2, 0xA2FEFCDB0E39F74Dull},
        {WorldType::kFlat, 1, 2, 0x627F25612BF31425ull},
    };
    for (const Case& c : cases) {
        const uint64_t got = region_checksum(TerrainGenerator(c.type, c.seed, c.version));
        EXPECT_EQ(got, c.checksum) << "seed " << c.seed << " version " << c.version;
    }
}

bool is_ore(BlockType b) { return b >= BlockType::kCoalOre && b <= BlockType::kDeepslateEmeraldOre; }
bool is_deepslate_ore(BlockType b) {
    return is_ore(b) && (static_cast<int>(b) - static_cast<int>(BlockType::kCoalOre)) % 2 == 1;
}

// What caves a stretch of chunks holds, counted against generator 2 (the same ground without caves).
struct CaveCount {
    int chunks = 0, with_caves = 0;
    long cave = 0, lava = 0, ore = 0;
};

CaveCount count_caves(uint64_t seed, int radius, int lowest_y, int highest_y) {
    const TerrainGenerator caves(WorldType::kTerrain, seed, 3), plain(WorldType::kTerrain, seed, 2);
    CaveCount n;
    for (int32_t z = -radius; z <= radius; ++z)
        for (int32_t x = -radius; x <= radius; ++x)
            for (int32_t y = lowest_y; y <= highest_y; ++y) {
                const auto a = plain.generate({x, y, z}), b = caves.generate({x, y, z});
                int here = 0;
                for (int i = 0; i < kChunkVolume; ++i) {
                    const BlockType before = a->block(static_cast<uint16_t>(i)),
                                    now = b->block(static_cast<uint16_t>(i));
                    const bool dug = is_solid(before) && (now == BlockType::kAir || now == BlockType::kLava);
                    here += dug ? 1 : 0;
                    n.lava += now == BlockType::kLava ? 1 : 0;
                    n.ore += is_ore(now) ? 1 : 0;
                }
                ++n.chunks;
                n.with_caves += here > 0 ? 1 : 0;
                n.cave += here;
            }
    return n;
}

// Chunks of seed 1 that hold a lava cavern with deepslate ores (at the bottom), tunnels near
// the surface (y 64..79) and in the deepslate, and an opening (a tunnel through the surface
// near x 406, z 1343).
constexpr ChunkCoord kCaveChunks[] = {{-6, -4, -5}, {2, 4, 3}, {-4, -3, -10}, {6, 0, -3}, {25, 5, 83}};

TEST(Caves, GeneratedChunksMatchThePerBlockReference) {
    const TerrainGenerator terrain(WorldType::kTerrain, 1, 3);
    int dug = 0, lava = 0, ore = 0, deep_ore = 0, opened = 0;
    for (const ChunkCoord& c : kCaveChunks) {
        const auto chunk = terrain.generate(c);
        for (int i = 0; i < kChunkVolume; ++i) {
            const auto index = static_cast<uint16_t>(i);
            const BlockPos p = world_position(c, index);
            const BlockType b = chunk->block(index);
            ASSERT_EQ(b, terrain.block_at(p)) << "chunk " << to_string(c) << " index " << i;
            const int surface = terrain.surface_height(p.x, p.z);
            dug += p.y <= surface && b == BlockType::kAir ? 1 : 0;
            opened += p.y > surface - CaveParams::kRockCap && p.y <= surface && b == BlockType::kAir ? 1 : 0;
            lava += b == BlockType::kLava ? 1 : 0;
            ore += is_ore(b) ? 1 : 0;
            deep_ore += is_deepslate_ore(b) ? 1 : 0;
        }
    }
    // The sample must hold every kind of cell, or the comparison never covered it.
    EXPECT_GT(dug, 1000);
    EXPECT_GT(lava, 100);
    EXPECT_GT(ore, 20);
    EXPECT_GT(deep_ore, 5);
    EXPECT_GT(opened, 5) << "no opening in the sample";
}

TEST(Caves, SameSeedSameCavesAndSeedsDiffer) {
    const TerrainGenerator a(WorldType::kTerrain, 1, 3), b(WorldType::kTerrain, 1, 3), other(WorldType::kTerrain, 2, 3);
    int differing = 0;
    for (int32_t z = -8; z <= 8; z += 2) {
        for (int32_t x = -8; x <= 8; x += 2) {
            for (int32_t y = -4; y <= 2; ++y) {
                const ChunkCoord c{x, y, z};
                const auto ca = a.generate(c), cb = b.generate(c), co = other.generate(c);
                bool same = true, same_other = true;
                for (int i = 0; i < kChunkVolume; ++i) {
                    const auto index = static_cast<uint16_t>(i);
                    same = same && ca->block(index) == cb->block(index);
                    same_other = same_other && ca->block(index) == co->block(index);
                }
                EXPECT_TRUE(same) << to_string(c);
                differing += same_other ? 0 : 1;
            }
        }
    }
    // Under the ground the two seeds' ground is the same rock: only their caves differ.
    EXPECT_GT(differing, 10) << "seeds 1 and 2 must dig different caves";
}

// Caves, but sparse: tunnels, not sponge, and most chunks under the ground stay uniform rock
// (no block storage and no cubes: the memory and the streaming at view distance 64 depend on
// it). Seed 1 holds 56 chunks with caves of these 1,521, 0.43% of their volume dug.
TEST(Caves, CavesExistAtSeedOneAndStaySparse) {
    const CaveCount n = count_caves(1, 6, -4, 4);  // 13 x 13 columns, y -64..79
    const double volume = static_cast<double>(n.chunks) * kChunkVolume;
    EXPECT_GT(n.with_caves, n.chunks / 50) << n.with_caves << " of " << n.chunks << " chunks hold caves";
    EXPECT_LT(n.with_caves, n.chunks / 8) << n.with_caves << " of " << n.chunks << " chunks hold caves";
    EXPECT_GT(static_cast<double>(n.cave) / volume, 0.001) << n.cave << " cave cells";
    EXPECT_LT(static_cast<double>(n.cave) / volume, 0.02) << n.cave << " cave cells";
    EXPECT_GT(n.lava, 100);
    EXPECT_GT(n.ore, 100);
}

TEST(Caves, ChunksWithoutCavesStayUniformRock) {
    const TerrainGenerator terrain(WorldType::kTerrain, 1, 3);
    int uniform = 0;
    for (int32_t z = -3; z <= 3; ++z)
        for (int32_t x = -3; x <= 3; ++x)
            for (int32_t y = -4; y <= 1; ++y) {
                const auto chunk = terrain.generate({x, y, z});
                bool open = false;
                for (int i = 0; i < kChunkVolume && !open; ++i) {
                    const BlockType b = chunk->block(static_cast<uint16_t>(i));
                    open = b == BlockType::kAir || b == BlockType::kLava;
                }
                if (open) continue;
                ++uniform;
                EXPECT_TRUE(chunk->uniform()) << to_string(ChunkCoord{x, y, z}) << " has no cave but stores blocks";
                EXPECT_EQ(chunk->block(0), y < 0 ? BlockType::kDeepslate : BlockType::kStone);
            }
    EXPECT_GT(uniform, 100);
}

// A tunnel is walkable: somewhere a run of at least 12 connected cells stands on rock with
// two cells of cave over it (the player is 1.8 blocks tall).
TEST(Caves, TunnelsAreWalkable) {
    const TerrainGenerator terrain(WorldType::kTerrain, 1, 3);
    const auto standing = [&](const BlockPos& p) {
        return is_firm(terrain.block_at(p + BlockPos{0, -1, 0})) && terrain.block_at(p) == BlockType::kAir &&
               terrain.block_at(p + BlockPos{0, 1, 0}) == BlockType::kAir && p.y < terrain.surface_height(p.x, p.z);
    };
    // A chunk near the spawn with a tunnel under the surface (y 48..63).
    const BlockPos o = chunk_origin({1, 3, 2});
    std::set<std::tuple<int, int, int>> seen;
    int longest = 0;
    for (int y = o.y + 1; y < o.y + 15; ++y)
        for (int z = o.z; z < o.z + 16; ++z)
            for (int x = o.x; x < o.x + 16; ++x) {
                if (seen.contains({x, y, z}) || !standing({x, y, z})) continue;
                int size = 0;
                std::queue<BlockPos> todo;
                todo.push({x, y, z});
                seen.insert({x, y, z});
                while (!todo.empty() && size < 64) {
                    const BlockPos p = todo.front();
                    todo.pop();
                    ++size;
                    for (const BlockPos d :
                         {BlockPos{1, 0, 0}, BlockPos{-1, 0, 0}, BlockPos{0, 0, 1}, BlockPos{0, 0, -1},
                          BlockPos{1, 1, 0}, BlockPos{-1, 1, 0}, BlockPos{0, 1, 1}, BlockPos{0, 1, -1},
                          BlockPos{1, -1, 0}, BlockPos{-1, -1, 0}, BlockPos{0, -1, 1}, BlockPos{0, -1, -1}}) {
                        const BlockPos q = p + d;
                        if (seen.contains({q.x, q.y, q.z}) || !standing(q)) continue;
                        seen.insert({q.x, q.y, q.z});
                        todo.push(q);
                    }
                }
                longest = std::max(longest, size);
            }
    EXPECT_GE(longest, 12) << "no walkable tunnel floor of 12 connected cells";
}

// Ores sit only in rock on a cave wall (next to a dug cell of the same chunk), their kinds by
// depth (the deepslate kinds below y 0, diamond at y -16 and below); lava only at the bottom.
TEST(Caves, OresOnCaveWallsAndLavaOnlyAtTheBottom) {
    const TerrainGenerator terrain(WorldType::kTerrain, 1, 3);
    int ores = 0, lava = 0;
    for (const ChunkCoord& c : kCaveChunks) {
        const auto chunk = terrain.generate(c);
        for (int i = 0; i < kChunkVolume; ++i) {
            const auto index = static_cast<uint16_t>(i);
            const BlockType b = chunk->block(index);
            const BlockPos p = world_position(c, index);
            if (b == BlockType::kLava) {
                ++lava;
                EXPECT_LE(p.y, CaveParams::kLavaLevel);
            }
            if (!is_ore(b)) continue;
            ++ores;
            EXPECT_EQ(is_deepslate_ore(b), p.y < 0) << block_name(b) << " at y " << p.y;
            if (b == BlockType::kDiamondOre || b == BlockType::kDeepslateDiamondOre) {
                EXPECT_LE(p.y, -16);
            }
            const glm::ivec3 l = local_position(index);
            bool on_wall = false;
            for (const glm::ivec3& n : kFaceNormals) {
                const glm::ivec3 q = l + n;
                if (q.x < 0 || q.y < 0 || q.z < 0 || q.x > 15 || q.y > 15 || q.z > 15) continue;
                const BlockType next = chunk->block(local_index(q.x, q.y, q.z));
                on_wall = on_wall || next == BlockType::kAir || next == BlockType::kLava;
            }
            EXPECT_TRUE(on_wall) << block_name(b) << " at y " << p.y << " is not on a cave wall";
        }
    }
    EXPECT_GT(ores, 20);
    EXPECT_GT(lava, 100);
}

// Caves keep under lakes and shores: no cave cell touches water, and the surface of every
// column at or under sea level + 1 keeps its rock roof (kRockCap).
TEST(Caves, NoCaveOpensIntoWater) {
    const TerrainGenerator terrain(WorldType::kTerrain, 1, 3);
    // The lake around x 25..40, z -60..-45 and its shores: chunks x 1..2, z -4..-3, y 2..3.
    int water = 0;
    for (int32_t cz = -4; cz <= -3; ++cz)
        for (int32_t cx = 1; cx <= 2; ++cx)
            for (int32_t cy = 2; cy <= 3; ++cy) {
                const auto chunk = terrain.generate({cx, cy, cz});
                for (int i = 0; i < kChunkVolume; ++i) {
                    const auto index = static_cast<uint16_t>(i);
                    if (chunk->block(index) != BlockType::kWater) continue;
                    ++water;
                    const BlockPos p = world_position({cx, cy, cz}, index);
                    for (const glm::ivec3& n : kFaceNormals) {
                        const BlockPos q = p + n;
                        const bool dug = q.y <= terrain.surface_height(q.x, q.z) && !is_solid(terrain.block_at(q));
                        ASSERT_FALSE(dug) << "a cave cell at " << q.x << " " << q.y << " " << q.z << " touches water";
                    }
                }
            }
    EXPECT_GT(water, 100) << "the sample must hold the lake";
}

// The far terrain samples surface_height and ground_block, which caves leave alone: the
// far rings of a world with caves look as they did.
TEST(Caves, TheFarTerrainsSamplesAreUnchanged) {
    const TerrainGenerator caves(WorldType::kTerrain, 1, 3), plain(WorldType::kTerrain, 1, 2);
    for (int32_t z = -300; z <= 300; z += 37) {
        for (int32_t x = -300; x <= 300; x += 29) {
            const int surface = caves.surface_height(x, z);
            ASSERT_EQ(surface, plain.surface_height(x, z));
            ASSERT_EQ(caves.tree_at(x, z), plain.tree_at(x, z));
            for (int y = kMinBlockY; y < 120; y += 5)
                ASSERT_EQ(caves.ground_block(y, surface), plain.ground_block(y, surface));
        }
    }
}

TEST(Caves, TheFlatWorldAndFlagsChooseTheGenerator) {
    EXPECT_EQ(generator_version_for(true), kGeneratorVersion);
    EXPECT_EQ(generator_version_for(false), 2);
    EXPECT_FALSE(TerrainGenerator(WorldType::kFlat, 1, 3).has_caves()) << "the flat world has no caves";
    EXPECT_FALSE(TerrainGenerator(WorldType::kTerrain, 1, 2).has_caves());
    EXPECT_TRUE(TerrainGenerator(WorldType::kTerrain, 1, 3).has_caves());
    const TerrainGenerator flat(WorldType::kFlat, 1, 3);
    for (int32_t y = -4; y <= 3; ++y) {
        const auto chunk = flat.generate({0, y, 0});
        EXPECT_TRUE(chunk->uniform() || y == 3) << y;
        EXPECT_EQ(chunk->block(0), BlockType::kStone) << "flat: stone below y 60, no deepslate";
    }
}

}  // namespace
}  // namespace slotcraft
