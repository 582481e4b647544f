// Exposure: face masks after edits, loads and unloads equal a brute-force recomputation
// from the blocks, at chunk borders too, and the event stream tells the renderer exactly that.
#include "instance_model.hpp"
#include "world/world.hpp"
#include "world/world_probes.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <vector>

namespace slotcraft {
namespace {

WorldConfig flat_config() {
    WorldConfig c;
    c.type = WorldType::kFlat;
    return c;
}

TEST(Exposure, FlatSurfaceShowsOnlyTopFacesInsideTheLoadedArea) {
    World world(flat_config());
    test::InstanceModel model;
    const std::vector<ChunkCoord> column{{0, 3, 0}, {0, 4, 0}};
    model.apply(world.load_now(column));
    // Inside the chunk the grass shows its top; toward unloaded neighbours, nothing.
    EXPECT_EQ(world.face_mask({5, 63, 5}), face_bit(kPosY));
    EXPECT_EQ(world.face_mask({0, 63, 5}), face_bit(kPosY)) << "west neighbour not loaded: hidden";
    EXPECT_EQ(world.face_mask({5, 62, 5}), 0) << "dirt under grass is buried";
    EXPECT_EQ(world.stats().instances, 256u);
    EXPECT_EQ(test::count_exposure_mismatches(world, model), 0u);
}

TEST(Exposure, FaceTowardAnUnloadedChunkIsFixedUpWhenItLoadsAndUnloads) {
    World world(flat_config());
    test::InstanceModel model;
    const std::vector<ChunkCoord> a{{0, 3, 0}, {0, 4, 0}};
    const std::vector<ChunkCoord> b{{1, 3, 0}, {1, 4, 0}};
    model.apply(world.load_now(a));
    // Dig at the +x border of a: the cubes across it are in b, which is not loaded.
    ASSERT_THROW(world.set_block({16, 63, 4}, BlockType::kAir), EditRefused) << "b is not loaded";
    model.apply(world.set_block({15, 63, 4}, BlockType::kAir));
    model.apply(world.set_block({15, 62, 4}, BlockType::kAir));
    EXPECT_EQ(world.face_mask({14, 63, 4}), face_bit(kPosY) | face_bit(kPosX));
    EXPECT_EQ(world.face_mask({15, 61, 4}), face_bit(kPosY)) << "+x is chunk b: hidden";
    EXPECT_EQ(world.face_mask({15, 63, 5}), face_bit(kPosY) | face_bit(kNegZ));

    const WorldEvents loaded = world.load_now(b);
    model.apply(loaded);
    ASSERT_EQ(loaded.loaded.size(), 2u);
    EXPECT_EQ(world.face_mask({16, 63, 4}), face_bit(kPosY) | face_bit(kNegX));
    EXPECT_EQ(world.face_mask({16, 62, 4}), face_bit(kNegX)) << "b's dirt sees a's hole";
    EXPECT_EQ(test::count_exposure_mismatches(world, model), 0u);

    // A hole on b's side of the border opens a's faces; unloading b hides them again.
    model.apply(world.set_block({16, 63, 9}, BlockType::kAir));
    EXPECT_EQ(world.face_mask({15, 63, 9}), face_bit(kPosY) | face_bit(kPosX));
    const WorldEvents gone = world.unload_now(b);
    model.apply(gone);
    EXPECT_EQ(gone.unloaded.size(), 2u);
    // One cube loses a face; the others along the border are rewritten for their occlusion
    // (a chunk that is not loaded counts as opaque).
    int lost_face = 0;
    for (const InstanceChange& ch : gone.changes) {
        EXPECT_EQ(ch.kind, InstanceChange::Kind::kChanged);
        if (ch.index == local_index({15, 63, 9})) {
            EXPECT_EQ(ch.face_mask, face_bit(kPosY));
            ++lost_face;
        }
    }
    EXPECT_EQ(lost_face, 1);
    EXPECT_EQ(world.face_mask({15, 63, 9}), face_bit(kPosY));
    EXPECT_EQ(test::count_exposure_mismatches(world, model), 0u);
}

TEST(Exposure, TopOfTheWorldIsVisibleAndBelowTheBottomIsHidden) {
    World world(flat_config());
    test::InstanceModel model;
    const std::vector<ChunkCoord> ends{{0, kMinChunkY, 0}, {0, kTopChunkY, 0}};
    model.apply(world.load_now(ends));
    model.apply(world.set_block({3, 319, 3}, BlockType::kBrick));
    EXPECT_EQ(world.face_mask({3, 319, 3}), kAllFaces)
        << "a block floating at y = 319 shows every face, the top one included";
    model.apply(world.set_block({3, -64, 3}, BlockType::kAir));
    model.apply(world.set_block({3, -63, 3}, BlockType::kAir));
    model.apply(world.set_block({3, -64, 3}, BlockType::kGlass));
    EXPECT_EQ(world.face_mask({3, -64, 3}) & face_bit(kNegY), 0) << "below y = -64 counts as hidden";
    EXPECT_NE(world.face_mask({3, -64, 3}) & face_bit(kPosY), 0);
    EXPECT_EQ(test::count_exposure_mismatches(world, model), 0u);
}

TEST(Exposure, GlassAndLeavesShowTheirNeighboursFaces) {
    World world(flat_config());
    test::InstanceModel model;
    const std::vector<ChunkCoord> c{{0, 3, 0}, {0, 4, 0}};
    model.apply(world.load_now(c));
    const EditChanges glass = world.set_block({5, 62, 5}, BlockType::kGlass);  // replaces dirt
    model.apply(glass);
    EXPECT_EQ(world.face_mask({5, 61, 5}), face_bit(kPosY)) << "dirt under glass shows its top";
    EXPECT_EQ(world.face_mask({4, 62, 5}), face_bit(kPosX));
    EXPECT_EQ(world.face_mask({5, 62, 5}), 0) << "glass buried in opaque blocks shows nothing";
    EXPECT_EQ(world.face_mask({5, 63, 5}), face_bit(kPosY) | face_bit(kNegY));
    // 4 sides + below + grass above change faces; the glass itself has none; the cubes whose
    // occlusion reads the cell are rewritten too.
    int faces_changed = 0;
    for (const InstanceChange& ch : glass) {
        const BlockPos p = world_position(ch.chunk, ch.index);
        const int d = std::abs(p.x - 5) + std::abs(p.y - 62) + std::abs(p.z - 5);
        faces_changed += d == 1 ? 1 : 0;
        EXPECT_LE(std::max({std::abs(p.x - 5), std::abs(p.y - 62), std::abs(p.z - 5)}), 1);
    }
    EXPECT_EQ(faces_changed, 6);
    EXPECT_EQ(test::count_exposure_mismatches(world, model), 0u);
}

// The main randomized check: thousands of edits (biased to chunk borders) interleaved with
// loads and unloads, replayed into a renderer model, against brute force from the blocks.
TEST(Exposure, RandomEditsLoadsAndUnloadsMatchBruteForce) {
    WorldConfig config;
    config.seed = 2024;
    World world(config);
    test::InstanceModel model;
    std::mt19937 rng(12345);
    constexpr int kMinX = -2, kMaxX = 1, kMinY = 3, kMaxY = 5, kMinZ = -2, kMaxZ = 1;
    std::vector<ChunkCoord> region;
    for (int x = kMinX; x <= kMaxX; ++x)
        for (int y = kMinY; y <= kMaxY; ++y)
            for (int z = kMinZ; z <= kMaxZ; ++z) region.push_back({x, y, z});
    std::vector<ChunkCoord> initial;
    for (const ChunkCoord& c : region)
        if (rng() % 3 != 0) initial.push_back(c);
    model.apply(world.load_now(initial));

    auto coord_in = [&rng](int lo_chunk, int hi_chunk) {
        const int lo = lo_chunk * kChunkSize;
        const int span = (hi_chunk - lo_chunk + 1) * kChunkSize;
        int v = lo + static_cast<int>(rng() % static_cast<unsigned>(span));
        if (rng() % 2 == 0) v = floor_div(v, kChunkSize) * kChunkSize + (rng() % 2 ? kChunkSize - 1 : 0);
        return v;
    };
    const std::vector<BlockType> palette = {BlockType::kAir,    BlockType::kAir,   BlockType::kAir,
                                            BlockType::kStone,  BlockType::kGlass, BlockType::kLeaves,
                                            BlockType::kPlanks, BlockType::kGrass, BlockType::kLog,
                                            BlockType::kLamp};
    std::size_t applied = 0;
    std::size_t refused = 0;
    for (int step = 0; step < 5000; ++step) {
        if (step % 40 == 39) {  // load or unload one chunk of the region
            const ChunkCoord c = region[rng() % region.size()];
            model.apply(world.chunk_loaded(c) ? world.unload_now(std::span(&c, 1)) : world.load_now(std::span(&c, 1)));
            continue;
        }
        const BlockPos p{coord_in(kMinX, kMaxX), coord_in(kMinY, kMaxY), coord_in(kMinZ, kMaxZ)};
        const BlockType t = palette[rng() % palette.size()];
        const std::optional<BlockType> before = world.block_at(p);
        EditChanges r;
        try {
            r = world.set_block(p, t);
        } catch (const EditRefused& e) {
            ++refused;
            EXPECT_EQ(e.reason, EditError::kChunkNotLoaded);
            EXPECT_FALSE(before.has_value());
            continue;
        }
        ++applied;
        model.apply(r);
        EXPECT_EQ(world.block_at(p), t);
        if (step % 1000 == 999) {
            ASSERT_EQ(test::count_exposure_mismatches(world, model), 0u) << "after step " << step;
        }
    }
    EXPECT_GT(applied, 2000u);
    EXPECT_GT(refused, 100u);
    ASSERT_EQ(test::count_exposure_mismatches(world, model), 0u);
    // Every chunk's stored list equals a list rebuilt from scratch.
    for (const ChunkCoord& c : world.loaded_coords()) {
        EXPECT_EQ(world.instances(c), rebuild_instances(world, c)) << test::to_string(c);
    }
    EXPECT_EQ(model.instance_count(), world.stats().instances);
}

// Uniform chunks (no block storage) expand on the first differing block, and a hole dug
// across the border of two uniform stone chunks shows exactly the faces brute force finds.
TEST(Exposure, DiggingIntoUniformStoneExposesTheRightFaces) {
    World world(flat_config());
    test::InstanceModel model;
    std::vector<ChunkCoord> chunks;
    for (int x = 0; x < 2; ++x)
        for (int y = kMinChunkY; y <= kTopChunkY; ++y)
            for (int z = 0; z < 2; ++z) chunks.push_back({x, y, z});
    model.apply(world.load_now(chunks));
    const Chunk* deep = world.chunk(*world.handle({0, 1, 0}));
    ASSERT_TRUE(deep->uniform()) << "flat stone under y 48 is uniform";
    const std::size_t bytes_before = world.stats().storage_bytes;
    // A tunnel along x through y = 20, crossing the chunk border at x = 15/16.
    for (int x = 10; x < 22; ++x) model.apply(world.set_block({x, 20, 15}, BlockType::kAir));
    EXPECT_FALSE(world.chunk(*world.handle({0, 1, 0}))->uniform());
    EXPECT_GT(world.stats().storage_bytes, bytes_before);
    EXPECT_EQ(test::count_exposure_mismatches(world, model), 0u);
    EXPECT_EQ(world.face_mask({9, 20, 15}), face_bit(kPosX));
    EXPECT_EQ(world.face_mask({16, 19, 15}), face_bit(kPosY)) << "below the tunnel, across the border";
    // Filling it back restores the hidden state; unloading and loading keeps the edits.
    for (int x = 10; x < 22; ++x) model.apply(world.set_block({x, 20, 15}, BlockType::kStone));
    EXPECT_EQ(test::count_exposure_mismatches(world, model), 0u);
    EXPECT_EQ(world.face_mask({9, 20, 15}), 0);
    model.apply(world.unload_now(chunks));
    model.apply(world.load_now(chunks));
    EXPECT_EQ(world.block_at({12, 20, 15}), BlockType::kStone);
    EXPECT_TRUE(world.chunk(*world.handle({0, 1, 0}))->uniform()) << "regenerated with its edits, uniform again";
    EXPECT_EQ(test::count_exposure_mismatches(world, model), 0u);
}

TEST(Exposure, UniformChunksAndTheirEdgeCases) {
    Chunk c({0, kTopChunkY, 0});  // the top of the world
    c.fill(BlockType::kStone);
    c.compute_interior_masks();
    EXPECT_EQ(c.mask(local_index(3, 15, 3)), face_bit(kPosY)) << "the world's top faces air";
    EXPECT_EQ(c.mask(local_index(3, 14, 3)), 0);
    Chunk glass({0, 2, 0});
    glass.fill(BlockType::kGlass);
    glass.compute_interior_masks();
    EXPECT_EQ(glass.instance_count(), static_cast<uint32_t>(kChunkVolume)) << "glass shows its neighbours' faces";
    Chunk air({0, 2, 0});
    air.set_block(7, BlockType::kAir);
    EXPECT_TRUE(air.uniform()) << "setting the uniform type allocates nothing";
    air.set_block(7, BlockType::kDirt);
    EXPECT_FALSE(air.uniform());
    EXPECT_EQ(air.block(7), BlockType::kDirt);
    EXPECT_EQ(air.block(8), BlockType::kAir);
    air.set_block(7, BlockType::kAir);
    air.make_uniform_if_possible();
    EXPECT_TRUE(air.uniform());
    EXPECT_FALSE(air.has_blocks());
}

// The border planes' summary (what the fix-ups skip on) equals a scan of the planes, for
// uniform chunks and mixed ones, and follows set_block and fill.
TEST(Exposure, BorderPlanesSummaryFollowsTheBlocks) {
    auto scanned = [](const Chunk& c) {
        Chunk::BorderPlanes p;
        for (int f = 0; f < kFaceCount; ++f) {
            bool all_opaque = true, any_solid = false;
            for (int v = 0; v < kChunkSize; ++v)
                for (int u = 0; u < kChunkSize; ++u) {
                    const BlockType t = c.block(border_cell(static_cast<Face>(f), u, v));
                    all_opaque = all_opaque && is_opaque(t);
                    any_solid = any_solid || is_solid(t);
                }
            if (all_opaque) p.all_opaque |= face_bit(static_cast<Face>(f));
            if (any_solid) p.any_solid |= face_bit(static_cast<Face>(f));
        }
        return p;
    };
    auto expect_summary = [&](const Chunk& c, const char* when) {
        const Chunk::BorderPlanes want = scanned(c), got = c.border_planes();
        EXPECT_EQ(got.all_opaque, want.all_opaque) << when;
        EXPECT_EQ(got.any_solid, want.any_solid) << when;
    };
    Chunk c({0, 0, 0});
    expect_summary(c, "uniform air");
    c.fill(BlockType::kStone);
    expect_summary(c, "uniform stone");
    c.set_block(local_index(0, 7, 7), BlockType::kGlass);  // the -x plane is no longer all opaque
    expect_summary(c, "glass on the -x plane");
    c.fill(BlockType::kAir);
    c.set_block(local_index(7, 15, 7), BlockType::kWater);  // a solid cell on the +y plane only
    expect_summary(c, "water on the +y plane");
    std::mt19937 rng(7);
    const BlockType kinds[] = {BlockType::kAir, BlockType::kStone, BlockType::kGlass, BlockType::kWater,
                               BlockType::kLeaves};
    for (int round = 0; round < 50; ++round) {
        for (int k = 0; k < 200; ++k) {
            c.set_block(static_cast<uint16_t>(rng() % kChunkVolume), kinds[rng() % 5]);
        }
        c.compute_interior_masks();
        expect_summary(c, "random edits");
        if (round % 10 == 9) c.fill(kinds[rng() % 5]);
    }
}

}  // namespace
}  // namespace slotcraft
