// Near-to-far order of the visible chunks (see draw_order.hpp).
#include "cull/draw_order.hpp"

#include "cull/frustum.hpp"

#include <algorithm>
#include <tuple>

namespace slotcraft {

void sort_near_to_far(std::span<glm::ivec3> coords, glm::ivec3 origin_chunk, glm::vec3 eye_offset,
                      std::vector<DistanceKey>& scratch) {
    constexpr auto kSide = static_cast<float>(kChunkBlocks);
    scratch.clear();
    scratch.reserve(coords.size());
    for (const glm::ivec3& c : coords) {
        // Small integers relative to the eye's chunk first, so floats stay exact far out.
        const glm::vec3 centre = glm::vec3(c - origin_chunk) * kSide + glm::vec3(kSide * 0.5f);
        const glm::vec3 d = centre - eye_offset;
        scratch.push_back({glm::dot(d, d), c});
    }
    std::sort(scratch.begin(), scratch.end(), [](const DistanceKey& a, const DistanceKey& b) {
        return std::tie(a.distance_sq, a.coord.x, a.coord.y, a.coord.z) <
               std::tie(b.distance_sq, b.coord.x, b.coord.y, b.coord.z);
    });
    for (std::size_t i = 0; i < coords.size(); ++i) coords[i] = scratch[i].coord;
}

}  // namespace slotcraft
