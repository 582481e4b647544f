// make_textures: writes one PNG per block texture layer (world/block.hpp's list) into a
// folder, from the painters in texture_art.cpp. Optionally writes a contact sheet: every
// layer tiled 3x3 at 4x scale on the sky colour, to look at the art (and its seams), and the
// application icon at each installed size (icon_art.cpp) as ICON_DIR/slotcraft-N.png.
//
//   make_textures OUT_DIR [--sheet SHEET.png] [--icons ICON_DIR]
#include <stb/stb_image_write.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "slots/palette.hpp"
#include "icon_art.hpp"
#include "texture_art.hpp"
#include "world/block.hpp"

namespace {

namespace fs = std::filesystem;
using slotcraft::art::kTextureSize;

bool write_rgba_png(const fs::path& path, int width, int height, const std::vector<uint8_t>& rgba) {
    return stbi_write_png(path.string().c_str(), width, height, 4, rgba.data(), width * 4) != 0;
}

// All layers in a grid of 4 columns; each cell is the layer tiled 3x3 at 4x scale, alpha
// blended over the sky colour so that holes and clear glass show.
std::vector<uint8_t> contact_sheet(const std::vector<std::vector<uint8_t>>& layers, int& width, int& height) {
    constexpr int kScale = 4, kTiles = 3, kGap = 8, kColumns = 4;
    constexpr int kCell = kTextureSize * kScale * kTiles;
    const int rows = (static_cast<int>(layers.size()) + kColumns - 1) / kColumns;
    width = kColumns * (kCell + kGap) + kGap;
    height = rows * (kCell + kGap) + kGap;
    std::vector<uint8_t> sheet(static_cast<size_t>(width * height * 4), 40);
    for (size_t i = 3; i < sheet.size(); i += 4) sheet[i] = 255;
    constexpr slotcraft::Rgb8 sky = slotcraft::kSkyColour;
    for (size_t l = 0; l < layers.size(); ++l) {
        const int ox = kGap + static_cast<int>(l % kColumns) * (kCell + kGap);
        const int oy = kGap + static_cast<int>(l / kColumns) * (kCell + kGap);
        for (int y = 0; y < kCell; ++y) {
            for (int x = 0; x < kCell; ++x) {
                const int tx = (x / kScale) % kTextureSize, ty = (y / kScale) % kTextureSize;
                const uint8_t* src = &layers[l][static_cast<size_t>((ty * kTextureSize + tx) * 4)];
                uint8_t* dst = &sheet[static_cast<size_t>(((oy + y) * width + ox + x) * 4)];
                const int a = src[3];
                dst[0] = static_cast<uint8_t>((src[0] * a + sky.r * (255 - a)) / 255);
                dst[1] = static_cast<uint8_t>((src[1] * a + sky.g * (255 - a)) / 255);
                dst[2] = static_cast<uint8_t>((src[2] * a + sky.b * (255 - a)) / 255);
            }
        }
    }
    return sheet;
}

}  // namespace

int main(int argc, char** argv) {
    std::optional<fs::path> out_dir, sheet_path, icon_dir;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--sheet" && i + 1 < argc) sheet_path = argv[++i];
        else if (arg == "--icons" && i + 1 < argc) icon_dir = argv[++i];
        else if (!arg.starts_with("-") && !out_dir) out_dir = arg;
        else {
            std::cerr << "usage: make_textures OUT_DIR [--sheet SHEET.png] [--icons ICON_DIR]\n";
            return 2;
        }
    }
    if (!out_dir) {
        std::cerr << "usage: make_textures OUT_DIR [--sheet SHEET.png] [--icons ICON_DIR]\n";
        return 2;
    }
    std::error_code ec;
    fs::create_directories(*out_dir, ec);
    stbi_flip_vertically_on_write(0);  // top row first, as painted

    std::vector<std::vector<uint8_t>> layers;
    std::set<std::string> written;
    for (std::string_view name : slotcraft::texture_layer_names()) {
        std::optional<std::vector<uint8_t>> rgba = slotcraft::art::paint_layer(name);
        if (!rgba) {
            std::cerr << "make_textures: no painter for texture layer '" << name
                      << "' (add one to assets/generator/texture_art.cpp)\n";
            return 1;
        }
        const fs::path path = *out_dir / (std::string(name) + ".png");
        if (!write_rgba_png(path, kTextureSize, kTextureSize, *rgba)) {
            std::cerr << "make_textures: cannot write '" << path.string() << "'\n";
            return 1;
        }
        written.insert(path.filename().string());
        layers.push_back(std::move(*rgba));
    }
    std::cout << "make_textures: wrote " << layers.size() << " layers to " << out_dir->string() << '\n';

    // The loader reads only the listed layers; a stray PNG would be dead weight in assets/.
    for (const auto& entry : fs::directory_iterator(*out_dir, ec)) {
        const std::string file = entry.path().filename().string();
        if (entry.path().extension() == ".png" && !written.contains(file)) {
            std::cerr << "make_textures: note: '" << file << "' is not a texture layer; delete it\n";
        }
    }

    if (sheet_path) {
        int w = 0, h = 0;
        const std::vector<uint8_t> sheet = contact_sheet(layers, w, h);
        if (!write_rgba_png(*sheet_path, w, h, sheet)) {
            std::cerr << "make_textures: cannot write '" << sheet_path->string() << "'\n";
            return 1;
        }
        std::cout << "make_textures: contact sheet " << w << "x" << h << " at " << sheet_path->string() << '\n';
    }

    if (icon_dir) {
        fs::create_directories(*icon_dir, ec);
        for (int size : slotcraft::art::kIconSizes) {
            const fs::path path = *icon_dir / ("slotcraft-" + std::to_string(size) + ".png");
            if (!write_rgba_png(path, size, size, slotcraft::art::paint_icon(size))) {
                std::cerr << "make_textures: cannot write '" << path.string() << "'\n";
                return 1;
            }
            std::cout << "make_textures: icon " << size << "x" << size << " at " << path.string() << '\n';
        }
    }
    return 0;
}
