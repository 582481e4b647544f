#pragma once
// Voxel-exact picking: Amanatides and Woo's 3D DDA walks the cells a ray passes through,
// in order, one axis step at a time, and stops at the first solid block within reach.
// Generic over the block look-up so it is tested against brute force on any block set.
// Plain C++20 and GLM; never depends on GL.
#include "world/block.hpp"
#include "world/coords.hpp"

#include <glm/glm.hpp>

#include <cmath>
#include <limits>
#include <optional>

namespace slotcraft {

inline constexpr double kPickReach = 8.0;  // blocks

struct RayHit {
    BlockPos block{};                  // the first solid block on the ray
    BlockType type = BlockType::kAir;  // its type
    Face face = kPosY;                 // the face of `block` the ray entered through
    BlockPos place{};                  // the cell in front of that face: where a placed block goes
    double distance = 0.0;             // along the normalised ray, to where it enters `block`
};

// Casts a ray from `origin` along `direction` (any non-zero length) and returns the first
// cell within `reach` for which block_at(BlockPos) gives a solid type. A ray that starts
// inside a solid block hits it at distance 0, through the face that looks back along the
// ray's main axis. Cells are visited 6-connected: when the ray crosses an edge or corner
// exactly it steps one axis at a time (x before y before z), so it never slips diagonally
// between two blocks that share an edge.
template <class BlockAt>
std::optional<RayHit> cast_ray(const glm::dvec3& origin, const glm::dvec3& direction, double reach,
                               BlockAt&& block_at) {
    const double length = glm::length(direction);
    if (!(length > 0.0) || !std::isfinite(length)) return std::nullopt;
    const glm::dvec3 dir = direction / length;
    constexpr double kInf = std::numeric_limits<double>::infinity();

    BlockPos cell{static_cast<int>(std::floor(origin.x)), static_cast<int>(std::floor(origin.y)),
                  static_cast<int>(std::floor(origin.z))};
    glm::ivec3 step{0};
    glm::dvec3 t_max{kInf};
    glm::dvec3 t_delta{kInf};
    int main_axis = 0;
    for (int a = 0; a < 3; ++a) {
        if (std::abs(dir[a]) > std::abs(dir[main_axis])) main_axis = a;
        if (dir[a] == 0.0) continue;
        step[a] = dir[a] > 0.0 ? 1 : -1;
        const double boundary = step[a] > 0 ? cell[a] + 1.0 : static_cast<double>(cell[a]);
        t_max[a] = (boundary - origin[a]) / dir[a];
        t_delta[a] = 1.0 / std::abs(dir[a]);
    }

    if (const BlockType here = block_at(cell); is_firm(here)) {
        const int s = dir[main_axis] > 0.0 ? 1 : -1;
        const auto face = static_cast<Face>(main_axis * 2 + (s > 0 ? 1 : 0));
        BlockPos place = cell;
        place[main_axis] -= s;
        return RayHit{cell, here, face, place, 0.0};
    }
    for (;;) {
        int axis = 0;  // ties go to the lowest axis: one step at a time
        if (t_max[1] < t_max[axis]) axis = 1;
        if (t_max[2] < t_max[axis]) axis = 2;
        const double t = t_max[axis];
        if (t > reach) return std::nullopt;
        const BlockPos previous = cell;
        cell[axis] += step[axis];
        t_max[axis] += t_delta[axis];
        if (const BlockType type = block_at(cell); is_firm(type)) {
            // Stepping +axis enters through the cell's negative face, and the other way round.
            const auto face = static_cast<Face>(axis * 2 + (step[axis] > 0 ? 1 : 0));
            return RayHit{cell, type, face, previous, t};
        }
    }
}

}  // namespace slotcraft
