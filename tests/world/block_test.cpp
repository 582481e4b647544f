// Block registry: names, opacity, face texture layers.
#include "world/block.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace slotcraft {
namespace {

TEST(BlockRegistry, EveryRequiredNameRoundTrips) {
    for (const char* name : {"air", "grass", "dirt", "stone", "sand", "log", "leaves", "planks", "glass", "brick"}) {
        const std::optional<BlockType> type = block_from_name(name);
        ASSERT_TRUE(type.has_value()) << name;
        EXPECT_EQ(block_name(*type), name);
    }
}

TEST(BlockRegistry, UnknownOrWrongCaseNamesAreRejected) {
    EXPECT_FALSE(block_from_name("Grass").has_value());
    EXPECT_FALSE(block_from_name("marble").has_value());
    EXPECT_FALSE(block_from_name("Lava").has_value());
    EXPECT_FALSE(block_from_name("").has_value());
}

TEST(BlockRegistry, PlaceableTypesAreEverySolidOne) {
    std::set<std::string> names;
    for (BlockType t : placeable_blocks()) {
        EXPECT_TRUE(is_solid(t)) << block_name(t);
        names.insert(std::string(block_name(t)));
    }
    EXPECT_EQ(names.size(), static_cast<std::size_t>(kBlockTypeCount - 1));
    EXPECT_FALSE(names.contains("air"));
    for (const char* name : {"water", "lamp", "lava", "deepslate_diamond_ore", "birch_planks", "ice"})
        EXPECT_TRUE(names.contains(name)) << name;
}

// Water has a cube (solid) but lets light through and stops neither the player nor the pick
// ray; its faces show toward anything not opaque except other water.
TEST(BlockRegistry, WaterIsACubeThatIsNeitherOpaqueNorFirm) {
    EXPECT_EQ(block_from_name("water"), BlockType::kWater);
    EXPECT_TRUE(is_solid(BlockType::kWater));
    EXPECT_FALSE(is_opaque(BlockType::kWater));
    EXPECT_FALSE(is_firm(BlockType::kWater));
    EXPECT_TRUE(is_firm(BlockType::kGlass));
    EXPECT_FALSE(face_shows(BlockType::kWater, BlockType::kWater));
    EXPECT_FALSE(face_shows(BlockType::kWater, BlockType::kStone));
    EXPECT_TRUE(face_shows(BlockType::kWater, BlockType::kAir));
    EXPECT_TRUE(face_shows(BlockType::kWater, BlockType::kGlass));
    EXPECT_TRUE(face_shows(BlockType::kStone, BlockType::kWater));  // the pool's floor shows
    EXPECT_TRUE(face_shows(BlockType::kGlass, BlockType::kWater));
    EXPECT_TRUE(changes_neighbour_faces(BlockType::kAir, BlockType::kWater));
    EXPECT_FALSE(changes_neighbour_faces(BlockType::kAir, BlockType::kGlass));
}

TEST(BlockRegistry, OnlyTheLampAndLavaGiveLight) {
    for (int t = 0; t < kBlockTypeCount; ++t) {
        const auto type = static_cast<BlockType>(t);
        const bool lit = type == BlockType::kLamp || type == BlockType::kLava;
        EXPECT_EQ(light_emission(type), lit ? 15 : 0) << block_name(type);
        EXPECT_EQ(lets_light_through(type), !is_opaque(type)) << block_name(type);
    }
    EXPECT_TRUE(is_solid(BlockType::kLamp));
    EXPECT_EQ(block_from_name("lamp"), BlockType::kLamp);
}

TEST(BlockRegistry, GlassLeavesAndAirAreNotOpaque) {
    EXPECT_FALSE(is_opaque(BlockType::kGlass));
    EXPECT_FALSE(is_opaque(BlockType::kLeaves));
    EXPECT_FALSE(is_opaque(BlockType::kAir));
    EXPECT_FALSE(is_solid(BlockType::kAir));
    for (BlockType t : {BlockType::kGrass, BlockType::kDirt, BlockType::kStone, BlockType::kSand, BlockType::kLog,
                        BlockType::kPlanks, BlockType::kBrick, BlockType::kLamp}) {
        EXPECT_TRUE(is_opaque(t)) << block_name(t);
    }
}

TEST(BlockRegistry, InvalidValuesAreNeitherSolidNorOpaque) {
    for (int v = kBlockTypeCount; v < 256; ++v) {
        const auto t = static_cast<BlockType>(v);
        EXPECT_FALSE(is_valid_block_type(static_cast<uint8_t>(v)));
        EXPECT_FALSE(is_solid(t));
        EXPECT_FALSE(is_opaque(t));
    }
}

TEST(BlockRegistry, GrassHasTopSideAndBottomLayers) {
    EXPECT_EQ(face_layer(BlockType::kGrass, kPosY), TextureLayer::kGrassTop);
    EXPECT_EQ(face_layer(BlockType::kGrass, kNegY), TextureLayer::kDirt);
    for (Face f : {kPosX, kNegX, kPosZ, kNegZ}) {
        EXPECT_EQ(face_layer(BlockType::kGrass, f), TextureLayer::kGrassSide);
    }
}

TEST(BlockRegistry, LogHasEndsAndBark) {
    EXPECT_EQ(face_layer(BlockType::kLog, kPosY), TextureLayer::kLogEnd);
    EXPECT_EQ(face_layer(BlockType::kLog, kNegY), TextureLayer::kLogEnd);
    for (Face f : {kPosX, kNegX, kPosZ, kNegZ}) {
        EXPECT_EQ(face_layer(BlockType::kLog, f), TextureLayer::kLogSide);
    }
}

TEST(BlockRegistry, TextureLayerNamesMatchLayerOrder) {
    const auto names = texture_layer_names();
    ASSERT_EQ(names.size(), static_cast<std::size_t>(kTextureLayerCount));
    EXPECT_EQ(names[static_cast<int>(TextureLayer::kGrassTop)], "grass_top");
    EXPECT_EQ(names[static_cast<int>(TextureLayer::kGrassSide)], "grass_side");
    EXPECT_EQ(names[static_cast<int>(TextureLayer::kLogEnd)], "log_end");
    EXPECT_EQ(names[static_cast<int>(TextureLayer::kLogSide)], "log_side");
    EXPECT_EQ(names[static_cast<int>(TextureLayer::kBrick)], "brick");
    std::set<std::string_view> unique(names.begin(), names.end());
    EXPECT_EQ(unique.size(), names.size());
    // Every layer a placeable block uses has a name.
    for (BlockType t : placeable_blocks()) {
        for (int f = 0; f < kFaceCount; ++f) {
            EXPECT_LT(static_cast<int>(face_layer(t, static_cast<Face>(f))), kTextureLayerCount);
        }
    }
}

}  // namespace
}  // namespace slotcraft
