// .vox: round trips cell for cell, the scene graph's translations and rotations, the files
// of many models, and every kind of bad file refused with its place and reason.
#include <gtest/gtest.h>

#include <algorithm>

#include "formats/build_file.hpp"
#include "formats/format_error.hpp"
#include "formats/vox.hpp"
#include "formats/vox_scene.hpp"
#include "formats/format_test_support.hpp"

namespace slotcraft {
namespace {

using namespace format_test;

Clipboard round_trip(const Clipboard& c) {
    const std::vector<uint8_t> bytes = write_vox(c);
    return read_vox(bytes, "t.vox", {}).clipboard;
}

// The message of the refusal of `bytes`, which must name the file.
std::string refusal(const std::vector<uint8_t>& bytes, const ImportLimits& limits = {}) {
    try {
        read_vox(bytes, "bad.vox", limits);
    } catch (const FormatError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("'bad.vox'"), std::string::npos) << what;
        return what;
    }
    ADD_FAILURE() << "the file was not refused";
    return {};
}

std::vector<uint8_t> one_model(glm::ivec3 size, const std::vector<std::array<uint8_t, 4>>& voxels) {
    VoxBytes c;
    c.chunk("SIZE", le({static_cast<uint32_t>(size.x), static_cast<uint32_t>(size.y), static_cast<uint32_t>(size.z)}));
    VoxBytes xyzi;
    xyzi.u32(static_cast<uint32_t>(voxels.size()));
    for (const auto& v : voxels) xyzi.bytes.insert(xyzi.bytes.end(), v.begin(), v.end());
    c.chunk("XYZI", xyzi.bytes);
    return c.bytes;
}

// Once wrong: a one-cell build read "(1 cells, ...)".
TEST(Vox, ABuildOfOneCellIsCountedInTheSingular) {
    Clipboard one;
    one.size = {1, 1, 1};
    one.cells = {BlockType::kStone};
    EXPECT_EQ(describe_build(one), "1 by 1 by 1 (1 cell, 1 block type)");
    Clipboard two;
    two.size = {2, 1, 1};
    two.cells = {BlockType::kStone, BlockType::kBrick};
    EXPECT_EQ(describe_build(two), "2 by 1 by 1 (2 cells, 2 block types)");
}

TEST(Vox, EveryBlockTypeRoundTrips) {
    const Clipboard c = every_block();
    const Clipboard back = round_trip(c);
    EXPECT_EQ(back.size, c.size);
    EXPECT_EQ(back.cells, c.cells);
}

TEST(Vox, ARandomRegionRoundTripsCellForCell) {
    const Clipboard c = random_build({100, 60, 100}, 7);
    const ImportedBuild back = read_vox(write_vox(c), "r.vox", {});
    EXPECT_EQ(back.clipboard.size, c.size);
    EXPECT_EQ(back.clipboard.cells, c.cells);
    EXPECT_EQ(back.version, 150);
    ASSERT_EQ(back.model_voxels.size(), 1u);
    for (const MappedEntry& e : back.mapped) EXPECT_TRUE(e.exact) << e.source;
}

TEST(Vox, ARegionPastTheModelLimitBecomesSeveralPlacedModels) {
    const Clipboard c = random_build({300, 20, 520}, 3);  // .vox: 300 x 520 x 20 -> 2 x 3 models
    const ImportedBuild back = read_vox(write_vox(c), "wide.vox", {});
    EXPECT_EQ(back.model_voxels.size(), 6u);
    EXPECT_EQ(back.clipboard.size, c.size);
    EXPECT_EQ(back.clipboard.cells, c.cells);
}

TEST(Vox, AirAtTheEdgesKeepsTheSize) {
    Clipboard c;
    c.size = {5, 4, 3};
    c.cells.assign(60, BlockType::kAir);
    c.cells[c.index(2, 1, 1)] = BlockType::kLamp;
    EXPECT_EQ(round_trip(c).cells, c.cells);
    EXPECT_EQ(round_trip(c).size, c.size);
}

TEST(Vox, AFileWithoutSceneGraphOrPaletteUsesTheDefaultPalette) {
    // Colour index 1 of the default palette is white: glass is the nearest block.
    const ImportedBuild b = read_vox(vox_file(one_model({2, 1, 1}, {{1, 0, 0, 1}})), "plain.vox", {});
    EXPECT_EQ(b.clipboard.size, glm::ivec3(2, 1, 1));
    EXPECT_EQ(b.clipboard.cells[0], BlockType::kAir);
    EXPECT_EQ(b.clipboard.cells[1], BlockType::kGlass);
    ASSERT_EQ(b.mapped.size(), 1u);
    EXPECT_EQ(b.mapped[0].source, "colour 1 #ffffff");
    EXPECT_FALSE(b.mapped[0].exact);
    EXPECT_NE(describe_import(b, "plain.vox").find("1 colour became glass: colour 1 #ffffff x1"), std::string::npos)
        << describe_import(b, "plain.vox");
}

TEST(Vox, RotationBytesUnpackAsMagicaVoxelDocumentsThem) {
    // 17: row 0 has -1 in column 1, row 1 has 1 in column 0: a quarter turn about z.
    const VoxTransform r = vox_rotation(17, "f", 0);
    EXPECT_EQ(r.apply({1, 0, 0}), glm::i64vec3(0, 1, 0));
    EXPECT_EQ(r.apply({0, 1, 0}), glm::i64vec3(-1, 0, 0));
    EXPECT_EQ(r.apply({0, 0, 1}), glm::i64vec3(0, 0, 1));
    // 4 = 0b0000100: identity's packing (row 0 column 0, row 1 column 1, no signs).
    EXPECT_EQ(vox_rotation(4, "f", 0).apply({3, 5, 7}), glm::i64vec3(3, 5, 7));
    EXPECT_THROW(vox_rotation(5, "f", 0), FormatError);  // two rows in one column
    EXPECT_THROW(vox_rotation(3, "f", 0), FormatError);  // column 3
}

// A scene of one model under a transform with rotation `r` and translation `t`.
std::vector<uint8_t> rotated_scene(glm::ivec3 size, const std::vector<std::array<uint8_t, 4>>& voxels, int r,
                                   const std::string& t) {
    std::vector<uint8_t> chunks = one_model(size, voxels);
    VoxBytes scene;
    scene.chunk("nTRN", le({0, 0, 1, 0xFFFFFFFF, 0xFFFFFFFF, 1, 0}));
    VoxBytes grp;
    grp.bytes = le({1, 0, 1, 2});
    scene.chunk("nGRP", grp.bytes);
    VoxBytes trn;
    trn.bytes = le({2, 0, 3, 0xFFFFFFFF, 0, 1, 2});
    trn.text("_r");
    trn.text(std::to_string(r));
    trn.text("_t");
    trn.text(t);
    scene.chunk("nTRN", trn.bytes);
    scene.chunk("nSHP", le({3, 0, 1, 0, 0}));
    chunks.insert(chunks.end(), scene.bytes.begin(), scene.bytes.end());
    return vox_file(chunks, 200);
}

TEST(Vox, TheSceneGraphsRotationTurnsTheModel) {
    // A 3 x 1 x 1 bar along .vox x; rotation 17 turns it to lie along .vox y, which is our -z:
    // the build is 1 x 1 x 3 with the first voxel (colour 2) at the far end of z... turned.
    const std::vector<std::array<uint8_t, 4>> bar = {{0, 0, 0, 10}, {1, 0, 0, 20}, {2, 0, 0, 30}};
    const ImportedBuild plain = read_vox(rotated_scene({3, 1, 1}, bar, 4, "0 0 0"), "r.vox", {});
    EXPECT_EQ(plain.clipboard.size, glm::ivec3(3, 1, 1));
    const ImportedBuild turned = read_vox(rotated_scene({3, 1, 1}, bar, 17, "0 0 0"), "r.vox", {});
    ASSERT_EQ(turned.clipboard.size, glm::ivec3(1, 1, 3));
    // .vox x -> .vox y under 17; .vox y grows toward our -z, so colour 10 (x 0) is at the
    // largest z and colour 30 at z 0.
    EXPECT_EQ(turned.clipboard.cells[0], plain.clipboard.cells[2]);
    EXPECT_EQ(turned.clipboard.cells[2], plain.clipboard.cells[0]);
    // A mirror (sign of row 0: bit 4) reverses the bar along x.
    const ImportedBuild mirrored = read_vox(rotated_scene({3, 1, 1}, bar, 4 | 16, "0 0 0"), "r.vox", {});
    ASSERT_EQ(mirrored.clipboard.size, glm::ivec3(3, 1, 1));
    EXPECT_EQ(mirrored.clipboard.cells[0], plain.clipboard.cells[2]);
}

// Two instances of one 2 x 2 x 2 model (one voxel of colour 1 at its origin) at `t0` and `t1`.
std::vector<uint8_t> two_instances(const std::string& t0, const std::string& t1) {
    std::vector<uint8_t> chunks = one_model({2, 2, 2}, {{0, 0, 0, 1}});
    VoxBytes s;
    s.chunk("nTRN", le({0, 0, 1, 0xFFFFFFFF, 0xFFFFFFFF, 1, 0}));
    s.chunk("nGRP", le({1, 0, 2, 2, 4}));
    for (uint32_t k = 0; k < 2; ++k) {
        VoxBytes trn;
        trn.bytes = le({2 + 2 * k, 0, 3 + 2 * k, 0xFFFFFFFF, 0, 1, 1});
        trn.text("_t");
        trn.text(k == 0 ? t0 : t1);
        s.chunk("nTRN", trn.bytes);
        s.chunk("nSHP", le({3 + 2 * k, 0, 1, 0, 0}));
    }
    chunks.insert(chunks.end(), s.bytes.begin(), s.bytes.end());
    return vox_file(chunks, 200);
}

TEST(Vox, TranslationsPlaceModelsApartAndTheBuildSpansThem) {
    // 10 apart on .vox x: a build 12 wide.
    const ImportedBuild b = read_vox(two_instances("1 1 1", "11 1 1"), "two.vox", {});
    EXPECT_EQ(b.clipboard.size, glm::ivec3(12, 2, 2));
    EXPECT_EQ(b.clipboard.cells[b.clipboard.index(0, 0, 1)], BlockType::kGlass);
    EXPECT_EQ(b.clipboard.cells[b.clipboard.index(10, 0, 1)], BlockType::kGlass);
    EXPECT_EQ(std::count(b.clipboard.cells.begin(), b.clipboard.cells.end(), BlockType::kGlass), 2);
}

// `n` instances of one 10 x 10 x 10 model filled with colour 1, all at the same place.
std::vector<uint8_t> stacked_instances(uint32_t n) {
    std::vector<std::array<uint8_t, 4>> full;
    for (uint8_t x = 0; x < 10; ++x)
        for (uint8_t y = 0; y < 10; ++y)
            for (uint8_t z = 0; z < 10; ++z) full.push_back({x, y, z, 1});
    std::vector<uint8_t> chunks = one_model({10, 10, 10}, full);
    VoxBytes s;
    s.chunk("nTRN", le({0, 0, 1, 0xFFFFFFFF, 0xFFFFFFFF, 1, 0}));
    VoxBytes grp;
    grp.bytes = le({1, 0, n});
    for (uint32_t k = 0; k < n; ++k) grp.u32(2 + 2 * k);
    s.chunk("nGRP", grp.bytes);
    for (uint32_t k = 0; k < n; ++k) {
        s.chunk("nTRN", le({2 + 2 * k, 0, 3 + 2 * k, 0xFFFFFFFF, 0, 1, 0}));
        s.chunk("nSHP", le({3 + 2 * k, 0, 1, 0, 0}));
    }
    chunks.insert(chunks.end(), s.bytes.begin(), s.bytes.end());
    return vox_file(chunks, 200);
}

// Once wrong: a 4 MB file placing one 100^3 model 65,536 times over the same cells kept import
// busy for minutes. The work (voxels placed) is bounded before any of it is done: here a limit
// of 1,000 cells allows 4,000 placed voxels, so four stacked 1,000-voxel instances import and
// five are refused, whatever the small box they span.
TEST(VoxRefusal, TheVoxelsTheInstancesPlaceAreBoundedBeforeAnyIsPlaced) {
    ImportLimits limits;
    limits.max_cells = 1000;
    limits.limit_name = "the test's limit";
    EXPECT_EQ(read_vox(stacked_instances(4), "stack.vox", limits).clipboard.size, glm::ivec3(10, 10, 10));
    try {
        read_vox(stacked_instances(5), "stack.vox", limits);
        ADD_FAILURE() << "five stacked instances were placed";
    } catch (const FormatError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("stack.vox"), std::string::npos) << message;
        EXPECT_NE(message.find(
                      "its 5 model instances place 5,000 voxels, more than 4 for each cell of the test's limit "
                      "(4,000); nothing was imported"),
                  std::string::npos)
            << message;
    }
}

TEST(Vox, UnknownChunksAreSkipped) {
    std::vector<uint8_t> chunks = one_model({1, 1, 1}, {{0, 0, 0, 1}});
    VoxBytes extra;
    extra.chunk("MATL", le({1, 0}));
    extra.chunk("LAYR", le({0, 0, 0xFFFFFFFF}));
    extra.chunk("rOBJ", le({0}));
    extra.chunk("rCAM", le({0, 0}));
    extra.chunk("NOTE", le({0}));
    extra.chunk("ZZZZ", {1, 2, 3});
    chunks.insert(chunks.begin(), extra.bytes.begin(), extra.bytes.end());
    EXPECT_EQ(read_vox(vox_file(chunks), "x.vox", {}).clipboard.cells.size(), 1u);
}

// [SECTION] bad files

TEST(VoxRefusal, EveryTruncationIsRefusedWithItsOffset) {
    const std::vector<uint8_t> good = write_vox(every_block());
    for (std::size_t n = 0; n < good.size(); n += 7) {
        const std::vector<uint8_t> cut(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(n));
        const std::string why = refusal(cut);
        EXPECT_NE(why.find("at byte"), std::string::npos) << why;
    }
    EXPECT_NE(refusal({good.begin(), good.begin() + 30}).find("past the end of the file"), std::string::npos);
    EXPECT_NE(refusal({good.begin(), good.begin() + 6}).find("truncated"), std::string::npos);
}

TEST(VoxRefusal, WrongMagic) {
    std::vector<uint8_t> b = write_vox(every_block());
    b[0] = 'P';
    EXPECT_NE(refusal(b).find("wrong magic"), std::string::npos);
}

TEST(VoxRefusal, AnUnknownVersion) {
    EXPECT_NE(refusal(vox_file(one_model({1, 1, 1}, {}), 999)).find("version 999"), std::string::npos);
}

TEST(VoxRefusal, ChunkSizesPastTheEnd) {
    std::vector<uint8_t> chunks = one_model({1, 1, 1}, {{0, 0, 0, 1}});
    chunks[4] = 0xF0;  // SIZE's content size
    const std::string why = refusal(vox_file(chunks));
    EXPECT_NE(why.find("at byte 20 (SIZE chunk)"), std::string::npos) << why;
    EXPECT_NE(why.find("past the end"), std::string::npos) << why;
    std::vector<uint8_t> main = vox_file(one_model({1, 1, 1}, {}));
    main[16] = 0xFF;  // MAIN's children size
    EXPECT_NE(refusal(main).find("MAIN chunk"), std::string::npos);
}

TEST(VoxRefusal, SizeZeroOrOver256) {
    EXPECT_NE(refusal(vox_file(one_model({0, 1, 1}, {}))).find("a side of 0"), std::string::npos);
    EXPECT_NE(refusal(vox_file(one_model({1, 257, 1}, {}))).find("a side of 257"), std::string::npos);
}

TEST(VoxRefusal, VoxelsOutsideTheirModel) {
    const std::string why = refusal(vox_file(one_model({2, 2, 2}, {{0, 0, 0, 1}, {1, 2, 0, 1}})));
    EXPECT_NE(why.find("voxel 1 at 1 2 0 lies outside its model of 2 by 2 by 2"), std::string::npos) << why;
}

TEST(VoxRefusal, AVoxelCountThatDisagreesWithTheChunk) {
    std::vector<uint8_t> chunks = one_model({2, 2, 2}, {{0, 0, 0, 1}});
    chunks[36] = 5;  // XYZI (after SIZE's 24 bytes and its own 12-byte header) says 5 voxels, holds one
    EXPECT_NE(refusal(vox_file(chunks)).find("it says 5 voxels (20 bytes) but holds 4 bytes"), std::string::npos);
}

TEST(VoxRefusal, APaletteOfTheWrongLength) {
    std::vector<uint8_t> chunks = one_model({1, 1, 1}, {{0, 0, 0, 1}});
    VoxBytes rgba;
    rgba.chunk("RGBA", std::vector<uint8_t>(1020, 7));
    chunks.insert(chunks.end(), rgba.bytes.begin(), rgba.bytes.end());
    EXPECT_NE(refusal(vox_file(chunks)).find("a palette of 1,020 bytes; it must be 1,024"), std::string::npos);
}

TEST(VoxRefusal, ABuildOverTheMemoryLimitIsRefusedBeforeAllocating) {
    ImportLimits limits;
    limits.max_cells = 1000;
    limits.limit_name = "the memory limit";
    const std::string why = refusal(vox_file(one_model({20, 20, 20}, {})), limits);
    EXPECT_NE(why.find("8,000 cells), more than the memory limit of 1,000 cells"), std::string::npos) << why;
}

TEST(VoxRefusal, TranslationsWhoseSpanOverflowsAreRefused) {
    const std::string why = refusal(
        two_instances("-2147483648 -2147483648 -2147483648", "2147483647 2147483647 2147483647"));
    EXPECT_NE(why.find("more than 2^64"), std::string::npos) << why;
}

TEST(VoxRefusal, SceneGraphsThatPointNowhereOrLoop) {
    std::vector<uint8_t> chunks = one_model({1, 1, 1}, {{0, 0, 0, 1}});
    VoxBytes s;
    s.chunk("nTRN", le({0, 0, 1, 0xFFFFFFFF, 0xFFFFFFFF, 1, 0}));
    s.chunk("nGRP", le({1, 0, 1, 0}));  // the group holds the root: a cycle
    std::vector<uint8_t> loop = chunks;
    loop.insert(loop.end(), s.bytes.begin(), s.bytes.end());
    EXPECT_NE(refusal(vox_file(loop, 200)).find("nested more than 64 deep"), std::string::npos);
    VoxBytes m;
    m.chunk("nTRN", le({0, 0, 7, 0xFFFFFFFF, 0xFFFFFFFF, 1, 0}));
    std::vector<uint8_t> missing = chunks;
    missing.insert(missing.end(), m.bytes.begin(), m.bytes.end());
    EXPECT_NE(refusal(vox_file(missing, 200)).find("node 7 is missing"), std::string::npos);
}

TEST(VoxRefusal, AFileWithNoModel) { EXPECT_NE(refusal(vox_file({})).find("holds no model"), std::string::npos); }

}  // namespace
}  // namespace slotcraft
