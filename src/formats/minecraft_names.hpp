#pragma once
// What a Minecraft block becomes in Slotcraft: the table assets/minecraft_blocks.txt, built
// into the program (docs/formats.md "Minecraft names"). Exact names, then the blocks that are
// not cubes (air), then families by pattern, then one fallback; and the numeric ids of worlds
// before 1.13. Read by .schem import and by Minecraft worlds. Standard library and world/
// only; never depends on zlib, GL or the app.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "world/block.hpp"

namespace slotcraft {

// How a name found its block: the counts of cells by kind are stats (minecraft.cells).
enum class MappedBy : uint8_t { kExact, kFamily, kFallback, kDropped };
inline constexpr int kMappedByCount = 4;
std::string_view mapped_by_name(MappedBy by);  // "exact", "family", "fallback", "dropped"

struct NameMapping {
    BlockType type = BlockType::kStone;
    MappedBy by = MappedBy::kFallback;
    // The table names it (an exact or a drop line): a fallback or a family is worth telling.
    bool known() const { return by == MappedBy::kExact || by == MappedBy::kDropped; }
};

// A block id and data value of a world before 1.13: the name Minecraft then gave it (as
// prismarine and minecraft-data name it) and what it becomes.
struct LegacyMapping {
    std::string_view name;  // "" for an id the table does not list
    NameMapping mapping;
};

class MinecraftNames {
public:
    // The table built into the program (parsed once; a bad built-in table fails the tests).
    static const MinecraftNames& builtin();
    // Parses a table's text; throws FormatError naming `source`, the line and what is wrong.
    static MinecraftNames parse(std::string_view text, const std::string& source);

    // "minecraft:oak_log[axis=y]", "oak_log" or "minecraft:kelp[age=3]" (a missing namespace
    // is Minecraft's; properties count only for waterlogged=true).
    NameMapping map(std::string_view state) const;
    // The name without namespace and properties ("minecraft:oak_log[axis=y]" -> "oak_log").
    static std::string_view bare_name(std::string_view state);
    LegacyMapping legacy(int id, int data) const;

private:
    struct Pattern {
        std::string text;  // with one '*' or none
        enum Kind : uint8_t { kBlock, kMaterial, kColour } kind = kBlock;
        BlockType type = BlockType::kStone;
    };
    struct Legacy {
        std::string name;
        bool listed = false;
        uint8_t mask = 15;
        std::array<BlockType, 16> by_data{};
        std::array<bool, 16> dropped{};
    };
    NameMapping map_bare(std::string_view name, int depth) const;

    std::unordered_map<std::string, BlockType> exact_;
    std::vector<std::string> drops_;
    std::vector<Pattern> families_;
    std::vector<std::pair<std::string, BlockType>> colours_;
    BlockType fallback_ = BlockType::kStone;
    std::array<Legacy, 256> legacy_{};
};

// Whether `name` matches `pattern`, where one '*' in the pattern stands for any text (also
// none); sets `star` to the text it stood for.
bool name_matches(std::string_view pattern, std::string_view name, std::string_view* star = nullptr);

}  // namespace slotcraft
