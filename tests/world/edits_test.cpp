// Edits: what set_block returns, refusals that change nothing, stale chunk handles, and
// edits that survive their chunk unloading.
#include "instance_model.hpp"
#include "world/world.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace slotcraft {
namespace {

WorldConfig flat_config() {
    WorldConfig c;
    c.type = WorldType::kFlat;
    return c;
}

std::vector<CubeInstance> all_instances(const World& w) {
    std::vector<CubeInstance> out;
    for (const ChunkCoord& c : w.loaded_coords()) {
        for (const CubeInstance& i : w.instances(c)) out.push_back(i);
    }
    return out;
}

TEST(WorldEdits, BreakingASurfaceBlockReportsItAndItsNeighbours) {
    World world(flat_config());
    const std::vector<ChunkCoord> c{{0, 3, 0}, {0, 4, 0}};
    world.load_now(c);
    const EditChanges r = world.set_block({5, 63, 5}, BlockType::kAir);
    // The grass goes; four grass neighbours gain a side face; the dirt below gains an instance;
    // the four diagonal grass cubes are rewritten (the cell they touch changed opacity).
    ASSERT_EQ(r.size(), 10u);
    EXPECT_EQ(r[0].kind, InstanceChange::Kind::kRemoved);
    EXPECT_EQ(r[0].index, local_index(5, 15, 5));
    EXPECT_EQ(r[0].type, BlockType::kGrass);
    int added = 0;
    int changed = 0;
    for (const InstanceChange& ch : r) {
        added += ch.kind == InstanceChange::Kind::kAdded ? 1 : 0;
        changed += ch.kind == InstanceChange::Kind::kChanged ? 1 : 0;
        EXPECT_EQ(ch.chunk, (ChunkCoord{0, 3, 0}));
    }
    EXPECT_EQ(added, 1);
    EXPECT_EQ(changed, 8);
    EXPECT_EQ(world.stats().edits_applied, 1u);
}

TEST(WorldEdits, PlacingAnOpaqueBlockHidesTheFaceBelowAndShadesTheGroundAround) {
    World world(flat_config());
    const std::vector<ChunkCoord> c{{0, 3, 0}, {0, 4, 0}};
    world.load_now(c);
    const EditChanges r = world.set_block({5, 64, 5}, BlockType::kStone);
    // The grass under it losing its top (removals first), the new stone, and the eight grass
    // cubes around whose top corners it now occludes.
    ASSERT_EQ(r.size(), 10u);
    EXPECT_EQ(r[0].kind, InstanceChange::Kind::kRemoved);
    EXPECT_EQ(r[1].kind, InstanceChange::Kind::kAdded);
    EXPECT_EQ(r[1].face_mask, kAllFaces & ~face_bit(kNegY));
    for (std::size_t k = 2; k < r.size(); ++k) {
        EXPECT_EQ(r[k].kind, InstanceChange::Kind::kChanged);
        EXPECT_NE(r[k].shade.occluders, 0u) << "a top corner next to the stone is occluded";
    }
    // Replacing with the same type is a no-op; a different opaque type only retypes it.
    EXPECT_TRUE(world.set_block({5, 64, 5}, BlockType::kStone).empty());
    const EditChanges retype = world.set_block({5, 64, 5}, "brick");
    ASSERT_EQ(retype.size(), 1u);
    EXPECT_EQ(retype[0].kind, InstanceChange::Kind::kChanged);
    EXPECT_EQ(retype[0].type, BlockType::kBrick);
    EXPECT_EQ(retype[0].shade, world.shade_at({5, 64, 5}));
    EXPECT_TRUE(retype.light().empty()) << "an opaque block for another: no light changed";
}

TEST(WorldEdits, RefusedEditsChangeNothing) {
    World world(flat_config());
    const std::vector<ChunkCoord> c{{0, 3, 0}, {0, 4, 0}};
    world.load_now(c);
    const auto before = all_instances(world);
    const auto stats_before = world.stats();

    // The reason of the refusal, checking that its message names the block and says why.
    auto refusal = [&](const BlockPos& p, auto type) -> std::optional<EditError> {
        try {
            world.set_block(p, type);
        } catch (const EditRefused& e) {
            const std::string where = std::to_string(p.x) + " " + std::to_string(p.y) + " " + std::to_string(p.z);
            EXPECT_NE(std::string(e.what()).find(where), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find(describe(e.reason)), std::string::npos) << e.what();
            return e.reason;
        }
        return std::nullopt;
    };
    EXPECT_EQ(refusal({1, 320, 1}, BlockType::kStone), EditError::kOutOfHeight);
    EXPECT_EQ(refusal({1, -65, 1}, BlockType::kStone), EditError::kOutOfHeight);
    EXPECT_EQ(refusal({16, 63, 1}, BlockType::kAir), EditError::kChunkNotLoaded);
    EXPECT_EQ(refusal({1, 63, 1}, static_cast<BlockType>(200)), EditError::kUnknownType);
    EXPECT_EQ(refusal({1, 63, 1}, std::string_view("marble")), EditError::kUnknownType);
    EXPECT_EQ(all_instances(world), before);
    EXPECT_EQ(world.block_at({1, 63, 1}), BlockType::kGrass);
    EXPECT_EQ(world.stats().edits_applied, stats_before.edits_applied);
    EXPECT_EQ(world.stats().edits_refused, stats_before.edits_refused + 5);
}

TEST(WorldEdits, StaleChunkHandleIsDetectedNotFollowed) {
    World world(flat_config());
    const std::vector<ChunkCoord> a{{0, 3, 0}};
    const std::vector<ChunkCoord> b{{7, 3, 7}};
    const WorldEvents loaded = world.load_now(a);
    ASSERT_EQ(loaded.loaded.size(), 1u);
    const ChunkHandle h = loaded.loaded[0].handle;
    ASSERT_EQ(world.handle(a[0]), h);
    ASSERT_NE(world.chunk(h), nullptr);
    EXPECT_EQ(world.chunk(h)->coord(), a[0]);

    world.unload_now(a);
    EXPECT_EQ(world.chunk(h), nullptr);
    EXPECT_FALSE(world.handle(a[0]).has_value());
    // Another chunk takes the same slot: the old handle still does not reach it.
    const ChunkHandle hb = world.load_now(b).loaded.at(0).handle;
    EXPECT_EQ(hb.index, h.index) << "the slot is reused";
    EXPECT_NE(hb.generation, h.generation);
    EXPECT_EQ(world.chunk(h), nullptr);
    EXPECT_EQ(world.chunk(hb)->coord(), b[0]);
    EXPECT_EQ(world.check_links(), std::nullopt) << "a reused entry keeps no link of its old chunk";
    EXPECT_EQ(world.chunk(ChunkHandle{}), nullptr);
    EXPECT_EQ(world.chunk(ChunkHandle{12345, 1}), nullptr);
}

TEST(WorldEdits, EditsSurviveTheirChunkUnloadingAndLoadingAgain) {
    World world(flat_config());
    test::InstanceModel model;
    const std::vector<ChunkCoord> c{{-1, 3, -1}, {-1, 4, -1}};
    model.apply(world.load_now(c));
    model.apply(world.set_block({-3, 64, -3}, BlockType::kBrick));
    model.apply(world.set_block({-4, 63, -4}, BlockType::kAir));
    const auto before = world.instances(c[0]);
    model.apply(world.unload_now(c));
    EXPECT_EQ(world.stats().edited_chunks_unloaded, 2u);
    EXPECT_EQ(world.check_links(), std::nullopt) << "unload_now unlinks both ways";
    model.apply(world.load_now(c));
    EXPECT_EQ(world.check_links(), std::nullopt) << "load_now links both ways";
    EXPECT_EQ(world.block_at({-3, 64, -3}), BlockType::kBrick);
    EXPECT_EQ(world.block_at({-4, 63, -4}), BlockType::kAir);
    EXPECT_EQ(world.instances(c[0]), before);
    EXPECT_EQ(world.stats().edited_chunks_unloaded, 0u);
    EXPECT_EQ(test::count_exposure_mismatches(world, model), 0u);
}

TEST(WorldEdits, BlockAtKnowsTheWorldsEdges) {
    World world(flat_config());
    const std::vector<ChunkCoord> c{{0, 0, 0}};
    world.load_now(c);
    EXPECT_EQ(world.block_at({0, 0, 0}), BlockType::kStone);
    EXPECT_EQ(world.block_at({0, 320, 0}), BlockType::kAir) << "above the world is air";
    EXPECT_FALSE(world.block_at({0, -65, 0}).has_value());
    EXPECT_FALSE(world.block_at({0, -1, 0}).has_value()) << "chunk (0,-1,0) is not loaded";
    EXPECT_FALSE(world.block_at({0, 16, 0}).has_value()) << "chunk (0,1,0) is not loaded";
}

}  // namespace
}  // namespace slotcraft
