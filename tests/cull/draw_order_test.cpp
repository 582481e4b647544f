// Near-to-far order: against a reference that measures each distance in double.
#include "cull/draw_order.hpp"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace slotcraft
