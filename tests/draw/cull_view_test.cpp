// The cull view: chunks enter and leave the octree with their first and last cube, the
// runs follow the eye (or stay with a frozen frustum), and the chunk boxes say what was kept.
#include "draw/cull_view.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "world/world.hpp"

namespace slotcraft {
namespace {

// A flat world with two columns of chunks loaded: x = 0 and x = 4 (64 blocks east).
struct Scene {
    World world{WorldConfig{WorldType::kFlat, 1, 8, 1}};
    InstanceSlots slots;
    CullView cull;

    Scene() {
        std::vector<ChunkCoord> chunks;
        for (int x : {0, 4}) {
            for (int y = kMinChunkY; y <= kTopChunkY; ++y) chunks.push_back({x, y, 0});
        }
        slots.apply(world.load_now(chunks));
        cull.track(slots);
    }
    // The chunks whose runs the cull returned.
    std::vector<ChunkCoord> culled_chunks(const Eye& eye) {
        std::vector<ChunkCoord> out;
        for (const SlotRun& run : cull.cull(eye, slots)) {
            const auto c = slots.chunk_of_page(run.first_slot / kSlotsPerPage);
            if (c && std::find(out.begin(), out.end(), *c) == out.end()) out.push_back(*c);
        }
        return out;
    }
};

Eye looking(double yaw) {
    Camera camera;
    camera.position = {8.0, 70.0, 8.0};
    camera.yaw = yaw;
    camera.pitch = -30.0;
    return eye_of(camera, 8, 16.0f / 9.0f);
}

bool has_x(const std::vector<ChunkCoord>& chunks, int x) {
    return std::any_of(chunks.begin(), chunks.end(), [&](const ChunkCoord& c) { return c.x == x; });
}

TEST(CullView, TracksChunksThatHaveCubes) {
    Scene scene;
    // Flat: stone, dirt and grass up to y 63; only chunk y = 3 (blocks 48..63) has exposed cubes.
    EXPECT_EQ(scene.cull.stats().octree.chunks, 2u);
    scene.slots.apply(scene.world.unload_now(std::vector<ChunkCoord>{{4, 3, 0}}));
    scene.cull.track(scene.slots);
    EXPECT_EQ(scene.cull.stats().octree.chunks, 1u);
}

TEST(CullView, KeepsWhatIsInFrontOfTheEye) {
    Scene scene;
    const auto east = scene.culled_chunks(looking(90.0));  // yaw 90 looks towards +x
    EXPECT_TRUE(has_x(east, 4));
    const auto west = scene.culled_chunks(looking(-90.0));
    EXPECT_FALSE(has_x(west, 4));
    EXPECT_TRUE(has_x(west, 0)) << "the eye's own chunk is below it, in view";
}

TEST(CullView, AFrozenFrustumStaysWhereItWasFrozen) {
    Scene scene;
    scene.cull.set_frozen(true, looking(90.0));
    EXPECT_TRUE(scene.cull.stats().frozen);
    EXPECT_TRUE(has_x(scene.culled_chunks(looking(-90.0)), 4)) << "turning away does not move a frozen frustum";
    const auto here = scene.cull.frozen_frustum({0, 4, 0});
    const auto east = scene.cull.frozen_frustum({1, 4, 0});
    ASSERT_TRUE(here && east);
    for (size_t i = 0; i < 8; ++i) {
        EXPECT_EQ((*here)[i] - (*east)[i], glm::vec3(16.0f, 0.0f, 0.0f))
            << "corner " << i << " relative to the eye's chunk";
    }
    scene.cull.set_frozen(true, looking(-90.0));  // freezing again keeps the first frustum
    EXPECT_EQ(scene.cull.frozen_frustum({0, 4, 0}), here);
    scene.cull.set_frozen(false, looking(-90.0));
    EXPECT_FALSE(scene.cull.frozen_frustum({0, 4, 0}).has_value());
    EXPECT_FALSE(has_x(scene.culled_chunks(looking(-90.0)), 4));
}

TEST(CullView, RunsComeChunkByChunkNearestFirst) {
    Scene scene;
    const auto from_west = scene.culled_chunks(looking(90.0));  // the eye is over chunk x = 0
    ASSERT_EQ(from_west.size(), 2u);
    EXPECT_EQ(from_west[0].x, 0);
    EXPECT_EQ(from_west[1].x, 4);
    Camera camera;
    camera.position = {72.0, 70.0, 8.0};  // over chunk x = 4, looking west
    camera.yaw = -90.0;
    camera.pitch = -30.0;
    const auto from_east = scene.culled_chunks(eye_of(camera, 8, 16.0f / 9.0f));
    ASSERT_EQ(from_east.size(), 2u);
    EXPECT_EQ(from_east[0].x, 4);
    EXPECT_EQ(from_east[1].x, 0);
    EXPECT_GE(scene.cull.stats().sort_us, 0.0);
}

TEST(CullView, ChunkBoxesSayWhichChunksWereDrawn) {
    Scene scene;
    scene.culled_chunks(looking(-90.0));
    std::vector<ChunkBox> boxes;
    scene.cull.chunk_boxes(boxes);
    ASSERT_EQ(boxes.size(), 2u);
    for (const ChunkBox& b : boxes) EXPECT_EQ(b.visible, b.coord.x == 0) << b.coord.x;
}

// The water of the visible chunks comes as its own runs, ordered far to near from the eye;
// the opaque runs never cover a water slot.
TEST(CullView, TranslucentRunsAreTheVisibleWaterFarToNear) {
    World world{WorldConfig{WorldType::kFlat, 1, 8, 1, 0}};
    InstanceSlots slots;
    CullView cull;
    std::vector<ChunkCoord> chunks;
    for (int x = 0; x <= 3; ++x)
        for (int y = 3; y <= 4; ++y) chunks.push_back({x, y, 0});
    slots.apply(world.load_now(chunks));
    // A puddle in the grass of chunks x = 0, 1 and 3 (none in x = 2).
    for (int cx : {0, 1, 3}) slots.apply_changes(world.set_block({cx * 16 + 5, 63, 5}, BlockType::kWater));
    cull.track(slots);
    Camera camera;
    camera.position = {-20.0, 80.0, 8.0};  // west of every chunk, looking east and down
    camera.yaw = 90.0;
    camera.pitch = -25.0;
    const Eye eye = eye_of(camera, 8, 16.0f / 9.0f);
    const std::vector<SlotRun> opaque = cull.cull(eye, slots);
    std::vector<int> order;
    for (const SlotRun& run : cull.translucent_runs()) {
        order.push_back(slots.chunk_of_page(run.first_slot / kSlotsPerPage)->x);
        for (uint32_t s = run.first_slot; s < run.first_slot + run.count; ++s)
            EXPECT_EQ(instance_type(slots.cpu_copy()[s]), BlockType::kWater);
    }
    EXPECT_EQ(order, (std::vector<int>{3, 1, 0})) << "far to near";
    for (const SlotRun& run : opaque)
        for (uint32_t s = run.first_slot; s < run.first_slot + run.count; ++s)
            EXPECT_NE(instance_type(slots.cpu_copy()[s]), BlockType::kWater);
    // Seen from the east the order turns round.
    camera.position = {84.0, 80.0, 8.0};
    camera.yaw = -90.0;
    cull.cull(eye_of(camera, 8, 16.0f / 9.0f), slots);
    order.clear();
    for (const SlotRun& run : cull.translucent_runs())
        order.push_back(slots.chunk_of_page(run.first_slot / kSlotsPerPage)->x);
    EXPECT_EQ(order, (std::vector<int>{0, 1, 3}));
}

}  // namespace
}  // namespace slotcraft
