#pragma once
// Random cameras and chunk sets for the cull tests, built the way the renderer will build them
// (view-projection in the space of the camera's chunk). Test support only: never GL or GLFW.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "cull/frustum.hpp"

namespace slotcraft::test {

struct PlacedChunk {
    std::uint64_t key;
    glm::ivec3 coord;
};

inline float uniform(std::mt19937_64& rng, float lo, float hi) {
    return std::uniform_real_distribution<float>(lo, hi)(rng);
}

inline int uniform_int(std::mt19937_64& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

// A camera somewhere inside chunk `origin_chunk`, looking anywhere, perspective (sometimes
// orthographic), with the frustum built in that chunk's space.
inline Frustum random_frustum(std::mt19937_64& rng, glm::ivec3 origin_chunk) {
    glm::vec3 eye(uniform(rng, 0.0f, 16.0f), uniform(rng, 0.0f, 16.0f), uniform(rng, 0.0f, 16.0f));
    float yaw = uniform(rng, 0.0f, 6.2831853f);
    float pitch = uniform(rng, -1.45f, 1.45f);
    glm::vec3 forward(std::cos(pitch) * std::cos(yaw), std::sin(pitch), std::cos(pitch) * std::sin(yaw));
    glm::mat4 view = glm::lookAt(eye, eye + forward, glm::vec3(0.0f, 1.0f, 0.0f));
    float near_plane = uniform(rng, 0.05f, 4.0f);
    float far_plane = near_plane + uniform(rng, 8.0f, 700.0f);
    glm::mat4 projection;
    if (rng() % 8 == 0) {
        float half = uniform(rng, 4.0f, 200.0f);
        projection = glm::ortho(-half, half, -half * 0.6f, half * 0.6f, -far_plane, far_plane);
    } else {
        projection = glm::perspective(glm::radians(uniform(rng, 20.0f, 120.0f)), uniform(rng, 0.4f, 2.5f), near_plane,
                                      far_plane);
    }
    return Frustum(projection * view, origin_chunk);
}

// `count` distinct chunks with random keys: most within `radius` chunks of `centre`, columns
// y 0..15 like the world, a few scattered farther out.
inline std::vector<PlacedChunk> random_chunks(std::mt19937_64& rng, glm::ivec3 centre, int radius, int count) {
    std::set<std::tuple<int, int, int>> taken;
    std::set<std::uint64_t> keys;
    std::vector<PlacedChunk> chunks;
    while (static_cast<int>(chunks.size()) < count) {
        int spread = rng() % 16 == 0 ? radius * 8 : radius;
        glm::ivec3 coord(centre.x + uniform_int(rng, -spread, spread), uniform_int(rng, 0, 15),
                         centre.z + uniform_int(rng, -spread, spread));
        std::uint64_t key = rng();
        if (!taken.insert({coord.x, coord.y, coord.z}).second || !keys.insert(key).second) continue;
        chunks.push_back({key, coord});
    }
    return chunks;
}

inline std::vector<std::uint64_t> sorted(std::vector<std::uint64_t> keys) {
    std::sort(keys.begin(), keys.end());
    return keys;
}

}  // namespace slotcraft::test
