#pragma once
// Minecraft Java worlds (docs/formats.md "Minecraft worlds"), read from bytes in memory: the
// region file's tables and sectors (.mca, oversized chunks in .mcc files), the three ways a
// chunk is compressed, and the chunk's blocks in every era of the format (numeric ids with
// data values, 1.2 to 1.12; palettes in packed longs that span two longs, 1.13 to 1.15, and
// that do not, 1.16 on; the 1.18 layout with y from -64). Each cell's name becomes a Slotcraft
// block through the name table (minecraft_names.hpp). Standard library, zlib, world/; no
// file system (the Minecraft ground reads the files) and no GL.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/minecraft_names.hpp"
#include "world/block.hpp"

namespace slotcraft {

// [SECTION] region files

inline constexpr int kRegionSide = 32;  // chunks along x and z in one region file
inline constexpr int kRegionChunks = kRegionSide * kRegionSide;
inline constexpr uint64_t kSectorBytes = 4096;
inline constexpr uint64_t kRegionHeaderBytes = 2 * kSectorBytes;  // locations, then timestamps

// One entry of the location table: where a chunk's sectors start and how many there are
// (0, 0: the region holds no chunk there).
struct RegionSlot {
    uint32_t sector = 0;
    uint8_t sectors = 0;
    bool present() const { return sector != 0 || sectors != 0; }
};

// The slot of chunk (x, z) (world chunk coordinates; any region's) in its region's table.
constexpr int region_slot_index(int32_t chunk_x, int32_t chunk_z) { return (chunk_x & 31) + (chunk_z & 31) * 32; }

// The location table of a region file of `file_size` bytes whose first bytes are `head`
// (at least 4096 of them). Throws FormatError naming `file` when it cannot be one: shorter
// than its two 4 KiB tables. A slot that points into the tables or past the file's end is
// kept: reading that chunk refuses it (so one bad slot costs one chunk).
std::array<RegionSlot, kRegionChunks> read_region_table(std::span<const uint8_t> head, uint64_t file_size,
                                                        const std::string& file);

// What a chunk's sectors hold: the compression scheme (1 gzip, 2 zlib, 3 none) and the
// compressed bytes, or, for an oversized chunk, the flag that they live in c.X.Z.mcc.
struct StoredChunk {
    uint8_t scheme = 0;
    bool external = false;             // the bytes are the whole .mcc file (same scheme)
    std::span<const uint8_t> payload;  // empty when external
};
// `sectors` are the chunk's sectors as read (up to the slot's count); `where` names the
// chunk for messages ("r.0.0.mca, chunk 3, 7").
StoredChunk read_stored_chunk(std::span<const uint8_t> sectors, const std::string& where);

// The chunk's NBT, inflated; refuses a scheme other than 1, 2 or 3 (LZ4, custom) and damaged
// or oversized data.
std::vector<uint8_t> inflate_chunk(uint8_t scheme, std::span<const uint8_t> payload, const std::string& where);

// [SECTION] chunk data

inline constexpr int kMinecraftMinSection = -4;  // y -64 .. 319, as 1.18 on
inline constexpr int kMinecraftSections = 24;
inline constexpr int kSectionCells = 4096;  // cell x + 16 z + 256 y, as world/coords.hpp's local_index

struct MinecraftChunk {
    int32_t x = 0, z = 0;   // chunk coordinates, as the chunk says
    bool finished = false;  // generated to the end (Status full; TerrainPopulated before 1.13)
    int data_version = 0;   // 0 before 1.9
    // Section s holds y from 16 * (s + kMinecraftMinSection): its cells, or empty when all air.
    std::array<std::vector<BlockType>, kMinecraftSections> sections;
    // Every name met (bare, or the 1.12 name of a numeric id), once, with what it became.
    std::vector<std::pair<std::string, NameMapping>> names;
    // The cells of every name but the airs, by how their name was mapped (MappedBy order).
    std::array<uint64_t, kMappedByCount> cells_by{};
};

// Decodes one chunk's NBT. Throws FormatError naming `where` when it is not a chunk: wrong
// NBT, a section's array too short for its palette, a palette index out of range.
MinecraftChunk decode_minecraft_chunk(std::span<const uint8_t> nbt, const std::string& where,
                                      const MinecraftNames& names);

}  // namespace slotcraft
