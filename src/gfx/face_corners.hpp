#pragma once
// The light and occlusion of each face's four corners, worked out once when the world changes
// (shaders/face_corners.comp, for the pages whose cubes or light changed) into a buffer of
// one word pair a face beside the instance buffer, so the cube vertex shader reads them
// instead of working out all four corners at each of the face's vertices (docs/rendering.md,
// "The vertex stage"). GL-free: this is the layout, and the same computation in C++ that
// `verify` holds the GPU's buffer to.
#include <array>
#include <cstdint>
#include <span>

#include "slots/instance_slots.hpp"

namespace slotcraft::gfx {

// A corner in 16 bits: bits 0-5 the sum of the sky levels of the open cells it averages,
// 6-11 the sum of their block levels, 12-13 how many they are minus one (1..4 cells), 14-15
// its occlusion (0: both sides opaque .. 3: open). The shader divides the sums by the count,
// so the corner's light is the same float as when it was averaged per vertex.
// Corner c of a face ((u, v) = (c & 1, c >> 1) on its tangent axes, gfx/cube_corners.hpp)
// is bits 16 * (c & 1) of word c >> 1.
using FaceCornerWords = std::array<uint32_t, 2>;
inline constexpr uint32_t kFaceCornerBytes = sizeof(FaceCornerWords);           // 8 a face
inline constexpr uint32_t kCornerBytesPerSlot = kFaceCornerBytes * kFaceCount;  // 48 a slot

// A face's 3 x 3 cells in front of it, k = (u + 1) + 3 (v + 1) for u, v in -1..1 along its
// tangent axes (the face's own cell is k = 4, always open): open or not, and the light byte
// of each open one (sky << 4 | block).
struct FaceCells {
    std::array<bool, 9> open{};
    std::array<uint8_t, 9> light{};
};

// The corners' words of a face from its cells: each corner averages the open cells among the
// face's cell, its two sides and the corner cell (the corner cell counts only when a side is
// open); its occlusion by the 0fps rule (both sides opaque: 0; else 3 less one a closed cell).
FaceCornerWords face_corner_words(const FaceCells& cells);

// The cells in front of `face` of a packed instance: openness from its occluder bits, light
// from its chunk's light reference (the page table's .w: a light page, or < 0 one value for
// every cell) and the light buffer (kLightPageBytes a page).
FaceCells face_cells(PackedInstance instance, int face, int32_t light_ref, std::span<const uint8_t> light_buffer);

// A corner's fields, unpacked (for tests and messages).
struct CornerFields {
    int sky_sum = 0, block_sum = 0, count = 0, occlusion = 0;
};
CornerFields corner_fields(const FaceCornerWords& words, int corner);

}  // namespace slotcraft::gfx
