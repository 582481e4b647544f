#pragma once
// The plane-against-box arithmetic shared by Frustum, ChunkOctree and brute_force_cull,
// written once so that all three give bit-identical answers. Include it only from src/cull/*.cpp
// (built with -ffp-contract=off, so no path fuses a multiply-add that another path rounds).
// C++ and GLM only: never GL, GLFW or ImGui.

#include "cull/frustum.hpp"

namespace slotcraft::cull_detail {

// Evaluated left to right: ((nx*x + ny*y) + nz*z) + offset. Every step is monotone in x, y
// and z, which is what makes a node's test a safe stand-in for the tests of the boxes in it.
inline float plane_distance(const Plane& plane, float x, float y, float z) {
    return plane.normal.x * x + plane.normal.y * y + plane.normal.z * z + plane.offset;
}

// Signed distance of the box corner farthest along the normal: < 0 puts the box outside.
inline float farthest_distance(const Plane& plane, const Box& box) {
    return plane_distance(plane, plane.normal.x >= 0.0f ? box.max.x : box.min.x,
                          plane.normal.y >= 0.0f ? box.max.y : box.min.y,
                          plane.normal.z >= 0.0f ? box.max.z : box.min.z);
}

// Signed distance of the box corner nearest along the normal: >= 0 puts the box inside.
inline float nearest_distance(const Plane& plane, const Box& box) {
    return plane_distance(plane, plane.normal.x >= 0.0f ? box.min.x : box.max.x,
                          plane.normal.y >= 0.0f ? box.min.y : box.max.y,
                          plane.normal.z >= 0.0f ? box.min.z : box.max.z);
}

inline bool outside(const Plane& plane, const Box& box) { return farthest_distance(plane, box) < 0.0f; }
inline bool inside(const Plane& plane, const Box& box) { return nearest_distance(plane, box) >= 0.0f; }

}  // namespace slotcraft::cull_detail
