// A chunk's visibility graph: face_links_of against a model that asks, pair by pair, whether a
// path of open cells joins the two faces (a search per pair, written apart from the flood fill
// it checks), on random chunks from nearly empty to nearly solid; uniform chunks; the kept
// answer follows set_block and fill.
#include "world/visibility.hpp"

#include "world/chunk.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace slotcraft {
namespace {

bool on_face(int x, int y, int z, Face f) {
    switch (f) {
        case kPosX: return x == 15;
        case kNegX: return x == 0;
        case kPosY: return y == 15;
        case kNegY: return y == 0;
        case kPosZ: return z == 15;
        default: return z == 0;
    }
}

// Whether open cells join face a's plane to face b's: a search from every open cell of a.
bool model_linked(const Chunk& chunk, Face a, Face b) {
    std::vector<char> seen(kChunkVolume, 0);
    std::vector<glm::ivec3> todo;
    for (int y = 0; y < 16; ++y)
        for (int z = 0; z < 16; ++z)
            for (int x = 0; x < 16; ++x) {
                const uint16_t i = local_index(x, y, z);
                if (on_face(x, y, z, a) && !is_opaque(chunk.block(i))) {
                    seen[i] = 1;
                    todo.push_back({x, y, z});
                }
            }
    while (!todo.empty()) {
        const glm::ivec3 c = todo.back();
        todo.pop_back();
        if (on_face(c.x, c.y, c.z, b)) return true;
        for (const glm::ivec3& n : kFaceNormals) {
            const glm::ivec3 d = c + n;
            if (glm::any(glm::lessThan(d, glm::ivec3(0))) || glm::any(glm::greaterThan(d, glm::ivec3(15)))) continue;
            const uint16_t j = local_index(d.x, d.y, d.z);
            if (seen[j] != 0 || is_opaque(chunk.block(j))) continue;
            seen[j] = 1;
            todo.push_back(d);
        }
    }
    return false;
}

FaceLinks model_links(const Chunk& chunk) {
    FaceLinks links = 0;
    for (int a = 0; a < kFaceCount; ++a)
        for (int b = a + 1; b < kFaceCount; ++b)
            if (model_linked(chunk, static_cast<Face>(a), static_cast<Face>(b)))
                links |= face_pair_bit(static_cast<Face>(a), static_cast<Face>(b));
    return links;
}

TEST(Visibility, PairBitsNumberTheFifteenPairsOnce) {
    FaceLinks all = 0;
    for (int a = 0; a < kFaceCount; ++a) {
        for (int b = 0; b < kFaceCount; ++b) {
            if (a == b) continue;
            const FaceLinks bit = face_pair_bit(static_cast<Face>(a), static_cast<Face>(b));
            EXPECT_EQ(bit, face_pair_bit(static_cast<Face>(b), static_cast<Face>(a)));
            all |= bit;
        }
    }
    EXPECT_EQ(all, kAllFacesLinked);
    EXPECT_EQ(faces_reached(kAllFacesLinked, face_bit(kNegX)), kAllFaces & ~face_bit(kNegX));
    EXPECT_EQ(faces_reached(face_pair_bit(kNegX, kPosX), face_bit(kNegX)), face_bit(kPosX));
    EXPECT_EQ(faces_reached(face_pair_bit(kNegX, kPosX), face_bit(kPosY)), 0);
    EXPECT_EQ(faces_reached(kAllFacesLinked, 0), 0);
}

TEST(Visibility, UniformChunksLinkEverythingOrNothing) {
    Chunk air({0, 0, 0});
    EXPECT_EQ(face_links_of(air), kAllFacesLinked);
    Chunk rock({0, 0, 0});
    rock.fill(BlockType::kStone);
    EXPECT_EQ(face_links_of(rock), kNoFacesLinked);
    Chunk water({0, 0, 0});
    water.fill(BlockType::kWater);
    EXPECT_EQ(face_links_of(water), kAllFacesLinked);
    Chunk glass({0, 0, 0});
    glass.fill(BlockType::kGlass);
    EXPECT_EQ(glass.face_links(), kAllFacesLinked);  // glass lets sight through
}

TEST(Visibility, ATunnelLinksItsEndsAndASealedCaveNothing) {
    Chunk c({0, 0, 0});
    c.fill(BlockType::kStone);
    for (int x = 0; x < 16; ++x) c.set_block(local_index(x, 7, 7), BlockType::kAir);
    EXPECT_EQ(c.face_links(), face_pair_bit(kNegX, kPosX));
    // A bend up to the top: the tunnel's ends and the shaft's top all see each other.
    for (int y = 7; y < 16; ++y) c.set_block(local_index(3, y, 7), BlockType::kAir);
    EXPECT_EQ(c.face_links(), face_pair_bit(kNegX, kPosX) | face_pair_bit(kNegX, kPosY) | face_pair_bit(kPosX, kPosY));
    // A cave that touches no border links nothing.
    Chunk sealed({0, 0, 0});
    sealed.fill(BlockType::kStone);
    for (int i = 2; i < 14; ++i) sealed.set_block(local_index(i, 8, i), BlockType::kAir);
    EXPECT_EQ(sealed.face_links(), kNoFacesLinked);
    // Leaves are open; a leaf wall does not stop sight.
    sealed.fill(BlockType::kStone);
    for (int x = 0; x < 16; ++x) sealed.set_block(local_index(x, 0, 0), BlockType::kLeaves);
    EXPECT_EQ(sealed.face_links(), face_pair_bit(kNegX, kPosX) | face_pair_bit(kNegX, kNegY) |
                                       face_pair_bit(kNegX, kNegZ) | face_pair_bit(kPosX, kNegY) |
                                       face_pair_bit(kPosX, kNegZ) | face_pair_bit(kNegY, kNegZ));
}

TEST(Visibility, RandomChunksMatchThePairByPairModel) {
    std::mt19937 rng(41);
    const BlockType open_kinds[] = {BlockType::kAir, BlockType::kWater, BlockType::kGlass, BlockType::kLeaves};
    for (int round = 0; round < 60; ++round) {
        Chunk c({0, 0, 0});
        c.fill(BlockType::kStone);
        // From almost all open to almost all rock; at 0.6-0.75 the groups are near the
        // percolation threshold, where links are most often partial.
        const double open_share = 0.05 + 0.9 * (round % 20) / 19.0;
        std::bernoulli_distribution open(open_share);
        for (int i = 0; i < kChunkVolume; ++i) {
            if (open(rng)) c.set_block(static_cast<uint16_t>(i), open_kinds[rng() % 4]);
        }
        ASSERT_EQ(c.face_links(), model_links(c)) << "round " << round << ", open share " << open_share;
        // The kept answer follows a change: wall off the middle layer.
        for (int z = 0; z < 16; ++z)
            for (int x = 0; x < 16; ++x) c.set_block(local_index(x, 8, z), BlockType::kStone);
        ASSERT_EQ(c.face_links(), model_links(c)) << "round " << round << " after the wall";
        ASSERT_EQ(c.face_links() & face_pair_bit(kNegY, kPosY), 0);
    }
}

}  // namespace
}  // namespace slotcraft
