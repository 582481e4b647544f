// The faces' corners the vertex shader reads (gfx/face_corners.hpp; shaders/face_corners.comp
// does the same on the GPU and `verify` holds the two together): which cells a face's corners
// read, how they average their light and how the opaque ones darken them.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "gfx/face_corners.hpp"
#include "slots/light_pages.hpp"
#include "world/events.hpp"

namespace slotcraft::gfx {
namespace {

FaceCells all_open(uint8_t light) {
    FaceCells cells;
    cells.open.fill(true);
    cells.light.fill(light);
    return cells;
}

TEST(FaceCorners, AnOpenFaceAveragesFourCellsAtEachCornerAndIsNotDarkened) {
    FaceCells cells = all_open(0xF0);  // sky 15, block 0
    cells.light[0] = 0x32;             // the corner cell of corner 0 (u = v = -1): sky 3, block 2
    const FaceCornerWords words = face_corner_words(cells);
    for (int c = 0; c < 4; ++c) {
        const CornerFields f = corner_fields(words, c);
        EXPECT_EQ(f.count, 4) << "corner " << c;
        EXPECT_EQ(f.occlusion, 3) << "corner " << c;
        EXPECT_EQ(f.sky_sum, c == 0 ? 15 * 3 + 3 : 60) << "corner " << c;
        EXPECT_EQ(f.block_sum, c == 0 ? 2 : 0) << "corner " << c;
    }
}

TEST(FaceCorners, OpaqueCellsDarkenTheCornerBy0fpsAndAreNotAveraged) {
    // Corner 3 is (u, v) = (1, 1): its sides are cells 5 and 7, its corner cell 8.
    struct Case {
        bool side1, side2, corner;
        int count, occlusion;
    };
    const Case cases[] = {
        {true, true, true, 4, 3},    {true, true, false, 3, 2},  {true, false, true, 3, 2},
        {false, true, false, 2, 1},  {false, false, true, 1, 0},  // both sides opaque: the corner cell is hidden
        {false, false, false, 1, 0},
    };
    for (const Case& k : cases) {
        FaceCells cells = all_open(0x0F);  // block light 15 everywhere it is read
        cells.open[5] = k.side1;
        cells.open[7] = k.side2;
        cells.open[8] = k.corner;
        for (const size_t i : {size_t{5}, size_t{7}, size_t{8}}) {
            if (!cells.open[i]) cells.light[i] = 0xFF;  // a stale byte behind an opaque cell: never read
        }
        const CornerFields f = corner_fields(face_corner_words(cells), 3);
        EXPECT_EQ(f.count, k.count) << k.side1 << k.side2 << k.corner;
        EXPECT_EQ(f.occlusion, k.occlusion) << k.side1 << k.side2 << k.corner;
        EXPECT_EQ(f.block_sum, 15 * k.count);
        EXPECT_EQ(f.sky_sum, 0) << "an opaque cell's byte leaked into the average";
    }
}

TEST(FaceCorners, RandomCellsGiveAveragesWithinTheReadCellsAndFieldsInRange) {
    std::mt19937 rng(20261126);
    for (int round = 0; round < 20000; ++round) {
        FaceCells cells;
        for (size_t k = 0; k < 9; ++k) {
            cells.open[k] = k == 4 || (rng() & 1u) != 0;
            cells.light[k] = static_cast<uint8_t>(rng());
        }
        const FaceCornerWords words = face_corner_words(cells);
        for (int c = 0; c < 4; ++c) {
            const size_t side1 = static_cast<size_t>((c & 1) * 2 + 3), side2 = static_cast<size_t>(1 + (c >> 1) * 6),
                         corner = static_cast<size_t>((c & 1) * 2 + (c >> 1) * 6);
            std::vector<size_t> read = {4};
            if (cells.open[side1]) read.push_back(side1);
            if (cells.open[side2]) read.push_back(side2);
            if ((cells.open[side1] || cells.open[side2]) && cells.open[corner]) read.push_back(corner);
            const CornerFields f = corner_fields(words, c);
            ASSERT_EQ(f.count, static_cast<int>(read.size()));
            int sky = 0, block = 0;
            for (const size_t k : read) {
                sky += cells.light[k] >> 4;
                block += cells.light[k] & 15;
            }
            ASSERT_EQ(f.sky_sum, sky);
            ASSERT_EQ(f.block_sum, block);
            const int closed = int{!cells.open[side1]} + int{!cells.open[side2]} + int{!cells.open[corner]};
            ASSERT_EQ(f.occlusion, !cells.open[side1] && !cells.open[side2] ? 0 : 3 - closed);
        }
    }
}

TEST(FaceCorners, CellsComeFromTheOccluderBitsInFrontOfTheFaceAndTheChunksLightPage) {
    // A cube at (5, 5, 5) with its top face (+y, face 2) drawn: its cells are (5 + v, 6, 5 + u)
    // (tangent axes z then x). The cell at d = (1, 1, 0) is opaque.
    CubeShade shade;
    shade.occluders = 1u << occluder_bit(1, 1, 0);
    const PackedInstance inst = pack_instance(local_index(5, 5, 5), BlockType::kStone, 1u << 2, shade);
    std::vector<uint8_t> light(2 * kLightPageBytes, 0);
    for (int x = 4; x <= 6; ++x)
        for (int z = 4; z <= 6; ++z)
            light[kLightPageBytes + light_box_index(x, 6, z)] = static_cast<uint8_t>(16 * (x - 3) + (z - 3));
    const FaceCells cells = face_cells(inst, 2, 1, light);  // the chunk's light is page 1
    for (int v = -1; v <= 1; ++v) {
        for (int u = -1; u <= 1; ++u) {
            const size_t k = static_cast<size_t>((u + 1) + 3 * (v + 1));
            const bool open = !(v == 1 && u == 0);
            EXPECT_EQ(cells.open[k], open) << "u " << u << ", v " << v;
            if (open) {
                EXPECT_EQ(cells.light[k], 16 * (v + 2) + (u + 2)) << "u " << u << ", v " << v;
            }
        }
    }
    // A chunk lit by one value (reference < 0) reads that value in every open cell.
    const FaceCells uniform = face_cells(inst, 2, uniform_light_ref(0x9C), {});
    EXPECT_EQ(uniform.light[4], 0x9C);
    EXPECT_EQ(uniform.light[0], 0x9C);
}

}  // namespace
}  // namespace slotcraft::gfx
