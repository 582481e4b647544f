#pragma once
// Coordinates of the block world: world block positions, chunk coordinates, local cube
// indices inside a chunk, and the six faces with their mask bits (shared with the shader).
// Plain C++20 and GLM; never depends on GL, on the rest of world/ or on any other part.
#include "alloc/hash.hpp"

#include <glm/glm.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace slotcraft {

inline constexpr int kChunkSize = 16;              // blocks per chunk edge
inline constexpr int kChunkVolume = 16 * 16 * 16;  // cubes per chunk
// The world's height is Minecraft's since 1.18, whatever the world: block y runs -64..319,
// 24 chunks a column (chunk y -4..19). The generated terrain keeps its surface where it was
// (stone fills y -64..-1 under it).
inline constexpr int kMinBlockY = -64;
inline constexpr int kWorldHeight = 384;
inline constexpr int kWorldTop = kMinBlockY + kWorldHeight;  // 320: the first y above the world
inline constexpr int kChunksPerColumn = kWorldHeight / kChunkSize;
inline constexpr int kMinChunkY = kMinBlockY / kChunkSize;            // -4
inline constexpr int kTopChunkY = kMinChunkY + kChunksPerColumn - 1;  // 19
static_assert(kMinBlockY % kChunkSize == 0 && kWorldHeight % kChunkSize == 0, "the world is whole chunks high");

// A block position in the world: block (x, y, z) fills [x, x+1) x [y, y+1) x [z, z+1).
using BlockPos = glm::ivec3;

// The six faces of a cube. Bit i of a face mask is face i; the shader uses the same order.
enum Face : uint8_t {
    kPosX = 0,  // +x
    kNegX = 1,  // -x
    kPosY = 2,  // +y (top)
    kNegY = 3,  // -y (bottom)
    kPosZ = 4,  // +z
    kNegZ = 5,  // -z
};
inline constexpr int kFaceCount = 6;
inline constexpr uint8_t kAllFaces = 0x3F;

inline constexpr std::array<glm::ivec3, kFaceCount> kFaceNormals = {glm::ivec3{1, 0, 0}, glm::ivec3{-1, 0, 0},
                                                                    glm::ivec3{0, 1, 0}, glm::ivec3{0, -1, 0},
                                                                    glm::ivec3{0, 0, 1}, glm::ivec3{0, 0, -1}};

constexpr Face opposite(Face f) { return static_cast<Face>(f ^ 1); }
constexpr uint8_t face_bit(Face f) { return static_cast<uint8_t>(1u << f); }
constexpr int face_axis(Face f) { return f >> 1; }  // 0 = x, 1 = y, 2 = z
constexpr bool face_is_positive(Face f) { return (f & 1) == 0; }

// Floor division and modulo that are right for negative numbers (-1 / 16 == -1, mod 15).
constexpr int32_t floor_div(int32_t a, int32_t b) {
    const int32_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
constexpr int32_t floor_mod(int32_t a, int32_t b) { return a - floor_div(a, b) * b; }

// A chunk: 16^3 blocks whose lowest corner is (16x, 16y, 16z); y runs -4..19.
struct ChunkCoord {
    int32_t x = 0;
    int32_t y = 0;
    int32_t z = 0;
    friend constexpr bool operator==(const ChunkCoord&, const ChunkCoord&) = default;
};

constexpr ChunkCoord chunk_of(const BlockPos& p) {
    return {floor_div(p.x, kChunkSize), floor_div(p.y, kChunkSize), floor_div(p.z, kChunkSize)};
}
constexpr BlockPos chunk_origin(const ChunkCoord& c) { return {c.x * kChunkSize, c.y * kChunkSize, c.z * kChunkSize}; }
constexpr ChunkCoord neighbour(const ChunkCoord& c, Face f) {
    const glm::ivec3 n = kFaceNormals[f];
    return {c.x + n.x, c.y + n.y, c.z + n.z};
}
constexpr bool chunk_y_in_world(int32_t chunk_y) { return chunk_y >= kMinChunkY && chunk_y <= kTopChunkY; }
// A chunk's place in its column, 0 (y -64..-49) to 23 (y 304..319).
constexpr int column_slot(int32_t chunk_y) { return chunk_y - kMinChunkY; }

// x and z are endless in practice but bounded in arithmetic: chunks -2^26 .. 2^26 - 1 (blocks
// about +-1.07e9) keep every block coordinate, neighbour and tree bound far from int32
// overflow. Nothing outside is generated, loaded or edited.
inline constexpr int32_t kMaxChunkXZ = int32_t{1} << 26;
constexpr bool chunk_xz_in_world(int32_t x, int32_t z) {
    return x >= -kMaxChunkXZ && x < kMaxChunkXZ && z >= -kMaxChunkXZ && z < kMaxChunkXZ;
}
// The one bound of the world for positions: |x|, |y|, |z| <= 1e9 for a script's coordinates
// (`camera`, `set`, ...) and for the player, who stops there when flying or walking.
inline constexpr double kWorldBound = 1e9;
static_assert(kWorldBound < double{kMaxChunkXZ} * kChunkSize, "the bound lies inside the chunks that exist");
// The same bound for cells, where they are written (set, fill, paste, import): a cell's x and
// z lie in -1e9 .. 1e9, so no edit lands where no script line can reach and the player stops.
inline constexpr int64_t kWorldCellBound = 1'000'000'000;
static_assert(double{kWorldCellBound} == kWorldBound, "one bound for positions and cells");
constexpr bool block_xz_in_bound(int64_t x, int64_t z) {
    return x >= -kWorldCellBound && x <= kWorldCellBound && z >= -kWorldCellBound && z <= kWorldCellBound;
}
constexpr bool chunk_in_world(const ChunkCoord& c) { return chunk_y_in_world(c.y) && chunk_xz_in_world(c.x, c.z); }
constexpr bool block_y_in_world(int32_t y) { return y >= kMinBlockY && y < kWorldTop; }

// Local cube index 0..4095 inside a chunk: x + 16 z + 256 y (4 bits per axis), so a
// horizontal layer is contiguous. The renderer keys its slots by (chunk, index).
constexpr uint16_t local_index(int x, int y, int z) { return static_cast<uint16_t>(x | (z << 4) | (y << 8)); }
constexpr uint16_t local_index(const BlockPos& world) {
    return local_index(floor_mod(world.x, kChunkSize), floor_mod(world.y, kChunkSize), floor_mod(world.z, kChunkSize));
}
constexpr glm::ivec3 local_position(uint16_t index) { return {index & 15, (index >> 8) & 15, (index >> 4) & 15}; }
constexpr BlockPos world_position(const ChunkCoord& c, uint16_t index) {
    return chunk_origin(c) + local_position(index);
}

// A chunk's coordinates packed into 64 bits (x and z in 28 bits each, which covers every
// chunk of an int32 block world, y's column slot in 5): a key with no table behind it.
constexpr uint64_t chunk_key(const ChunkCoord& c) {
    constexpr uint64_t kMask28 = (uint64_t{1} << 28) - 1;
    static_assert(kChunksPerColumn <= 32, "a chunk's place in its column fits in 5 bits");
    return (static_cast<uint64_t>(static_cast<uint32_t>(c.x)) & kMask28) << 33 |
           (static_cast<uint64_t>(static_cast<uint32_t>(c.z)) & kMask28) << 5 |
           static_cast<uint64_t>(column_slot(c.y) & 31);
}

// "X Y Z": the one way messages and panels write a block position or a chunk's coordinates
// ("cannot set stone at 3 70 -2", "chunk 0 4 -1").
inline std::string to_string(const BlockPos& p) {
    return std::to_string(p.x) + " " + std::to_string(p.y) + " " + std::to_string(p.z);
}
inline std::string to_string(const ChunkCoord& c) {
    return std::to_string(c.x) + " " + std::to_string(c.y) + " " + std::to_string(c.z);
}

// Hash for chunk coordinates (robin_map keys): the packed key through a full 64-bit mix, so
// nearby chunks spread. Chunks of the world have distinct keys, hence distinct hashes.
struct ChunkCoordHash {
    std::size_t operator()(const ChunkCoord& c) const noexcept { return static_cast<std::size_t>(mix64(chunk_key(c))); }
};

}  // namespace slotcraft
