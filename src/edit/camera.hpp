#pragma once
// The eye: a position in blocks (double, exact far from the origin) and yaw/pitch in
// degrees. Yaw 0 looks towards -z, yaw 90 towards +x; pitch 90 looks straight up.
// Pure C++ and GLM.
#include <glm/glm.hpp>

#include "world/coords.hpp"

namespace slotcraft {

struct Camera {
    glm::dvec3 position{0.0, 80.0, 0.0};
    double yaw = 0.0;     // degrees
    double pitch = 0.0;   // degrees, clamped to [-89.9, 89.9] where it is used for a view
    double fov_y = 70.0;  // degrees

    // Unit vector the eye looks along.
    glm::dvec3 forward() const;
    // View matrix for an eye placed at `position - origin` (origin: the integer corner the
    // renderer works relative to, so the floats stay small anywhere in the world).
    glm::mat4 view_relative_to(const glm::dvec3& origin) const;
    glm::mat4 projection(float aspect, float near_plane, float far_plane) const;
};

// The eye in the renderer's integer-exact form: the chunk the camera is in, the camera's
// offset inside it, and the view-projection matrix for an eye at that offset.
struct Eye {
    glm::ivec3 origin_chunk{0};
    glm::vec3 offset{0.0f};
    glm::mat4 view_projection{1.0f};
    // Far terrain (docs/rendering.md "Far terrain"): the rings beyond the view distance are
    // drawn with a projection of their own, whose near plane lies just inside the view
    // distance, into the far half of the depth range.
    bool has_far = false;
    glm::mat4 far_view_projection{1.0f};
};

// The eye of `camera` for a view of `view_distance` chunks (and far terrain out to
// `far_distance` chunks when that is larger) and the window's aspect ratio (width / height;
// 1 while minimised).
Eye eye_of(const Camera& camera, int view_distance, float aspect, int far_distance = 0);

}  // namespace slotcraft
