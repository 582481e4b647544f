#pragma once
// The camera's view volume as six planes taken from a view-projection matrix, and the box
// test (inside / outside / intersecting) that both the octree and the brute-force baseline use.
// C++ and GLM only: never GL, GLFW or ImGui.
//
// Convention (camera-relative space): a Frustum is built from a view-projection matrix whose
// world space is the block space shifted so that the minimum corner of chunk `origin_chunk`
// (block 16 * origin_chunk) is the origin. Build the view matrix from
// eye - 16 * origin_chunk (worked out in integers or double), usually with origin_chunk = the
// camera's chunk: floats then only hold small numbers and the test stays exact anywhere in an
// endless world. Clip space is OpenGL's (-w <= x, y, z <= w), glm's default.

#include <array>
#include <cstdint>

#include <glm/glm.hpp>

namespace slotcraft {

inline constexpr int kChunkBlocks = 16;  // a chunk is 16^3 blocks

// Points p with dot(normal, p) + offset >= 0 are on the inner side. Normals have length 1,
// except for a plane that cuts nothing (an infinite far plane), stored as normal 0, offset 1.
struct Plane {
    glm::vec3 normal{0.0f};
    float offset = 1.0f;
};

// An axis-aligned box in the frustum's camera-relative block space.
struct Box {
    glm::vec3 min{0.0f};
    glm::vec3 max{0.0f};
};

enum class Containment : std::uint8_t {
    kOutside,       // wholly on the outer side of at least one plane
    kIntersecting,  // not outside any plane, not inside all of them
    kInside,        // wholly on the inner side of all six planes
};

class Frustum {
public:
    static constexpr int kPlaneCount = 6;
    enum PlaneId : int { kLeft, kRight, kBottom, kTop, kNear, kFar };

    // A frustum that contains everything (no plane cuts), at origin chunk 0.
    Frustum() = default;
    // The six planes of `view_projection` (Gribb-Hartmann), in the space of `origin_chunk`.
    Frustum(const glm::mat4& view_projection, glm::ivec3 origin_chunk);

    Containment classify(const Box& box) const;
    // True when the box is outside some plane: the test that decides whether a chunk is drawn.
    bool culls(const Box& box) const;

    const std::array<Plane, kPlaneCount>& planes() const { return planes_; }
    glm::ivec3 origin_chunk() const { return origin_chunk_; }

private:
    std::array<Plane, kPlaneCount> planes_{};
    glm::ivec3 origin_chunk_{0};
};

// Block coordinate, relative to chunk `origin`, of the low face of chunk `chunk` along one
// axis. Exact while |chunk - origin| < 2^20; beyond that it rounds, but monotonically, which is
// all that the octree's conservative node tests need.
inline float relative_block(std::int64_t chunk, std::int64_t origin) {
    return static_cast<float>(chunk - origin) * static_cast<float>(kChunkBlocks);
}

// The box of chunk `chunk` in the space of `origin_chunk`.
Box chunk_box(glm::ivec3 chunk, glm::ivec3 origin_chunk);

// The eight corners of the volume `view_projection` sees (near face first), in its own space:
// for drawing a frozen frustum. Infinite far planes give points at infinity.
std::array<glm::vec3, 8> frustum_corners(const glm::mat4& view_projection);

}  // namespace slotcraft
