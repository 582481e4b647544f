#pragma once
// Decodes PNG files into RGBA pixels for the block textures, refusing anything too big or
// of the wrong size with a reason a user can act on, and paints the missing-texture
// checkerboard. Never GL or gfx/ (tests link it without a context); gfx/texture_array.cpp
// uploads.
#include <cstdint>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace slotcraft {

inline constexpr std::uintmax_t kMaxPngFileBytes = 16u * 1024u * 1024u;  // 16 MiB
inline constexpr int kMaxPngDimension = 4096;
inline constexpr int kBlockTextureSize = 16;  // every block layer is 16x16

// One RGBA pixel, 8 bits per channel, not premultiplied.
struct Rgba8 {
    uint8_t r = 0, g = 0, b = 0, a = 0;
    friend constexpr bool operator==(const Rgba8&, const Rgba8&) = default;
};

// An image in memory: width * height * 4 bytes, top row first, RGBA.
struct RgbaImage {
    int width = 0;
    int height = 0;
    std::vector<uint8_t> pixels;

    Rgba8 at(int x, int y) const;
};

// Why a PNG was refused.
enum class PngFailure {
    kMissing,        // no such file
    kUnreadable,     // exists but cannot be read (a folder, no permission, I/O error)
    kTooLarge,       // the file is over kMaxPngFileBytes
    kCorrupt,        // not a PNG, truncated or damaged
    kTooManyPixels,  // the header claims more than kMaxPngDimension on a side
    kWrongSize,      // a valid PNG, but not the size the caller needs
};
// A refused PNG (bad input from outside: the caller decides, e.g. a checkerboard and a
// warning). `kind` is for code, `reason` for people ("16x15 but 16x16 needed"); what() is
// the whole message: "PNG file 'PATH': REASON" (or "PNG image: REASON" for bytes).
struct PngError : std::runtime_error {
    PngError(PngFailure kind_, std::string reason_, const std::string& source = "PNG image");
    PngFailure kind;
    std::string reason;
};

// Reads and decodes `path` as RGBA (grey, palette and RGB files are expanded; a missing
// alpha channel becomes 255). Refuses files over 16 MiB before reading them and images
// over 4096x4096 before decoding them, and any image that is not expected_width x
// expected_height: throws PngError.
RgbaImage load_png_rgba(const std::filesystem::path& path, int expected_width, int expected_height);

// The same checks on bytes already in memory (the 16 MiB limit holds here too).
RgbaImage decode_png_rgba(std::span<const uint8_t> bytes, int expected_width, int expected_height);

// The missing-texture image: 4x4-pixel cells of magenta and black, magenta top left, opaque.
RgbaImage checkerboard(int width, int height);

// Every block texture layer, ready to upload: one image per name, in the given order.
struct LayerImages {
    std::vector<RgbaImage> images;      // kBlockTextureSize square, one per layer
    std::vector<std::string> warnings;  // one line per layer that fell back to the checkerboard
};

// Loads `<assets_dir>/textures/<name>.png` for each name. A layer that cannot be loaded
// gets the checkerboard and one warning line naming the file and the reason:
//   slotcraft: warning: texture 'assets/textures/stone.png': missing; showing a checkerboard
LayerImages load_layer_images(const std::filesystem::path& assets_dir, std::span<const std::string_view> layer_names);

}  // namespace slotcraft
