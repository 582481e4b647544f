// The building rules (edit/build_rules.hpp) against models written another way: shapes as
// lattice points around the centre, patterns by their shares over 10,000 cells, masks,
// directions, the region's growth and the clipboard's mirror.
#include "edit/build_rules.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>

namespace slotcraft {
namespace {

// [SECTION] patterns and masks

TEST(BuildRules, PatternsParseAndSayWhatIsWrong) {
    EXPECT_EQ(Pattern::parse("stone").describe(), "stone");
    EXPECT_TRUE(Pattern::parse("stone").single());
    const Pattern p = Pattern::parse("stone:3,cobblestone:1,gravel");
    ASSERT_EQ(p.entries().size(), 3u);
    EXPECT_EQ(p.entries()[0].weight, 3u);
    EXPECT_EQ(p.entries()[2].weight, 1u) << "a name without a weight weighs 1";
    EXPECT_EQ(p.describe(), "stone:3,cobblestone:1,gravel:1");
    auto refusal = [](const char* text) {
        try {
            (void)Pattern::parse(text);
        } catch (const BuildRefused& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    EXPECT_NE(refusal("stone:0").find("is not a whole number from 1 to 1,000,000"), std::string::npos);
    EXPECT_NE(refusal("stone:x").find("'x'"), std::string::npos);
    EXPECT_NE(refusal("stone,,dirt").find("is not a block name"), std::string::npos);
    EXPECT_NE(refusal("marble").find("'marble' is not a block name"), std::string::npos);
    EXPECT_NE(refusal("stone:2:3").find("is not a whole number"), std::string::npos);
}

TEST(BuildRules, APatternsSharesFollowItsWeightsAndASeedRepeatsThem) {
    const Pattern p = Pattern::parse("stone:3,cobblestone:1,gravel:1");
    std::map<BlockType, int> count;
    int same_again = 0, same_other_seed = 0;
    for (int i = 0; i < 10'000; ++i) {
        const BlockPos cell{i % 100, 64 + i / 1000, i / 100 % 10};
        const BlockType b = p.at(cell, 7);
        ++count[b];
        same_again += p.at(cell, 7) == b ? 1 : 0;
        same_other_seed += p.at(cell, 8) == b ? 1 : 0;
    }
    EXPECT_EQ(same_again, 10'000) << "the same seed and cell give the same block";
    EXPECT_LT(same_other_seed, 9'000) << "another seed gives another arrangement";
    // Shares 0.6, 0.2, 0.2; the binomial spread over 10,000 cells is about 0.005: 0.02 is 4 of it.
    EXPECT_NEAR(count[BlockType::kStone] / 10'000.0, 0.6, 0.02);
    EXPECT_NEAR(count[BlockType::kCobblestone] / 10'000.0, 0.2, 0.02);
    EXPECT_NEAR(count[BlockType::kGravel] / 10'000.0, 0.2, 0.02);
}

TEST(BuildRules, MasksAllowWhatTheyName) {
    EXPECT_TRUE(Mask::parse("none").allows(BlockType::kStone));
    EXPECT_TRUE(Mask::parse("none").none());
    const Mask air = Mask::parse("air");
    EXPECT_TRUE(air.allows(BlockType::kAir));
    EXPECT_FALSE(air.allows(BlockType::kStone));
    const Mask solid = Mask::parse("solid");
    EXPECT_TRUE(solid.allows(BlockType::kGlass));
    EXPECT_FALSE(solid.allows(BlockType::kWater)) << "solid: any block but air and water";
    EXPECT_FALSE(solid.allows(BlockType::kAir));
    const Mask list = Mask::parse("stone,dirt");
    EXPECT_TRUE(list.allows(BlockType::kDirt));
    EXPECT_FALSE(list.allows(BlockType::kGrass));
    EXPECT_EQ(list.describe(), "stone,dirt");
    EXPECT_THROW((void)Mask::parse("stone,marble"), BuildRefused);
}

// [SECTION] shapes

// The models: a region of odd extents 2R+1 has its centre on a cell, and a cell at integer
// offset (i, j, k) from it is in the sphere when (i / (Rx + 1/2))^2 + ... <= 1, written with
// doubled offsets and extents: (2i)^2 / (2Rx + 1)^2 + ...; counted as lattice points.
bool model_sphere(const glm::ivec3& o, const glm::ivec3& radius) {
    double sum = 0;
    for (int a = 0; a < 3; ++a) {
        const double q = (2.0 * o[a]) / (2.0 * radius[a] + 1.0);
        sum += q * q;
    }
    return sum <= 1.0 + 1e-12;
}

TEST(BuildRules, ShapesMatchTheirModelsCellByCell) {
    for (const glm::ivec3 radius : {glm::ivec3(0, 0, 0), glm::ivec3(1, 1, 1), glm::ivec3(5, 5, 5),
                                    glm::ivec3(12, 12, 12), glm::ivec3(7, 3, 10)}) {
        const BlockPos centre{100, 70, -40};
        const Region r{centre - radius, centre + radius};
        int cells = 0;
        for (int y = r.min.y; y <= r.max.y; ++y)
            for (int z = r.min.z; z <= r.max.z; ++z)
                for (int x = r.min.x; x <= r.max.x; ++x) {
                    const BlockPos p{x, y, z};
                    const glm::ivec3 o = p - centre;
                    const bool sphere = model_sphere(o, radius);
                    ASSERT_EQ(in_shape(ShapeKind::kSphere, r, p), sphere) << to_string(p);
                    const bool cylinder = model_sphere({o.x, 0, o.z}, radius);
                    ASSERT_EQ(in_shape(ShapeKind::kCylinder, r, p), cylinder) << to_string(p);
                    // Pyramid: layer k from the bottom of H; |2i| H <= (2R + 1)(H - k).
                    const int h = 2 * radius.y + 1, k = y - r.min.y;
                    const bool pyramid = std::abs(2 * o.x) * h <= (2 * radius.x + 1) * (h - k) &&
                                         std::abs(2 * o.z) * h <= (2 * radius.z + 1) * (h - k);
                    ASSERT_EQ(in_shape(ShapeKind::kPyramid, r, p), pyramid) << to_string(p);
                    cells += sphere ? 1 : 0;
                }
        // The inscribed shape touches the region's six faces at their middles.
        EXPECT_TRUE(in_shape(ShapeKind::kSphere, r, {centre.x, r.max.y, centre.z}));
        EXPECT_TRUE(in_shape(ShapeKind::kSphere, r, {r.min.x, centre.y, centre.z}));
        EXPECT_TRUE(in_shape(ShapeKind::kPyramid, r, {r.min.x, r.min.y, r.min.z})) << "the base fills the bottom";
        EXPECT_TRUE(in_shape(ShapeKind::kPyramid, r, {centre.x, r.max.y, centre.z})) << "the apex";
        if (radius == glm::ivec3(12)) EXPECT_EQ(cells, 8'217) << "lattice points within 12.5 of the centre";
    }
}

TEST(BuildRules, AShellIsTheShapesCellsWithAFaceOutside) {
    const Region r{{0, 0, 0}, {9, 13, 11}};  // even extents too: the centre between cells
    for (const ShapeKind kind : {ShapeKind::kSphere, ShapeKind::kCylinder, ShapeKind::kPyramid}) {
        int shell = 0, solid = 0;
        for (int y = 0; y <= 13; ++y)
            for (int z = 0; z <= 11; ++z)
                for (int x = 0; x <= 9; ++x) {
                    const BlockPos p{x, y, z};
                    bool open = false;
                    for (const glm::ivec3& n : kFaceNormals) open = open || !in_shape(kind, r, p + n);
                    ASSERT_EQ(in_shell(kind, r, p), in_shape(kind, r, p) && open) << to_string(p);
                    shell += in_shell(kind, r, p) ? 1 : 0;
                    solid += in_shape(kind, r, p) ? 1 : 0;
                }
        EXPECT_GT(shell, 0);
        EXPECT_LT(shell, solid) << kShapeNames.name(kind) << ": a shell of a thick shape leaves its core";
    }
    EXPECT_FALSE(in_shape(ShapeKind::kSphere, r, {-1, 5, 5})) << "outside the region";
}

TEST(BuildRules, WallsAndInsideSplitTheRegion) {
    const Region r{{0, 0, 0}, {4, 3, 5}};
    int walls = 0, inside = 0;
    for (int y = 0; y <= 3; ++y)
        for (int z = 0; z <= 5; ++z)
            for (int x = 0; x <= 4; ++x) {
                walls += on_walls(r, {x, y, z}) ? 1 : 0;
                inside += inside_faces(r, {x, y, z}) ? 1 : 0;
            }
    EXPECT_EQ(walls, 4 * (5 * 6 - 3 * 4)) << "each layer: the ring around 3 by 4";
    EXPECT_EQ(inside, 3 * 2 * 4);
}

// Smoothing: a bump goes, a pit fills, columns without ground neither count nor change.
TEST(BuildRules, SmoothingLevelsBumpsAndLeavesColumnsWithoutGround) {
    const int r = 1, n = 2 * r + 3, none = -1000;
    std::vector<int> h(static_cast<std::size_t>(n * n), 63);
    h[static_cast<std::size_t>(2 * n + 2)] = 66;  // the centre: a bump of 3
    std::vector<int> out = smoothed_heights(h, r, none);
    EXPECT_EQ(out[static_cast<std::size_t>(2 * n + 2)], 63) << "(66 + 8 x 63) / 9 = 63.3";
    EXPECT_EQ(out[static_cast<std::size_t>(2 * n + 1)], 63);
    h[static_cast<std::size_t>(2 * n + 2)] = 58;  // a pit of 5
    EXPECT_EQ(smoothed_heights(h, r, none)[static_cast<std::size_t>(2 * n + 2)], 62) << "(58 + 504) / 9 = 62.4";
    for (int i = 0; i < n; ++i) h[static_cast<std::size_t>(i)] = none;  // the row z = 0: no ground
    h[static_cast<std::size_t>(1 * n + 2)] = none;                      // nor the column north of the centre
    out = smoothed_heights(h, r, none);
    EXPECT_EQ(out[static_cast<std::size_t>(1 * n + 2)], none) << "no ground: left as it is";
    EXPECT_EQ(out[static_cast<std::size_t>(2 * n + 2)], 62) << "(58 + 7 x 63) / 8 = 62.4: the missing one not counted";
}

// [SECTION] directions, the region, the clipboard

TEST(BuildRules, DirectionsTheRegionsGrowthAndTheMirror) {
    EXPECT_EQ(facing({0.2, -0.9, 0.3}), Direction::kDown);
    EXPECT_EQ(facing({-0.8, 0.1, 0.3}), Direction::kWest);
    EXPECT_EQ(facing({0.1, 0.1, -0.7}), Direction::kNorth);
    EXPECT_EQ(direction_of({0, 0, 1}), Direction::kSouth);
    EXPECT_FALSE(direction_of({1, 1, 0}).has_value());
    const Region r{{0, 0, 0}, {9, 9, 9}};
    EXPECT_EQ(expanded(r, 3, Direction::kUp), (Region{{0, 0, 0}, {9, 12, 9}}));
    EXPECT_EQ(expanded(r, 3, Direction::kWest), (Region{{-3, 0, 0}, {9, 9, 9}}));
    EXPECT_EQ(contracted(r, 3, Direction::kUp), (Region{{0, 3, 0}, {9, 9, 9}})) << "the bottom comes up";
    EXPECT_EQ(contracted(r, 3, Direction::kNorth), (Region{{0, 0, 0}, {9, 9, 6}})) << "the south side moves north";
    EXPECT_THROW((void)contracted(r, 10, Direction::kEast), BuildRefused) << "nothing would be left";
    EXPECT_EQ(shifted(r, 4, Direction::kSouth), (Region{{0, 0, 4}, {9, 9, 13}}));

    Clipboard c;
    c.size = {3, 2, 2};
    for (int i = 0; i < 12; ++i) c.cells.push_back(static_cast<BlockType>(1 + i % 5));
    for (int axis = 0; axis < 3; ++axis) {
        const Clipboard f = flipped(c, axis);
        EXPECT_EQ(f.size, c.size);
        EXPECT_EQ(flipped(f, axis).cells, c.cells) << "twice is the identity";
        glm::ivec3 to{0, 0, 0};
        to[axis] = c.size[axis] - 1;
        EXPECT_EQ(f.at(to.x, to.y, to.z), c.at(0, 0, 0));
    }
}

}  // namespace
}  // namespace slotcraft
