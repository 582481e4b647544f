// Tests of cull/brute_force.hpp: the structure of arrays follows adds and removes, and the
// brute-force answer is exactly the per-box Frustum::culls answer, near and far from the origin.
#include "cull/brute_force.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>

#include "cull/cull_test_support.hpp"

namespace slotcraft {
namespace {

std::vector<std::uint64_t> reference_cull(const std::vector<test::PlacedChunk>& chunks, const Frustum& frustum) {
    std::vector<std::uint64_t> keys;
    for (const test::PlacedChunk& chunk : chunks) {
        if (!frustum.culls(chunk_box(chunk.coord, frustum.origin_chunk()))) keys.push_back(chunk.key);
    }
    return test::sorted(keys);
}

TEST(ChunkBoxArrays, FollowsAddsAndRemovesLikeAMap) {
    ChunkBoxArrays boxes;
    std::map<std::uint64_t, glm::ivec3> model;
    std::mt19937_64 rng(17);
    for (int step = 0; step < 5000; ++step) {
        std::uint64_t key = rng() % 600;
        if (rng() % 2 == 0) {
            glm::ivec3 coord(test::uniform_int(rng, -50, 50), test::uniform_int(rng, 0, 15),
                             test::uniform_int(rng, -50, 50));
            EXPECT_EQ(boxes.add(key, coord), !model.contains(key));
            model.try_emplace(key, coord);
        } else {
            EXPECT_EQ(boxes.remove(key), model.erase(key) == 1);
        }
    }
    ASSERT_EQ(boxes.size(), model.size());
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        std::uint64_t key = boxes.keys()[i];
        ASSERT_TRUE(model.contains(key));
        EXPECT_EQ(glm::ivec3(boxes.xs()[i], boxes.ys()[i], boxes.zs()[i]), model[key]);
    }
    boxes.clear();
    EXPECT_EQ(boxes.size(), 0u);
}

TEST(BruteForceCull, KeepsExactlyTheBoxesTheFrustumDoesNotCull) {
    std::mt19937_64 rng(19);
    for (int world = 0; world < 40; ++world) {
        glm::ivec3 centre(test::uniform_int(rng, -100000, 100000), 0, test::uniform_int(rng, -100000, 100000));
        auto chunks = test::random_chunks(rng, centre, test::uniform_int(rng, 2, 30), 800);
        ChunkBoxArrays boxes;
        for (const auto& chunk : chunks) boxes.add(chunk.key, chunk.coord);
        for (int view = 0; view < 10; ++view) {
            glm::ivec3 camera_chunk = centre + glm::ivec3(test::uniform_int(rng, -5, 5), test::uniform_int(rng, 0, 15),
                                                          test::uniform_int(rng, -5, 5));
            Frustum frustum = test::random_frustum(rng, camera_chunk);
            std::vector<std::uint64_t> kept;
            brute_force_cull(boxes, frustum, kept);
            ASSERT_EQ(test::sorted(kept), reference_cull(chunks, frustum));
        }
    }
}

// Chunks at both ends of the int32 range force the 64-bit path; the answer must not change.
TEST(BruteForceCull, WideWorldsGiveTheSameAnswerAsNarrowOnes) {
    std::mt19937_64 rng(23);
    glm::ivec3 centre(INT32_MAX - 200, 0, INT32_MIN + 200);
    auto chunks = test::random_chunks(rng, centre, 20, 1000);
    for (int view = 0; view < 30; ++view) {
        Frustum frustum = test::random_frustum(rng, centre + glm::ivec3(0, test::uniform_int(rng, 0, 15), 0));
        ChunkBoxArrays narrow;
        for (const auto& chunk : chunks) narrow.add(chunk.key, chunk.coord);
        ChunkBoxArrays wide = narrow;
        std::uint64_t far_key = 1;
        while (std::any_of(chunks.begin(), chunks.end(), [&](const auto& c) { return c.key == far_key; })) ++far_key;
        wide.add(far_key, glm::ivec3(INT32_MIN, 0, INT32_MAX));  // 2^32 chunks away: always culled here
        std::vector<std::uint64_t> from_narrow, from_wide;
        brute_force_cull(narrow, frustum, from_narrow);
        brute_force_cull(wide, frustum, from_wide);
        ASSERT_EQ(test::sorted(from_wide), test::sorted(from_narrow));
        ASSERT_EQ(test::sorted(from_narrow), reference_cull(chunks, frustum));
    }
}

}  // namespace
}  // namespace slotcraft
