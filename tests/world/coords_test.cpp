// Coordinates: floor division for negatives, local indices, faces, the chunk hash.
#include "world/coords.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <set>
#include <utility>
#include <vector>

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

// The world's chunk map (tsl::robin_map) has a power-of-two number of buckets and takes a
// key's bucket from the hash's low bits. Distinct hashes are not enough: the identity (or a
// packed key such as chunk_key) is distinct too, yet puts a line of chunks along x into one
// bucket. So neighbouring chunks must fill the buckets about as well as random keys would,
// and flipping any one input bit must flip about half of the 64 output bits (avalanche);
// the identity flips exactly one.
TEST(Coords, ChunkHashSpreadsNeighbours) {
    const ChunkCoordHash hash;
    std::vector<ChunkCoord> block, along_x, along_z;
    for (int x = -8; x < 8; ++x)
        for (int z = -8; z < 8; ++z)
            for (int y = 0; y < 16; ++y) block.push_back({x, y, z});
    for (int i = -2048; i < 2048; ++i) {
        along_x.push_back({i, 4, 0});
        along_z.push_back({7, 4, i});
    }
    std::set<std::size_t> hashes;
    for (const ChunkCoord& c : block) hashes.insert(hash(c));
    EXPECT_EQ(hashes.size(), 16u * 16u * 16u);

    // Buckets: occupied ones at least 90% of what 4096 random keys occupy, and no bucket
    // far above the mean load (a random hash stays within a few standard deviations).
    const std::pair<const char*, const std::vector<ChunkCoord>*> shapes[] = {{"a 16x16x16 block", &block},
                                                                             {"a line along x", &along_x},
                                                                             {"a line along z", &along_z}};
    for (const auto& [shape, keys] : shapes) {
        for (const int bits : {8, 10, 12, 14, 16}) {
            const std::size_t buckets = std::size_t{1} << bits;
            std::vector<int> load(buckets, 0);
            for (const ChunkCoord& c : *keys) ++load[hash(c) & (buckets - 1)];
            const auto occupied = static_cast<double>(
                std::count_if(load.begin(), load.end(), [](int n) { return n > 0; }));
            const double n = static_cast<double>(keys->size());
            const double random_occupied = static_cast<double>(buckets) *
                                           (1.0 - std::pow(1.0 - 1.0 / static_cast<double>(buckets), n));
            const double mean = n / static_cast<double>(buckets);
            EXPECT_GE(occupied, 0.9 * random_occupied) << shape << " in 2^" << bits << " buckets";
            EXPECT_LE(*std::max_element(load.begin(), load.end()), mean + 6.0 * std::sqrt(mean) + 3.0)
                << shape << " in 2^" << bits << " buckets";
        }
    }

    // Avalanche: for every bit of x and z inside the world's range and every bit of y, the
    // mean number of output bits that flip over 1000 random chunks is 32 +- 8.
    std::mt19937_64 rng(17);
    std::uniform_int_distribution<int32_t> xz(-kMaxChunkXZ, kMaxChunkXZ - 1);
    std::uniform_int_distribution<int32_t> y(kMinChunkY, kTopChunkY);
    std::vector<ChunkCoord> samples;
    for (int i = 0; i < 1000; ++i) samples.push_back({xz(rng), y(rng), xz(rng)});
    struct Field {
        const char* name;
        int32_t ChunkCoord::*member;
        int bits;
    };
    for (const Field& field :
         {Field{"x", &ChunkCoord::x, 27}, Field{"y", &ChunkCoord::y, 4}, Field{"z", &ChunkCoord::z, 27}}) {
        for (int bit = 0; bit < field.bits; ++bit) {
            double flipped = 0.0;
            for (const ChunkCoord& c : samples) {
                ChunkCoord d = c;
                d.*field.member ^= int32_t{1} << bit;
                flipped += std::popcount(static_cast<uint64_t>(hash(c)) ^ static_cast<uint64_t>(hash(d)));
            }
            const double mean = flipped / static_cast<double>(samples.size());
            EXPECT_NEAR(mean, 32.0, 8.0) << "flipping bit " << bit << " of " << field.name;
        }
    }
}

}  // namespace
}  // namespace slotcraft

namespace slotcraft {
namespace {

TEST(ChunkKey, DistinctForNeighboursAndFarChunks) {
    const ChunkCoord cs[] = {{0, 0, 0},
                             {1, 0, 0},
                             {0, 1, 0},
                             {0, 0, 1},
                             {-1, 0, 0},
                             {0, 15, 0},
                             {0, 0, -1},
                             {134217727, 15, -134217728},
                             {-134217728, 0, 134217727}};
    for (const auto& a : cs) {
        for (const auto& b : cs) {
            if (!(a == b)) {
                EXPECT_NE(chunk_key(a), chunk_key(b));
            }
        }
    }
}

}  // namespace
}  // namespace slotcraft

namespace slotcraft {
namespace {

TEST(WorldRange, ChunksOutsideTheArithmeticRangeAreNeverLoaded) {
    EXPECT_TRUE(chunk_in_world({kMaxChunkXZ - 1, 19, -kMaxChunkXZ}));
    EXPECT_TRUE(chunk_in_world({0, -4, 0}));
    EXPECT_FALSE(chunk_in_world({kMaxChunkXZ, 0, 0}));
    EXPECT_FALSE(chunk_in_world({0, 0, -kMaxChunkXZ - 1}));
    EXPECT_FALSE(chunk_in_world({0, 20, 0}));
    EXPECT_FALSE(chunk_in_world({0, -5, 0}));
    EXPECT_TRUE(block_y_in_world(-64));
    EXPECT_TRUE(block_y_in_world(319));
    EXPECT_FALSE(block_y_in_world(-65));
    EXPECT_FALSE(block_y_in_world(320));
}

}  // namespace
}  // namespace slotcraft
