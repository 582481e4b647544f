#pragma once
// The shared-corner layout of the cube vertex stage (shaders/cube.vert): vertex id = slot * 16
// + axis * 4 + corner, and the 18 indices that make one cube's three faces of two triangles
// each. GL-free: the renderer uploads these indices once, the gfx tests check them.
#include <array>
#include <cstdint>
#include <vector>

namespace slotcraft::gfx {

// Vertex ids a cube spans: 3 faces of 4 corners use 12 of them; 16 so the shader finds the
// slot with a shift.
inline constexpr uint32_t kCubeVertexIdStride = 16;

// Corner c of a face is (u, v) = (c & 1, c >> 1) on the face's two tangent axes. Both
// triangles hold corners 0 and 3: the shader turns the corners one step when the face's
// shading wants the other diagonal (docs/rendering.md, "The vertex stage").
inline constexpr std::array<uint32_t, 18> kCubeFaceIndices = {0, 1, 3, 0, 3, 2, 4, 5, 7, 4, 7, 6, 8, 9, 11, 8, 11, 10};

// The index buffer for runs of up to `cubes` cubes: cube j's indices are kCubeFaceIndices
// + j * kCubeVertexIdStride; a draw's base vertex adds its first slot's ids.
inline std::vector<uint32_t> cube_corner_indices(uint32_t cubes) {
    std::vector<uint32_t> out;
    out.reserve(size_t{cubes} * kCubeFaceIndices.size());
    for (uint32_t j = 0; j < cubes; ++j) {
        for (const uint32_t i : kCubeFaceIndices) out.push_back(j * kCubeVertexIdStride + i);
    }
    return out;
}

}  // namespace slotcraft::gfx
