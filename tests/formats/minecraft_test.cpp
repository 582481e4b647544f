// The Minecraft name table (assets/minecraft_blocks.txt) and the region and chunk reader
// (formats/anvil.hpp) on chunks written here, era by era, and on damaged bytes. The real
// region files of every version are checked against prismarine in Formats.prismarine_anvil_cells.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "formats/anvil.hpp"
#include "formats/format_error.hpp"
#include "formats/gzip.hpp"
#include "formats/minecraft_names.hpp"
#include "formats/nbt.hpp"

namespace slotcraft {
namespace {

using B = BlockType;

// [SECTION] the name table

TEST(MinecraftNames, EveryBlockFromCobblestoneOnIsItsOwnMinecraftName) {
    const MinecraftNames& t = MinecraftNames::builtin();
    for (int v = static_cast<int>(B::kCobblestone); v < kBlockTypeCount; ++v) {
        const auto type = static_cast<BlockType>(v);
        const NameMapping m = t.map("minecraft:" + std::string(block_name(type)));
        EXPECT_EQ(m.type, type) << block_name(type);
        EXPECT_EQ(m.by, MappedBy::kExact) << block_name(type);
    }
    for (const auto& [name, type] : std::vector<std::pair<std::string, BlockType>>{{"stone", B::kStone},
                                                                                   {"dirt", B::kDirt},
                                                                                   {"grass_block", B::kGrass},
                                                                                   {"sand", B::kSand},
                                                                                   {"water", B::kWater},
                                                                                   {"oak_log", B::kLog},
                                                                                   {"oak_leaves", B::kLeaves},
                                                                                   {"oak_planks", B::kPlanks},
                                                                                   {"glass", B::kGlass},
                                                                                   {"bricks", B::kBrick},
                                                                                   {"air", B::kAir},
                                                                                   {"cave_air", B::kAir}}) {
        EXPECT_EQ(t.map(name).type, type) << name;
        EXPECT_EQ(t.map(name).by, MappedBy::kExact) << name;
    }
}

TEST(MinecraftNames, FamiliesDropsWaterloggingAndTheFallback) {
    const MinecraftNames& t = MinecraftNames::builtin();
    struct Case {
        std::string state;
        BlockType type;
        MappedBy by;
    };
    for (const Case& c : std::vector<Case>{
             {"minecraft:oak_stairs[facing=east]", B::kPlanks, MappedBy::kFamily},
             {"cobblestone_slab", B::kCobblestone, MappedBy::kFamily},
             {"stone_brick_stairs", B::kStone, MappedBy::kFamily},
             {"stripped_birch_log[axis=x]", B::kBirchLog, MappedBy::kFamily},
             {"jungle_planks", B::kPlanks, MappedBy::kFamily},
             {"white_wool", B::kSnowBlock, MappedBy::kFamily},
             {"light_gray_concrete", B::kDiorite, MappedBy::kFamily},
             {"red_stained_glass", B::kGlass, MappedBy::kFamily},
             {"polished_andesite", B::kAndesite, MappedBy::kFamily},
             {"deepslate_tiles", B::kDeepslate, MappedBy::kFamily},
             {"spruce_fence", B::kAir, MappedBy::kDropped},
             {"grass", B::kAir, MappedBy::kDropped},
             {"rail", B::kAir, MappedBy::kDropped},
             {"wall_torch[facing=north]", B::kLamp, MappedBy::kExact},
             {"seagrass", B::kWater, MappedBy::kExact},
             {"oak_stairs[waterlogged=true]", B::kWater, MappedBy::kFamily},
             {"some_mod:strange_thing", B::kStone, MappedBy::kFallback},
         }) {
        const NameMapping m = t.map(c.state);
        EXPECT_EQ(block_name(m.type), block_name(c.type)) << c.state;
        EXPECT_EQ(mapped_by_name(m.by), mapped_by_name(c.by)) << c.state;
    }
}

TEST(MinecraftNames, NumericIdsOfOldWorldsByDataValue) {
    const MinecraftNames& t = MinecraftNames::builtin();
    EXPECT_EQ(t.legacy(1, 0).name, "stone");
    EXPECT_EQ(t.legacy(1, 3).mapping.type, B::kDiorite);
    EXPECT_EQ(t.legacy(2, 0).name, "grass");
    EXPECT_EQ(t.legacy(2, 0).mapping.type, B::kGrass);
    EXPECT_EQ(t.legacy(17, 5).mapping.type, B::kSpruceLog) << "the log's axis bits are masked off";
    EXPECT_EQ(t.legacy(18, 10).mapping.type, B::kBirchLeaves);
    EXPECT_EQ(t.legacy(31, 1).mapping.by, MappedBy::kDropped);
    EXPECT_EQ(t.legacy(0, 0).mapping.type, B::kAir);
    EXPECT_EQ(t.legacy(253, 0).mapping.by, MappedBy::kFallback) << "ids 253 and 254 do not exist in 1.12";
}

TEST(MinecraftNames, PatternsMatchWithOneOrTwoStars) {
    std::string_view star;
    EXPECT_TRUE(name_matches("*_planks", "oak_planks", &star));
    EXPECT_EQ(star, "oak");
    EXPECT_TRUE(name_matches("stripped_*", "stripped_oak_log", &star));
    EXPECT_EQ(star, "oak_log");
    EXPECT_TRUE(name_matches("*deepslate*", "cobbled_deepslate_wall"));
    EXPECT_TRUE(name_matches("*deepslate*", "deepslate"));
    EXPECT_FALSE(name_matches("*_planks", "_plank"));
    EXPECT_FALSE(name_matches("rail", "rails"));
}

TEST(MinecraftNames, ABadTableNamesItsLine) {
    auto refusal = [](const std::string& text) {
        try {
            MinecraftNames::parse(text, "t.txt");
        } catch (const FormatError& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    EXPECT_NE(refusal("fallback stone\nexact foo marble\n").find("line 2"), std::string::npos);
    EXPECT_NE(refusal("fallback stone\nexact foo marble\n").find("'marble' is not a Slotcraft block"),
              std::string::npos);
    EXPECT_NE(refusal("exact foo stone\n").find("needs one 'fallback BLOCK' line"), std::string::npos);
    EXPECT_NE(refusal("fallback stone\nlegacy 300 x stone\n").find("0 to 255"), std::string::npos);
    EXPECT_NE(refusal("fallback stone\nfamily oak @material\n").find("needs a '*'"), std::string::npos);
    EXPECT_NE(refusal("fallback stone\nexact a stone\nexact a dirt\n").find("has an exact line already"),
              std::string::npos);
    EXPECT_EQ(refusal("# a comment\n\nfallback dirt\n"), "(accepted)");
}

// [SECTION] region files

TEST(RegionFile, AFileShorterThanItsTablesIsRefused) {
    const std::vector<uint8_t> empty;
    EXPECT_THROW(read_region_table(empty, 0, "r.0.0.mca"), FormatError);
    const std::vector<uint8_t> short_file(5000, 0);
    try {
        read_region_table(short_file, short_file.size(), "r.0.0.mca");
        FAIL() << "a 5,000-byte file was taken for a region file";
    } catch (const FormatError& e) {
        EXPECT_NE(std::string(e.what()).find("shorter than the 8,192 bytes"), std::string::npos) << e.what();
    }
}

TEST(RegionFile, TheLocationTableGivesSectorsAndCounts) {
    std::vector<uint8_t> head(kRegionHeaderBytes, 0);
    const int k = region_slot_index(-3, 33);  // (29, 1) in its region
    EXPECT_EQ(k, 29 + 32);
    head[static_cast<std::size_t>(k) * 4 + 0] = 0x01;
    head[static_cast<std::size_t>(k) * 4 + 1] = 0x02;
    head[static_cast<std::size_t>(k) * 4 + 2] = 0x03;
    head[static_cast<std::size_t>(k) * 4 + 3] = 7;
    const auto slots = read_region_table(head, head.size(), "r");
    EXPECT_EQ(slots[static_cast<std::size_t>(k)].sector, 0x010203u);
    EXPECT_EQ(slots[static_cast<std::size_t>(k)].sectors, 7);
    EXPECT_FALSE(slots[0].present());
}

TEST(RegionFile, DamagedChunkSectorsAreRefusedNamingTheChunk) {
    const std::vector<uint8_t> cut = {0, 0, 0, 90, 2, 1, 2};  // says 90 bytes, holds 2
    try {
        read_stored_chunk(cut, "r.0.0.mca, chunk 3, 4");
        FAIL();
    } catch (const FormatError& e) {
        EXPECT_NE(std::string(e.what()).find("chunk 3, 4"), std::string::npos) << e.what();
    }
    EXPECT_THROW(read_stored_chunk(std::vector<uint8_t>{0, 0}, "c"), FormatError);
    const StoredChunk external = read_stored_chunk(std::vector<uint8_t>{0, 0, 0, 1, 0x82}, "c");
    EXPECT_TRUE(external.external);
    EXPECT_EQ(external.scheme, 2);
    const std::vector<uint8_t> junk = {1, 2, 3, 4, 5, 6};
    EXPECT_THROW(inflate_chunk(2, junk, "c"), FormatError);
    EXPECT_THROW(inflate_chunk(1, junk, "c"), FormatError);
    EXPECT_THROW(inflate_chunk(4, junk, "c"), FormatError);
    EXPECT_THROW(inflate_chunk(9, junk, "c"), FormatError);
    EXPECT_EQ(inflate_chunk(3, junk, "c"), junk);
}

// [SECTION] chunks of every era, written here

// Packs 4096 indices of `bits` bits into longs, spanning or not.
std::vector<uint64_t> pack(const std::vector<uint16_t>& idx, int bits, bool spanning) {
    std::vector<uint64_t> longs;
    if (spanning) {
        longs.assign((4096 * static_cast<std::size_t>(bits) + 63) / 64, 0);
        for (std::size_t i = 0; i < idx.size(); ++i) {
            const std::size_t bit = i * static_cast<std::size_t>(bits);
            longs[bit / 64] |= uint64_t{idx[i]} << (bit % 64);
            if (bit % 64 + static_cast<std::size_t>(bits) > 64)
                longs[bit / 64 + 1] |= uint64_t{idx[i]} >> (64 - bit % 64);
        }
    } else {
        const int per = 64 / bits;
        longs.assign((4096 + static_cast<std::size_t>(per) - 1) / static_cast<std::size_t>(per), 0);
        for (std::size_t i = 0; i < idx.size(); ++i) {
            longs[i / static_cast<std::size_t>(per)] |= uint64_t{idx[i]} << ((i % static_cast<std::size_t>(per)) *
                                                                             static_cast<std::size_t>(bits));
        }
    }
    return longs;
}

struct Written {
    std::vector<uint8_t> nbt;
    std::vector<uint16_t> idx;  // section's palette index of each cell
};

// A chunk of one section at section y `sy` whose palette is `palette` (more than 16 names
// takes 5 bits), in the era's layout: 1.13-1.15 (spanning), 1.16-1.17, or 1.18 on.
enum class Era { k1_13, k1_16, k1_18 };
Written write_chunk(Era era, int sy, const std::vector<std::string>& palette, uint32_t seed, bool bad_index = false) {
    std::mt19937 rng(seed);
    Written w;
    w.idx.resize(4096);
    for (uint16_t& i : w.idx) i = static_cast<uint16_t>(rng() % palette.size());
    const int bits = std::max(4, static_cast<int>(std::bit_width(palette.size() - 1)));
    if (bad_index) w.idx[77] = static_cast<uint16_t>(palette.size());  // past the palette
    const std::vector<uint64_t> longs = pack(w.idx, bits, era == Era::k1_13);
    NbtWriter n;
    n.begin_compound("");
    n.write_int("DataVersion", era == Era::k1_13 ? 1631 : era == Era::k1_16 ? 2586 : 3337);
    if (era != Era::k1_18) n.begin_compound("Level");
    n.write_int("xPos", 5);
    n.write_int("zPos", -2);
    n.write_string("Status", era == Era::k1_18 ? "minecraft:full" : "full");
    n.begin_compound_list(era == Era::k1_18 ? "sections" : "Sections", 1);
    n.begin_list_element();
    n.write_byte("Y", static_cast<int8_t>(sy));
    auto write_palette = [&](std::string_view name) {
        n.begin_compound_list(name, static_cast<int32_t>(palette.size()));
        for (const std::string& p : palette) {
            n.begin_list_element();
            n.write_string("Name", "minecraft:" + p);
            n.end_compound();
        }
    };
    if (era == Era::k1_18) {
        n.begin_compound("block_states");
        write_palette("palette");
        n.write_long_array("data", longs);
        n.end_compound();
    } else {
        write_palette("Palette");
        n.write_long_array("BlockStates", longs);
    }
    n.end_compound();                         // the section
    if (era != Era::k1_18) n.end_compound();  // Level
    n.end_compound();
    w.nbt = n.take();
    return w;
}

TEST(MinecraftChunk, PalettesOfEveryEraDecodeCellForCell) {
    const std::vector<std::string> small = {"air", "stone", "deepslate", "coal_ore", "water"};
    const std::vector<std::string> large = {"air",   "stone",   "granite", "diorite",    "andesite",
                                            "tuff",  "calcite", "dirt",    "gravel",     "clay",
                                            "lava",  "water",   "oak_log", "birch_log",  "oak_planks",
                                            "glass", "bricks",  "sand",    "oak_stairs", "torch"};  // 5 bits
    for (const Era era : {Era::k1_13, Era::k1_16, Era::k1_18}) {
        for (const auto* palette : {&small, &large}) {
            const int sy = era == Era::k1_18 ? -3 : 5;
            const Written w = write_chunk(era, sy, *palette, 7);
            const MinecraftChunk c = decode_minecraft_chunk(w.nbt, "test chunk", MinecraftNames::builtin());
            EXPECT_EQ(c.x, 5);
            EXPECT_EQ(c.z, -2);
            EXPECT_TRUE(c.finished);
            const auto& cells = c.sections[static_cast<std::size_t>(sy - kMinecraftMinSection)];
            ASSERT_EQ(cells.size(), 4096u);
            for (int i = 0; i < 4096; ++i) {
                const BlockType want =
                    MinecraftNames::builtin().map((*palette)[w.idx[static_cast<std::size_t>(i)]]).type;
                ASSERT_EQ(block_name(cells[static_cast<std::size_t>(i)]), block_name(want)) << "cell " << i;
            }
            uint64_t counted = 0;
            for (const uint64_t n : c.cells_by) counted += n;
            const auto airs = static_cast<uint64_t>(std::count(w.idx.begin(), w.idx.end(), 0));
            EXPECT_EQ(counted, 4096 - airs) << "every cell but the airs is counted";
            EXPECT_EQ(c.names.size(), palette->size());
        }
    }
}

TEST(MinecraftChunk, APaletteIndexOutOfRangeIsRefusedNamingTheChunk) {
    const Written w = write_chunk(Era::k1_16, 2, {"air", "stone", "dirt"}, 3, true);
    try {
        decode_minecraft_chunk(w.nbt, "r.0.0.mca, chunk 5, -2", MinecraftNames::builtin());
        FAIL() << "a palette index past the palette was taken";
    } catch (const FormatError& e) {
        EXPECT_NE(std::string(e.what()).find("chunk 5, -2"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("palette entry 3 of a palette of 3"), std::string::npos) << e.what();
    }
}

TEST(MinecraftChunk, NumericIdsWithDataValuesBefore113) {
    std::vector<uint8_t> blocks(4096, 0), data(2048, 0);
    blocks[0] = 1;                                          // stone
    blocks[1] = 1, data[0] = static_cast<uint8_t>(5 << 4);  // cell 1: andesite (data 5, high nibble)
    blocks[300] = 17, data[150] = 2;                        // cell 300: birch log
    blocks[301] = 31;                                       // tall grass: dropped
    NbtWriter n;
    n.begin_compound("");
    n.begin_compound("Level");
    n.write_int("xPos", 0);
    n.write_int("zPos", 0);
    n.write_byte("TerrainPopulated", 1);
    n.begin_compound_list("Sections", 1);
    n.begin_list_element();
    n.write_byte("Y", 3);
    n.write_byte_array("Blocks", blocks);
    n.write_byte_array("Data", data);
    n.end_compound();
    n.end_compound();
    n.end_compound();
    const MinecraftChunk c = decode_minecraft_chunk(n.take(), "old chunk", MinecraftNames::builtin());
    EXPECT_TRUE(c.finished);
    const auto& cells = c.sections[static_cast<std::size_t>(3 - kMinecraftMinSection)];
    ASSERT_EQ(cells.size(), 4096u);
    EXPECT_EQ(cells[0], B::kStone);
    EXPECT_EQ(cells[1], B::kAndesite);
    EXPECT_EQ(cells[300], B::kBirchLog);
    EXPECT_EQ(cells[301], B::kAir);
    EXPECT_EQ(c.cells_by[static_cast<std::size_t>(MappedBy::kDropped)], 1u);
    EXPECT_EQ(c.cells_by[static_cast<std::size_t>(MappedBy::kExact)], 3u);
}

TEST(MinecraftChunk, AChunkShortOfFullIsUnfinishedAndNotAChunkIsRefused) {
    NbtWriter n;
    n.begin_compound("");
    n.write_int("xPos", 1);
    n.write_int("zPos", 1);
    n.write_string("Status", "minecraft:features");
    n.end_compound();
    EXPECT_FALSE(decode_minecraft_chunk(n.take(), "c", MinecraftNames::builtin()).finished);
    NbtWriter other;
    other.begin_compound("");
    other.write_int("Width", 3);
    other.end_compound();
    EXPECT_THROW(decode_minecraft_chunk(other.take(), "c", MinecraftNames::builtin()), FormatError);
    const std::vector<uint8_t> junk = {9, 9, 9};
    EXPECT_THROW(decode_minecraft_chunk(junk, "c", MinecraftNames::builtin()), FormatError);
}

}  // namespace
}  // namespace slotcraft
