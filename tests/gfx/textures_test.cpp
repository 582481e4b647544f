// The committed block art (assets/textures): one 16x16 PNG per texture layer and nothing
// else, identical to what the generator paints, alpha only where alpha test wants it, and
// every block type a clearly different colour.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "slots/png_image.hpp"
#include "texture_art.hpp"
#include "world/block.hpp"

namespace slotcraft {
namespace {

namespace fs = std::filesystem;

const fs::path kAssets = fs::path(SLOTCRAFT_SOURCE_DIR) / "assets";

RgbaImage load_layer(std::string_view name) {
    try {
        return load_png_rgba(kAssets / "textures" / (std::string(name) + ".png"), 16, 16);
    } catch (const PngError& e) {
        ADD_FAILURE() << name << ".png: " << e.reason;
        return checkerboard(16, 16);
    }
}

struct Mean {
    double r = 0, g = 0, b = 0;
};

// The mean colour of the texels that are drawn (alpha test keeps alpha 255 only).
Mean mean_drawn_colour(const RgbaImage& image) {
    Mean m;
    int n = 0;
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) {
            const Rgba8 p = image.at(x, y);
            if (p.a < 128) continue;
            m.r += p.r, m.g += p.g, m.b += p.b;
            ++n;
        }
    }
    if (n > 0) m.r /= n, m.g /= n, m.b /= n;
    return m;
}

double distance(const Mean& a, const Mean& b) {
    return std::sqrt((a.r - b.r) * (a.r - b.r) + (a.g - b.g) * (a.g - b.g) + (a.b - b.b) * (a.b - b.b));
}

TEST(BlockArt, EveryLayerDecodesAt16x16WithoutWarnings) {
    const LayerImages layers = load_layer_images(kAssets, texture_layer_names());
    EXPECT_EQ(layers.images.size(), texture_layer_names().size());
    EXPECT_TRUE(layers.warnings.empty()) << layers.warnings.front();
    for (const RgbaImage& image : layers.images) {
        EXPECT_EQ(image.width, 16);
        EXPECT_EQ(image.height, 16);
    }
}

TEST(BlockArt, TextureFolderHoldsExactlyTheLayerPngs) {
    std::set<std::string> on_disk, wanted;
    for (const auto& entry : fs::directory_iterator(kAssets / "textures")) {
        if (entry.path().extension() == ".png") on_disk.insert(entry.path().filename().string());
    }
    for (std::string_view name : texture_layer_names()) wanted.insert(std::string(name) + ".png");
    EXPECT_EQ(on_disk, wanted);
}

TEST(BlockArt, GeneratorPaintsExactlyTheRegistryLayers) {
    const auto painted = art::painted_layers();
    const auto names = texture_layer_names();
    EXPECT_TRUE(std::equal(painted.begin(), painted.end(), names.begin(), names.end()));
    EXPECT_FALSE(art::paint_layer("no_such_layer").has_value());
}

// A stale PNG (art changed, `regenerate_textures` not run) fails here, not on screen.
TEST(BlockArt, CommittedPngsAreWhatTheGeneratorPaints) {
    for (std::string_view name : texture_layer_names()) {
        const std::optional<std::vector<uint8_t>> painted = art::paint_layer(name);
        ASSERT_TRUE(painted.has_value()) << name;
        EXPECT_TRUE(load_layer(name).pixels == *painted)
            << name << ".png differs from the generator's output: run the regenerate_textures target";
    }
}

// Alpha test draws a texel or drops it: anything in between would be a blend the opaque pass
// never does. Water is the one blended block (the translucent pass): see the test below.
TEST(BlockArt, OnlyLeavesAndGlassHaveHolesAndAlphaIsAllOrNothing) {
    for (int t = 1; t < kBlockTypeCount; ++t) {
        const auto type = static_cast<BlockType>(t);
        if (is_water(type)) continue;
        for (int f = 0; f < kFaceCount; ++f) {
            const auto layer = static_cast<size_t>(face_layer(type, static_cast<Face>(f)));
            const std::string_view name = texture_layer_names()[layer];
            const RgbaImage image = load_layer(name);
            int holes = 0;
            for (size_t i = 3; i < image.pixels.size(); i += 4) {
                ASSERT_TRUE(image.pixels[i] == 0 || image.pixels[i] == 255) << name;
                holes += image.pixels[i] == 0;
            }
            if (is_opaque(type)) EXPECT_EQ(holes, 0) << name << " belongs to an opaque block";
            else EXPECT_GT(holes, 16) << name << " belongs to a see-through block";
        }
    }
}

// Water is blended: every texel half see-through with one alpha (an even tint, the ground
// below visible), and blue.
TEST(BlockArt, WaterIsEvenlyTranslucentAndBlue) {
    const RgbaImage water = load_layer("water");
    const uint8_t alpha = water.at(0, 0).a;
    EXPECT_GE(alpha, 96);
    EXPECT_LE(alpha, 208);
    double r = 0, g = 0, b = 0;
    for (int y = 0; y < 16; ++y) {
        for (int x = 0; x < 16; ++x) {
            const Rgba8 p = water.at(x, y);
            EXPECT_EQ(p.a, alpha) << x << "," << y;
            r += p.r, g += p.g, b += p.b;
        }
    }
    EXPECT_GT(b, 1.5 * r);
    EXPECT_GT(b, 1.2 * g);
}

TEST(BlockArt, GlassIsMostlyClearInsideAnOpaqueFrame) {
    const RgbaImage glass = load_layer("glass");
    int clear_inside = 0;
    for (int y = 0; y < 16; ++y) {
        for (int x = 0; x < 16; ++x) {
            const bool edge = x == 0 || y == 0 || x == 15 || y == 15;
            if (edge) EXPECT_EQ(glass.at(x, y).a, 255) << x << "," << y;
            else clear_inside += glass.at(x, y).a == 0;
        }
    }
    EXPECT_GT(clear_inside, 14 * 14 * 3 / 4);
}

TEST(BlockArt, LeavesAreSolidInTheMiddle) {
    // A leaf block seen face-on shows leaf at its centre (the render test's centre pixel).
    const RgbaImage leaves = load_layer("leaves");
    for (int y = 6; y <= 9; ++y)
        for (int x = 6; x <= 9; ++x) EXPECT_EQ(leaves.at(x, y).a, 255) << x << "," << y;
}

TEST(BlockArt, EveryLayerHasDetail) {
    for (std::string_view name : texture_layer_names()) {
        const RgbaImage image = load_layer(name);
        std::set<uint32_t> colours;
        for (size_t i = 0; i < image.pixels.size(); i += 4) {
            if (image.pixels[i + 3] == 0) continue;
            const uint32_t r = image.pixels[i], g = image.pixels[i + 1], b = image.pixels[i + 2];
            colours.insert(r << 16 | g << 8 | b);
        }
        EXPECT_GE(colours.size(), 8u) << name << " is nearly flat";
    }
}

// Distances are Euclidean in 8-bit RGB over the drawn texels. The first thirteen layers (the
// generated terrain's) differ by colour; the Minecraft blocks' do by texels (below): an ore
// is its rock with specks of mineral, close to the rock on average by design.
TEST(BlockArt, LayersHaveClearlyDifferentMeanColours) {
    // grass_side is dirt under a grass fringe on purpose: its distance to dirt is smaller.
    constexpr double kMinLayerDistance = 20.0;
    const auto names = texture_layer_names().first(static_cast<size_t>(TextureLayer::kFirstMinecraft));
    std::vector<Mean> means;
    for (std::string_view name : names) means.push_back(mean_drawn_colour(load_layer(name)));
    for (size_t i = 0; i < means.size(); ++i) {
        for (size_t j = i + 1; j < means.size(); ++j) {
            EXPECT_GE(distance(means[i], means[j]), kMinLayerDistance) << names[i] << " vs " << names[j];
        }
    }
}

TEST(BlockArt, BlockTypesHaveClearlyDifferentMeanColours) {
    constexpr double kMinBlockDistance = 25.0;
    std::vector<Mean> layer_means;
    for (std::string_view name : texture_layer_names()) {
        layer_means.push_back(mean_drawn_colour(load_layer(name)));
    }
    // A block's colour: the mean over its six faces, each face its layer's mean.
    auto block_mean = [&layer_means](int t) {
        Mean m;
        for (int f = 0; f < kFaceCount; ++f) {
            const auto layer = face_layer(static_cast<BlockType>(t), static_cast<Face>(f));
            const Mean& l = layer_means[static_cast<size_t>(layer)];
            m.r += l.r / kFaceCount, m.g += l.g / kFaceCount, m.b += l.b / kFaceCount;
        }
        return m;
    };
    constexpr int kTerrainBlocks = static_cast<int>(BlockType::kCobblestone);
    for (int a = 1; a < kTerrainBlocks; ++a) {
        for (int b = a + 1; b < kTerrainBlocks; ++b) {
            EXPECT_GE(distance(block_mean(a), block_mean(b)), kMinBlockDistance)
                << block_name(static_cast<BlockType>(a)) << " vs " << block_name(static_cast<BlockType>(b));
        }
    }
}

// Each layer is its own picture: texel by texel, any two layers differ by at least 12 on
// average (RGB distance), so an ore is told from its rock and from the other ores.
TEST(BlockArt, EveryLayerDiffersTexelByTexelFromEveryOther) {
    constexpr double kMinTexelDistance = 12.0;
    const auto names = texture_layer_names();
    std::vector<RgbaImage> images;
    for (std::string_view name : names) images.push_back(load_layer(name));
    for (size_t i = 0; i < images.size(); ++i) {
        for (size_t j = i + 1; j < images.size(); ++j) {
            double sum = 0;
            const size_t texels = images[i].pixels.size() / 4;
            for (size_t k = 0; k < texels; ++k) {
                double d2 = 0;
                for (size_t c = 0; c < 3; ++c) {
                    const double d = double(images[i].pixels[4 * k + c]) - double(images[j].pixels[4 * k + c]);
                    d2 += d * d;
                }
                sum += std::sqrt(d2);
            }
            EXPECT_GE(sum / static_cast<double>(texels), kMinTexelDistance) << names[i] << " vs " << names[j];
        }
    }
}

}  // namespace
}  // namespace slotcraft
