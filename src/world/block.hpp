#pragma once
// The block registry: every block type, its lower-case name (scripts and saves use it),
// whether it is solid and opaque, and which texture layer each of its faces samples.
// Plain C++20; never depends on GL or on the rest of world/ beyond coords.hpp.
#include "world/coords.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace slotcraft {

// Values are stable: they are stored in chunks, instances (6 bits) and save files. Names
// from cobblestone on are Minecraft's own (docs/formats.md "Minecraft worlds").
enum class BlockType : uint8_t {
    kAir = 0,
    kGrass,
    kDirt,
    kStone,
    kSand,
    kLog,
    kLeaves,
    kPlanks,
    kGlass,
    kBrick,
    kWater,
    kLamp,
    kCobblestone,
    kMossyCobblestone,
    kGravel,
    kClay,
    kBedrock,
    kDeepslate,
    kTuff,
    kCalcite,
    kGranite,
    kDiorite,
    kAndesite,
    kSmoothBasalt,
    kDripstoneBlock,
    kAmethystBlock,
    kObsidian,
    kLava,
    kSnowBlock,
    kIce,
    kSandstone,
    kRedSand,
    kTerracotta,
    kMossBlock,
    kMud,
    kSpruceLog,
    kBirchLog,
    kSpruceLeaves,
    kBirchLeaves,
    kSprucePlanks,
    kBirchPlanks,
    kCoalOre,
    kDeepslateCoalOre,
    kIronOre,
    kDeepslateIronOre,
    kCopperOre,
    kDeepslateCopperOre,
    kGoldOre,
    kDeepslateGoldOre,
    kRedstoneOre,
    kDeepslateRedstoneOre,
    kLapisOre,
    kDeepslateLapisOre,
    kDiamondOre,
    kDeepslateDiamondOre,
    kEmeraldOre,
    kDeepslateEmeraldOre,
};
inline constexpr int kBlockTypeCount = 57;

// Layers of the block texture array, in array order (assets/textures/<name>.png): the first
// thirteen by name, then one per block from cobblestone on, in block order, with an end and
// a side layer for each log (texture_layer_names() lists them all).
enum class TextureLayer : uint8_t {
    kGrassTop = 0,
    kGrassSide,
    kDirt,
    kStone,
    kSand,
    kLogEnd,
    kLogSide,
    kLeaves,
    kPlanks,
    kGlass,
    kBrick,
    kWater,
    kLamp,
    kFirstMinecraft,  // cobblestone; the rest follow block order (block.cpp)
};
inline constexpr int kTextureLayerCount = 60;

struct BlockInfo {
    std::string_view name;
    bool solid = false;                             // has a cube (an instance when exposed)
    bool opaque = false;                            // hides the faces of the cubes next to it
    std::array<TextureLayer, kFaceCount> layers{};  // indexed by Face
    uint8_t light = 0;                              // block light (0..15) in the cells next to it
};

// True for the values of BlockType (an int from a file or script may be anything).
constexpr bool is_valid_block_type(uint8_t value) { return value < kBlockTypeCount; }

// The registry entry of a valid type (asserts on an invalid one).
const BlockInfo& block_info(BlockType type);

// The blocks that are solid but not opaque: their neighbours' faces show through them.
constexpr bool is_see_through(BlockType type) {
    switch (type) {
        case BlockType::kLeaves:
        case BlockType::kGlass:
        case BlockType::kWater:
        case BlockType::kSpruceLeaves:
        case BlockType::kBirchLeaves: return true;
        default: return false;
    }
}

// Hot-path queries (edits, exposure), inline. Any byte is safe: an invalid value is
// neither solid nor opaque. block.cpp checks at compile time that they match the table.
constexpr bool is_solid(BlockType type) {
    const auto v = static_cast<uint8_t>(type);
    return v != 0 && v < kBlockTypeCount;
}
constexpr bool is_opaque(BlockType type) { return is_solid(type) && !is_see_through(type); }

// [SECTION] water
// Water has a cube (drawn in the translucent pass, on pages of its own) but is not firm:
// the player sinks through it and the pick ray passes through it.
constexpr bool is_water(BlockType type) { return type == BlockType::kWater; }
// A cube that stops the player and the pick ray.
constexpr bool is_firm(BlockType type) { return is_solid(type) && !is_water(type); }
// Whether the face of a `self` cube toward a `neighbour` cell is drawn: the neighbour is
// not opaque, and it is not water meeting water.
constexpr bool face_shows(BlockType self, BlockType neighbour) {
    return !is_opaque(neighbour) && !(is_water(self) && is_water(neighbour));
}
// Whether changing a cell from `before` to `after` can change its neighbours' faces.
constexpr bool changes_neighbour_faces(BlockType before, BlockType after) {
    return is_opaque(before) != is_opaque(after) || is_water(before) != is_water(after);
}

// Light (docs/light.md): a cell lets light through exactly when its block is not opaque
// (air, leaves, glass, and any see-through block added to the table later), so the light
// code never names a block. block.cpp checks both against the table at compile time.
constexpr bool lets_light_through(BlockType type) { return !is_opaque(type); }
// 1 for a byte whose block type is not opaque, 0 for one that is: a table for loops over raw
// block arrays (exposure, light boxes) that the compiler can vectorise.
inline constexpr std::array<uint8_t, 256> kOpenByType = [] {
    std::array<uint8_t, 256> open{};
    for (int v = 0; v < 256; ++v) open[static_cast<std::size_t>(v)] = is_opaque(static_cast<BlockType>(v)) ? 0 : 1;
    return open;
}();
inline constexpr uint8_t kMaxLight = 15;
// The block light a block puts into the cells next to it (the lamp and lava: 15; others: 0).
constexpr uint8_t light_emission(BlockType type) {
    return type == BlockType::kLamp || type == BlockType::kLava ? kMaxLight : uint8_t{0};
}

// The texture layer that face `face` of a `type` cube samples.
TextureLayer face_layer(BlockType type, Face face);

std::string_view block_name(BlockType type);
// The type named `name` (exact lower-case name); nullopt for an unknown name.
std::optional<BlockType> block_from_name(std::string_view name);
// Every type a user can place (all but air), in value order.
std::span<const BlockType> placeable_blocks();

// The texture layer of every (type, face), at index type * 6 + face (air: layer 0): the
// table the cube shader looks faces up in.
std::array<int, kBlockTypeCount * kFaceCount> face_layer_table();

// Names of the texture layers in layer order: load assets/textures/<name>.png into layer i.
std::span<const std::string_view> texture_layer_names();

}  // namespace slotcraft
