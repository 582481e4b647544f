// Picking: the DDA ray cast against an exact brute force (slab test of every block) and a
// fine march, on thousands of random rays; rays through edges and corners; the world's pick.
#include "world/raycast.hpp"
#include "world/world.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

namespace slotcraft {
namespace {

// A dense box of blocks [0, n)^3; outside is air.
class BlockBox {
public:
    explicit BlockBox(int n) : n_(n), cells_(static_cast<std::size_t>(n * n * n), BlockType::kAir) {}
    int size() const { return n_; }
    bool inside(const BlockPos& p) const {
        return p.x >= 0 && p.y >= 0 && p.z >= 0 && p.x < n_ && p.y < n_ && p.z < n_;
    }
    BlockType at(const BlockPos& p) const { return inside(p) ? cells_[offset(p)] : BlockType::kAir; }
    void set(const BlockPos& p, BlockType t) { cells_[offset(p)] = t; }

private:
    std::size_t offset(const BlockPos& p) const { return static_cast<std::size_t>((p.z * n_ + p.y) * n_ + p.x); }
    int n_;
    std::vector<BlockType> cells_;
};

struct Interval {
    double enter;
    double exit;
    int enter_axis;  // the slab that was entered last (-1: started inside)
};

// Exact ray/unit-box intersection (slab method) for a normalised direction.
std::optional<Interval> intersect(const glm::dvec3& o, const glm::dvec3& d, const BlockPos& b) {
    double enter = 0.0;
    double exit = std::numeric_limits<double>::infinity();
    int axis = -1;
    for (int a = 0; a < 3; ++a) {
        if (d[a] == 0.0) {
            if (o[a] < b[a] || o[a] >= b[a] + 1.0) return std::nullopt;
            continue;
        }
        double t0 = (b[a] - o[a]) / d[a];
        double t1 = (b[a] + 1.0 - o[a]) / d[a];
        if (t0 > t1) std::swap(t0, t1);
        if (t0 > enter) {
            enter = t0;
            axis = a;
        }
        exit = std::min(exit, t1);
    }
    if (exit <= enter) return std::nullopt;
    return Interval{enter, exit, axis};
}

struct BruteHit {
    double enter = std::numeric_limits<double>::infinity();
    std::vector<BlockPos> tied;  // blocks entered at the same distance (an edge or corner)
};

BruteHit brute_force(const BlockBox& box, const glm::dvec3& o, const glm::dvec3& d, double reach) {
    BruteHit best;
    for (int z = 0; z < box.size(); ++z)
        for (int y = 0; y < box.size(); ++y)
            for (int x = 0; x < box.size(); ++x) {
                const BlockPos p{x, y, z};
                if (!is_solid(box.at(p))) continue;
                const auto i = intersect(o, d, p);
                if (!i || i->enter > reach) continue;
                if (i->enter < best.enter - 1e-9) {
                    best.enter = i->enter;
                    best.tied = {p};
                } else if (i->enter <= best.enter + 1e-9) {
                    best.tied.push_back(p);
                }
            }
    return best;
}

TEST(Raycast, AgreesWithExactBruteForceAndAFineMarchOnRandomRays) {
    constexpr int kN = 18;
    BlockBox box(kN);
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::normal_distribution<double> gauss(0.0, 1.0);
    const std::vector<BlockType> types = {BlockType::kStone, BlockType::kGlass, BlockType::kLeaves};
    for (int z = 0; z < kN; ++z)
        for (int y = 0; y < kN; ++y)
            for (int x = 0; x < kN; ++x)
                if (unit(rng) < 0.04) box.set({x, y, z}, types[rng() % types.size()]);

    auto lookup = [&box](const BlockPos& p) { return box.at(p); };
    int hits = 0;
    int corner_clips = 0;
    for (int n = 0; n < 3000; ++n) {
        const glm::dvec3 o{4.0 + 10.0 * unit(rng), 4.0 + 10.0 * unit(rng), 4.0 + 10.0 * unit(rng)};
        const glm::dvec3 d = glm::normalize(glm::dvec3{gauss(rng), gauss(rng), gauss(rng)});
        const auto hit = cast_ray(o, d, kPickReach, lookup);
        const BruteHit brute = brute_force(box, o, d, kPickReach);
        ASSERT_EQ(hit.has_value(), !brute.tied.empty()) << "ray " << n;
        if (!hit) continue;
        ++hits;
        EXPECT_NE(std::find(brute.tied.begin(), brute.tied.end(), hit->block), brute.tied.end())
            << "ray " << n << " hit a block that is not the first";
        EXPECT_NEAR(hit->distance, brute.enter, 1e-9);
        EXPECT_EQ(hit->type, box.at(hit->block));
        // The face entered and the cell in front of it, from the slab test.
        const auto i = intersect(o, d, hit->block);
        ASSERT_TRUE(i.has_value());
        if (i->enter_axis >= 0) {
            const int a = i->enter_axis;
            const auto face = static_cast<Face>(a * 2 + (d[a] > 0 ? 1 : 0));
            EXPECT_EQ(hit->face, face) << "ray " << n;
        }
        EXPECT_EQ(hit->place, hit->block + kFaceNormals[hit->face]);
        EXPECT_FALSE(is_solid(box.at(hit->place)) && hit->distance > 0.0);

        // A fine march (step 1e-3) finds the same block, unless the ray only clips a block's
        // edge or corner for less than a step, which the march skips and the DDA must not.
        constexpr double kStep = 1e-3;
        for (double t = 0.0; t <= kPickReach; t += kStep) {
            const glm::dvec3 q = o + t * d;
            const BlockPos cell{static_cast<int>(std::floor(q.x)), static_cast<int>(std::floor(q.y)),
                                static_cast<int>(std::floor(q.z))};
            if (!is_solid(box.at(cell))) continue;
            if (cell != hit->block) {
                EXPECT_LT(i->exit - i->enter, kStep) << "ray " << n << ": the march found another block";
                ++corner_clips;
            }
            EXPECT_LE(hit->distance, t + 1e-9);
            break;
        }
    }
    EXPECT_GT(hits, 800);
    RecordProperty("corner_clips", corner_clips);
}

// A wall of blocks whose cells touch only along edges and at corners: x + y + z == 9.
// Every cell step of a 6-connected walk changes x + y + z by one, so a ray heading into
// the wall (all direction components positive) must stop on it, even through a corner.
TEST(Raycast, NeverSlipsThroughAnEdgeOrACorner) {
    BlockBox box(12);
    for (int z = 0; z < 12; ++z)
        for (int y = 0; y < 12; ++y)
            for (int x = 0; x < 12; ++x)
                if (x + y + z == 9) box.set({x, y, z}, BlockType::kStone);
    auto lookup = [&box](const BlockPos& p) { return box.at(p); };
    std::vector<std::pair<glm::dvec3, glm::dvec3>> rays = {
        {{0.0, 0.0, 0.0}, {1.0, 1.0, 1.0}},  // straight through corners
        {{0.5, 0.5, 0.5}, {1.0, 1.0, 1.0}},  // through cell centres along the diagonal
        {{1.0, 0.0, 0.5}, {1.0, 1.0, 0.0}},  // through edges in z
        {{0.0, 2.0, 1.0}, {1.0, 1.0, 0.0}}, {{0.5, 1.0, 0.0}, {0.0, 1.0, 1.0}},  // through edges in x
        {{0.0, 0.0, 0.0}, {2.0, 1.0, 1.0}},
    };
    std::mt19937 rng(3);
    std::uniform_int_distribution<int> small(0, 3);
    std::uniform_int_distribution<int> comp(1, 3);
    for (int n = 0; n < 500; ++n) {  // integer origins and directions: exact edge crossings
        rays.push_back({glm::dvec3(small(rng), small(rng), small(rng)), glm::dvec3(comp(rng), comp(rng), comp(rng))});
    }
    for (const auto& [o, d] : rays) {
        const auto hit = cast_ray(o, d, 100.0, lookup);
        ASSERT_TRUE(hit.has_value()) << "slipped through from " << o.x << "," << o.y << "," << o.z;
        EXPECT_EQ(hit->block.x + hit->block.y + hit->block.z, 9);
        EXPECT_EQ(hit->place.x + hit->place.y + hit->place.z, 8) << "placed in front of the wall";
    }
}

TEST(Raycast, RespectsReachAndDegenerateDirections) {
    BlockBox box(16);
    box.set({10, 2, 2}, BlockType::kStone);
    auto lookup = [&box](const BlockPos& p) { return box.at(p); };
    const glm::dvec3 o{2.5, 2.5, 2.5};
    const auto hit = cast_ray(o, {1, 0, 0}, kPickReach, lookup);
    ASSERT_TRUE(hit.has_value());
    EXPECT_EQ(hit->block, BlockPos(10, 2, 2));
    EXPECT_EQ(hit->face, kNegX);
    EXPECT_EQ(hit->place, BlockPos(9, 2, 2));
    EXPECT_DOUBLE_EQ(hit->distance, 7.5);
    EXPECT_FALSE(cast_ray(glm::dvec3{1.5, 2.5, 2.5}, {1, 0, 0}, kPickReach, lookup).has_value())
        << "8.5 blocks away is out of reach";
    EXPECT_FALSE(cast_ray(o, {0, 0, 0}, kPickReach, lookup).has_value());
    EXPECT_FALSE(cast_ray(o, {std::nan(""), 0, 0}, kPickReach, lookup).has_value());
    // Starting inside a block hits it at once.
    const auto inside = cast_ray(glm::dvec3{10.5, 2.5, 2.5}, {0, -1, 0}, kPickReach, lookup);
    ASSERT_TRUE(inside.has_value());
    EXPECT_EQ(inside->block, BlockPos(10, 2, 2));
    EXPECT_EQ(inside->distance, 0.0);
    EXPECT_EQ(inside->face, kPosY);
}

TEST(Raycast, WorldPickFindsTheGroundAndTheCellAboveIt) {
    WorldConfig config;
    config.type = WorldType::kFlat;
    World world(config);
    const std::vector<ChunkCoord> chunks{{-1, 3, -1}, {-1, 4, -1}};
    world.load_now(chunks);
    const auto hit = world.raycast({-8.5, 66.0, -8.5}, {0.3, -1.0, 0.2});
    ASSERT_TRUE(hit.has_value());
    EXPECT_EQ(hit->block.y, 63);
    EXPECT_EQ(hit->type, BlockType::kGrass);
    EXPECT_EQ(hit->face, kPosY);
    EXPECT_EQ(hit->place, hit->block + glm::ivec3(0, 1, 0));
    // Far from the origin the pick is just as exact (chunk coordinates stay integers).
    const std::vector<ChunkCoord> far{{100000, 3, -100000}, {100000, 4, -100000}};
    world.load_now(far);
    const auto far_hit = world.raycast({1600008.5, 64.25, -1599991.5}, {0, -1, 0});
    ASSERT_TRUE(far_hit.has_value());
    EXPECT_EQ(far_hit->block, BlockPos(1600008, 63, -1599992));
    EXPECT_NEAR(far_hit->distance, 0.25, 1e-9);
    // Looking up into the sky hits nothing.
    EXPECT_FALSE(world.raycast({-8.5, 66.0, -8.5}, {0, 1, 0}).has_value());
}

// The pick ray passes through water: it hits the block below or behind it, places into the
// water cell in front of that block, and first_water finds the water the ray crossed.
TEST(Raycast, PassesThroughWater) {
    WorldConfig config;
    config.type = WorldType::kFlat;
    World world(config);
    const std::vector<ChunkCoord> chunks{{0, 3, 0}, {0, 4, 0}};
    world.load_now(chunks);
    for (int y = 61; y <= 63; ++y) world.set_block({4, y, 4}, BlockType::kWater);  // a well 3 deep
    const auto hit = world.raycast({4.5, 66.0, 4.5}, {0, -1, 0});
    ASSERT_TRUE(hit.has_value());
    EXPECT_EQ(hit->block, BlockPos(4, 60, 4)) << "the dirt at the well's bottom";
    EXPECT_EQ(hit->type, BlockType::kDirt);
    EXPECT_EQ(hit->place, BlockPos(4, 61, 4)) << "placing goes into the water cell above it";
    const auto water = world.first_water({4.5, 66.0, 4.5}, {0, -1, 0});
    ASSERT_TRUE(water.has_value());
    EXPECT_EQ(water->block, BlockPos(4, 63, 4));
    EXPECT_EQ(water->type, BlockType::kWater);
    EXPECT_LT(water->distance, hit->distance);
    // From inside the water the ray is not stopped by the water around the eye.
    const auto from_inside = world.raycast({4.5, 62.5, 4.5}, {0, -1, 0});
    ASSERT_TRUE(from_inside.has_value());
    EXPECT_EQ(from_inside->block, BlockPos(4, 60, 4));
    // Breaking under water leaves water, breaking in the open leaves air.
    EXPECT_EQ(world.left_after_break({4, 60, 4}), BlockType::kWater);
    EXPECT_EQ(world.left_after_break({6, 63, 6}), BlockType::kAir);
}

}  // namespace
}  // namespace slotcraft
