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

}  // namespace slotcraft
