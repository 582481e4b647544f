// PNG decoding with a private, PNG-only copy of stb_image. It is compiled static here so it
// cannot clash with the full stb_image inside Debian's libstb.so (which the screenshot
// writer links for stb_image_write).
#include "slots/png_image.hpp"

#include "io/user_file.hpp"

#include <cassert>
#include <algorithm>
#include <system_error>
#include <utility>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#define STB_IMAGE_STATIC
#define STBI_ONLY_PNG
#define STBI_NO_STDIO  // we read the file ourselves, after checking its size
#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>
#pragma GCC diagnostic pop

namespace slotcraft {
namespace {

namespace fs = std::filesystem;

size_t pixel_offset(int x, int y, int width) {
    return (static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)) * 4;
}

[[noreturn]] void refuse(PngFailure kind, std::string reason) { throw PngError(kind, std::move(reason)); }

std::string size_text(int w, int h) { return std::to_string(w) + "x" + std::to_string(h); }

// The file's bytes through the one reader of named files (a pipe is never waited on, a
// device never read, the size bounded before reading); throws PngError when they cannot be had.
std::vector<uint8_t> read_bounded(const fs::path& path) {
    std::string bytes;
    try {
        bytes = read_user_file(path.string(), {"the PNG file", kMaxPngFileBytes});
    } catch (const UserFileError& e) {
        const PngFailure kind = e.problem == UserFileProblem::kMissing    ? PngFailure::kMissing
                                : e.problem == UserFileProblem::kTooLarge ? PngFailure::kTooLarge
                                                                          : PngFailure::kUnreadable;
        refuse(kind, kind == PngFailure::kTooLarge  ? "over 16 MiB (" + e.reason + ")"
                     : kind == PngFailure::kMissing ? "missing"
                                                    : "cannot read: " + e.reason);
    }
    return {bytes.begin(), bytes.end()};
}

// A 2 MB PNG can inflate to gigabytes of pixel data behind a small header (a "zlib bomb");
// stb_image would grow its buffer to hold all of it. The compressed data (the IDAT chunks) is
// inflated first into a buffer just larger than a w x h image at 16 bits x 4 channels can
// need, which stops the inflater there: memory and time stay bounded by the header's size.
void check_inflated_size(std::span<const uint8_t> bytes, int w, int h) {
    std::vector<char> idat;
    for (std::size_t at = 8; at + 12 <= bytes.size();) {  // after the 8-byte signature
        const uint32_t length = uint32_t{bytes[at]} << 24 | uint32_t{bytes[at + 1]} << 16 |
                                uint32_t{bytes[at + 2]} << 8 | uint32_t{bytes[at + 3]};
        if (length > bytes.size() - at - 12) break;  // a cut chunk: stb_image says corrupt
        if (std::equal(bytes.begin() + static_cast<std::ptrdiff_t>(at + 4),
                       bytes.begin() + static_cast<std::ptrdiff_t>(at + 8), "IDAT")) {
            idat.insert(idat.end(), bytes.begin() + static_cast<std::ptrdiff_t>(at + 8),
                        bytes.begin() + static_cast<std::ptrdiff_t>(at + 8 + length));
        }
        at += 12 + std::size_t{length};
    }
    // Each row: a filter byte and up to 8 bytes a pixel; interlacing adds a filter byte a row
    // of each of its 7 passes.
    const std::size_t needed = (std::size_t(w) * 8 + 1) * std::size_t(h) + 7 * (std::size_t(h) + 1);
    std::vector<char> out(needed + 1);
    const int got = stbi_zlib_decode_buffer(out.data(), static_cast<int>(out.size()), idat.data(),
                                            static_cast<int>(idat.size()));
    if (got < 0 && stbi_failure_reason() && std::string_view(stbi_failure_reason()) == "output buffer limit") {
        refuse(PngFailure::kCorrupt, "not a PNG / corrupt: its pixel data inflates to more than a " + size_text(w, h) +
                                         " image holds (over " + std::to_string(needed) + " bytes)");
    }
}

[[noreturn]] void corrupt() {
    const char* why = stbi_failure_reason();
    refuse(PngFailure::kCorrupt, std::string("not a PNG / corrupt: ") + (why ? why : "unknown error"));
}

}  // namespace

Rgba8 RgbaImage::at(int x, int y) const {
    assert(x >= 0 && x < width && y >= 0 && y < height && "RgbaImage::at: pixel outside the image");
    const size_t i = pixel_offset(x, y, width);
    return {pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]};
}

PngError::PngError(PngFailure kind_, std::string reason_, const std::string& source)
    : std::runtime_error(source + ": " + reason_), kind(kind_), reason(std::move(reason_)) {}

RgbaImage decode_png_rgba(std::span<const uint8_t> bytes, int expected_width, int expected_height) {
    if (bytes.size() > kMaxPngFileBytes) {
        refuse(PngFailure::kTooLarge, "over 16 MiB (" + std::to_string(bytes.size()) + " bytes)");
    }
    const int len = static_cast<int>(bytes.size());
    // The header alone says how big the image is: refuse a huge one before decoding it.
    int w = 0, h = 0, channels = 0;
    if (!stbi_info_from_memory(bytes.data(), len, &w, &h, &channels)) corrupt();
    if (w > kMaxPngDimension || h > kMaxPngDimension) {
        refuse(PngFailure::kTooManyPixels, size_text(w, h) + ", over 4096x4096");
    }
    if (w != expected_width || h != expected_height) {
        refuse(PngFailure::kWrongSize,
               size_text(w, h) + " but " + size_text(expected_width, expected_height) + " needed");
    }
    check_inflated_size(bytes, w, h);
    int dw = 0, dh = 0;
    stbi_uc* data = stbi_load_from_memory(bytes.data(), len, &dw, &dh, &channels, 4);
    if (!data) corrupt();
    RgbaImage image{dw, dh, {}};
    image.pixels.assign(data, data + static_cast<size_t>(dw) * static_cast<size_t>(dh) * 4);
    stbi_image_free(data);
    if (dw != w || dh != h) {
        refuse(PngFailure::kCorrupt, "not a PNG / corrupt: header and pixels disagree on the size");
    }
    return image;
}

RgbaImage load_png_rgba(const fs::path& path, int expected_width, int expected_height) {
    try {
        return decode_png_rgba(read_bounded(path), expected_width, expected_height);
    } catch (const PngError& e) {  // the same refusal, naming the file
        throw PngError(e.kind, e.reason, "PNG file '" + path.generic_string() + "'");
    }
}

RgbaImage checkerboard(int width, int height) {
    assert(width > 0 && height > 0 && "checkerboard: needs a positive size");
    constexpr int kCell = 4;  // pixels per cell edge: a 16x16 layer shows 4x4 cells
    RgbaImage image{width, height, std::vector<uint8_t>(pixel_offset(0, height, width))};  // all rows
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const bool magenta = ((x / kCell) + (y / kCell)) % 2 == 0;
            const size_t i = pixel_offset(x, y, width);
            image.pixels[i] = magenta ? 255 : 0;
            image.pixels[i + 1] = 0;
            image.pixels[i + 2] = magenta ? 255 : 0;
            image.pixels[i + 3] = 255;
        }
    }
    return image;
}

LayerImages load_layer_images(const fs::path& assets_dir, std::span<const std::string_view> layer_names) {
    LayerImages out;
    out.images.reserve(layer_names.size());
    for (std::string_view name : layer_names) {
        const fs::path path = assets_dir / "textures" / (std::string(name) + ".png");
        try {
            out.images.push_back(load_png_rgba(path, kBlockTextureSize, kBlockTextureSize));
        } catch (const PngError& e) {
            // A bad texture should not stop the program: show a loud placeholder and say why.
            out.warnings.push_back("slotcraft: warning: texture '" + path.generic_string() + "': " + e.reason +
                                   "; showing a checkerboard");
            out.images.push_back(checkerboard(kBlockTextureSize, kBlockTextureSize));
        }
    }
    return out;
}

}  // namespace slotcraft
