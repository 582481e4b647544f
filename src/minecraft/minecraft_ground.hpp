#pragma once
// A Minecraft Java world as Slotcraft's ground (docs/formats.md "Minecraft worlds"): opened
// read-only from a world folder (level.dat and region/), a region folder or one .mca file;
// its chunks read, inflated and decoded on the workers (formats/anvil.hpp) and handed to the
// world as any generated chunk would be. A chunk the files do not hold, or that Minecraft had
// not finished generating, is air; a damaged one is named once (file and position) and shows
// as missing, while the rest of the world shows. Nothing is ever written into the world's
// folder. Standard library, POSIX, formats/ and world/.
#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "formats/anvil.hpp"
#include "world/chunk_source.hpp"
#include "world/refused.hpp"

namespace slotcraft {

// A path that is not a Minecraft world (nothing opened): what() says what was expected.
struct MinecraftWorldError : Refused {
    using Refused::Refused;
};

// What the ground met so far: the stats' `minecraft.blocks` and `minecraft.cells`.
struct MinecraftReport {
    std::map<std::string, std::string> blocks;  // Minecraft name -> Slotcraft block name
    std::array<uint64_t, kMappedByCount> cells{};
    uint64_t chunks_read = 0;     // chunks the files held and that were decoded
    uint64_t chunks_damaged = 0;  // refused: named in `problems`
    std::vector<std::string> problems;
};

class MinecraftGround final : public ChunkSource {
public:
    // Throws MinecraftWorldError naming the path and what was expected.
    static std::shared_ptr<MinecraftGround> open(const std::string& path);

    std::unique_ptr<Chunk> chunk(ChunkCoord c) const override;
    std::unique_ptr<Chunk> peek_chunk(ChunkCoord c) const override;
    int surface_height(int32_t x, int32_t z) const override;
    BlockType surface_block(int32_t x, int32_t z) const override;

    // The world's name: level.dat's LevelName, else the folder's (or the file's) name.
    const std::string& name() const { return name_; }
    // A name fit for a world file ("New World" -> "New_World").
    std::string file_name() const;
    const std::string& path() const { return path_; }
    // level.dat's spawn, when there is one.
    std::optional<glm::ivec3> spawn() const { return spawn_; }
    // Where a new player's eye starts: 12 blocks over level.dat's spawn, else over the
    // ground of the middle of the first column the files hold.
    glm::dvec3 start_eye() const;
    std::size_t region_count() const { return regions_.size(); }

    MinecraftReport report() const;
    // Problems met since the last call (each damaged chunk once): for the HUD and stderr.
    std::vector<std::string> take_new_problems() const;

private:
    struct Region {
        std::filesystem::path file;
        std::array<RegionSlot, kRegionChunks> slots{};
        uint64_t size = 0;
    };
    // A column read and not yet handed out whole: its sections, taken one chunk at a time.
    struct Column {
        std::array<std::vector<BlockType>, kMinecraftSections> sections;
        uint32_t taken = 0;  // bit s: section s was handed out
        uint64_t used = 0;   // the clock when last touched (the oldest goes first)
    };
    MinecraftGround() = default;
    void add_region(const std::filesystem::path& file);
    // Reads and decodes column (cx, cz); nullopt when the files do not hold it (or it is
    // unfinished); a damaged chunk is noted and reads as nullopt too. `count`: the names and
    // cells go into the report (the chunks handed out; not a look at the surface).
    std::optional<MinecraftChunk> read_column(int32_t cx, int32_t cz, bool count) const;
    std::vector<uint8_t> chunk_bytes(const Region& r, int32_t cx, int32_t cz, const std::string& where) const;
    void note(const MinecraftChunk& c) const;
    void note_problem(const std::string& what, bool chunk = true) const;  // chunk: a damaged chunk

    std::string path_, name_;
    std::optional<glm::ivec3> spawn_;
    glm::ivec2 first_column_{0, 0};
    std::map<std::pair<int32_t, int32_t>, Region> regions_;

    mutable std::mutex mutex_;  // guards everything below
    mutable std::map<std::pair<int32_t, int32_t>, Column> columns_;
    // Each column's top solid cell (far terrain and the start): y, or kMinBlockY - 1, and block.
    struct Surface {
        std::array<int16_t, kChunkSize * kChunkSize> height{};
        std::array<BlockType, kChunkSize * kChunkSize> top{};
    };
    const Surface& surface_of(int32_t cx, int32_t cz) const;  // locks
    void note_surface(int32_t cx, int32_t cz, const MinecraftChunk* c) const;
    mutable std::map<std::pair<int32_t, int32_t>, Surface> surfaces_;
    mutable uint64_t clock_ = 0;
    mutable MinecraftReport report_;
    mutable std::size_t problems_told_ = 0;
};

}  // namespace slotcraft
