// The occlusion walk never hides what can be seen: in random worlds of rock and tunnels, rays
// cast cell by cell from an eye in an open cell stop at their first opaque cell, and the walk
// must have reached that cell's chunk. It must also hide something (rock walls off what lies
// behind), stay in the frustum, and count unloaded chunks as open.
#include "draw/occlusion_walk.hpp"

#include "edit/camera.hpp"
#include "world/chunk.hpp"
#include "world/chunk_table.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <random>
#include <unordered_map>

namespace slotcraft {
namespace {

// Chunks x, z in -2..2 and y in 0..2 of rock with random tunnels and rooms; outside, nothing.
struct World {
    std::unordered_map<ChunkCoord, std::unique_ptr<Chunk>, ChunkCoordHash> chunks;

    explicit World(uint32_t seed) {
        std::mt19937 rng(seed);
        for (int y = 0; y <= 2; ++y)
            for (int z = -2; z <= 2; ++z)
                for (int x = -2; x <= 2; ++x) {
                    auto c = std::make_unique<Chunk>(ChunkCoord{x, y, z});
                    c->fill(BlockType::kStone);
                    chunks[{x, y, z}] = std::move(c);
                }
        // Rooms and tunnels: boxes of air (some long and thin) anywhere in the world.
        const int boxes = 20 + static_cast<int>(rng() % 40);
        for (int b = 0; b < boxes; ++b) {
            glm::ivec3 lo{static_cast<int>(rng() % 80) - 32, static_cast<int>(rng() % 48),
                          static_cast<int>(rng() % 80) - 32};
            glm::ivec3 size{1 + static_cast<int>(rng() % 4), 1 + static_cast<int>(rng() % 4),
                            1 + static_cast<int>(rng() % 4)};
            size[static_cast<int>(rng() % 3)] += static_cast<int>(rng() % 30);
            for (int y = lo.y; y < lo.y + size.y; ++y)
                for (int z = lo.z; z < lo.z + size.z; ++z)
                    for (int x = lo.x; x < lo.x + size.x; ++x) set({x, y, z}, BlockType::kAir);
        }
    }
    Chunk* find(const ChunkCoord& c) const {
        auto it = chunks.find(c);
        return it == chunks.end() ? nullptr : it->second.get();
    }
    void set(const BlockPos& p, BlockType t) {
        if (Chunk* c = find(chunk_of(p))) c->set_block(local_index(p), t);
    }
    bool opaque(const BlockPos& p) const {
        const Chunk* c = find(chunk_of(p));
        return c != nullptr && is_opaque(c->block(local_index(p)));
    }
};

// The walk's source over a World: handles are indices into `order`, unloaded chunks kNone.
struct Source final : WalkSource {
    explicit Source(const World& w) : world(w) {
        for (const auto& [c, chunk] : w.chunks) order.push_back(chunk.get());
    }
    uint32_t find(const ChunkCoord& c, uint32_t, Face) const override {
        const Chunk* chunk = world.find(c);
        for (uint32_t i = 0; i < order.size(); ++i)
            if (order[i] == chunk) return i;
        return kNone;
    }
    WalkChunk chunk(uint32_t id, const ChunkCoord&) const override { return {false, order[id]->face_links()}; }
    const World& world;
    std::vector<const Chunk*> order;
};

// The first opaque cell on the ray from `eye` along `dir` (cell by cell), or nullopt when the
// ray leaves the world's box first.
std::optional<BlockPos> first_opaque(const World& w, glm::dvec3 eye, glm::dvec3 dir) {
    glm::ivec3 cell = glm::ivec3(glm::floor(eye));
    glm::ivec3 step;
    glm::dvec3 next, delta;
    for (int a = 0; a < 3; ++a) {
        step[a] = dir[a] > 0 ? 1 : -1;
        delta[a] = std::abs(1.0 / dir[a]);
        const double edge = dir[a] > 0 ? std::floor(eye[a]) + 1.0 - eye[a] : eye[a] - std::floor(eye[a]);
        next[a] = edge * delta[a];
    }
    for (int i = 0; i < 400; ++i) {
        if (w.opaque(cell)) return cell;
        const int a = next.x < next.y ? (next.x < next.z ? 0 : 2) : (next.y < next.z ? 1 : 2);
        cell[a] += step[a];
        next[a] += delta[a];
        if (cell.x < -40 || cell.x > 56 || cell.y < -8 || cell.y > 56 || cell.z < -40 || cell.z > 56) break;
    }
    return std::nullopt;
}

TEST(OcclusionWalk, NeverHidesTheChunkARayFromTheEyeStopsIn) {
    std::size_t hidden_total = 0, hits = 0;
    for (uint32_t seed = 1; seed <= 40; ++seed) {
        World w(seed);
        // The eye: a random open cell of the middle chunk (0, 1, 0) (made open if none is).
        std::mt19937 rng(seed * 7919u);
        BlockPos eye_cell{static_cast<int>(rng() % 16), 16 + static_cast<int>(rng() % 16),
                          static_cast<int>(rng() % 16)};
        w.set(eye_cell, BlockType::kAir);
        std::uniform_real_distribution<double> inside(0.2, 0.8), unit(-1.0, 1.0);
        const glm::dvec3 eye = glm::dvec3(eye_cell) + glm::dvec3(inside(rng), inside(rng), inside(rng));
        OcclusionWalk walk;
        walk.walk(glm::ivec3(0, 1, 0), Frustum(), 3, Source(w));
        for (int r = 0; r < 3000; ++r) {
            glm::dvec3 dir{unit(rng), unit(rng), unit(rng)};
            if (glm::length(dir) < 0.1) continue;
            const std::optional<BlockPos> hit = first_opaque(w, eye, glm::normalize(dir));
            if (!hit) continue;
            ++hits;
            const ChunkCoord c = chunk_of(*hit);
            ASSERT_TRUE(walk.reached({c.x, c.y, c.z}))
                << "seed " << seed << ": a ray from the eye stops at " << hit->x << " " << hit->y << " " << hit->z
                << " in a chunk the walk did not reach";
        }
        for (const auto& [c, chunk] : w.chunks) hidden_total += walk.reached({c.x, c.y, c.z}) ? 0 : 1;
    }
    EXPECT_GT(hits, 10000u);
    EXPECT_GT(hidden_total, 100u) << "rock must hide some of the 75 chunks of each world";
}

TEST(OcclusionWalk, RockHidesWhatIsBehindItAndOpenChunksPassSight) {
    World w(1);
    for (auto& [c, chunk] : w.chunks) chunk->fill(BlockType::kStone);
    w.find({0, 1, 0})->fill(BlockType::kAir);
    OcclusionWalk walk;
    walk.walk(glm::ivec3(0, 1, 0), Frustum(), 3, Source(w));
    // The eye's chunk and its six neighbours are reached; rock stops the walk there.
    EXPECT_TRUE(walk.reached({0, 1, 0}));
    EXPECT_TRUE(walk.reached({1, 1, 0}));
    EXPECT_TRUE(walk.reached({0, 2, 0}));
    EXPECT_FALSE(walk.reached({2, 1, 0}));
    EXPECT_FALSE(walk.reached({1, 1, 1}));
    EXPECT_EQ(walk.chunks_reached(), 7u);
    // An unloaded chunk lets sight through: with (1, 1, 0) gone, the rock beyond it is reached
    // through it, and so is what lies behind that rock: its cubes' faces toward the unloaded
    // chunk are hidden, so a view through the gap sees into the rock and through it.
    w.chunks.erase({1, 1, 0});
    walk.walk(glm::ivec3(0, 1, 0), Frustum(), 3, Source(w));
    EXPECT_TRUE(walk.reached({2, 1, 0}));
    EXPECT_TRUE(walk.reached({1, 2, 0}));
    EXPECT_TRUE(walk.reached({2, 1, 1}));
    EXPECT_TRUE(walk.reached({2, 2, 2}));
    EXPECT_FALSE(walk.reached({-2, 1, 0}));  // the rock on the other side still hides
    EXPECT_FALSE(walk.reached({0, 1, 2}));
    // Hiding nothing: everything counts as reached.
    walk.reach_everything();
    EXPECT_FALSE(walk.hides_anything());
    EXPECT_TRUE(walk.reached({-2, 1, 0}));
}

TEST(OcclusionWalk, StaysInTheFrustumBeyondTheEyesNeighbours) {
    World w(1);
    for (auto& [c, chunk] : w.chunks) chunk->fill(BlockType::kAir);
    Camera camera;
    camera.position = {8.5, 24.5, 8.5};
    camera.yaw = 90.0;  // toward +x
    const Eye eye = eye_of(camera, 3, 1.0f);
    OcclusionWalk walk;
    walk.walk(eye.origin_chunk, Frustum(eye.view_projection, eye.origin_chunk), 3, Source(w));
    EXPECT_TRUE(walk.reached({2, 1, 0}));
    EXPECT_TRUE(walk.reached({-1, 1, 0}));  // beside the eye's chunk: entered whatever the frustum says
    EXPECT_FALSE(walk.reached({-2, 1, 0}));
    EXPECT_FALSE(walk.reached({0, 1, -2}));
    EXPECT_FALSE(walk.reached({0, 1, 2}));
}

}  // namespace
}  // namespace slotcraft
