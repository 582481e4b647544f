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
}};

constexpr std::array<BlockType, kBlockTypeCount - 1> kPlaceable = {
    BlockType::kGrass,  BlockType::kDirt,  BlockType::kStone, BlockType::kSand,  BlockType::kLog, BlockType::kLeaves,
    BlockType::kPlanks, BlockType::kGlass, BlockType::kBrick, BlockType::kWater, BlockType::kLamp};

// The placeable list is the solid column of kBlocks, in value order.
constexpr bool placeable_matches_table() {
    size_t n = 0;
    for (int i = 0; i < kBlockTypeCount; ++i) {
        if (!kBlocks[static_cast<size_t>(i)].solid) continue;
        if (n >= kPlaceable.size() || kPlaceable[n] != static_cast<BlockType>(i)) return false;
        ++n;
    }
    return n == kPlaceable.size();
}
static_assert(placeable_matches_table(), "kPlaceable must list every solid block of kBlocks, in order");

constexpr std::array<std::string_view, kTextureLayerCount> kLayerNames = {
    "grass_top", "grass_side", "dirt",  "stone", "sand",  "log_end", "log_side",
    "leaves",    "planks",     "glass", "brick", "water", "lamp"};

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
