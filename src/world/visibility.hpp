#pragma once
// A chunk's visibility graph (docs/culling.md "Occlusion: the walk through open faces"):
// which of its six faces see each other through cells that light and sight pass (every
// cell that is not opaque: air, water, glass, leaves). One bit per pair of faces, 15 pairs.
// The occlusion walk (draw/occlusion_walk.hpp) leaves a chunk only by a face that some face
// it entered by links to. Plain C++20; never depends on GL.
#include "world/coords.hpp"

#include <array>
#include <cstdint>

namespace slotcraft {

class Chunk;

// Bit face_pair_bit(a, b) (a != b) is set when open cells join face a's border plane to face
// b's inside the chunk. 0x7FFF: every pair (a chunk of air); 0: none (a chunk of rock).
using FaceLinks = uint16_t;
inline constexpr FaceLinks kAllFacesLinked = 0x7FFF;
inline constexpr FaceLinks kNoFacesLinked = 0;

// The bit of the pair {a, b}, a != b: pairs numbered (0,1), (0,2), .., (0,5), (1,2), .., (4,5).
constexpr int face_pair_index(Face a, Face b) {
    const int lo = a < b ? a : b, hi = a < b ? b : a;
    return lo * (2 * kFaceCount - lo - 1) / 2 + (hi - lo - 1);
}
constexpr FaceLinks face_pair_bit(Face a, Face b) { return static_cast<FaceLinks>(1u << face_pair_index(a, b)); }
static_assert(face_pair_index(kNegZ, kPosZ) == 14 && face_pair_index(kPosX, kNegX) == 0, "15 pairs, bits 0..14");

// The faces (face_bit mask) a chunk can be left by when it was entered by any of the faces
// in `entered` (a face_bit mask): each entered face's linked faces.
constexpr uint8_t faces_reached(FaceLinks links, uint8_t entered) {
    uint8_t out = 0;
    for (int a = 0; a < kFaceCount; ++a) {
        if ((entered & (1u << a)) == 0) continue;
        for (int b = 0; b < kFaceCount; ++b) {
            if (b != a && (links & face_pair_bit(static_cast<Face>(a), static_cast<Face>(b))) != 0) {
                out = static_cast<uint8_t>(out | (1u << b));
            }
        }
    }
    return out;
}

// The links of `chunk`'s blocks: a flood fill of its open cells from its border planes (each
// group of face-connected open cells links every pair of the faces it touches). A uniform
// chunk answers at once: open links all pairs, opaque none. Chunk::face_links() keeps it.
FaceLinks face_links_of(const Chunk& chunk);

}  // namespace slotcraft
