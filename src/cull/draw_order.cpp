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

uint8_t axes_turned_to_eye(uint8_t faces, glm::vec3 box_min, glm::vec3 box_max) {
    uint8_t axes = 0;
    for (int a = 0; a < 3; ++a) {
        const uint32_t plus = faces >> (2 * a) & 1u, minus = faces >> (2 * a + 1) & 1u;
        // Every cube's centre lies strictly inside the box, so max <= 0 puts it behind the eye.
        const uint32_t shown = box_max[a] <= 0.0f ? plus : box_min[a] >= 0.0f ? minus : (plus | minus);
        axes |= static_cast<uint8_t>(shown << a);
    }
    return axes;
}

}  // namespace slotcraft
