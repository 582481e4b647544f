// Camera maths: yaw/pitch to a direction, and matrices relative to an integer origin.
#include "app/camera.hpp"

#include <algorithm>
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

Eye eye_of(const Camera& camera, int view_distance, float aspect) {
    constexpr double kChunk = kChunkSize;
    Eye e;
    const glm::dvec3 origin = glm::floor(camera.position / kChunk);
    e.origin_chunk = glm::ivec3(origin);
    e.offset = glm::vec3(camera.position - origin * kChunk);
    const float far_plane = static_cast<float>((view_distance + 2) * kChunkSize);
    e.view_projection = camera.projection(aspect, 0.05f, far_plane) * camera.view_relative_to(origin * kChunk);
    return e;
}

}  // namespace slotcraft
