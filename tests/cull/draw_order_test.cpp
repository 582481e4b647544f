// Near-to-far order: against a reference that measures each distance in double.
#include "cull/draw_order.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace slotcraft {
namespace {

double reference_distance(glm::ivec3 c, glm::ivec3 origin, glm::dvec3 offset) {
    const glm::dvec3 eye = glm::dvec3(origin) * 16.0 + offset;
    const glm::dvec3 centre = glm::dvec3(c) * 16.0 + glm::dvec3(8.0);
    return glm::length(centre - eye);
}

TEST(DrawOrder, SortsChunksNearestFirstFarFromTheOrigin) {
    std::mt19937 rng(5);
    const glm::ivec3 origin{1 << 25, 7, -(1 << 25)};  // far out: floats alone would round
    const glm::vec3 offset{3.25f, 9.5f, 12.0f};
    std::vector<glm::ivec3> coords;
    for (int i = 0; i < 3000; ++i) {
        if (i == 1500) coords.push_back(origin);
        coords.push_back(origin + glm::ivec3(static_cast<int>(rng() % 41) - 20, static_cast<int>(rng() % 16) - 7,
                                             static_cast<int>(rng() % 41) - 20));
    }
    std::vector<DistanceKey> scratch;
    const std::vector<glm::ivec3> before = coords;
    sort_near_to_far(coords, origin, offset, scratch);
    ASSERT_EQ(coords.size(), before.size());
    EXPECT_TRUE(std::is_permutation(coords.begin(), coords.end(), before.begin(),
                                    [](glm::ivec3 a, glm::ivec3 b) { return a == b; }));
    for (std::size_t i = 1; i < coords.size(); ++i) {
        EXPECT_LE(reference_distance(coords[i - 1], origin, offset),
                  reference_distance(coords[i], origin, offset) + 1e-3)
            << "at " << i;
    }
    EXPECT_EQ(coords.front(), origin) << "the eye's own chunk comes first";
}

TEST(DrawOrder, EqualDistancesKeepACoordinateOrder) {
    std::vector<glm::ivec3> coords{{1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1}};
    std::vector<DistanceKey> scratch;
    sort_near_to_far(coords, {0, 0, 0}, {8.0f, 8.0f, 8.0f}, scratch);
    const std::vector<glm::ivec3> expected{{-1, 0, 0}, {0, 0, -1}, {0, 0, 1}, {1, 0, 0}};
    EXPECT_EQ(coords, expected);
}

// A box of cubes wholly on one side of the eye turns only that side's faces to it: an axis
// whose turned faces the cubes lack is left out; a box the eye's plane cuts keeps either.
TEST(DrawOrder, AnAxisIsLeftOutWhenTheCubesLackTheFacesTurnedToTheEye) {
    constexpr uint8_t kPosX = 1, kNegX = 2, kPosY = 4, kNegY = 8, kPosZ = 16;
    const glm::vec3 below(-8.0f, -40.0f, -8.0f);  // a chunk under the eye, the eye over its middle
    EXPECT_EQ(axes_turned_to_eye(kPosY, below, below + 16.0f), 2) << "tops below the eye show";
    EXPECT_EQ(axes_turned_to_eye(kNegY, below, below + 16.0f), 0) << "bottoms below the eye never show";
    EXPECT_EQ(axes_turned_to_eye(kPosX | kNegX | kPosY, below, below + 16.0f), 3) << "the eye's x plane cuts the box";
    const glm::vec3 east(20.0f, -40.0f, 4.0f);  // wholly at +x and +z of the eye
    EXPECT_EQ(axes_turned_to_eye(kPosX | kPosY, east, east + 16.0f), 2) << "+x faces east of the eye turn away";
    EXPECT_EQ(axes_turned_to_eye(kNegX | kPosY | kPosZ, east, east + 16.0f), 3);
    EXPECT_EQ(axes_turned_to_eye(kPosX | kPosZ, east, east + 16.0f), 0) << "nothing of it shows";
    // A face plane through the eye: the box touching it from below still shows its tops.
    EXPECT_EQ(axes_turned_to_eye(kPosY, glm::vec3(0.0f, -16.0f, 0.0f), glm::vec3(16.0f, 0.0f, 16.0f)), 2);
}

// Whatever the box and the faces, every face the vertex shader would draw for a cube in the
// box (the one turned to the eye on each axis, when the cube has it) is on an axis kept.
TEST(DrawOrder, NoFaceTheShaderWouldDrawIsOnAnAxisLeftOut) {
    std::mt19937 rng(25);
    std::uniform_real_distribution<float> where(-40.0f, 40.0f);
    for (int round = 0; round < 20000; ++round) {
        const float size = static_cast<float>(1 << (rng() % 4));  // cubes of 1 to 8 blocks (far levels)
        const glm::vec3 box_min(std::floor(where(rng)), std::floor(where(rng)), std::floor(where(rng)));
        const glm::vec3 box_max = box_min + 16.0f * size;
        const uint8_t faces = static_cast<uint8_t>(rng() % 64);
        const uint8_t axes = axes_turned_to_eye(faces, box_min, box_max);
        for (int cube = 0; cube < 8; ++cube) {
            const glm::vec3 cube_min = box_min + glm::vec3(static_cast<float>(rng() % 16),
                                                           static_cast<float>(rng() % 16),
                                                           static_cast<float>(rng() % 16)) *
                                                     size;
            const uint8_t mask = faces & static_cast<uint8_t>(rng() % 64);  // a cube of the run
            for (int a = 0; a < 3; ++a) {
                const bool positive = cube_min[a] + 0.5f * size < 0.0f;  // cube.vert's choice (eye at 0)
                const int face = 2 * a + (positive ? 0 : 1);
                if (mask >> face & 1u) {
                    ASSERT_TRUE(axes >> a & 1u) << "round " << round << ": face " << face << " of a cube at "
                                                << cube_min[a] << " is drawn but axis " << a << " was left out";
                }
            }
        }
    }
}

}  // namespace
}  // namespace slotcraft
