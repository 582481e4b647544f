// Terrain: the flat world's layers, determinism per seed, trees across chunk borders, and
// a world that is the same whatever order its chunks load in.
#include "instance_model.hpp"
#include "world/terrain.hpp"
#include "world/world.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <vector>

namespace slotcraft {
namespace {

bool same_blocks(const Chunk& a, const Chunk& b) {
    for (int i = 0; i < kChunkVolume; ++i) {
        if (a.block(static_cast<uint16_t>(i)) != b.block(static_cast<uint16_t>(i))) return false;
    }
    return true;
}

TEST(Terrain, WorldTypeNamesParse) {
    EXPECT_EQ(parse_world_type("flat"), WorldType::kFlat);
    EXPECT_EQ(parse_world_type("terrain"), WorldType::kTerrain);
    EXPECT_FALSE(parse_world_type("Flat").has_value());
    EXPECT_EQ(world_type_name(WorldType::kFlat), "flat");
}

TEST(Terrain, FlatWorldIsStoneDirtGrassThenAir) {
    const TerrainGenerator flat(WorldType::kFlat, 7);
    for (const int32_t x : {-1000000, -17, 0, 5, 123456}) {
        for (int y = kMinBlockY; y < kWorldTop; ++y) {
            const BlockType expected = y <= 59   ? BlockType::kStone
                                       : y <= 62 ? BlockType::kDirt
                                       : y == 63 ? BlockType::kGrass
                                                 : BlockType::kAir;
            ASSERT_EQ(flat.block_at({x, y, -x}), expected) << "x " << x << " y " << y;
        }
    }
    const auto chunk = flat.generate({-3, 3, 2});  // y 48..63
    EXPECT_EQ(chunk->block(local_index(4, 15, 4)), BlockType::kGrass);
    EXPECT_EQ(chunk->block(local_index(4, 14, 4)), BlockType::kDirt);
    EXPECT_EQ(chunk->block(local_index(4, 11, 4)), BlockType::kStone);
    EXPECT_FALSE(flat.generate({0, 4, 0})->has_blocks()) << "air chunks allocate no storage";
}

TEST(Terrain, ChunksDeepUnderGroundAreUniformStoneWithoutStorage) {
    // Generator 2: under generator 3 this chunk holds a tunnel (caves_test.cpp checks that
    // its chunks without caves stay uniform).
    const TerrainGenerator terrain(WorldType::kTerrain, 1, 2);
    const TerrainGenerator flat(WorldType::kFlat, 1);
    for (const TerrainGenerator* g : {&terrain, &flat}) {
        const auto deep = build_chunk(*g, GenerationJob{{3, 0, -2}, {}});
        EXPECT_TRUE(deep->uniform());
        EXPECT_EQ(deep->block(local_index(5, 7, 9)), BlockType::kStone);
        EXPECT_EQ(deep->instance_count(), 0u);
        EXPECT_EQ(deep->storage_bytes(), sizeof(Chunk)) << "one type, no block or mask array";
        EXPECT_TRUE(same_blocks(*deep, *g->generate({3, 0, -2})));
    }
    // The per-block reference agrees for every chunk the shortcut takes in a stretch of terrain.
    int uniform = 0;
    for (int32_t x = -6; x <= 6; x += 3) {
        for (int y = 0; y < 5; ++y) {
            const auto chunk = terrain.generate({x, y, x / 2});
            if (!chunk->uniform()) continue;
            ++uniform;
            const BlockPos o = chunk_origin({x, y, x / 2});
            for (int i = 0; i < kChunkVolume; i += 7) {
                const glm::ivec3 l = local_position(static_cast<uint16_t>(i));
                ASSERT_EQ(chunk->block(static_cast<uint16_t>(i)), terrain.block_at({o.x + l.x, o.y + l.y, o.z + l.z}));
            }
        }
    }
    EXPECT_GT(uniform, 10);
}

// Generators 2 and 3 (caves, ores and lava; caves_test.cpp compares chunks chosen for them).
TEST(Terrain, GeneratedChunksMatchThePerBlockReference) {
    for (const int version : {2, kGeneratorVersion}) {
        const TerrainGenerator terrain(WorldType::kTerrain, 42, version);
        std::mt19937 rng(1);
        std::uniform_int_distribution<int> xz(-40, 40);
        std::uniform_int_distribution<int> cy(kMinChunkY, 15);
        int leaves = 0;
        for (int n = 0; n < 24; ++n) {
            const ChunkCoord c{xz(rng), n < 12 ? 3 + n % 4 : cy(rng), xz(rng)};
            const auto chunk = terrain.generate(c);
            for (int i = 0; i < kChunkVolume; ++i) {
                const auto index = static_cast<uint16_t>(i);
                const BlockType b = chunk->block(index);
                leaves += b == BlockType::kLeaves ? 1 : 0;
                ASSERT_EQ(b, terrain.block_at(world_position(c, index)))
                    << "version " << version << " chunk " << test::to_string(c) << " index " << i;
            }
        }
        // The sample must hold tree canopy, or the comparison never covered the trees (which
        // reach across chunk borders and are the hard part of generating by chunk).
        EXPECT_GT(leaves, 0) << "no leaves in the sampled chunks";
    }
}

TEST(Terrain, SameSeedSameChunksAndSeedsDiffer) {
    const TerrainGenerator a(WorldType::kTerrain, 1234);
    const TerrainGenerator b(WorldType::kTerrain, 1234);
    const TerrainGenerator other(WorldType::kTerrain, 1235);
    int differing = 0;
    for (int x = -3; x <= 3; ++x) {
        for (int y = 2; y <= 5; ++y) {
            const ChunkCoord c{x, y, 2 * x};
            EXPECT_TRUE(same_blocks(*a.generate(c), *b.generate(c)));
            differing += same_blocks(*a.generate(c), *other.generate(c)) ? 0 : 1;
        }
    }
    EXPECT_GT(differing, 10) << "neighbouring seeds must give different worlds";
    int height_diffs = 0;
    for (int x = 0; x < 64; ++x) height_diffs += a.surface_height(x, 0) != other.surface_height(x, 0);
    EXPECT_GT(height_diffs, 32);
}

TEST(Terrain, HasHillsShoresAndTrees) {
    const TerrainGenerator terrain(WorldType::kTerrain, 9);
    int lowest = 1000;
    int highest = -1;
    int sand = 0;
    int trees = 0;
    for (int z = -256; z < 256; z += 2) {
        for (int x = -256; x < 256; x += 2) {
            const int h = terrain.surface_height(x, z);
            lowest = std::min(lowest, h);
            highest = std::max(highest, h);
            sand += terrain.block_at({x, h, z}) == BlockType::kSand ? 1 : 0;
            trees += terrain.tree_at(x, z) > 0 ? 1 : 0;
        }
    }
    EXPECT_GT(highest - lowest, 20) << "rolling hills";
    EXPECT_GT(sand, 100) << "sand near sea level";
    EXPECT_GT(trees, 50);
}

// Every open cell at or below the sea level is water, with sand at the shores; seed 1 has
// lakes within 100 blocks of the spawn; the flat world and generator 1 stay dry.
TEST(Terrain, LakesFillToTheSeaLevelWithSandShores) {
    const TerrainGenerator terrain(WorldType::kTerrain, 1);
    const TerrainGenerator before_water(WorldType::kTerrain, 1, 1);
    const TerrainGenerator flat(WorldType::kFlat, 1);
    int lake_columns = 0;
    for (int32_t z = -100; z <= 100; z += 2) {
        for (int32_t x = -100; x <= 100; x += 2) {
            const int surface = terrain.surface_height(x, z);
            for (int y = surface + 1; y <= TerrainParams::kSeaLevel + 2; ++y) {
                const BlockType want = y <= TerrainParams::kSeaLevel ? BlockType::kWater : BlockType::kAir;
                ASSERT_EQ(terrain.block_at({x, y, z}), want) << x << "," << y << "," << z;
                ASSERT_NE(before_water.block_at({x, y, z}), BlockType::kWater);
            }
            if (surface < TerrainParams::kSeaLevel) {
                ++lake_columns;
                EXPECT_EQ(terrain.block_at({x, surface, z}), BlockType::kSand) << "a lake's floor is sand";
            }
            // A column next to water at its surface level is shore: sand.
            if (surface == TerrainParams::kSeaLevel + 1 && terrain.surface_height(x + 1, z) < TerrainParams::kSeaLevel)
                EXPECT_EQ(terrain.block_at({x, surface, z}), BlockType::kSand);
        }
    }
    EXPECT_GT(lake_columns, 50) << "seed 1 has lakes within 100 blocks of x = z = 0";
    for (int y = 0; y < 70; ++y) EXPECT_NE(flat.block_at({5, y, 5}), BlockType::kWater);
    // The generated chunks agree with the per-block reference, water included.
    for (const ChunkCoord c : {ChunkCoord{2, 3, -4}, ChunkCoord{-3, 3, 0}}) {
        const auto chunk = terrain.generate(c);
        int water = 0;
        for (int i = 0; i < kChunkVolume; ++i) {
            const auto index = static_cast<uint16_t>(i);
            ASSERT_EQ(chunk->block(index), terrain.block_at(world_position(c, index)));
            water += chunk->block(index) == BlockType::kWater ? 1 : 0;
        }
        EXPECT_GT(water, 0) << "chunk " << c.x << "," << c.y << "," << c.z << " holds part of a lake";
    }
}

TEST(Terrain, HeightIsContinuousFarFromTheOrigin) {
    const TerrainGenerator terrain(WorldType::kTerrain, 3);
    int changes = 0;
    for (int32_t x = 2000000000; x < 2000000000 + 512; ++x) {
        const int step = std::abs(terrain.surface_height(x, -1999999999) - terrain.surface_height(x + 1, -1999999999));
        EXPECT_LE(step, 4) << "x " << x;
        changes += step != 0 ? 1 : 0;
    }
    EXPECT_GT(changes, 20) << "the far world still has hills";
}

TEST(Terrain, TreesCrossChunkBordersTheSameFromEitherSide) {
    const TerrainGenerator terrain(WorldType::kTerrain, 5);
    int checked = 0;
    for (int32_t z = -160; z < 160 && checked < 5; ++z) {
        for (int32_t x = -160; x < 160 && checked < 5; ++x) {
            if (floor_mod(x, kChunkSize) != kChunkSize - 1 || terrain.tree_at(x, z) == 0) continue;
            // The trunk is at local x = 15: canopy leaves land in the next chunk's x = 0, 1.
            const int top = terrain.surface_height(x, z) + terrain.tree_at(x, z);
            const BlockPos leaf{x + 1, top - 1, z};
            const auto across = terrain.generate(chunk_of(leaf));
            EXPECT_EQ(across->block(local_index(leaf)), terrain.block_at(leaf));
            const BlockType b = across->block(local_index(leaf));
            EXPECT_TRUE(b == BlockType::kLeaves || b == BlockType::kLog || is_opaque(b))
                << "canopy missing across the border at " << leaf.x << "," << leaf.y << "," << leaf.z;
            ++checked;
        }
    }
    EXPECT_EQ(checked, 5) << "the search area should hold trees on chunk borders";
}

// The same region, loaded all at once in one world and piecemeal in a random order (with
// unloads in between) in another, ends with the same blocks and the same masks.
TEST(Terrain, LoadOrderDoesNotChangeTheWorld) {
    WorldConfig config;
    config.seed = 77;
    std::vector<ChunkCoord> region;
    for (int x = -2; x <= 1; ++x)
        for (int z = -2; z <= 1; ++z)
            for (int y = 3; y <= 5; ++y) region.push_back({x, y, z});

    World ordered(config);
    ordered.load_now(region);

    World shuffled(config);
    std::vector<ChunkCoord> order = region;
    std::mt19937 rng(99);
    std::shuffle(order.begin(), order.end(), rng);
    for (std::size_t i = 0; i < order.size(); ++i) {
        shuffled.load_now(std::span(&order[i], 1));
        if (i % 5 == 4) {  // drop an earlier one and bring it back later
            const ChunkCoord gone = order[i / 2];
            shuffled.unload_now(std::span(&gone, 1));
            order.push_back(gone);
        }
    }
    for (const ChunkCoord& c : region) {
        const Chunk* a = ordered.chunk(*ordered.handle(c));
        const Chunk* b = shuffled.chunk(*shuffled.handle(c));
        ASSERT_TRUE(a && b);
        EXPECT_TRUE(same_blocks(*a, *b)) << test::to_string(c);
        EXPECT_EQ(ordered.instances(c), shuffled.instances(c)) << test::to_string(c);
    }
}

// A worker's SurfaceCache serves any generator: generators of other seeds, types and
// versions share it, and columns that collide in it evict each other; every answer equals
// the heights worked out afresh, and chunks generated through it equal chunks without it.
TEST(Terrain, TheSurfaceCacheAnswersAsTheGeneratorDoes) {
    const TerrainGenerator a(WorldType::kTerrain, 1), b(WorldType::kTerrain, 2), flat(WorldType::kFlat, 1);
    const TerrainGenerator old(WorldType::kTerrain, 1, 1);  // the first generator version
    const std::array<const TerrainGenerator*, 4> generators{&a, &b, &flat, &old};
    SurfaceCache cache;
    std::mt19937 rng(5);
    for (int i = 0; i < 3000; ++i) {
        const TerrainGenerator& g = *generators[rng() % generators.size()];
        // 12 x 12 columns of four generators: more than the cache holds, so they collide and
        // evict, and few enough that a column is often asked for again.
        const auto cx = static_cast<int32_t>(rng() % 12) - 6, cz = static_cast<int32_t>(rng() % 12) - 6;
        TerrainGenerator::ColumnSurfaces fresh;
        g.column_surfaces(cx, cz, fresh);
        ASSERT_EQ(cache.surfaces(g, cx, cz), fresh) << "column " << cx << " " << cz << " seed " << g.seed();
    }
    EXPECT_GT(cache.hits(), 500u);
    EXPECT_GT(cache.misses(), 500u);
    for (int y = kMinChunkY; y <= kTopChunkY; ++y) {
        for (const TerrainGenerator* g : generators) {
            const ChunkCoord c{3, y, -7};
            const auto with = g->generate(c, &cache), without = g->generate(c);
            for (int i = 0; i < kChunkVolume; ++i) {
                const auto k = static_cast<uint16_t>(i);
                ASSERT_EQ(with->block(k), without->block(k)) << "chunk y " << y << " seed " << g->seed();
            }
        }
    }
}

}  // namespace
}  // namespace slotcraft
