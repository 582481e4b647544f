#pragma once
// The order opaque chunks are drawn in: nearest first, so the depth test rejects the hidden
// fragments of farther chunks before they are shaded (early depth testing) instead of
// shading far chunks and painting over them. C++ and GLM only: never GL.
#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

namespace slotcraft {

// Sorts chunk coordinates by the distance from the eye to the chunk's centre, nearest
// first (ties by coordinate, so the order is deterministic). The eye is `eye_offset` blocks
// from the corner of chunk `origin_chunk` (the renderer's camera-relative form, exact far
// from the origin). `scratch` keeps its memory between frames.
struct DistanceKey {
    float distance_sq;
    glm::ivec3 coord;
};
void sort_near_to_far(std::span<glm::ivec3> coords, glm::ivec3 origin_chunk, glm::vec3 eye_offset,
                      std::vector<DistanceKey>& scratch);

// The axes on which a box of cubes can show a face to the eye, of the `faces` its cubes have
// (bit 2a: the face towards +a on axis a, bit 2a + 1: towards -a; the instances' face mask).
// On each axis the cube vertex shader draws the face turned to the eye: +a when the eye is
// past the cube's centre. A box wholly on one side of the eye on axis a (`box_min` and
// `box_max` relative to the eye: max <= 0 or min >= 0) turns only that side's faces to it, so
// the axis is left out when the cubes have none of them; otherwise it stays when they have
// either. A run left with no axis draws nothing (docs/rendering.md "The vertex stage").
uint8_t axes_turned_to_eye(uint8_t faces, glm::vec3 box_min, glm::vec3 box_max);

}  // namespace slotcraft
