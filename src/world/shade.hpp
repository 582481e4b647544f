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

// The occluder bits whose cells lie outside the chunk for a cube at local position p, by
// where p sits on each axis (0: the low face, 1: inside, 2: the high face).
inline constexpr std::array<uint32_t, 27> kOutsideOccluders = [] {
    std::array<uint32_t, 27> t{};
    for (int k = 0; k < 27; ++k) {
        const int at[3] = {k % 3, k / 3 % 3, k / 9};
        for (int b = 0; b < kOccluderCount; ++b) {
            const glm::ivec3 d = kOccluderOffsets[static_cast<std::size_t>(b)];
            const int dd[3] = {d.x, d.y, d.z};
            bool out = false;
            for (int a = 0; a < 3; ++a) out = out || (at[a] == 0 && dd[a] < 0) || (at[a] == 2 && dd[a] > 0);
            if (out) t[static_cast<std::size_t>(k)] |= 1u << b;
        }
    }
    return t;
}();
constexpr uint32_t outside_occluders(uint16_t index) {
    const glm::ivec3 p = local_position(index);
    auto at = [](int v) { return v == 0 ? 0 : v == kChunkSize - 1 ? 2 : 1; };
    return kOutsideOccluders[static_cast<std::size_t>(at(p.x) + 3 * at(p.y) + 9 * at(p.z))];
}

// The chunk's instances, ascending by index, shaded from its own cells: a generation
// worker's share of the shading. A cube off the border (off_border) gets its final shade,
// as its occlusion reads only its own chunk, which a load does not change. A border cube
// gets every occluder bit inside the chunk, whatever its mask (a border fix-up may still
// change the mask); the main thread keeps those its final mask reads and looks up only the
// cells outside the chunk (outside_occluders).
std::vector<CubeInstance> inner_instances(const Chunk& chunk);

}  // namespace slotcraft
