#pragma once
// Builds for the format tests: every block type, a random region, and helpers to build
// .vox files chunk by chunk (for the bad-file and scene-graph cases).
#include <cstdint>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

#include "formats/build_file.hpp"

namespace slotcraft::format_test {

// A clipboard of `size` with each cell drawn from every block type, air included, from `seed`.
inline Clipboard random_build(glm::ivec3 size, uint32_t seed) {
    Clipboard c;
    c.size = size;
    c.cells.resize(static_cast<std::size_t>(size.x) * size.y * size.z);
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> type(0, kBlockTypeCount - 1);
    for (BlockType& t : c.cells) t = static_cast<BlockType>(type(rng));
    return c;
}

// A row of every block type along x, air included, on a floor of stone (so the build is 2 high).
inline Clipboard every_block() {
    Clipboard c;
    c.size = {kBlockTypeCount, 2, 1};
    c.cells.assign(static_cast<std::size_t>(kBlockTypeCount) * 2, BlockType::kStone);
    for (int t = 0; t < kBlockTypeCount; ++t) c.cells[c.index(t, 1, 0)] = static_cast<BlockType>(t);
    return c;
}

// Little-endian bytes of a .vox, built chunk by chunk.
struct VoxBytes {
    std::vector<uint8_t> bytes;
    void u32(uint32_t v) {
        for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(v >> (8 * i)));
    }
    void text(const std::string& s) {
        u32(static_cast<uint32_t>(s.size()));
        bytes.insert(bytes.end(), s.begin(), s.end());
    }
    void chunk(const char* id, const std::vector<uint8_t>& content) {
        bytes.insert(bytes.end(), id, id + 4);
        u32(static_cast<uint32_t>(content.size()));
        u32(0);
        bytes.insert(bytes.end(), content.begin(), content.end());
    }
};

inline std::vector<uint8_t> le(std::initializer_list<uint32_t> words) {
    VoxBytes b;
    for (const uint32_t w : words) b.u32(w);
    return b.bytes;
}

// A whole .vox file around `chunks` (already encoded): header, MAIN with them as children.
inline std::vector<uint8_t> vox_file(const std::vector<uint8_t>& chunks, uint32_t version = 150) {
    VoxBytes b;
    b.bytes = {'V', 'O', 'X', ' '};
    b.u32(version);
    b.bytes.insert(b.bytes.end(), {'M', 'A', 'I', 'N'});
    b.u32(0);
    b.u32(static_cast<uint32_t>(chunks.size()));
    b.bytes.insert(b.bytes.end(), chunks.begin(), chunks.end());
    return b.bytes;
}

}  // namespace slotcraft::format_test
