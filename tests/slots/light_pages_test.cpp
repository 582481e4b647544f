// The light pages against the world (docs/light.md "Light pages"): a CPU model of the GPU
// light buffer receives exactly what LightPageTable queues from the world's light events
// (whole pages, byte writes) and must hold, for every chunk with cubes to draw, the
// world's light on every open cell of its 18^3 box, after random edits with lamps, boxes
// of edits, loads and unloads across chunk borders. No GL.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <span>
#include <vector>

#include "slots/light_pages.hpp"
#include "world/world.hpp"

#include "../world/random_edits.hpp"

namespace slotcraft {
namespace {

// What the GPU would hold: the light buffer, uploaded from each frame's work.
struct LightModel {
    LightPageTable table;
    std::vector<uint8_t> gpu;
    uint64_t bytes_last = 0;
    std::size_t pages_last = 0;  // whole pages in the last frame's work

    void upload() {
        const LightPageTable::Uploads work = table.take_uploads();
        bytes_last = work.bytes();
        pages_last = work.pages.size();
        gpu.resize(std::size_t{table.page_high_water()} * kLightPageBytes);
        for (std::size_t k = 0; k < work.pages.size(); ++k) {
            ASSERT_LT(work.pages[k], table.page_high_water());
            std::memcpy(gpu.data() + std::size_t{work.pages[k]} * kLightPageBytes,
                        work.page_data.data() + k * kLightPageBytes, kLightPageBytes);
        }
        for (const LightByteWrite& w : work.writes) {
            ASSERT_LT(w.address, gpu.size());
            gpu[w.address] = static_cast<uint8_t>(w.value);
        }
    }
    void apply(const WorldEvents& events) {
        table.apply(events);
        upload();
    }
    void apply(const LightEvents& light) {
        table.apply(light);
        upload();
    }
};

// Every loaded chunk with cubes holds a box equal to the world's light; no other chunk holds one.
std::size_t count_box_mismatches(const World& world, const LightModel& model) {
    std::size_t bad = 0;
    std::size_t boxes = 0;
    for (const ChunkCoord& c : world.loaded_coords()) {
        const bool drawn = !world.instances(c).empty();
        const std::optional<int32_t> ref = model.table.ref_of(c);
        if (!drawn) {
            EXPECT_FALSE(ref) << "chunk " << c.x << " " << c.y << " " << c.z << " has nothing to draw but a box";
            bad += ref ? 1 : 0;
            continue;
        }
        ++boxes;
        if (!ref) {
            ADD_FAILURE() << "chunk " << c.x << " " << c.y << " " << c.z << " has cubes but no light box";
            ++bad;
            continue;
        }
        const std::optional<std::string> diff =
            *ref < 0
                ? world.check_light_box(c, static_cast<uint8_t>(-1 - *ref), {})
                : world.check_light_box(c, 0,
                                        std::span<const uint8_t>(model.gpu.data() + std::size_t(*ref) * kLightPageBytes,
                                                                 kLightPageBytes));
        if (diff) {
            ADD_FAILURE() << *diff;
            ++bad;
        }
    }
    std::size_t held = 0;
    model.table.for_each_chunk([&](const ChunkCoord&, int32_t) { ++held; });
    EXPECT_EQ(held, boxes) << "boxes held for chunks that are gone";
    return bad;
}

void random_light_pages_match(std::span<const ChunkCoord> region, glm::ivec3 lo, glm::ivec3 hi, int steps,
                              uint32_t seed) {
    WorldConfig config;
    config.seed = seed;
    World world(config);
    LightModel model;
    std::mt19937 rng(seed);
    std::vector<ChunkCoord> initial;
    for (const ChunkCoord& c : region)
        if (rng() % 4 != 0) initial.push_back(c);
    model.apply(world.load_now(initial));
    ASSERT_EQ(count_box_mismatches(world, model), 0u) << "after the first load";
    int checks = 0;
    for (int step = 0; step < steps; ++step) {
        model.apply(test::random_edit_step(world, rng, region, lo, hi, step));
        if (step % 50 == 49) {
            ASSERT_EQ(count_box_mismatches(world, model), 0u) << "after step " << step;
            ++checks;
        }
    }
    EXPECT_GT(checks, 3);
    EXPECT_GT(model.table.stats().pages, 0u) << "the scene must hold whole boxes, not only uniform ones";
}

TEST(LightPages, RandomEditsLampsLoadsAndUnloadsAcrossBordersMatchTheWorld) {
    // 3 x 3 x 3 chunks around the terrain's surface; edits near the borders of the middle ones.
    std::vector<ChunkCoord> region;
    for (int x = -1; x <= 1; ++x)
        for (int y = 3; y <= 5; ++y)
            for (int z = -1; z <= 1; ++z) region.push_back({x, y, z});
    random_light_pages_match(region, {-12, 56, -12}, {11, 84, 11}, 600, 15);
}

TEST(LightPages, UniformBoxesHoldNoPageAndPagesAreHandedOutLowestFirst) {
    WorldConfig config;
    config.type = WorldType::kFlat;
    World world(config);
    LightModel model;
    std::vector<ChunkCoord> chunks;
    for (int x = -1; x <= 1; ++x)
        for (int y = 3; y <= 4; ++y)
            for (int z = -1; z <= 1; ++z) chunks.push_back({x, y, z});
    model.apply(world.load_now(chunks));
    // The flat ground under open sky: every open cell of the ground chunks has sky 15.
    EXPECT_EQ(model.table.stats().pages, 0u);
    EXPECT_GT(model.table.stats().uniform_chunks, 0u);
    ASSERT_EQ(count_box_mismatches(world, model), 0u);
    // A lamp on the ground breaks the uniform light of the chunks it reaches: they get pages
    // 0, 1, 2, ... in turn, uploaded whole.
    const BlockPos lamp{1, 64, 1};
    const ChunkCoord home = chunk_of(lamp);
    model.apply(world.set_block(lamp, BlockType::kLamp).light());
    const uint64_t pages = model.table.stats().pages;
    EXPECT_GT(pages, 0u);
    EXPECT_EQ(model.table.page_high_water(), pages) << "lowest first: no gaps";
    EXPECT_GE(model.bytes_last, pages * kLightPageBytes);
    ASSERT_TRUE(model.table.ref_of(home));
    EXPECT_GE(*model.table.ref_of(home), 0);
    ASSERT_EQ(count_box_mismatches(world, model), 0u);
    // Breaking it changes bytes of the pages only: no whole page, 8 bytes a changed cell.
    model.apply(world.set_block(lamp, BlockType::kAir).light());
    EXPECT_GT(model.bytes_last, 0u);
    EXPECT_EQ(model.pages_last, 0u) << "breaking the lamp re-uploaded whole pages";
    EXPECT_LT(model.bytes_last, pages * kLightPageBytes);
    ASSERT_EQ(count_box_mismatches(world, model), 0u);
    // Unloading gives its page back (and the page of the chunk below, whose top faces it
    // hid: nothing to draw there now); the next box takes the lowest free page again.
    const std::vector<ChunkCoord> gone{home};
    model.apply(world.unload_now(gone));
    EXPECT_FALSE(model.table.ref_of(home));
    EXPECT_LT(model.table.stats().pages, pages);
    model.apply(world.load_now(gone));
    ASSERT_EQ(count_box_mismatches(world, model), 0u);
}

}  // namespace
}  // namespace slotcraft
