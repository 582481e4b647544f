#pragma once
// The shade of one cube (events.hpp: CubeShade) from the cells around it, written once for
// both places that compute it: the world (cells of any loaded chunk, World::shade_of) and
// the generation workers (a fresh chunk's cubes off its border, whose cells are all its own).
// Plain C++20; never depends on GL.
#include "world/chunk.hpp"
#include "world/events.hpp"
#include "world/light.hpp"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

namespace slotcraft {

// `near(offset)` gives the block and light (pack_light) of the cell at `offset` from the
// cube; `mask` is the cube's face mask (0: no instance, default shade).
template <class Near>
CubeShade shade_from(uint8_t mask, Near&& near) {
    CubeShade s;
    if (mask == 0) return s;
    std::array<uint8_t, kFaceCount> sky{}, block{};
    for (int f = 0; f < kFaceCount; ++f) {
        if ((mask >> f & 1) == 0) continue;
        const glm::ivec3 n = kFaceNormals[f];
        const uint8_t light = near(n).second;
        sky[f] = sky_level(light);
        block[f] = block_level(light);
        s.sky = std::max(s.sky, sky[f]);
        s.block = std::max(s.block, block[f]);
        // The eight cells around the face's neighbour, in the face's plane.
        const int a = face_axis(static_cast<Face>(f));
        for (int du = -1; du <= 1; ++du) {
            for (int dv = -1; dv <= 1; ++dv) {
                if (du == 0 && dv == 0) continue;
                glm::ivec3 d = n;
                d[(a + 1) % 3] = du;
                d[(a + 2) % 3] = dv;
                if (is_opaque(near(d).first)) s.occluders |= 1u << occluder_bit(d.x, d.y, d.z);
            }
        }
    }
    // A face shows the cube's level when its own is nearer to it than to 0.
    for (int f = 0; f < kFaceCount; ++f) {
        if ((mask >> f & 1) == 0) continue;
        if (s.sky > 0 && 2 * sky[f] >= s.sky) s.sky_faces |= face_bit(static_cast<Face>(f));
        if (s.block > 0 && 2 * block[f] >= s.block) s.block_faces |= face_bit(static_cast<Face>(f));
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
// own cells with the light it has now: a generation worker's share of the shading (the
// main thread shades the border cubes, and the cubes whose light the load changed).
std::vector<CubeInstance> inner_instances(const Chunk& chunk);

}  // namespace slotcraft
