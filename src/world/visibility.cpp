// A chunk's visibility graph (see visibility.hpp).
#include "world/visibility.hpp"

#include "world/chunk.hpp"

namespace slotcraft {

FaceLinks face_links_of(const Chunk& chunk) {
    if (chunk.uniform()) return is_opaque(chunk.block(0)) ? kNoFacesLinked : kAllFacesLinked;
    // 0: opaque or already flooded; 1: open and not reached yet.
    std::array<BlockType, kChunkVolume> blocks;
    chunk.blocks().copy_to(0, kChunkVolume, blocks.data());  // decoded once, not a palette look-up a cell
    std::array<uint8_t, kChunkVolume> open{};
    for (int i = 0; i < kChunkVolume; ++i) {
        open[static_cast<std::size_t>(i)] = is_opaque(blocks[static_cast<std::size_t>(i)]) ? 0 : 1;
    }
    // The faces a cell lies on: x is bits 0-3 of an index, z bits 4-7, y bits 8-11.
    const auto faces_of = [](int i) {
        const int x = i & 15, z = (i >> 4) & 15, y = i >> 8;
        uint8_t f = 0;
        if (x == 15) f |= face_bit(kPosX);
        if (x == 0) f |= face_bit(kNegX);
        if (y == 15) f |= face_bit(kPosY);
        if (y == 0) f |= face_bit(kNegY);
        if (z == 15) f |= face_bit(kPosZ);
        if (z == 0) f |= face_bit(kNegZ);
        return f;
    };
    std::array<uint16_t, kChunkVolume> stack{};
    FaceLinks links = kNoFacesLinked;
    for (int seed = 0; seed < kChunkVolume; ++seed) {
        // Groups that touch no border link nothing: start only from border cells.
        if (open[static_cast<std::size_t>(seed)] == 0 || faces_of(seed) == 0) continue;
        open[static_cast<std::size_t>(seed)] = 0;
        std::size_t top = 0;
        stack[top++] = static_cast<uint16_t>(seed);
        uint8_t touched = 0;
        while (top > 0) {
            const int i = stack[--top];
            const uint8_t on = faces_of(i);
            touched = static_cast<uint8_t>(touched | on);
            // The six neighbours inside the chunk (a face the cell lies on has none that way).
            const int steps[kFaceCount] = {1, -1, 256, -256, 16, -16};
            for (int f = 0; f < kFaceCount; ++f) {
                if ((on & (1u << f)) != 0) continue;
                const int j = i + steps[f];
                if (open[static_cast<std::size_t>(j)] == 0) continue;
                open[static_cast<std::size_t>(j)] = 0;
                stack[top++] = static_cast<uint16_t>(j);
            }
        }
        for (int a = 0; a < kFaceCount; ++a) {
            for (int b = a + 1; b < kFaceCount; ++b) {
                if ((touched & (1u << a)) != 0 && (touched & (1u << b)) != 0) {
                    links = static_cast<FaceLinks>(links | face_pair_bit(static_cast<Face>(a), static_cast<Face>(b)));
                }
            }
        }
        if (links == kAllFacesLinked) break;
    }
    return links;
}

}  // namespace slotcraft
