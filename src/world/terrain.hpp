#pragma once
// Terrain generation: the blocks of one chunk as a pure function of (world type, seed,
// chunk coordinate). It reads no other chunk and no shared mutable state, so workers run
// it in parallel and the world never depends on the order chunks load in.
// Plain C++20 (stb_perlin for noise); never depends on GL.
#include "world/caves.hpp"
#include "world/chunk.hpp"
#include "world/chunk_source.hpp"
#include "world/coords.hpp"
#include "world/names.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace slotcraft {

// The version of what generate() produces. Saved worlds store only the blocks that differ
// from the generated terrain, so any change to the generator's output must bump this; a
// world file keeps the version it was made with and loads with that generator.
//   1: hills, sand near sea level, trees.
//   2: as 1, and water in every open cell at or below the sea level (docs/world.md "Water").
//   3: as 2, and caves: tunnels, deep caverns, openings, ores on the cave walls, lava at the
//      bottom, deepslate below y 0 (docs/world.md "Caves"; caves.hpp). The default.
inline constexpr int kGeneratorVersion = 3;
inline constexpr int kFirstWaterGeneratorVersion = 2;
inline constexpr int kFirstCaveGeneratorVersion = 3;

// The generator a new world is made with: `--caves on` (the default) the newest, `--caves off`
// the last one without caves. A saved world keeps its own whatever the flag says.
constexpr int generator_version_for(bool caves) { return caves ? kGeneratorVersion : kFirstCaveGeneratorVersion - 1; }

// Named WorldType (not WorldKind) so it never clashes with the app's option enum.
enum class WorldType : uint8_t {
    kFlat,     // stone y 0..59, dirt 60..62, grass 63, air above
    kTerrain,  // rolling hills from Perlin noise, lakes up to the sea level, sand shores, trees
};

// The names of the world types (flags, stats, the overlay, the world file).
inline constexpr NameTable<WorldType, 2> kWorldTypeNames{{{
    {WorldType::kFlat, "flat"},
    {WorldType::kTerrain, "terrain"},
}}};
// "flat" or "terrain"; nullopt for anything else.
inline std::optional<WorldType> parse_world_type(std::string_view name) { return kWorldTypeNames.parse(name); }
inline std::string_view world_type_name(WorldType type) { return kWorldTypeNames.name(type); }

struct TerrainParams {
    static constexpr int kFlatGrassY = 63;
    // Open cells at or below the sea level are water (generator 2 on); surfaces at or below
    // sea level + 1 are sand. Seed 1 has lakes near x = 30, z = -50 and x = -40, z = -5.
    static constexpr int kSeaLevel = 62;
    static constexpr int kDirtDepth = 3;     // dirt (or sand) layers under the surface
    static constexpr int kTreeRadius = 2;    // canopy reach from the trunk, in blocks
    static constexpr int kTreePerMille = 9;  // chance that a grass column grows a tree
};

class SurfaceCache;

class TerrainGenerator {
public:
    // version: the generator of a saved world (1..kGeneratorVersion; asserted). With a
    // `source` (a Minecraft world), its chunks are the ground and nothing is generated.
    TerrainGenerator(WorldType type, uint64_t seed, int version = kGeneratorVersion,
                     std::shared_ptr<const ChunkSource> source = nullptr);

    WorldType type() const { return type_; }
    uint64_t seed() const { return seed_; }
    int version() const { return version_; }
    // Whether this generator fills the open cells up to the sea level with water.
    bool has_water() const {
        return !source_ && type_ == WorldType::kTerrain && version_ >= kFirstWaterGeneratorVersion;
    }
    // Whether this generator digs caves (generator 3 on; never the flat world, never a
    // Minecraft world's ground): tunnels, caverns, ores, lava, deepslate below y 0.
    bool has_caves() const {
        return !source_ && type_ == WorldType::kTerrain && version_ >= kFirstCaveGeneratorVersion;
    }
    // The ground read rather than generated (a Minecraft world), or nullptr.
    const ChunkSource* source() const { return source_.get(); }

    // The generated blocks of chunk `coord` (no masks yet). Thread-safe: const and pure.
    // With a cache (one per thread, see SurfaceCache), the column's surface heights come from it.
    std::unique_ptr<Chunk> generate(ChunkCoord coord, SurfaceCache* cache = nullptr) const;

    // surface_height of the 16 x 16 columns of chunk column (cx, cz), x fastest.
    using ColumnSurfaces = std::array<int16_t, kChunkSize * kChunkSize>;
    void column_surfaces(int32_t cx, int32_t cz, ColumnSurfaces& out) const;

    // Whether chunk `coord` lies under its columns' ground (generated terrain: its top below
    // the lowest surface of its 16 x 16 columns), where the sky reaches only through the
    // rare cave openings: its light alone is better guessed dark than under an open sky.
    bool under_ground(ChunkCoord coord, SurfaceCache* cache = nullptr) const;

    // The y of the top solid block of column (x, z) before trees (the flat world: 63).
    int surface_height(int32_t x, int32_t z) const;
    // The block terrain puts at (x, y, z), trees included (a brute-force reference).
    BlockType block_at(const BlockPos& p) const;

    // The trunk height (>= 4) of a tree rooted on column (x, z), or 0 for no tree. Decided
    // from a hash of the seed and the column alone (and the column's surface).
    int tree_at(int32_t x, int32_t z) const;

    // The block at height y of a column whose surface (before trees) is `surface`: terrain
    // layers at or below it, water or air above it. Before caves, ores and deepslate (the far
    // terrain samples this, and keeps its look).
    BlockType ground_block(int y, int surface) const;

    // Whether a cave may reach cell (x, y, z) of a column whose surface is `surface`: at least
    // CaveParams::kRockCap under it, or up through it where the column has an opening.
    bool cave_may_reach(int32_t x, int y, int32_t z, int surface) const;

private:
    void place_trees(Chunk& chunk) const;
    void carve_caves(Chunk& chunk, const ColumnSurfaces* surfaces) const;
    void place_ores(Chunk& chunk, const ChunkCells& carved) const;
    bool opening_at(int32_t x, int32_t z) const;
    BlockType cave_block(const BlockPos& p, BlockType ground, int surface) const;
    bool carved_at(const BlockPos& p) const;
    float noise2(int32_t x, int32_t z, int32_t period, int layer) const;

    BlockType open_block(int y) const;

    WorldType type_;
    uint64_t seed_;
    int version_;
    float seed_slice_;  // the third noise coordinate: picks a slice of 3D noise per seed
    int seed_byte_;     // stb_perlin's own seed (8 bits)
    std::shared_ptr<const ChunkSource> source_;
    CaveFields caves_;
};

// The surface heights of the chunk columns a thread generated last, for the next chunks of
// the same columns: a column's chunks are generated one at a time (nearest first, up to 16 of
// them), and its heights, terrain noise, were a quarter of a generation worker's time when
// each chunk worked them out again. One per thread, never shared (each generation worker
// owns one); it serves any generator, keyed by its seed, type and version.
class SurfaceCache {
public:
    SurfaceCache() : kept_(kColumns) {}
    const TerrainGenerator::ColumnSurfaces& surfaces(const TerrainGenerator& terrain, int32_t cx, int32_t cz);
    std::size_t hits() const { return hits_; }
    std::size_t misses() const { return misses_; }

private:
    static constexpr std::size_t kColumns = 256;  // direct-mapped by column: about 135 KB
    struct Kept {
        bool valid = false;
        WorldType type = WorldType::kFlat;
        int version = 0;
        uint64_t seed = 0;
        int32_t cx = 0, cz = 0;
        TerrainGenerator::ColumnSurfaces surfaces{};
    };
    std::vector<Kept> kept_;
    std::size_t hits_ = 0, misses_ = 0;
};

// A 64-bit mix of the seed and a column (splitmix64 finaliser): deterministic per column.
uint64_t column_hash(uint64_t seed, int32_t x, int32_t z);

}  // namespace slotcraft
