// .schem: round trips cell for cell, version 3 files, the name tables, gzip and NBT, and every
// kind of bad file refused with its field or offset and reason.
#include <gtest/gtest.h>

#include "formats/format_error.hpp"
#include "formats/gzip.hpp"
#include "formats/nbt.hpp"
#include "formats/schem.hpp"
#include "formats/format_test_support.hpp"

namespace slotcraft {
namespace {

using namespace format_test;

std::string refusal(const std::vector<uint8_t>& bytes, const ImportLimits& limits = {}) {
    try {
        read_schem(bytes, "bad.schem", limits);
    } catch (const FormatError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("'bad.schem'"), std::string::npos) << what;
        return what;
    }
    ADD_FAILURE() << "the file was not refused";
    return {};
}

// A schematic's NBT around a palette and block data, version 2 or 3 (version 3 as its
// specification lays it out: an unnamed root holding "Schematic", the palette and data in
// "Blocks").
std::vector<uint8_t> schem(int version, glm::ivec3 size, const std::vector<std::pair<std::string, int>>& palette,
                           const std::vector<uint8_t>& data) {
    NbtWriter w;
    w.begin_compound(version == 3 ? "" : "Schematic");
    if (version == 3) w.begin_compound("Schematic");
    w.write_int("Version", version);
    w.write_int("DataVersion", kSchemDataVersion);
    w.write_short("Width", static_cast<int16_t>(size.x));
    w.write_short("Height", static_cast<int16_t>(size.y));
    w.write_short("Length", static_cast<int16_t>(size.z));
    if (version == 3) w.begin_compound("Blocks");
    w.begin_compound("Palette");
    for (const auto& [name, index] : palette) w.write_int(name, index);
    w.end_compound();
    w.write_byte_array(version == 3 ? "Data" : "BlockData", data);
    if (version == 3) w.end_compound();
    if (version == 3) w.end_compound();
    w.end_compound();
    const std::vector<uint8_t> nbt = w.take();
    return gzip_compress(nbt);
}

TEST(Schem, EveryBlockTypeRoundTrips) {
    const Clipboard c = every_block();
    const ImportedBuild b = read_schem(write_schem(c), "all.schem", {});
    EXPECT_EQ(b.clipboard.size, c.size);
    EXPECT_EQ(b.clipboard.cells, c.cells);
    EXPECT_EQ(b.version, 2);
    for (const MappedEntry& e : b.mapped) EXPECT_TRUE(e.exact) << e.source;
}

TEST(Schem, ARandomRegionRoundTripsCellForCell) {
    const Clipboard c = random_build({100, 60, 100}, 11);
    const ImportedBuild b = read_schem(write_schem(c), "r.schem", {});
    EXPECT_EQ(b.clipboard.size, c.size);
    EXPECT_EQ(b.clipboard.cells, c.cells);
}

TEST(Schem, TheBlockDataRunsXThenZThenY) {
    // 2 wide, 2 high, 2 long: index x + z * 2 + y * 4. Cell (1, 0, 0) is index 1, (0, 0, 1) is 2,
    // (0, 1, 0) is 4.
    std::vector<uint8_t> data(8, 0);
    data[1] = 1;
    data[2] = 2;
    data[4] = 3;
    const ImportedBuild b = read_schem(
        schem(2, {2, 2, 2},
              {{"minecraft:air", 0}, {"minecraft:stone", 1}, {"minecraft:sand", 2}, {"minecraft:dirt", 3}}, data),
        "order.schem", {});
    EXPECT_EQ(b.clipboard.at(1, 0, 0), BlockType::kStone);
    EXPECT_EQ(b.clipboard.at(0, 0, 1), BlockType::kSand);
    EXPECT_EQ(b.clipboard.at(0, 1, 0), BlockType::kDirt);
}

TEST(Schem, VersionThreeImportsTheSameAsVersionTwo) {
    const std::vector<std::pair<std::string, int>> palette = {{"minecraft:air", 0}, {"minecraft:bricks", 1}};
    const std::vector<uint8_t> data = {0, 1, 1, 0, 1, 0};
    const ImportedBuild two = read_schem(schem(2, {3, 1, 2}, palette, data), "two.schem", {});
    const ImportedBuild three = read_schem(schem(3, {3, 1, 2}, palette, data), "three.schem", {});
    EXPECT_EQ(three.version, 3);
    EXPECT_EQ(two.clipboard.cells, three.clipboard.cells);
    EXPECT_EQ(two.clipboard.size, three.clipboard.size);
}

TEST(Schem, NamesByFamilyOrFallbackAreNamed) {
    const ImportedBuild b = read_schem(schem(2, {4, 1, 1},
                                             {{"minecraft:sculk", 0},
                                              {"minecraft:jungle_planks", 1},
                                              {"minecraft:reinforced_deepslate", 2},
                                              {"minecraft:stone", 3}},
                                             {0, 0, 1, 2}),
                                       "m.schem", {});
    EXPECT_EQ(b.clipboard.cells[0], BlockType::kStone);
    EXPECT_EQ(b.clipboard.cells[2], BlockType::kPlanks);
    EXPECT_EQ(b.clipboard.cells[3], BlockType::kDeepslate);
    const std::string message = describe_import(b, "m.schem");
    EXPECT_EQ(message,
              "imported 4 by 1 by 1 (4 cells, 3 block types) from m.schem: 1 unknown block type became stone: "
              "minecraft:sculk x2; 1 unknown block type became planks: minecraft:jungle_planks x1");
}

TEST(Schem, LargeIndicesUseSeveralVarintBytes) {
    std::vector<std::pair<std::string, int>> palette;
    for (int i = 0; i < 200; ++i) palette.emplace_back("minecraft:x" + std::to_string(i), i);
    palette[199].first = "minecraft:glass";
    const ImportedBuild b = read_schem(schem(2, {1, 1, 1}, palette, {0xC7, 0x01}), "v.schem", {});
    EXPECT_EQ(b.clipboard.cells[0], BlockType::kGlass);
}

// [SECTION] bad files

TEST(SchemRefusal, NotGzip) { EXPECT_NE(refusal({'N', 'B', 'T', 0}).find("wrong magic"), std::string::npos); }

TEST(SchemRefusal, TruncatedGzipAndTrailingBytes) {
    std::vector<uint8_t> good = write_schem(every_block());
    const std::string why = refusal({good.begin(), good.begin() + static_cast<std::ptrdiff_t>(good.size() / 2)});
    EXPECT_NE(why.find("truncated"), std::string::npos) << why;
    good.push_back(0);
    EXPECT_NE(refusal(good).find("1 byte(s) of something else follow"), std::string::npos);
}

TEST(SchemRefusal, AGzipBombIsStoppedAtTheLimit) {
    const std::vector<uint8_t> zeros(40u << 20, 0);  // 40 MiB of zeros: about 40 KiB gzipped
    const std::vector<uint8_t> bomb = gzip_compress(zeros);
    ASSERT_LT(bomb.size(), 100u * 1024);
    ImportLimits limits;
    limits.max_cells = 1000;
    const std::string why = refusal(bomb, limits);
    EXPECT_NE(why.find("inflates past"), std::string::npos) << why;
}

TEST(SchemRefusal, NbtNestedPastTheDepthLimit) {
    // A compound holding lists of lists, 100 deep.
    std::vector<uint8_t> nbt = {10, 0, 0, 9, 0, 1, 'L'};
    for (int i = 0; i < 100; ++i) nbt.insert(nbt.end(), {9, 0, 0, 0, 1});
    nbt.insert(nbt.end(), {0, 0, 0, 0, 0});
    const std::string why = refusal(gzip_compress(nbt));
    EXPECT_NE(why.find("nested more than 64 levels"), std::string::npos) << why;
}

TEST(SchemRefusal, NbtLengthsPastTheData) {
    const std::vector<uint8_t> nbt = {10, 0, 0, 7, 0, 1, 'B', 0x7F, 0, 0, 0, 1, 2, 0};
    const std::string why = refusal(gzip_compress(nbt));
    EXPECT_NE(why.find("reaches past the end of the data"), std::string::npos) << why;
    EXPECT_NE(why.find("at byte 7"), std::string::npos) << why;
    const std::vector<uint8_t> name = {10, 0, 0, 3, 0x40, 0, 'W'};
    EXPECT_NE(refusal(gzip_compress(name)).find("truncated"), std::string::npos);
}

TEST(SchemRefusal, BlockDataLengthMismatch) {
    const std::vector<std::pair<std::string, int>> palette = {{"minecraft:air", 0}};
    std::string why = refusal(schem(2, {2, 2, 2}, palette, {0, 0, 0}));
    EXPECT_NE(why.find("BlockData"), std::string::npos) << why;
    EXPECT_NE(why.find("block data length mismatch: it ends after 3 blocks"), std::string::npos) << why;
    why = refusal(schem(2, {1, 1, 1}, palette, {0, 0}));
    EXPECT_NE(why.find("1 byte(s) left over"), std::string::npos) << why;
    why = refusal(schem(3, {1, 1, 1}, palette, {}));
    EXPECT_NE(why.find("Blocks.Data"), std::string::npos) << why;
}

TEST(SchemRefusal, IndicesOutsideThePalette) {
    const std::string why = refusal(schem(2, {1, 1, 1}, {{"minecraft:air", 0}}, {5}));
    EXPECT_NE(why.find("palette index 5, which the palette does not name"), std::string::npos) << why;
    EXPECT_NE(refusal(schem(2, {1, 1, 1}, {{"minecraft:air", 3}}, {0})).find("Palette.minecraft:air"),
              std::string::npos);
}

TEST(SchemRefusal, SizesOverTheLimitOrZero) {
    // 65,535 cubed overflows 32 bits; refused before the block data is even looked at.
    const std::string why = refusal(schem(2, {-1, -1, -1}, {{"minecraft:air", 0}}, {0}));
    EXPECT_NE(why.find("65535 by 65535 by 65535 (281,462,092,005,375 cells), more than"), std::string::npos) << why;
    EXPECT_NE(refusal(schem(2, {0, 1, 1}, {{"minecraft:air", 0}}, {})).find("Width: 0"), std::string::npos);
}

TEST(SchemRefusal, MissingFieldsAndWrongVersions) {
    NbtWriter w;
    w.begin_compound("Schematic");
    w.write_int("Version", 2);
    w.end_compound();
    const std::vector<uint8_t> nbt = w.take();
    EXPECT_NE(refusal(gzip_compress(nbt)).find("Width: missing"), std::string::npos);
    NbtWriter v;
    v.begin_compound("Schematic");
    v.write_int("Version", 9);
    v.end_compound();
    const std::vector<uint8_t> nine = v.take();
    EXPECT_NE(refusal(gzip_compress(nine)).find("Version: 9"), std::string::npos);
}

TEST(SchemRefusal, ABuildTooLargeToWrite) {
    Clipboard c;
    c.size = {70000, 1, 1};
    c.cells.assign(70000, BlockType::kStone);
    EXPECT_THROW(write_schem(c), FormatError);
}

}  // namespace
}  // namespace slotcraft
