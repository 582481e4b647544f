// Plane extraction and box classification for Frustum (see frustum.hpp for the space).
#include "cull/frustum.hpp"

#include <cmath>

#include "cull/plane_test.hpp"

namespace slotcraft {

namespace {

// Row i of a glm (column-major) matrix.
glm::vec4 row(const glm::mat4& m, int i) { return {m[0][i], m[1][i], m[2][i], m[3][i]}; }

Plane normalised_plane(const glm::vec4& p) {
    float length = std::sqrt(p.x * p.x + p.y * p.y + p.z * p.z);
    // An infinite far plane comes out as (0, 0, 0, w): it cuts nothing, and dividing by a
    // zero length would turn it into NaNs that cut everything.
    if (!(length > 1e-20f)) return Plane{glm::vec3(0.0f), p.w >= 0.0f ? 1.0f : -1.0f};
    return Plane{glm::vec3(p) / length, p.w / length};
}

}  // namespace

Frustum::Frustum(const glm::mat4& view_projection, glm::ivec3 origin_chunk) : origin_chunk_(origin_chunk) {
    glm::vec4 r0 = row(view_projection, 0);
    glm::vec4 r1 = row(view_projection, 1);
    glm::vec4 r2 = row(view_projection, 2);
    glm::vec4 r3 = row(view_projection, 3);
    // -w <= x_clip <= w and the like, each written as dot(row, p) >= 0.
    planes_[kLeft] = normalised_plane(r3 + r0);
    planes_[kRight] = normalised_plane(r3 - r0);
    planes_[kBottom] = normalised_plane(r3 + r1);
    planes_[kTop] = normalised_plane(r3 - r1);
    planes_[kNear] = normalised_plane(r3 + r2);
    planes_[kFar] = normalised_plane(r3 - r2);
}

Containment Frustum::classify(const Box& box) const {
    bool all_inside = true;
    for (const Plane& plane : planes_) {
        if (cull_detail::outside(plane, box)) return Containment::kOutside;
        all_inside = all_inside && cull_detail::inside(plane, box);
    }
    return all_inside ? Containment::kInside : Containment::kIntersecting;
}

bool Frustum::culls(const Box& box) const {
    for (const Plane& plane : planes_) {
        if (cull_detail::outside(plane, box)) return true;
    }
    return false;
}

Box chunk_box(glm::ivec3 chunk, glm::ivec3 origin_chunk) {
    Box box;
    for (int axis = 0; axis < 3; ++axis) {
        box.min[axis] = relative_block(chunk[axis], origin_chunk[axis]);
        box.max[axis] = relative_block(std::int64_t{chunk[axis]} + 1, origin_chunk[axis]);
    }
    return box;
}

std::array<glm::vec3, 8> frustum_corners(const glm::mat4& view_projection) {
    glm::mat4 inverse = glm::inverse(view_projection);
    std::array<glm::vec3, 8> corners;
    for (int i = 0; i < 8; ++i) {
        glm::vec4 ndc((i & 1) ? 1.0f : -1.0f, (i & 2) ? 1.0f : -1.0f, (i & 4) ? 1.0f : -1.0f, 1.0f);
        glm::vec4 p = inverse * ndc;
        corners[static_cast<std::size_t>(i)] = glm::vec3(p) / p.w;
    }
    return corners;
}

}  // namespace slotcraft
