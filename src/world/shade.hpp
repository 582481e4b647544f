#pragma once
// The shade of one cube (events.hpp: CubeShade) from the cells around it, written once for
// both places that compute it: the world (cells of any loaded chunk, shade_of in around.hpp) and
// the generation workers (a fresh chunk's cubes off its border, whose cells are all its own).
// Plain C++20; never depends on GL.
#include "world/chunk.hpp"
#include "world/events.hpp"
#include "world/light.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <utility>
#include <vector>

namespace slotcraft {

// The occluder bits a face's corners read: the eight cells around its neighbour, in its plane.
constexpr uint32_t face_occluders(int f) {
    uint32_t bits = 0;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dz = -1; dz <= 1; ++dz)
            for (int dx = -1; dx <= 1; ++dx) {
                const int b = occluder_bit(dx, dy, dz);
                const int d[3] = {dx, dy, dz};
                const int axis = f / 2;
                const int sign = f % 2 == 0 ? 1 : -1;
                if (b >= 0 && d[axis] == sign) bits |= 1u << b;
            }
    return bits;
}
// Per face mask, the occluder bits its visible faces read (each cell looked up once).
inline constexpr std::array<uint32_t, 64> kOccludersOfMask = [] {
    std::array<uint32_t, 64> t{};
    for (int m = 0; m < 64; ++m)
        for (int f = 0; f < kFaceCount; ++f)
            if ((m >> f) & 1) t[static_cast<std::size_t>(m)] |= face_occluders(f);
    return t;
}();
// The offset of each occluder bit.
inline constexpr std::array<glm::ivec3, kOccluderCount> kOccluderOffsets = [] {
    std::array<glm::ivec3, kOccluderCount> t{};
    for (int dy = -1; dy <= 1; ++dy)
        for (int dz = -1; dz <= 1; ++dz)
            for (int dx = -1; dx <= 1; ++dx)
                if (const int b = occluder_bit(dx, dy, dz); b >= 0) t[static_cast<std::size_t>(b)] = {dx, dy, dz};
    return t;
}();

// `opaque_at(offset)` says whether the cell at `offset` from the cube is opaque; `mask` is
// the cube's face mask (0: no instance, default shade). The shade is the occlusion only (the
// light reaches the shader through the light pages, docs/light.md), so no light is read.
template <class OpaqueAt>
CubeShade shade_from(uint8_t mask, OpaqueAt&& opaque_at) {
    static_assert(kFaceCount == 6 && kAllFaces == 63, "kOccludersOfMask is indexed by a 6-bit face mask");
    CubeShade s;
    for (uint32_t need = kOccludersOfMask[mask & kAllFaces]; need != 0; need &= need - 1) {
        const int b = std::countr_zero(need);
        if (opaque_at(kOccluderOffsets[static_cast<std::size_t>(b)])) s.occluders |= 1u << b;
    }
    return s;
}

// True for a cube whose every neighbour cell (offsets -1..1 on each axis) lies in its own
// chunk: local x, y and z all in 1..14. Its mask never changes at a border fix-up, and its
// shade reads only its own chunk.
constexpr bool off_border(uint16_t index) {
    const glm::ivec3 p = local_position(index);
    constexpr int kLast = kChunkSize - 1;
    return p.x > 0 && p.x < kLast && p.y > 0 && p.y < kLast && p.z > 0 && p.z < kLast;
}

// The chunk's instances off its border (off_border), ascending by index, shaded from its
// own cells: a generation worker's share of the shading. Their occlusion reads only their
// own chunk, which a load does not change, so the shade is final; the main thread shades
// the border cubes.
std::vector<CubeInstance> inner_instances(const Chunk& chunk);

}  // namespace slotcraft
