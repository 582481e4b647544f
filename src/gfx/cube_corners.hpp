#pragma once
// The shared-corner layout of the cube vertex stage (shaders/cube.vert): vertex id = slot * 16
// + axis * 4 + corner, and the indices that make a cube's faces of two triangles each. A run
// whose cubes show faces on fewer axes (a page of grass tops: y only) is drawn from a table
// with only those faces, so faces no cube of it has never reach the vertex stage. GL-free: the
// renderer uploads these indices once, the gfx tests check them.
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

namespace slotcraft::gfx {

// Vertex ids a cube spans: 3 faces of 4 corners use 12 of them; 16 so the shader finds the
// slot with a shift.
inline constexpr uint32_t kCubeVertexIdStride = 16;

// Corner c of a face is (u, v) = (c & 1, c >> 1) on the face's two tangent axes. Both
// triangles hold corners 0 and 3: the shader turns the corners one step when the face's
// shading wants the other diagonal (docs/rendering.md, "The vertex stage").
inline constexpr std::array<uint32_t, 6> kFaceIndices = {0, 1, 3, 0, 3, 2};
inline constexpr uint32_t kIndicesPerFace = static_cast<uint32_t>(kFaceIndices.size());

// Indices a cube takes in the table of `axes` (bit a: the face turned to the eye on axis a;
// 1..7, slots/instance_slots.hpp face_axes).
constexpr uint32_t indices_per_cube(uint8_t axes) {
    return kIndicesPerFace * static_cast<uint32_t>(std::popcount(static_cast<unsigned>(axes & 7u)));
}

// Where the table of `axes` starts in the index buffer of `cubes` cubes a table: the tables
// of axes 1..7 follow each other in that order (axes 8: where the buffer ends, its size).
inline constexpr std::array<uint8_t, 7> kTableOrder = {7, 1, 2, 3, 4, 5, 6};
constexpr uint32_t corner_table_offset(uint8_t axes, uint32_t cubes) {
    uint32_t offset = 0;
    for (const uint8_t a : kTableOrder) {
        if (a == axes) return offset;
        offset += indices_per_cube(a) * cubes;
    }
    return offset;
}

// The index buffer: for each axes 1..7, a table for runs of up to `cubes` cubes in which cube
// j's indices are those of its faces on `axes` (kFaceIndices + axis * 4), plus j *
// kCubeVertexIdStride; a draw's base vertex adds its first slot's ids.
inline std::vector<uint32_t> cube_corner_indices(uint32_t cubes) {
    std::vector<uint32_t> out;
    out.reserve(corner_table_offset(8, cubes));
    for (const uint8_t axes : kTableOrder) {
        for (uint32_t j = 0; j < cubes; ++j) {
            for (uint32_t axis = 0; axis < 3; ++axis) {
                if (!(axes >> axis & 1u)) continue;
                for (const uint32_t i : kFaceIndices) out.push_back(j * kCubeVertexIdStride + axis * 4 + i);
            }
        }
    }
    return out;
}

}  // namespace slotcraft::gfx
