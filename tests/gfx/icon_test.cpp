// The committed application icon (assets/icons/slotcraft-N.png, installed into
// share/icons/hicolor/NxN/apps/): one per installed size, identical to what the generator
// paints, a cube on a transparent background, and drawn from the block art itself.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include "slots/png_image.hpp"
#include "icon_art.hpp"

namespace slotcraft {
namespace {

namespace fs = std::filesystem;

const fs::path kIcons = fs::path(SLOTCRAFT_SOURCE_DIR) / "assets" / "icons";

fs::path icon_path(int size) { return kIcons / ("slotcraft-" + std::to_string(size) + ".png"); }

Rgba8 pixel(const std::vector<uint8_t>& rgba, int size, int x, int y) {
    const uint8_t* p = &rgba[static_cast<size_t>((y * size + x) * 4)];
    return {p[0], p[1], p[2], p[3]};
}

// A stale PNG (art changed, `regenerate_textures` not run) fails here, not on a desktop.
TEST(Icon, CommittedPngsAreWhatTheGeneratorPaints) {
    for (int size : art::kIconSizes) {
        const RgbaImage committed = load_png_rgba(icon_path(size), size, size);
        EXPECT_TRUE(committed.pixels == art::paint_icon(size))
            << icon_path(size).string() << " differs from the generator's output: run the regenerate_textures target";
    }
}

TEST(Icon, IconFolderHoldsExactlyTheInstalledSizes) {
    std::set<std::string> on_disk, wanted;
    for (const auto& entry : fs::directory_iterator(kIcons)) on_disk.insert(entry.path().filename().string());
    for (int size : art::kIconSizes) wanted.insert(icon_path(size).filename().string());
    EXPECT_EQ(on_disk, wanted);
}

// The hexagon of an isometric cube: clear corners, an opaque middle, a bright top over
// darker sides (the three faces are told apart by their light).
TEST(Icon, IsACubeOnATransparentBackground) {
    for (int size : art::kIconSizes) {
        const std::vector<uint8_t> icon = art::paint_icon(size);
        const int last = size - 1, mid = size / 2;
        for (auto [x, y] : {std::pair{0, 0}, {last, 0}, {0, last}, {last, last}}) {
            EXPECT_EQ(pixel(icon, size, x, y).a, 0) << size << ": corner " << x << "," << y;
        }
        int opaque = 0;
        for (size_t i = 3; i < icon.size(); i += 4) opaque += icon[i] == 255;
        // The hexagon covers 3 * sqrt(3) / 2 * edge^2 with edge = 0.47 size: ~57% of the icon.
        EXPECT_NEAR(static_cast<double>(opaque) / (size * size), 0.57, 0.03) << size;
        const Rgba8 top = pixel(icon, size, mid, size / 4);
        EXPECT_EQ(top.a, 255) << size;
        EXPECT_GT(top.g, top.r) << size << ": the top is grass";
        // Below the middle there are only the two side faces, the same texture mirrored.
        double light[2] = {0, 0};
        for (int y = mid; y < size; ++y) {
            for (int x = 0; x < size; ++x) {
                const Rgba8 p = pixel(icon, size, x, y);
                if (p.a == 255) light[x >= mid] += p.r + p.g + p.b;
            }
        }
        EXPECT_NEAR(light[1] / light[0], 0.62 / 0.80, 0.05) << size << ": the left face is lit more than the right";
    }
}

// Same picture at every size: the 64 px icon is the 256 px one scaled down (within the
// texel edges that anti-aliasing moves).
TEST(Icon, SizesShowTheSamePicture) {
    const std::vector<uint8_t> small = art::paint_icon(64), large = art::paint_icon(256);
    int close = 0, total = 0;
    for (int y = 0; y < 64; ++y) {
        for (int x = 0; x < 64; ++x) {
            const Rgba8 s = pixel(small, 64, x, y), l = pixel(large, 256, x * 4 + 2, y * 4 + 2);
            if (s.a != 255 || l.a != 255) continue;
            ++total;
            close += std::abs(s.r - l.r) + std::abs(s.g - l.g) + std::abs(s.b - l.b) < 60;
        }
    }
    EXPECT_GT(close, total * 8 / 10);
}

}  // namespace
}  // namespace slotcraft
