// Far terrain (docs/world.md "Far terrain"): the rings nest exactly, coarse chunks sample
// the terrain and downsample edits, and FarTerrain hands every wanted chunk to the renderer
// once, remakes the stale ones and drops what no ring wants.
#include "world/coarse_chunk.hpp"
#include "world/far_terrain.hpp"
#include "world/lod.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <thread>
#include <tuple>

namespace slotcraft {
namespace {

// [SECTION] rings

// How many times the rings draw level-0 column (x, z): at full detail, or inside a leaf.
int coverage(const LodRings& rings, const std::vector<LodColumn>& leaves, int32_t x, int32_t z) {
    int n = rings.draws_level0(x, z) ? 1 : 0;
    for (const LodColumn& c : leaves) {
        if (floor_div(x, 1 << c.level) == c.x && floor_div(z, 1 << c.level) == c.z) ++n;
    }
    return n;
}

TEST(LodRings, LeavesAndFullDetailCoverTheFarDiscExactlyOnce) {
    for (const auto& [cx, cz, view, far] :
         {std::tuple{0, 0, 4, 40}, std::tuple{-7, 13, 5, 64}, std::tuple{3, -2, 8, 70}}) {
        const LodRings rings(cx, cz, view, far);
        ASSERT_TRUE(rings.active());
        std::vector<LodColumn> leaves;
        rings.leaves(leaves);
        const int top_span = 1 << rings.top_level();
        for (int32_t z = cz - far - 2 * top_span; z <= cz + far + 2 * top_span; ++z)
            for (int32_t x = cx - far - 2 * top_span; x <= cx + far + 2 * top_span; ++x) {
                const int n = coverage(rings, leaves, x, z);
                ASSERT_LE(n, 1) << "column " << x << "," << z << " is drawn twice (view " << view << ", far " << far
                                << ")";
                // Full detail only inside the loaded view disc.
                if (rings.draws_level0(x, z)) ASSERT_TRUE(column_in_view(cx, cz, x, z, view)) << x << "," << z;
                // Everything well inside the far distance is drawn by some level.
                if (column_in_view(cx, cz, x, z, far - 2 * top_span)) ASSERT_EQ(n, 1) << x << "," << z;
            }
        // The camera's own neighbourhood is full detail.
        for (int32_t d = -1; d <= 1; ++d) EXPECT_TRUE(rings.draws_level0(cx + d, cz - d));
    }
}

TEST(LodRings, CoarserLevelsLieFartherOut) {
    const LodRings rings(0, 0, 6, 200);
    std::vector<LodColumn> leaves;
    rings.leaves(leaves);
    for (const LodColumn& c : leaves) {
        const double span = double(1 << c.level);
        const double d = std::hypot((c.x + 0.5) * span, (c.z + 0.5) * span);
        // A level-k leaf holds a column outside the view of level k-1: beyond about view * 2^(k-1).
        EXPECT_GT(d + span * 1.5, 6.0 * span / 2) << "level " << c.level << " at " << c.x << "," << c.z;
        EXPECT_LE(c.level, rings.top_level());
    }
}

TEST(LodRings, AFarDistanceWithinTheViewIsOff) {
    const LodRings rings(5, 5, 16, 16);
    EXPECT_FALSE(rings.active());
    std::vector<LodColumn> leaves;
    rings.leaves(leaves);
    EXPECT_TRUE(leaves.empty());
    EXPECT_TRUE(rings.draws_level0(1000, -1000));
}

TEST(LodKeys, CarryTheLevelInY) {
    const ChunkCoord key = lod_key(3, {-5, 1, 7});
    EXPECT_EQ(key_level(key), 3);
    EXPECT_EQ(key_chunk(key), (ChunkCoord{-5, 1, 7}));
    for (int y = kMinChunkY; y <= kTopChunkY; ++y) EXPECT_EQ(key_level({0, y, 0}), 0);
    EXPECT_EQ(level_column_chunks(1), 12);
    EXPECT_EQ(level_column_chunks(4), 2);
    EXPECT_EQ(level_column_chunks(5), 1);
    // A coarse chunk's y counts from the world's bottom; the page table keeps level and y.
    EXPECT_EQ(level_chunk_bottom(1, 3), 2) << "level-1 chunk 3 starts at level-0 chunk 2 (y 32)";
    EXPECT_EQ(level_chunk_over(2, -4), 0);
    EXPECT_EQ(level_chunk_over(2, 19), 5);
    EXPECT_EQ(page_table_y({0, -4, 0}), 0);
    EXPECT_EQ(page_table_y({0, 19, 0}), 23);
    EXPECT_EQ(page_table_y(lod_key(7, {0, 0, 0})), 7 << 5);
    EXPECT_EQ(page_table_y(lod_key(1, {0, 11, 0})), 1 << 5 | 11);
}

// [SECTION] coarse chunks

const CubeInstance* find_instance(const std::vector<CubeInstance>& cubes, int x, int y, int z) {
    for (const CubeInstance& c : cubes)
        if (c.index == local_index(x, y, z)) return &c;
    return nullptr;
}

TEST(CoarseChunk, SamplesTheFlatSurfaceAtItsScale) {
    const TerrainGenerator flat(WorldType::kFlat, 1);
    // Level 1: cells of 2 blocks; chunk y 3 (from the bottom, -64) spans blocks 32..63, so
    // the grass at 63 is its top cell row 15.
    const std::vector<CubeInstance> cubes = build_coarse_chunk(flat, {lod_key(1, {0, 3, 0}), {}});
    for (int z = 0; z < kChunkSize; ++z)
        for (int x = 0; x < kChunkSize; ++x) {
            const CubeInstance* top = find_instance(cubes, x, 15, z);
            ASSERT_NE(top, nullptr) << x << "," << z;
            EXPECT_EQ(top->type, BlockType::kGrass);
            EXPECT_TRUE(top->face_mask & face_bit(kPosY));
        }
    // Below the skirt no cube is exposed; inside the chunk nothing but the top shows.
    for (const CubeInstance& c : cubes) {
        const glm::ivec3 p = local_position(c.index);
        EXPECT_GE(p.y, 15 - kSkirtCells) << "cell " << p.x << "," << p.y << "," << p.z;
        if (p.x > 0 && p.x < 15 && p.z > 0 && p.z < 15) EXPECT_EQ(p.y, 15);
    }
    // The chunk above the surface is empty.
    EXPECT_TRUE(build_coarse_chunk(flat, {lod_key(1, {0, 4, 0}), {}}).empty());
}

TEST(CoarseChunk, BorderCellsNearTheSurfaceShowTheirSides) {
    const TerrainGenerator flat(WorldType::kFlat, 1);
    CoarseJob job{lod_key(2, {3, 1, -2}), {}};
    job.skirt_sides = face_bit(kNegX);  // a finer ring lies to the -x side
    job.wall_sides = face_bit(kPosZ);   // nothing is drawn to the +z side
    const std::vector<CubeInstance> cubes = build_coarse_chunk(flat, job);
    // Level 2, chunk y 1 spans blocks 0..63: the grass cell is row 15; its -x border column
    // shows its -x side for its top kSkirtCells rows, the +x border column none but the top,
    // the +z border column every row.
    for (int y = 16 - kSkirtCells; y <= 15; ++y) {
        const CubeInstance* c = find_instance(cubes, 0, y, 5);
        ASSERT_NE(c, nullptr) << "row " << y;
        EXPECT_TRUE(c->face_mask & face_bit(kNegX)) << "row " << y;
    }
    EXPECT_EQ(find_instance(cubes, 0, 15 - kSkirtCells, 5), nullptr);
    EXPECT_EQ(find_instance(cubes, 15, 14, 5), nullptr);
    for (int y = 0; y <= 15; ++y) {
        const CubeInstance* c = find_instance(cubes, 5, y, 15);
        ASSERT_NE(c, nullptr) << "row " << y;
        EXPECT_TRUE(c->face_mask & face_bit(kPosZ)) << "row " << y;
    }
}

TEST(LodRings, BorderSidesFaceFinerRingsOrNothing) {
    const LodRings rings(0, 0, 4, 64);
    std::vector<LodColumn> leaves;
    rings.leaves(leaves);
    std::size_t skirted = 0, walled = 0;
    for (const LodColumn& c : leaves) {
        uint8_t skirts = 0, walls = 0;
        rings.border_sides(c, skirts, walls);
        skirted += skirts != 0;
        walled += walls != 0;
        if (walls) EXPECT_EQ(c.level, rings.top_level()) << "only the rim faces nothing";
        if (skirts) EXPECT_GE(c.level, 1);
    }
    EXPECT_GT(skirted, 0u);
    EXPECT_GT(walled, 0u);
    EXPECT_LT(skirted + walled, leaves.size()) << "most leaves need neither";
}

TEST(CoarseChunk, AnEditedChunkIsDownsampledFromItsBlocks) {
    const TerrainGenerator flat(WorldType::kFlat, 1);
    // Level-0 chunk (0, 4, 0), blocks 64..79 above the grass, all brick.
    EditedChunk tower{{0, 4, 0}, {}};
    for (int i = 0; i < kChunkVolume; ++i) tower.edits.push_back({static_cast<uint16_t>(i), BlockType::kBrick});
    // Level 1, chunk y 4 spans blocks 64..95: the tower fills cells x, z 0..7, rows 0..7.
    const std::vector<CubeInstance> plain = build_coarse_chunk(flat, {lod_key(1, {0, 4, 0}), {}});
    EXPECT_TRUE(plain.empty());
    const std::vector<CubeInstance> cubes = build_coarse_chunk(flat, {lod_key(1, {0, 4, 0}), {tower}});
    const CubeInstance* top = find_instance(cubes, 3, 7, 4);
    ASSERT_NE(top, nullptr);
    EXPECT_EQ(top->type, BlockType::kBrick);
    EXPECT_TRUE(top->face_mask & face_bit(kPosY));
    EXPECT_EQ(find_instance(cubes, 3, 8, 4), nullptr);  // above the tower: air
    EXPECT_EQ(find_instance(cubes, 9, 7, 4), nullptr);  // beside it: air
    EXPECT_NE(find_instance(cubes, 7, 3, 4), nullptr);  // its +x wall
    // At level 5 (cells of 32 blocks) a 16-block tower is under half a cell: gone.
    const std::vector<CubeInstance> far = build_coarse_chunk(flat, {lod_key(5, {0, 0, 0}), {tower}});
    for (const CubeInstance& c : far) EXPECT_NE(c.type, BlockType::kBrick);
}

TEST(CoarseChunk, TerrainKeepsItsHeightAtTheCoarseGrid) {
    const TerrainGenerator terrain(WorldType::kTerrain, 1);
    for (int level = 1; level <= 3; ++level) {
        const int size = 1 << level;
        for (int y = 0; y < level_column_chunks(level); ++y) {
            const ChunkCoord key = lod_key(level, {1, y, -1});
            for (const CubeInstance& c : build_coarse_chunk(terrain, {key, {}})) {
                if (!(c.face_mask & face_bit(kPosY)) || c.type == BlockType::kLeaves || c.type == BlockType::kWater)
                    continue;
                const glm::ivec3 p = local_position(c.index);
                const int bx = (1 * kChunkSize + p.x) * size + size / 2, bz = (-1 * kChunkSize + p.z) * size + size / 2;
                const int cell_y = kMinBlockY + (y * kChunkSize + p.y) * size;
                // A top face sits within one cell of the sampled surface.
                const int surface = terrain.surface_height(bx, bz);
                EXPECT_LE(std::abs(cell_y + size / 2 - surface), size) << "level " << level;
            }
        }
    }
}

// [SECTION] the far terrain's hand-over

// What the renderer would hold after the events (a model of the slots' chunk lists).
struct Held {
    std::map<std::tuple<int, int, int>, std::vector<CubeInstance>> chunks;
    void apply(WorldEvents& e) {
        for (const ChunkCoord& c : e.unloaded) {
            ASSERT_EQ(chunks.erase({c.x, c.y, c.z}), 1u) << "unloaded a far chunk that was not held: " << to_string(c);
        }
        for (ChunkLoaded& l : e.loaded) {
            ASSERT_GT(key_level(l.coord), 0);
            ASSERT_FALSE(l.instances.empty());
            ASSERT_TRUE(chunks.emplace(std::tuple{l.coord.x, l.coord.y, l.coord.z}, l.instances).second)
                << "loaded twice without an unload: " << to_string(l.coord);
        }
        for (const ChunkLightBox& b : e.light.boxes) EXPECT_EQ(b.uniform, kCoarseLight);
    }
};

// Updates until the far terrain is idle (bounded by a count of updates, never by time).
void settle(FarTerrain& far, ChunkCoord camera, int view, Held& held, const FarTerrain::EditsOf& edits_of) {
    for (int i = 0; i < 200000 && !far.idle(); ++i) {
        WorldEvents e;
        far.update(camera, view, edits_of, e);
        held.apply(e);
        if (!far.idle()) std::this_thread::sleep_for(std::chrono::milliseconds(1));  // the worker's turn
    }
    ASSERT_TRUE(far.idle()) << "the far terrain did not settle";
}

TEST(FarTerrain, SettlesHandsEveryWantedChunkOnceAndDropsThemWhenOff) {
    const TerrainGenerator terrain(WorldType::kTerrain, 1);
    FarTerrain far(terrain, 24, 1);
    Held held;
    const auto no_edits = [](ChunkCoord) { return std::vector<BlockEdit>{}; };
    settle(far, {0, 4, 0}, 4, held, no_edits);
    const FarTerrain::Stats s = far.stats();
    EXPECT_EQ(s.pending, 0u);
    EXPECT_EQ(s.stale, 0u);
    EXPECT_GT(s.levels, 1);
    std::size_t chunks = 0, instances = 0;
    for (int level = 1; level < s.levels; ++level) {
        chunks += s.chunks[static_cast<std::size_t>(level)];
        instances += s.instances[static_cast<std::size_t>(level)];
    }
    EXPECT_EQ(chunks, held.chunks.size());
    std::size_t held_instances = 0;
    for (const auto& [k, cubes] : held.chunks) {
        const ChunkCoord key{std::get<0>(k), std::get<1>(k), std::get<2>(k)};
        held_instances += cubes.size();
        EXPECT_EQ(cubes, build_coarse_chunk(terrain, far.job_for(key, no_edits))) << to_string(key);
    }
    EXPECT_EQ(instances, held_instances);
    // Moving on: the rings move, what they no longer want goes once its replacement is there.
    settle(far, {40, 4, -9}, 4, held, no_edits);
    for (const auto& [k, cubes] : held.chunks) EXPECT_TRUE(far.holds({std::get<0>(k), std::get<1>(k), std::get<2>(k)}));
    far.set_far_distance(0);
    settle(far, {40, 4, -9}, 4, held, no_edits);
    EXPECT_TRUE(held.chunks.empty());
}

TEST(FarTerrain, AnEditMakesTheChunksOverItStaleUntilMadeAgain) {
    const TerrainGenerator flat(WorldType::kFlat, 1);
    FarTerrain far(flat, 16, 1);
    Held held;
    std::map<std::tuple<int, int, int>, std::vector<BlockEdit>> edits;
    const auto edits_of = [&edits](ChunkCoord c) {
        const auto it = edits.find({c.x, c.y, c.z});
        return it == edits.end() ? std::vector<BlockEdit>{} : it->second;
    };
    settle(far, {0, 4, 0}, 2, held, edits_of);
    // A tower in a level-0 chunk that a level-1 ring covers: level-1 column (1, 0) is a leaf
    // (its child (3, 0) lies outside view 2); blocks 64..79 are its chunk y 4 (from -64).
    const ChunkCoord edited{3, 4, 0};
    const ChunkCoord key = lod_key(1, {1, 4, 0});
    ASSERT_TRUE(far.holds(lod_key(1, {1, 3, 0})));  // the grass below it
    std::vector<BlockEdit>& tower = edits[{edited.x, edited.y, edited.z}];
    for (int i = 0; i < kChunkVolume; ++i) tower.push_back({static_cast<uint16_t>(i), BlockType::kBrick});
    far.mark_edited(edited);
    EXPECT_GT(far.stats().stale, 0u);
    EXPECT_FALSE(far.idle());
    settle(far, {0, 4, 0}, 2, held, edits_of);
    EXPECT_EQ(far.stats().stale, 0u);
    const auto it = held.chunks.find({key.x, key.y, key.z});
    ASSERT_NE(it, held.chunks.end()) << "the chunk over the tower holds its cubes now";
    bool brick = false;
    for (const CubeInstance& c : it->second) brick = brick || c.type == BlockType::kBrick;
    EXPECT_TRUE(brick);
}

}  // namespace
}  // namespace slotcraft
