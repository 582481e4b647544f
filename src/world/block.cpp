// The block registry's tables. One row per BlockType, in value order.
#include "world/block.hpp"

#include <cassert>

namespace slotcraft {
namespace {

using L = TextureLayer;

// Faces in Face order: +x, -x, +y (top), -y (bottom), +z, -z.
constexpr std::array<L, kFaceCount> all_faces(L layer) { return {layer, layer, layer, layer, layer, layer}; }
constexpr std::array<L, kFaceCount> top_side_bottom(L top, L side, L bottom) {
    return {side, side, top, bottom, side, side};
}

// The layer of the Minecraft block `type` (cobblestone on): one each, in block order, and a
// second (the side) right after each log's first (its end).
constexpr L minecraft_layer(BlockType type, bool log_side = false) {
    int layer = static_cast<int>(L::kFirstMinecraft);
    for (auto t = BlockType::kCobblestone; t != type; t = static_cast<BlockType>(static_cast<int>(t) + 1)) {
        layer += t == BlockType::kSpruceLog || t == BlockType::kBirchLog ? 2 : 1;
    }
    return static_cast<L>(layer + (log_side ? 1 : 0));
}
constexpr BlockInfo cube(std::string_view name, BlockType type, bool opaque = true, uint8_t light = 0) {
    return {name, true, opaque, all_faces(minecraft_layer(type)), light};
}
constexpr BlockInfo wood_log(std::string_view name, BlockType type) {
    const L end = minecraft_layer(type), side = minecraft_layer(type, true);
    return {name, true, true, top_side_bottom(end, side, end)};
}

using B = BlockType;
constexpr std::array<BlockInfo, kBlockTypeCount> kBlocks = {{
    {"air", false, false, all_faces(L::kStone)},  // never drawn; layers unused
    {"grass", true, true, top_side_bottom(L::kGrassTop, L::kGrassSide, L::kDirt)},
    {"dirt", true, true, all_faces(L::kDirt)},
    {"stone", true, true, all_faces(L::kStone)},
    {"sand", true, true, all_faces(L::kSand)},
    {"log", true, true, top_side_bottom(L::kLogEnd, L::kLogSide, L::kLogEnd)},
    {"leaves", true, false, all_faces(L::kLeaves)},
    {"planks", true, true, all_faces(L::kPlanks)},
    {"glass", true, false, all_faces(L::kGlass)},
    {"brick", true, true, all_faces(L::kBrick)},
    {"water", true, false, all_faces(L::kWater)},  // solid: has a cube; see is_firm
    {"lamp", true, true, all_faces(L::kLamp), kMaxLight},
    cube("cobblestone", B::kCobblestone),
    cube("mossy_cobblestone", B::kMossyCobblestone),
    cube("gravel", B::kGravel),
    cube("clay", B::kClay),
    cube("bedrock", B::kBedrock),
    cube("deepslate", B::kDeepslate),
    cube("tuff", B::kTuff),
    cube("calcite", B::kCalcite),
    cube("granite", B::kGranite),
    cube("diorite", B::kDiorite),
    cube("andesite", B::kAndesite),
    cube("smooth_basalt", B::kSmoothBasalt),
    cube("dripstone_block", B::kDripstoneBlock),
    cube("amethyst_block", B::kAmethystBlock),
    cube("obsidian", B::kObsidian),
    cube("lava", B::kLava, true, kMaxLight),
    cube("snow_block", B::kSnowBlock),
    cube("ice", B::kIce),
    cube("sandstone", B::kSandstone),
    cube("red_sand", B::kRedSand),
    cube("terracotta", B::kTerracotta),
    cube("moss_block", B::kMossBlock),
    cube("mud", B::kMud),
    wood_log("spruce_log", B::kSpruceLog),
    wood_log("birch_log", B::kBirchLog),
    cube("spruce_leaves", B::kSpruceLeaves, false),
    cube("birch_leaves", B::kBirchLeaves, false),
    cube("spruce_planks", B::kSprucePlanks),
    cube("birch_planks", B::kBirchPlanks),
    cube("coal_ore", B::kCoalOre),
    cube("deepslate_coal_ore", B::kDeepslateCoalOre),
    cube("iron_ore", B::kIronOre),
    cube("deepslate_iron_ore", B::kDeepslateIronOre),
    cube("copper_ore", B::kCopperOre),
    cube("deepslate_copper_ore", B::kDeepslateCopperOre),
    cube("gold_ore", B::kGoldOre),
    cube("deepslate_gold_ore", B::kDeepslateGoldOre),
    cube("redstone_ore", B::kRedstoneOre),
    cube("deepslate_redstone_ore", B::kDeepslateRedstoneOre),
    cube("lapis_ore", B::kLapisOre),
    cube("deepslate_lapis_ore", B::kDeepslateLapisOre),
    cube("diamond_ore", B::kDiamondOre),
    cube("deepslate_diamond_ore", B::kDeepslateDiamondOre),
    cube("emerald_ore", B::kEmeraldOre),
    cube("deepslate_emerald_ore", B::kDeepslateEmeraldOre),
}};
static_assert(static_cast<int>(minecraft_layer(B::kDeepslateEmeraldOre)) == kTextureLayerCount - 1,
              "every block from cobblestone on has its layers, and kTextureLayerCount counts them");

// Every solid block, in value order: what a user can place.
constexpr std::array<BlockType, kBlockTypeCount - 1> kPlaceable = [] {
    std::array<BlockType, kBlockTypeCount - 1> out{};
    for (int i = 1; i < kBlockTypeCount; ++i) out[static_cast<size_t>(i - 1)] = static_cast<BlockType>(i);
    return out;
}();
static_assert(
    [] {
        for (int i = 0; i < kBlockTypeCount; ++i)
            if (kBlocks[static_cast<size_t>(i)].solid != (i != 0)) return false;
        return true;
    }(),
    "kPlaceable lists every block but air: every block but air must be solid");

// The layer names: the first thirteen, then each Minecraft block's name (a log's end and
// side: NAME_end, NAME_side).
constexpr std::array<std::string_view, kTextureLayerCount> kLayerNames = {"grass_top",
                                                                          "grass_side",
                                                                          "dirt",
                                                                          "stone",
                                                                          "sand",
                                                                          "log_end",
                                                                          "log_side",
                                                                          "leaves",
                                                                          "planks",
                                                                          "glass",
                                                                          "brick",
                                                                          "water",
                                                                          "lamp",
                                                                          "cobblestone",
                                                                          "mossy_cobblestone",
                                                                          "gravel",
                                                                          "clay",
                                                                          "bedrock",
                                                                          "deepslate",
                                                                          "tuff",
                                                                          "calcite",
                                                                          "granite",
                                                                          "diorite",
                                                                          "andesite",
                                                                          "smooth_basalt",
                                                                          "dripstone_block",
                                                                          "amethyst_block",
                                                                          "obsidian",
                                                                          "lava",
                                                                          "snow_block",
                                                                          "ice",
                                                                          "sandstone",
                                                                          "red_sand",
                                                                          "terracotta",
                                                                          "moss_block",
                                                                          "mud",
                                                                          "spruce_log_end",
                                                                          "spruce_log_side",
                                                                          "birch_log_end",
                                                                          "birch_log_side",
                                                                          "spruce_leaves",
                                                                          "birch_leaves",
                                                                          "spruce_planks",
                                                                          "birch_planks",
                                                                          "coal_ore",
                                                                          "deepslate_coal_ore",
                                                                          "iron_ore",
                                                                          "deepslate_iron_ore",
                                                                          "copper_ore",
                                                                          "deepslate_copper_ore",
                                                                          "gold_ore",
                                                                          "deepslate_gold_ore",
                                                                          "redstone_ore",
                                                                          "deepslate_redstone_ore",
                                                                          "lapis_ore",
                                                                          "deepslate_lapis_ore",
                                                                          "diamond_ore",
                                                                          "deepslate_diamond_ore",
                                                                          "emerald_ore",
                                                                          "deepslate_emerald_ore"};
// Each Minecraft block's layer carries its name (logs: NAME_end, then NAME_side).
static_assert(
    [] {
        for (int i = static_cast<int>(B::kCobblestone); i < kBlockTypeCount; ++i) {
            const BlockInfo& b = kBlocks[static_cast<size_t>(i)];
            const std::string_view layer = kLayerNames[static_cast<size_t>(b.layers[kPosY])];
            if (layer != b.name && layer.substr(0, b.name.size()) != b.name) return false;
        }
        return true;
    }(),
    "kLayerNames must name each Minecraft block's layer after the block");

constexpr bool inline_queries_match_table() {
    for (int i = 0; i < kBlockTypeCount; ++i) {
        const auto t = static_cast<BlockType>(i);
        if (is_solid(t) != kBlocks[i].solid || is_opaque(t) != kBlocks[i].opaque) return false;
        if (lets_light_through(t) == kBlocks[i].opaque || light_emission(t) != kBlocks[i].light) return false;
    }
    return true;
}
static_assert(inline_queries_match_table(),
              "is_solid/is_opaque/lets_light_through/light_emission disagree with kBlocks");

}  // namespace

const BlockInfo& block_info(BlockType type) {
    const auto i = static_cast<uint8_t>(type);
    assert(is_valid_block_type(i) && "block_info: not a BlockType value; validate input first");
    return kBlocks[i];
}

TextureLayer face_layer(BlockType type, Face face) { return block_info(type).layers[face]; }

std::string_view block_name(BlockType type) { return block_info(type).name; }

std::optional<BlockType> block_from_name(std::string_view name) {
    for (int i = 0; i < kBlockTypeCount; ++i) {
        if (kBlocks[i].name == name) return static_cast<BlockType>(i);
    }
    return std::nullopt;
}

std::span<const BlockType> placeable_blocks() { return kPlaceable; }

std::span<const std::string_view> texture_layer_names() { return kLayerNames; }

std::array<int, kBlockTypeCount * kFaceCount> face_layer_table() {
    std::array<int, kBlockTypeCount * kFaceCount> table{};
    for (int type = 0; type < kBlockTypeCount; ++type) {
        const auto t = static_cast<BlockType>(type);
        if (!is_solid(t)) continue;
        for (int face = 0; face < kFaceCount; ++face) {
            table[static_cast<size_t>(type * kFaceCount + face)] = static_cast<int>(
                face_layer(t, static_cast<Face>(face)));
        }
    }
    return table;
}

}  // namespace slotcraft
