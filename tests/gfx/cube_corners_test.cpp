// The shared-corner index buffer of the cube vertex stage (gfx/cube_corners.hpp): in the
// table of each set of face axes, each cube reaches exactly the 4 vertex ids of each face on
// those axes, each face is two triangles over its own four corners that share the 0-3
// diagonal, and nothing is drawn twice.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "gfx/cube_corners.hpp"

namespace slotcraft::gfx {
namespace {

TEST(CubeCorners, EachTableReachesItsOwnAxesFacesOfEachCubeOnce) {
    constexpr uint32_t kCubes = 300;
    const std::vector<uint32_t> indices = cube_corner_indices(kCubes);
    ASSERT_EQ(indices.size(), size_t{kCubes} * 6 * (1 + 1 + 2 + 1 + 2 + 2 + 3)) << "7 tables: one a set of axes";
    ASSERT_EQ(corner_table_offset(8, kCubes), indices.size());
    for (uint8_t axes = 1; axes <= 7; ++axes) {
        const uint32_t per_cube = indices_per_cube(axes);
        const uint32_t faces = static_cast<uint32_t>(std::popcount(unsigned{axes}));
        ASSERT_EQ(per_cube, 6 * faces);
        const auto table = indices.begin() + corner_table_offset(axes, kCubes);
        for (uint32_t j = 0; j < kCubes; ++j) {
            const std::set<uint32_t> ids(table + j * per_cube, table + (j + 1) * per_cube);
            ASSERT_EQ(ids.size(), 4 * faces) << "axes " << int{axes} << ", cube " << j << ": 4 corners a face";
            for (const uint32_t id : ids) {
                ASSERT_EQ(id / kCubeVertexIdStride, j) << "cube " << j << " reaches another cube's ids";
                const uint32_t axis = id % kCubeVertexIdStride / 4;
                ASSERT_LT(axis, 3u);
                EXPECT_TRUE(axes >> axis & 1u) << "axes " << int{axes} << " draws a face on axis " << axis;
            }
        }
    }
}

TEST(CubeCorners, EachFaceIsTwoTrianglesSharingTheDiagonalFromCornerZeroToThree) {
    const std::vector<uint32_t> indices = cube_corner_indices(1);
    const auto all = indices.begin() + corner_table_offset(7, 1);  // x, y, z faces in order
    for (uint32_t axis = 0; axis < 3; ++axis) {
        const auto first = all + axis * 6;
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
