// The PNG loader (slots/png_image): decodes good files exactly, refuses every kind of bad
// file with the right reason, and falls back to the checkerboard with one warning a layer.
#include "slots/png_image.hpp"

#include <gtest/gtest.h>
#include <stb/stb_image_write.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace slotcraft {
namespace {

namespace fs = std::filesystem;

// [SECTION] helpers

std::vector<uint8_t> encode_png(int w, int h, int channels, const std::vector<uint8_t>& pixels) {
    std::vector<uint8_t> out;
    auto append = [](void* ctx, void* data, int size) {
        auto* bytes = static_cast<std::vector<uint8_t>*>(ctx);
        bytes->insert(bytes->end(), static_cast<uint8_t*>(data), static_cast<uint8_t*>(data) + size);
    };
    stbi_flip_vertically_on_write(0);
    EXPECT_NE(stbi_write_png_to_func(append, &out, w, h, channels, pixels.data(), w * channels), 0);
    return out;
}

// A deterministic RGBA pattern, every pixel different from its neighbours.
std::vector<uint8_t> pattern_rgba(int w, int h) {
    std::vector<uint8_t> px(static_cast<size_t>(w * h * 4));
    for (size_t i = 0; i < px.size(); ++i) px[i] = static_cast<uint8_t>((i * 37 + i / 4 * 11) & 0xFF);
    return px;
}

uint32_t crc32(const uint8_t* data, size_t n) {
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; ++i) {
        crc ^= data[i];
        for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

void put_be32(std::vector<uint8_t>& out, uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<uint8_t>(v >> shift));
}

// A PNG signature and a valid IHDR chunk (CRC included) claiming w x h RGBA, then IEND:
// the header is genuine, the pixels do not exist.
std::vector<uint8_t> png_header_only(uint32_t w, uint32_t h) {
    std::vector<uint8_t> out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    auto chunk = [&out](const char* type, const std::vector<uint8_t>& body) {
        put_be32(out, static_cast<uint32_t>(body.size()));
        std::vector<uint8_t> typed(type, type + 4);
        typed.insert(typed.end(), body.begin(), body.end());
        out.insert(out.end(), typed.begin(), typed.end());
        put_be32(out, crc32(typed.data(), typed.size()));
    };
    std::vector<uint8_t> ihdr;
    put_be32(ihdr, w);
    put_be32(ihdr, h);
    ihdr.insert(ihdr.end(), {8, 6, 0, 0, 0});  // 8 bits, RGBA, deflate, no filter set, no interlace
    chunk("IHDR", ihdr);
    chunk("IEND", {});
    return out;
}

// A zlib stream of `n` zero bytes made of one literal and length-258 matches (fixed Huffman
// codes): about 13 bits for 258 bytes, so a few kilobytes inflate to megabytes.
std::vector<uint8_t> zlib_of_zeros(std::size_t n) {
    std::vector<uint8_t> out = {0x78, 0x01};
    uint32_t bits = 0;
    int count = 0;
    auto put = [&](uint32_t code, int length) {  // Huffman codes go most significant bit first
        for (int i = length - 1; i >= 0; --i) {
            bits |= ((code >> i) & 1u) << count;
            if (++count == 8) {
                out.push_back(static_cast<uint8_t>(bits));
                bits = 0;
                count = 0;
            }
        }
    };
    put(1, 1);     // BFINAL
    put(2, 2);     // BTYPE 01 (fixed), its two bits written low bit first
    put(0x30, 8);  // the literal 0
    std::size_t made = 1;
    for (; made + 258 <= n; made += 258) {
        put(0xC5, 8);  // length 258 (symbol 285)
        put(0, 5);     // distance 1
    }
    for (; made < n; ++made) put(0x30, 8);
    put(0, 7);  // end of block
    if (count > 0) out.push_back(static_cast<uint8_t>(bits));
    put_be32(out, static_cast<uint32_t>((n % 65521) << 16 | 1));  // Adler-32 of n zero bytes
    return out;
}

// A 16x16 RGBA PNG whose pixel data inflates to `inflated` bytes (the image needs 1040).
std::vector<uint8_t> png_bomb(std::size_t inflated) {
    std::vector<uint8_t> out = png_header_only(16, 16);
    out.resize(out.size() - 12);  // drop IEND
    const std::vector<uint8_t> z = zlib_of_zeros(inflated);
    put_be32(out, static_cast<uint32_t>(z.size()));
    std::vector<uint8_t> typed = {'I', 'D', 'A', 'T'};
    typed.insert(typed.end(), z.begin(), z.end());
    out.insert(out.end(), typed.begin(), typed.end());
    put_be32(out, crc32(typed.data(), typed.size()));
    const uint8_t iend[] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82};
    out.insert(out.end(), std::begin(iend), std::end(iend));
    return out;
}

class PngFiles : public ::testing::Test {
protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        dir_ = fs::temp_directory_path() / ("slotcraft_look_" + std::to_string(::getpid()) + "_" + info->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    fs::path write(const std::string& name, const std::vector<uint8_t>& bytes) const {
        const fs::path path = dir_ / name;
        std::ofstream(path, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        return path;
    }

    fs::path dir_;
};

// The refusal that `load` throws.
template <class Load>
PngError error_of(Load&& load) {
    try {
        load();
    } catch (const PngError& e) {
        return e;
    }
    ADD_FAILURE() << "expected a refusal, the image was accepted";
    return PngError(PngFailure::kCorrupt, "<the file was accepted>");
}

// [SECTION] decoding

TEST_F(PngFiles, DecodesRgbaPixelsExactlyTopRowFirst) {
    const std::vector<uint8_t> pixels = pattern_rgba(16, 16);
    const RgbaImage image = load_png_rgba(write("good.png", encode_png(16, 16, 4, pixels)), 16, 16);
    EXPECT_EQ(image.width, 16);
    EXPECT_EQ(image.height, 16);
    EXPECT_EQ(image.pixels, pixels);
    EXPECT_EQ(image.at(1, 0), (Rgba8{pixels[4], pixels[5], pixels[6], pixels[7]}));
}

TEST_F(PngFiles, RgbFileGetsOpaqueAlpha) {
    std::vector<uint8_t> rgb(16 * 16 * 3);
    for (size_t i = 0; i < rgb.size(); ++i) rgb[i] = static_cast<uint8_t>(i);
    const RgbaImage image = load_png_rgba(write("rgb.png", encode_png(16, 16, 3, rgb)), 16, 16);
    for (int i = 0; i < 16 * 16; ++i) {
        const Rgba8 p = image.at(i % 16, i / 16);
        const size_t j = static_cast<size_t>(i) * 3;
        ASSERT_EQ(p, (Rgba8{rgb[j], rgb[j + 1], rgb[j + 2], 255})) << "pixel " << i;
    }
}

// [SECTION] refusals

TEST_F(PngFiles, MissingFileIsRefusedAsMissing) {
    const PngError e = error_of([&] { load_png_rgba(dir_ / "nope.png", 16, 16); });
    EXPECT_EQ(e.kind, PngFailure::kMissing);
    EXPECT_EQ(e.reason, "missing");
    EXPECT_NE(std::string(e.what()).find("nope.png': missing"), std::string::npos) << e.what();
}

TEST_F(PngFiles, FolderIsRefusedAsUnreadable) {
    fs::create_directories(dir_ / "folder.png");
    const PngError e = error_of([&] { load_png_rgba(dir_ / "folder.png", 16, 16); });
    EXPECT_EQ(e.kind, PngFailure::kUnreadable);
    EXPECT_TRUE(e.reason.starts_with("cannot read")) << e.reason;
}

TEST_F(PngFiles, TruncatedFileIsRefusedAsCorrupt) {
    const std::vector<uint8_t> whole = encode_png(16, 16, 4, pattern_rgba(16, 16));
    // Cut at several points: inside the signature, inside IHDR, inside the pixel data.
    for (size_t keep : {size_t{0}, size_t{5}, size_t{20}, whole.size() / 2, whole.size() - 13}) {
        const std::vector<uint8_t> cut(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(keep));
        const PngError e = error_of([&] { load_png_rgba(write("cut.png", cut), 16, 16); });
        EXPECT_EQ(e.kind, PngFailure::kCorrupt) << "kept " << keep << " bytes: " << e.reason;
        EXPECT_TRUE(e.reason.starts_with("not a PNG / corrupt: ")) << e.reason;
    }
}

TEST_F(PngFiles, RandomBytesAreRefusedAsCorrupt) {
    std::mt19937 rng(1234);
    for (int round = 0; round < 20; ++round) {
        std::vector<uint8_t> noise(1 + rng() % 4000);
        for (uint8_t& b : noise) b = static_cast<uint8_t>(rng());
        const PngError e = error_of([&] { load_png_rgba(write("noise.png", noise), 16, 16); });
        EXPECT_EQ(e.kind, PngFailure::kCorrupt) << e.reason;
    }
}

TEST_F(PngFiles, DamagedPixelDataIsRefusedAsCorrupt) {
    // Signature and header intact, compressed pixels overwritten: stb_image must say so.
    std::vector<uint8_t> bytes = encode_png(16, 16, 4, pattern_rgba(16, 16));
    for (size_t i = 8 + 25 + 8; i + 12 < bytes.size(); ++i) bytes[i] = 0xFF;
    const PngError e = error_of([&] { load_png_rgba(write("damaged.png", bytes), 16, 16); });
    EXPECT_EQ(e.kind, PngFailure::kCorrupt) << e.reason;
}

TEST_F(PngFiles, WrongSizeIsRefusedNamingBothSizes) {
    const fs::path small = write("small.png", encode_png(16, 15, 4, pattern_rgba(16, 15)));
    const PngError e = error_of([&] { load_png_rgba(small, 16, 16); });
    EXPECT_EQ(e.kind, PngFailure::kWrongSize);
    EXPECT_EQ(e.reason, "16x15 but 16x16 needed");
    const fs::path big = write("big.png", encode_png(32, 32, 4, pattern_rgba(32, 32)));
    const PngError e2 = error_of([&] { load_png_rgba(big, 16, 16); });
    EXPECT_EQ(e2.reason, "32x32 but 16x16 needed");
}

TEST_F(PngFiles, HugeHeaderIsRefusedBeforeDecoding) {
    const std::vector<uint8_t> header = png_header_only(5000, 5000);
    ASSERT_LT(header.size(), 100u);  // the claim is all there is: nothing was decoded
    const PngError e = error_of([&] { load_png_rgba(write("huge.png", header), 5000, 5000); });
    EXPECT_EQ(e.kind, PngFailure::kTooManyPixels);
    EXPECT_EQ(e.reason, "5000x5000, over 4096x4096");
    // One side over the limit is enough; exactly 4096 is allowed past the header check.
    EXPECT_EQ(error_of([&] { load_png_rgba(write("wide.png", png_header_only(4097, 1)), 4097, 1); }).kind,
              PngFailure::kTooManyPixels);
    EXPECT_EQ(error_of([&] { load_png_rgba(write("edge.png", png_header_only(4096, 4096)), 16, 16); }).kind,
              PngFailure::kWrongSize);
}

TEST_F(PngFiles, FileOver16MiBIsRefusedUnread) {
    const fs::path path = write("over.png", encode_png(16, 16, 4, pattern_rgba(16, 16)));
    fs::resize_file(path, kMaxPngFileBytes + 1);  // a valid PNG followed by zeros
    const PngError e = error_of([&] { load_png_rgba(path, 16, 16); });
    EXPECT_EQ(e.kind, PngFailure::kTooLarge);
    EXPECT_TRUE(e.reason.starts_with("over 16 MiB")) << e.reason;
}

TEST_F(PngFiles, FileOfExactly16MiBIsRead) {
    const fs::path path = write("limit.png", encode_png(16, 16, 4, pattern_rgba(16, 16)));
    fs::resize_file(path, kMaxPngFileBytes);  // trailing bytes after IEND are ignored
    EXPECT_NO_THROW(load_png_rgba(path, 16, 16));
}

// [SECTION] fallback

TEST(Checkerboard, IsOpaqueMagentaAndBlackIn4x4Cells) {
    const RgbaImage board = checkerboard(16, 16);
    ASSERT_EQ(board.pixels.size(), 16u * 16u * 4u);
    constexpr Rgba8 kMagenta{255, 0, 255, 255}, kBlack{0, 0, 0, 255};
    int magenta = 0;
    for (int y = 0; y < 16; ++y) {
        for (int x = 0; x < 16; ++x) {
            const bool want_magenta = (x / 4 + y / 4) % 2 == 0;
            ASSERT_EQ(board.at(x, y), want_magenta ? kMagenta : kBlack) << x << "," << y;
            magenta += want_magenta;
        }
    }
    EXPECT_EQ(magenta, 128);
}

TEST_F(PngFiles, BadLayersFallBackToTheCheckerboardWithOneWarningEach) {
    fs::create_directories(dir_ / "textures");
    write("textures/good.png", encode_png(16, 16, 4, pattern_rgba(16, 16)));
    write("textures/corrupt.png", {1, 2, 3, 4, 5});
    write("textures/small.png", encode_png(8, 8, 4, pattern_rgba(8, 8)));
    const std::array<std::string_view, 4> names = {"good", "missing", "corrupt", "small"};

    const LayerImages layers = load_layer_images(dir_, names);

    ASSERT_EQ(layers.images.size(), 4u);
    EXPECT_EQ(layers.images[0].pixels, pattern_rgba(16, 16));
    for (size_t i = 1; i < 4; ++i) {
        EXPECT_EQ(layers.images[i].pixels, checkerboard(16, 16).pixels) << names[i];
    }
    const std::string folder = (dir_ / "textures").generic_string();
    ASSERT_EQ(layers.warnings.size(), 3u);
    EXPECT_EQ(layers.warnings[0],
              "slotcraft: warning: texture '" + folder + "/missing.png': missing; showing a checkerboard");
    EXPECT_TRUE(layers.warnings[1].starts_with("slotcraft: warning: texture '" + folder +
                                               "/corrupt.png': not a PNG / corrupt: "))
        << layers.warnings[1];
    EXPECT_EQ(layers.warnings[2],
              "slotcraft: warning: texture '" + folder + "/small.png': 8x8 but 16x16 needed; showing a checkerboard");
    for (const std::string& w : layers.warnings) EXPECT_EQ(w.find('\n'), std::string::npos);
}

// A small PNG whose pixel data inflates to far more than its header's 16x16 needs (a zlib
// bomb) is refused before stb_image inflates it all; the same stream at the right size decodes.
TEST(PngDecode, PixelDataThatInflatesPastTheImageIsRefusedBoundedly) {
    const std::vector<uint8_t> right = png_bomb(16 * (1 + 16 * 4));
    const RgbaImage image = decode_png_rgba(right, 16, 16);
    EXPECT_EQ(image.at(3, 3), (Rgba8{0, 0, 0, 0}));
    const std::vector<uint8_t> bomb = png_bomb(64u * 1024 * 1024);
    EXPECT_LT(bomb.size(), 600'000u) << "a small file";
    try {
        decode_png_rgba(bomb, 16, 16);
        FAIL() << "a PNG inflating to 64 MiB for a 16x16 image was accepted";
    } catch (const PngError& e) {
        EXPECT_EQ(e.kind, PngFailure::kCorrupt);
        EXPECT_NE(e.reason.find("inflates to more than a 16x16 image"), std::string::npos) << e.reason;
    }
}

// A texture that is a pipe is refused at once (never waited on); a folder is said as one.
TEST_F(PngFiles, APipeOrAFolderIsRefusedWithoutWaiting) {
    ASSERT_EQ(::mkfifo((dir_ / "pipe.png").c_str(), 0600), 0);
    fs::create_directories(dir_ / "folder.png");
    for (const char* name : {"pipe.png", "folder.png"}) {
        try {
            load_png_rgba(dir_ / name, 16, 16);
            ADD_FAILURE() << name << " was read";
        } catch (const PngError& e) {
            EXPECT_EQ(e.kind, PngFailure::kUnreadable) << e.what();
            EXPECT_NE(e.reason.find(name[0] == 'p' ? "a pipe" : "a folder"), std::string::npos) << e.reason;
        }
    }
}

}  // namespace
}  // namespace slotcraft
