// The block colour table against the committed textures, the OKLab nearest block, and the
// Minecraft name tables.
#define STB_IMAGE_IMPLEMENTATION
#include <gtest/gtest.h>
#include <stb/stb_image.h>

#include <cmath>
#include <string>

#include "formats/block_map.hpp"

namespace slotcraft {
namespace {

TEST(BlockMap, ColoursAreTheMeanOfTheDrawnTexelsOfTheSixFaces) {
    for (const BlockType type : placeable_blocks()) {
        double sum[3] = {0, 0, 0};
        double texels = 0;
        for (int face = 0; face < kFaceCount; ++face) {
            const std::string layer(
                texture_layer_names()[static_cast<std::size_t>(face_layer(type, static_cast<Face>(face)))]);
            const std::string path = std::string(SLOTCRAFT_SOURCE_DIR) + "/assets/textures/" + layer + ".png";
            int w = 0, h = 0, n = 0;
            unsigned char* px = stbi_load(path.c_str(), &w, &h, &n, 4);
            ASSERT_NE(px, nullptr) << path;
            for (int i = 0; i < w * h; ++i) {
                if (px[4 * i + 3] < 128) continue;  // the alpha test discards it: not drawn
                for (int k = 0; k < 3; ++k) sum[k] += px[4 * i + k];
                ++texels;
            }
            stbi_image_free(px);
        }
        const Rgb c = block_colour(type);
        EXPECT_EQ(c.r, std::lround(sum[0] / texels)) << block_name(type);
        EXPECT_EQ(c.g, std::lround(sum[1] / texels)) << block_name(type);
        EXPECT_EQ(c.b, std::lround(sum[2] / texels)) << block_name(type);
    }
}

TEST(BlockMap, EveryBlockColourIsNearestToItsOwnBlock) {
    for (const BlockType type : placeable_blocks())
        EXPECT_EQ(nearest_block(block_colour(type)), type) << block_name(type);
}

TEST(BlockMap, OkLabOfWhiteAndBlack) {
    const OkLab white = to_oklab({255, 255, 255});
    EXPECT_NEAR(white.l, 1.0, 1e-3);
    EXPECT_NEAR(white.a, 0.0, 1e-3);
    EXPECT_NEAR(to_oklab({0, 0, 0}).l, 0.0, 1e-9);
}

TEST(BlockMap, PlainColoursGoToThePerceptuallyNearestBlock) {
    EXPECT_EQ(nearest_block({0, 0, 255}), BlockType::kWater);
    EXPECT_EQ(nearest_block({0, 160, 0}), BlockType::kBirchLeaves);
    EXPECT_EQ(nearest_block({250, 250, 250}), BlockType::kGlass);
    EXPECT_EQ(nearest_block({128, 128, 128}), BlockType::kAndesite);
    EXPECT_EQ(nearest_block({200, 40, 30}), BlockType::kBrick);
    EXPECT_EQ(hex({143, 109, 84}), "#8f6d54");
}

TEST(BlockMap, EveryBlockRoundTripsThroughItsMinecraftName) {
    for (int t = 0; t < kBlockTypeCount; ++t) {
        const auto type = static_cast<BlockType>(t);
        const NameMapping m = block_from_minecraft(minecraft_state(type));
        EXPECT_EQ(m.type, type) << minecraft_state(type);
        EXPECT_TRUE(m.known());
        EXPECT_TRUE(minecraft_state(type).starts_with("minecraft:"));
    }
}

TEST(BlockMap, NamesGoThroughTheNameTable) {
    EXPECT_EQ(block_from_minecraft("minecraft:oak_log[axis=x]").type, BlockType::kLog);
    EXPECT_TRUE(block_from_minecraft("oak_planks").known());  // no namespace: minecraft's
    EXPECT_EQ(block_from_minecraft("minecraft:cave_air").type, BlockType::kAir);
    const NameMapping spruce = block_from_minecraft("minecraft:spruce_log[axis=z]");
    EXPECT_EQ(spruce.type, BlockType::kSpruceLog);
    EXPECT_TRUE(spruce.known());
    EXPECT_EQ(block_from_minecraft("minecraft:red_stained_glass").type, BlockType::kGlass);
    EXPECT_FALSE(block_from_minecraft("minecraft:red_stained_glass").known()) << "a family is worth telling";
    EXPECT_EQ(block_from_minecraft("minecraft:stone_bricks").type, BlockType::kStone);
    EXPECT_EQ(block_from_minecraft("minecraft:nether_bricks").type, BlockType::kBrick);
    EXPECT_EQ(block_from_minecraft("minecraft:sea_lantern").type, BlockType::kLamp);
    EXPECT_EQ(block_from_minecraft("minecraft:red_sandstone").type, BlockType::kRedSand);
    EXPECT_EQ(block_from_minecraft("minecraft:diorite").type, BlockType::kDiorite);
    const NameMapping odd = block_from_minecraft("minecraft:reality_anchor");
    EXPECT_EQ(odd.type, BlockType::kStone);
    EXPECT_FALSE(odd.known());
}

}  // namespace
}  // namespace slotcraft
