// Camera maths: yaw/pitch to a direction, and matrices relative to an integer origin.
#include "edit/camera.hpp"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

namespace slotcraft {

glm::dvec3 Camera::forward() const {
    const double y = glm::radians(yaw);
    const double p = glm::radians(std::clamp(pitch, -89.9, 89.9));
    return {std::sin(y) * std::cos(p), std::sin(p), -std::cos(y) * std::cos(p)};
}

glm::mat4 Camera::view_relative_to(const glm::dvec3& origin) const {
    const glm::vec3 eye = glm::vec3(position - origin);
    return glm::lookAt(eye, eye + glm::vec3(forward()), glm::vec3(0, 1, 0));
}

glm::mat4 Camera::projection(float aspect, float near_plane, float far_plane) const {
    return glm::perspective(static_cast<float>(glm::radians(fov_y)), aspect, near_plane, far_plane);
}

Eye eye_of(const Camera& camera, int view_distance, float aspect, int far_distance) {
    constexpr double kChunk = kChunkSize;
    Eye e;
    const glm::dvec3 origin = glm::floor(camera.position / kChunk);
    e.origin_chunk = glm::ivec3(origin);
    e.offset = glm::vec3(camera.position - origin * kChunk);
    const float far_plane = static_cast<float>((view_distance + 2) * kChunkSize);
    const glm::mat4 view = camera.view_relative_to(origin * kChunk);
    e.view_projection = camera.projection(aspect, 0.05f, far_plane) * view;
    if (far_distance > view_distance) {
        // The near pass alone draws the full-detail chunks, so its far plane must take in the
        // whole height of the world below or above the eye, not only the view's radius.
        const double height = std::max(
            {double(kWorldHeight), camera.position.y - kMinBlockY, kWorldTop - camera.position.y});
        const double near_far = std::hypot(double(far_plane), height);
        e.view_projection = camera.projection(aspect, 0.05f, static_cast<float>(near_far)) * view;
        // No far chunk comes nearer than about view_distance - 4 chunks (a coarse column is
        // drawn only where part of it lies outside the view disc, and the eye may stand
        // anywhere in its chunk). The near plane is a depth, not a distance: a point that far
        // seen in a corner of the view has the depth distance x cos(corner angle). A far plane
        // twice the far distance takes in the rings' corners and the world's height. The
        // depth step at 32,768 blocks is then about a block (docs/rendering.md "Far terrain").
        const double t = std::tan(glm::radians(camera.fov_y) / 2.0);
        const double corner_tan = t * std::sqrt(1.0 + double(aspect) * double(aspect));
        const double corner_cos = 1.0 / std::sqrt(1.0 + corner_tan * corner_tan);
        const float far_near = std::max(0.5f, static_cast<float>((view_distance - 5) * kChunkSize * corner_cos));
        const float far_far = static_cast<float>(2 * (far_distance + 2) * kChunkSize);
        e.has_far = true;
        e.far_view_projection = camera.projection(aspect, far_near, far_far) * view;
    }
    return e;
}

}  // namespace slotcraft
