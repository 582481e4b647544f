// Tests of cull/chunk_octree.hpp: the answer equals brute force for random cameras and chunk
// sets (near, far, on exact box faces), growth and shrinking, long random insert/remove runs
// that keep the tree valid and give every node back, and no heap traffic when warm.
#include "cull/chunk_octree.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include <glm/gtc/matrix_transform.hpp>

#include "cull/brute_force.hpp"
#include "cull/cull_test_support.hpp"
#include "support/heap_counter.hpp"

namespace slotcraft {
namespace {

void expect_valid(const ChunkOctree& tree) {
    auto why = tree.find_invariant_violation();
    EXPECT_FALSE(why.has_value()) << *why;
}

// Octree and brute force over the same chunks; the octree's answer must equal brute force's.
struct BothCullers {
    ChunkOctree tree;
    ChunkBoxArrays boxes;

    void add(const std::vector<test::PlacedChunk>& chunks) {
        for (const auto& chunk : chunks) {
            ASSERT_TRUE(tree.insert(chunk.key, chunk.coord));
            ASSERT_TRUE(boxes.add(chunk.key, chunk.coord));
        }
    }

    // Returns how many chunks the frustum sees.
    std::size_t expect_same_answer(const Frustum& frustum) {
        std::vector<std::uint64_t> from_tree, from_brute_force;
        tree.cull(frustum, from_tree);
        brute_force_cull(boxes, frustum, from_brute_force);
        EXPECT_EQ(from_tree.size(), std::set<std::uint64_t>(from_tree.begin(), from_tree.end()).size())
            << "the octree returned a key twice";
        EXPECT_EQ(test::sorted(from_tree), test::sorted(from_brute_force));
        EXPECT_EQ(tree.stats().chunks_visible, from_tree.size());
        return from_brute_force.size();
    }
};

TEST(ChunkOctree, EmptyTreeSeesNothing) {
    ChunkOctree tree;
    std::vector<std::uint64_t> out{1, 2, 3};
    tree.cull(Frustum(), out);
    EXPECT_TRUE(out.empty());
    EXPECT_EQ(tree.stats().root_level, -1);
    EXPECT_EQ(tree.stats().nodes_visited, 0u);
    expect_valid(tree);
}

TEST(ChunkOctree, InsertRejectsATakenKeyOrCoordinate) {
    ChunkOctree tree;
    EXPECT_TRUE(tree.insert(7, {1, 2, 3}));
    EXPECT_FALSE(tree.insert(7, {4, 5, 6})) << "key 7 is taken";
    EXPECT_FALSE(tree.insert(8, {1, 2, 3})) << "chunk (1, 2, 3) is taken";
    EXPECT_EQ(tree.size(), 1u);
    EXPECT_EQ(tree.coord_of(7), glm::ivec3(1, 2, 3));
    EXPECT_FALSE(tree.coord_of(8).has_value());
    expect_valid(tree);
}

TEST(ChunkOctree, RemoveForgetsTheChunkAndFreesItsCell) {
    ChunkOctree tree;
    EXPECT_FALSE(tree.remove(1));
    ASSERT_TRUE(tree.insert(1, {-5, 0, 9}));
    ASSERT_TRUE(tree.insert(2, {-6, 0, 9}));
    EXPECT_TRUE(tree.remove(1));
    EXPECT_FALSE(tree.remove(1));
    EXPECT_FALSE(tree.contains(1));
    EXPECT_TRUE(tree.insert(3, {-5, 0, 9})) << "the cell is free again";
    EXPECT_EQ(tree.size(), 2u);
    expect_valid(tree);
}

TEST(ChunkOctree, GrowsUpwardForAFarChunkAndShrinksBackWhenItLeaves) {
    ChunkOctree tree;
    ASSERT_TRUE(tree.insert(1, {0, 0, 0}));
    ASSERT_TRUE(tree.insert(2, {1, 3, 2}));
    EXPECT_EQ(tree.stats().root_level, ChunkOctree::kLeafLevel);
    EXPECT_EQ(tree.stats().nodes, 1u);

    ASSERT_TRUE(tree.insert(3, {-5000, 7, 3000}));
    int grown = tree.stats().root_level;
    EXPECT_GE(grown, 13) << "the root must span 5000 chunks";
    EXPECT_LE(grown, 15) << "growth doubles toward the chunk, no further";
    expect_valid(tree);

    ASSERT_TRUE(tree.remove(3));
    EXPECT_EQ(tree.stats().root_level, ChunkOctree::kLeafLevel);
    EXPECT_EQ(tree.stats().nodes, 1u);
    expect_valid(tree);
}

TEST(ChunkOctree, SpansTheWholeInt32Range) {
    ChunkOctree tree;
    std::vector<glm::ivec3> corners;
    for (int i = 0; i < 8; ++i) {
        corners.emplace_back((i & 1) ? INT32_MAX : INT32_MIN, (i & 2) ? INT32_MAX : INT32_MIN,
                             (i & 4) ? INT32_MAX : INT32_MIN);
    }
    for (std::size_t i = 0; i < corners.size(); ++i) ASSERT_TRUE(tree.insert(i, corners[i]));
    expect_valid(tree);
    for (std::size_t i = 0; i < corners.size(); ++i) EXPECT_EQ(tree.coord_of(i), corners[i]);
    std::vector<std::uint64_t> out;
    tree.cull(Frustum(), out);
    EXPECT_EQ(out.size(), corners.size()) << "a frustum that contains everything sees every chunk";
    for (std::size_t i = 0; i < corners.size(); ++i) ASSERT_TRUE(tree.remove(i));
    EXPECT_EQ(tree.stats().nodes, 0u);
    expect_valid(tree);
}

TEST(ChunkOctree, AnswerEqualsBruteForceForRandomCamerasAndChunks) {
    std::mt19937_64 rng(2024);
    std::size_t seen = 0, total = 0;
    for (int world = 0; world < 60; ++world) {
        glm::ivec3 centre(test::uniform_int(rng, -1'000'000, 1'000'000), 0,
                          test::uniform_int(rng, -1'000'000, 1'000'000));
        BothCullers both;
        ASSERT_NO_FATAL_FAILURE(
            both.add(test::random_chunks(rng, centre, test::uniform_int(rng, 1, 40), test::uniform_int(rng, 1, 2500))));
        expect_valid(both.tree);
        for (int view = 0; view < 25; ++view) {
            glm::ivec3 camera_chunk = centre + glm::ivec3(test::uniform_int(rng, -20, 20),
                                                          test::uniform_int(rng, -2, 18),
                                                          test::uniform_int(rng, -20, 20));
            seen += both.expect_same_answer(test::random_frustum(rng, camera_chunk));
            total += both.boxes.size();
        }
    }
    // Guard against a generator whose cameras see nothing (or everything): then equality proves little.
    EXPECT_GT(seen, total / 50);
    EXPECT_LT(seen, total / 2);
}

// Axis-aligned orthographic and 90-degree cameras at chunk corners put planes exactly on box
// faces and edges: distances of exactly 0, where a node test that rounds differently from the
// chunk test would drop or add a chunk.
TEST(ChunkOctree, AnswerEqualsBruteForceWithPlanesOnBoxFaces) {
    std::mt19937_64 rng(99);
    BothCullers both;
    glm::ivec3 centre(INT32_MAX - 300, 0, -7);
    ASSERT_NO_FATAL_FAILURE(both.add(test::random_chunks(rng, centre, 24, 3000)));
    const glm::vec3 directions[] = {{1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1}, {0, -1, 0.0001f}};
    for (int view = 0; view < 60; ++view) {
        glm::ivec3 camera_chunk = centre + glm::ivec3(test::uniform_int(rng, -8, 8), test::uniform_int(rng, 0, 15),
                                                      test::uniform_int(rng, -8, 8));
        glm::vec3 eye(16.0f * static_cast<float>(test::uniform_int(rng, 0, 1)), 0.0f,
                      16.0f * static_cast<float>(test::uniform_int(rng, 0, 1)));
        glm::vec3 forward = directions[view % 5];
        glm::vec3 up = std::abs(forward.y) > 0.5f ? glm::vec3(0, 0, 1) : glm::vec3(0, 1, 0);
        glm::mat4 view_matrix = glm::lookAt(eye, eye + forward, up);
        float half = 16.0f * static_cast<float>(test::uniform_int(rng, 1, 6));
        glm::mat4 projection = view % 2 == 0 ? glm::ortho(-half, half, -half, half, 0.0f, 16.0f * 10.0f)
                                             : glm::perspective(glm::radians(90.0f), 1.0f, 16.0f, 16.0f * 12.0f);
        both.expect_same_answer(Frustum(projection * view_matrix, camera_chunk));
    }
}

// A camera far back sees a whole cluster: whole nodes pass without testing their chunks.
TEST(ChunkOctree, NodesInsideTheFrustumPassWithoutMoreTests) {
    BothCullers both;
    std::vector<test::PlacedChunk> chunks;
    std::uint64_t key = 100;
    for (int x = 0; x < 32; ++x) {
        for (int y = 0; y < 16; ++y) {
            for (int z = 0; z < 32; ++z) chunks.push_back({key++, {x, y, z}});
        }
    }
    ASSERT_NO_FATAL_FAILURE(both.add(chunks));
    glm::vec3 target(256.0f, 128.0f, 256.0f);
    glm::vec3 eye = target + glm::vec3(0.0f, 0.0f, 2000.0f);
    glm::mat4 view_projection = glm::perspective(glm::radians(60.0f), 1.0f, 1.0f, 5000.0f) *
                                glm::lookAt(eye, target, glm::vec3(0.0f, 1.0f, 0.0f));
    EXPECT_EQ(both.expect_same_answer(Frustum(view_projection, glm::ivec3(0))), chunks.size());
    ChunkOctree::Stats stats = both.tree.stats();
    EXPECT_EQ(stats.chunks_visible, chunks.size());
    EXPECT_EQ(stats.boxes_tested, 1u) << "the root is inside: one test for the whole tree";
    EXPECT_EQ(stats.nodes_visited, stats.nodes);
}

TEST(ChunkOctree, RandomInsertRemoveKeepsTheTreeValidAndReturnsEveryNode) {
    std::mt19937_64 rng(4242);
    for (int run = 0; run < 4; ++run) {
        ChunkOctree tree;
        std::map<std::uint64_t, glm::ivec3> model;
        std::set<std::tuple<int, int, int>> cells;
        glm::ivec3 home(test::uniform_int(rng, -1000, 1000), 0, test::uniform_int(rng, -1000, 1000));
        for (int step = 0; step < 6000; ++step) {
            // Insert-heavy and remove-heavy phases, so the tree fills, empties and refills.
            bool inserting = model.empty() || rng() % 100 < ((step / 750) % 2 == 0 ? 65u : 35u);
            if (inserting) {
                glm::ivec3 coord;
                switch (rng() % 4) {
                    case 0:  // anywhere in the int32 range
                        coord = {static_cast<std::int32_t>(rng()), static_cast<std::int32_t>(rng()),
                                 static_cast<std::int32_t>(rng())};
                        break;
                    case 1:  // far, but in a region
                        coord = home + glm::ivec3(test::uniform_int(rng, -100000, 100000),
                                                  test::uniform_int(rng, 0, 15),
                                                  test::uniform_int(rng, -100000, 100000));
                        break;
                    default:  // close together, the way streaming loads chunks
                        coord = home + glm::ivec3(test::uniform_int(rng, -12, 12), test::uniform_int(rng, 0, 15),
                                                  test::uniform_int(rng, -12, 12));
                }
                std::uint64_t key = rng();
                bool expected = !model.contains(key) && !cells.contains({coord.x, coord.y, coord.z});
                ASSERT_EQ(tree.insert(key, coord), expected);
                if (expected) {
                    model[key] = coord;
                    cells.insert({coord.x, coord.y, coord.z});
                }
            } else {
                auto it = model.begin();
                std::advance(it, static_cast<long>(rng() % model.size()));
                cells.erase({it->second.x, it->second.y, it->second.z});
                ASSERT_TRUE(tree.remove(it->first));
                model.erase(it);
            }
            if (step % 250 == 0) {
                auto why = tree.find_invariant_violation();
                ASSERT_FALSE(why.has_value()) << "step " << step << ": " << *why;
                ASSERT_EQ(tree.size(), model.size());
            }
        }
        for (const auto& [key, coord] : model) ASSERT_EQ(tree.coord_of(key), coord);
        std::vector<ChunkOctree::Entry> listed;
        tree.list_chunks(listed);
        EXPECT_EQ(listed.size(), model.size());

        for (const auto& [key, coord] : model) ASSERT_TRUE(tree.remove(key));
        ChunkOctree::Stats stats = tree.stats();
        EXPECT_EQ(stats.chunks, 0u);
        EXPECT_EQ(stats.nodes, 0u) << "every node went back to the pool";
        EXPECT_EQ(stats.leaves, 0u);
        EXPECT_EQ(stats.root_level, -1);
        expect_valid(tree);
    }
}

// Streaming in steady state: a disc of columns slides along x, one column row loaded at the
// front and one dropped at the back per step, with a query each step. After warm-up nothing
// touches the heap: nodes come from the pools, keys stay within the map's capacity.
TEST(ChunkOctree, SteadyStreamingAllocatesNothing) {
    ASSERT_TRUE(test::heap_counter_counts()) << "the counting operator new is not in use";
    ChunkOctree tree;
    constexpr int kRadius = 10;
    auto key_of = [](int x, int y, int z) {
        return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(x)) << 32) ^
               (static_cast<std::uint64_t>(static_cast<std::uint32_t>(z)) << 4) ^ static_cast<std::uint64_t>(y);
    };
    auto load_row = [&](int x, bool load) {
        for (int z = -kRadius; z <= kRadius; ++z) {
            for (int y = 0; y < 16; ++y) {
                if (load) {
                    ASSERT_TRUE(tree.insert(key_of(x, y, z), {x, y, z}));
                } else {
                    ASSERT_TRUE(tree.remove(key_of(x, y, z)));
                }
            }
        }
    };
    for (int x = -kRadius; x <= kRadius; ++x) load_row(x, true);
    std::vector<std::uint64_t> visible;
    std::uint64_t allocations_at_step_start = 0;
    std::uint64_t allocations_after_warm_up = 0;
    for (int step = 0; step < 200; ++step) {
        if (step == 100) allocations_at_step_start = test::heap_allocations();
        load_row(step - kRadius, false);
        load_row(step + kRadius + 1, true);
        glm::vec3 eye(16.0f * 0.5f, 70.0f - 16.0f * 4.0f, 8.0f);
        glm::mat4 view_projection = glm::perspective(glm::radians(70.0f), 16.0f / 9.0f, 0.1f, 16.0f * kRadius) *
                                    glm::lookAt(eye, eye + glm::vec3(1.0f, -0.2f, 0.3f), glm::vec3(0.0f, 1.0f, 0.0f));
        tree.cull(Frustum(view_projection, glm::ivec3(step, 4, 0)), visible);
        ASSERT_GT(visible.size(), 0u);
    }
    allocations_after_warm_up = test::heap_allocations() - allocations_at_step_start;
    EXPECT_EQ(allocations_after_warm_up, 0u);
    expect_valid(tree);
}

TEST(ChunkOctree, ListsNodesThatCoverItsChunks) {
    ChunkOctree tree;
    std::mt19937_64 rng(5);
    auto chunks = test::random_chunks(rng, glm::ivec3(40, 0, -40), 20, 500);
    for (const auto& chunk : chunks) ASSERT_TRUE(tree.insert(chunk.key, chunk.coord));
    std::vector<ChunkOctree::NodeCube> nodes;
    tree.list_nodes(nodes);
    EXPECT_EQ(nodes.size(), tree.stats().nodes);
    std::size_t in_leaves = 0;
    for (const auto& node : nodes) {
        if (node.leaf) in_leaves += node.chunks;
    }
    EXPECT_EQ(in_leaves, chunks.size());
    for (const auto& chunk : chunks) {
        bool covered = std::any_of(nodes.begin(), nodes.end(), [&](const ChunkOctree::NodeCube& node) {
            glm::i64vec3 local = glm::i64vec3(chunk.coord) - node.origin;
            std::int64_t side = std::int64_t{1} << node.level;
            return node.leaf && local.x >= 0 && local.y >= 0 && local.z >= 0 && local.x < side && local.y < side &&
                   local.z < side;
        });
        EXPECT_TRUE(covered);
    }
}

TEST(ChunkOctree, MoveHandsOverTheChunks) {
    ChunkOctree tree;
    ASSERT_TRUE(tree.insert(1, {0, 0, 0}));
    ASSERT_TRUE(tree.insert(2, {100, 0, 0}));
    ChunkOctree moved(std::move(tree));
    EXPECT_EQ(moved.size(), 2u);
    EXPECT_EQ(tree.size(), 0u);  // NOLINT(bugprone-use-after-move): moved-from is empty by contract
    expect_valid(tree);
    expect_valid(moved);
    std::vector<std::uint64_t> out;
    moved.cull(Frustum(), out);
    EXPECT_EQ(test::sorted(out), (std::vector<std::uint64_t>{1, 2}));
}

}  // namespace
}  // namespace slotcraft
