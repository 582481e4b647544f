// The shared-corner index buffer of the cube vertex stage (gfx/cube_corners.hpp): each cube
// reaches exactly its 12 vertex ids, each face is two triangles over its own four corners
// that share the 0-3 diagonal, and nothing is drawn twice.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "gfx/cube_corners.hpp"

namespace slotcraft::gfx {
namespace {

TEST(CubeCorners, EachCubeUsesItsOwnTwelveVertexIds) {
    constexpr uint32_t kCubes = 300;
    const std::vector<uint32_t> indices = cube_corner_indices(kCubes);
    ASSERT_EQ(indices.size(), size_t{kCubes} * 18);
    for (uint32_t j = 0; j < kCubes; ++j) {
        const std::set<uint32_t> ids(indices.begin() + j * 18, indices.begin() + (j + 1) * 18);
        ASSERT_EQ(ids.size(), 12u) << "cube " << j << " should reach 3 faces x 4 corners";
        EXPECT_EQ(*ids.begin(), j * kCubeVertexIdStride);
        EXPECT_EQ(*ids.rbegin(), j * kCubeVertexIdStride + 11);
    }
}

TEST(CubeCorners, EachFaceIsTwoTrianglesSharingTheDiagonalFromCornerZeroToThree) {
    for (uint32_t axis = 0; axis < 3; ++axis) {
        const auto first = kCubeFaceIndices.begin() + axis * 6;
        std::array<uint32_t, 3> a{first[0], first[1], first[2]}, b{first[3], first[4], first[5]};
        for (uint32_t& i : a) i -= axis * 4;
        for (uint32_t& i : b) i -= axis * 4;
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        // (0,1,3) and (0,2,3): the triangles cover the quad once and meet along 0-3.
        EXPECT_EQ(a, (std::array<uint32_t, 3>{0, 1, 3})) << "axis " << axis;
        EXPECT_EQ(b, (std::array<uint32_t, 3>{0, 2, 3})) << "axis " << axis;
    }
}

}  // namespace
}  // namespace slotcraft::gfx
