// A face's corners: the C++ side of shaders/face_corners.comp. See face_corners.hpp.
#include "gfx/face_corners.hpp"

#include <cassert>

#include "slots/light_pages.hpp"
#include "world/events.hpp"

namespace slotcraft::gfx {

FaceCornerWords face_corner_words(const FaceCells& cells) {
    assert(cells.open[4] && "a drawn face's own cell is open (else the face would be hidden)");
    FaceCornerWords words{};
    for (int c = 0; c < 4; ++c) {
        const int u = c & 1, v = c >> 1;
        const int side1 = u * 2 + 3, side2 = 1 + v * 6, corner = u * 2 + v * 6;  // cells (2u-1, 0), (0, 2v-1), both
        int sky = cells.light[4] >> 4, block = cells.light[4] & 15, count = 1;
        auto add = [&](int k) {
            sky += cells.light[k] >> 4;
            block += cells.light[k] & 15;
            ++count;
        };
        const bool s1 = cells.open[side1], s2 = cells.open[side2], cc = cells.open[corner];
        if (s1) add(side1);
        if (s2) add(side2);
        if ((s1 || s2) && cc) add(corner);
        const int occlusion = (!s1 && !s2) ? 0 : 3 - (int{!s1} + int{!s2} + int{!cc});
        const uint32_t code = static_cast<uint32_t>(sky) | static_cast<uint32_t>(block) << 6 |
                              static_cast<uint32_t>(count - 1) << 12 | static_cast<uint32_t>(occlusion) << 14;
        words[static_cast<size_t>(v)] |= code << (16 * u);
    }
    return words;
}

FaceCells face_cells(PackedInstance instance, int face, int32_t light_ref, std::span<const uint8_t> light_buffer) {
    const uint32_t low = static_cast<uint32_t>(instance), occluders = static_cast<uint32_t>(instance >> 32);
    const glm::ivec3 local{static_cast<int>(low & 15u), static_cast<int>(low >> 4 & 15u),
                           static_cast<int>(low >> 8 & 15u)};
    const int axis = face / 2, a1 = (axis + 1) % 3, a2 = (axis + 2) % 3;
    FaceCells cells;
    for (int v = -1; v <= 1; ++v) {
        for (int u = -1; u <= 1; ++u) {
            glm::ivec3 d{0};
            d[axis] = face % 2 == 0 ? 1 : -1;
            d[a1] = u;
            d[a2] = v;
            const size_t k = static_cast<size_t>((u + 1) + 3 * (v + 1));
            // The face's own cell has no occluder bit: it is open, or the face would not be drawn.
            const bool open = (u == 0 && v == 0) || !(occluders >> occluder_bit(d.x, d.y, d.z) & 1u);
            cells.open[k] = open;
            if (!open) continue;  // an opaque cell's byte is never read (it may be stale)
            if (light_ref < 0) {
                cells.light[k] = static_cast<uint8_t>(-1 - light_ref);
                continue;
            }
            const glm::ivec3 q = local + d;
            const size_t at = size_t{static_cast<uint32_t>(light_ref)} * kLightPageBytes +
                              light_box_index(q.x, q.y, q.z);
            cells.light[k] = at < light_buffer.size() ? light_buffer[at] : 0;
        }
    }
    return cells;
}

CornerFields corner_fields(const FaceCornerWords& words, int corner) {
    const uint32_t code = words[static_cast<size_t>(corner >> 1)] >> (16 * (corner & 1)) & 0xFFFFu;
    return {static_cast<int>(code & 63u), static_cast<int>(code >> 6 & 63u), static_cast<int>(code >> 12 & 3u) + 1,
            static_cast<int>(code >> 14 & 3u)};
}

}  // namespace slotcraft::gfx
