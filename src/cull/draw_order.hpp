#pragma once
// The order opaque chunks are drawn in: nearest first, so the depth test rejects the hidden
// fragments of farther chunks before they are shaded (early depth testing) instead of
// shading far chunks and painting over them. C++ and GLM only: never GL.
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

}  // namespace slotcraft
