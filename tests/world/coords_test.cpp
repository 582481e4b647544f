// Coordinates: floor division for negatives, local indices, faces.
#include "world/coords.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

namespace slotcraft {
namespace {

TEST(Coords, FloorDivAndModAreRightForNegatives) {
    for (int32_t a = -100; a <= 100; ++a) {
        const auto expected = static_cast<int32_t>(std::floor(a / 16.0));
        EXPECT_EQ(floor_div(a, 16), expected) << a;
        EXPECT_EQ(floor_mod(a, 16), a - expected * 16) << a;
        EXPECT_GE(floor_mod(a, 16), 0);
        EXPECT_LT(floor_mod(a, 16), 16);
    }
    EXPECT_EQ(floor_div(INT32_MIN, 16), INT32_MIN / 16);
    EXPECT_EQ(floor_div(INT32_MAX, 16), INT32_MAX / 16);
}

TEST(Coords, BlockMinusOneIsInChunkMinusOneAtLocal15) {
    const BlockPos p{-1, 17, -16};
    EXPECT_EQ(chunk_of(p), (ChunkCoord{-1, 1, -1}));
    EXPECT_EQ(local_position(local_index(p)), glm::ivec3(15, 1, 0));
    EXPECT_EQ(world_position(chunk_of(p), local_index(p)), p);
}

TEST(Coords, LocalIndexRoundTripsAndIsDense) {
    std::set<uint16_t> seen;
    for (int y = 0; y < 16; ++y)
        for (int z = 0; z < 16; ++z)
            for (int x = 0; x < 16; ++x) {
                const uint16_t i = local_index(x, y, z);
                EXPECT_LT(i, kChunkVolume);
                EXPECT_EQ(local_position(i), glm::ivec3(x, y, z));
                seen.insert(i);
            }
    EXPECT_EQ(seen.size(), static_cast<std::size_t>(kChunkVolume));
}

TEST(Coords, FacesPairWithTheirOpposites) {
    for (int f = 0; f < kFaceCount; ++f) {
        const auto face = static_cast<Face>(f);
        EXPECT_EQ(kFaceNormals[f] + kFaceNormals[opposite(face)], glm::ivec3(0));
        EXPECT_EQ(kFaceNormals[f][face_axis(face)], face_is_positive(face) ? 1 : -1);
        EXPECT_EQ(face_bit(face), 1 << f);
    }
    EXPECT_EQ(kFaceNormals[kPosY], glm::ivec3(0, 1, 0));
}

TEST(Coords, ChunkHashSpreadsNeighbours) {
    std::set<std::size_t> hashes;
    for (int x = -8; x < 8; ++x)
        for (int z = -8; z < 8; ++z)
            for (int y = 0; y < 16; ++y) hashes.insert(ChunkCoordHash{}(ChunkCoord{x, y, z}));
    EXPECT_EQ(hashes.size(), 16u * 16u * 16u);
}

}  // namespace
}  // namespace slotcraft

namespace slotcraft {
namespace {

TEST(ChunkKey, DistinctForNeighboursAndFarChunks) {
    const ChunkCoord cs[] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {-1, 0, 0}, {0, 15, 0}, {0, 0, -1},
                             {134217727, 15, -134217728}, {-134217728, 0, 134217727}};
    for (const auto& a : cs) {
        for (const auto& b : cs) {
            if (!(a == b)) EXPECT_NE(chunk_key(a), chunk_key(b));
        }
    }
}

}  // namespace
}  // namespace slotcraft

namespace slotcraft {
namespace {

TEST(WorldRange, ChunksOutsideTheArithmeticRangeAreNeverLoaded) {
    EXPECT_TRUE(chunk_in_world({kMaxChunkXZ - 1, 15, -kMaxChunkXZ}));
    EXPECT_FALSE(chunk_in_world({kMaxChunkXZ, 0, 0}));
    EXPECT_FALSE(chunk_in_world({0, 0, -kMaxChunkXZ - 1}));
    EXPECT_FALSE(chunk_in_world({0, 16, 0}));
}

}  // namespace
}  // namespace slotcraft
