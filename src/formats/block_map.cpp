// The block colour and block name tables, and the OKLab distance (see block_map.hpp).
#include "formats/block_map.hpp"

#include <cassert>
#include <cmath>
#include <limits>

namespace slotcraft {

namespace {

using B = BlockType;

// [SECTION] colours: one row per BlockType, in value order (the mean of the drawn texels of
// the six faces: grass = its top, four sides and dirt bottom; log = two ends and four sides).
constexpr std::array<Rgb, kBlockTypeCount> kColours = {{
    {0, 0, 0},        // air (never written)
    {108, 106, 54},   // grass
    {118, 81, 55},    // dirt
    {124, 124, 126},  // stone
    {215, 202, 152},  // sand
    {124, 109, 84},   // log
    {54, 106, 36},    // leaves
    {148, 97, 51},    // planks
    {220, 234, 240},  // glass
    {158, 90, 78},    // brick
    {48, 98, 187},    // water
    {161, 135, 78},   // lamp
    {99, 99, 100},    // cobblestone
    {92, 107, 76},    // mossy_cobblestone
    {106, 99, 97},    // gravel
    {155, 161, 174},  // clay
    {76, 76, 76},     // bedrock
    {73, 73, 81},     // deepslate
    {100, 100, 91},   // tuff
    {201, 202, 197},  // calcite
    {142, 98, 82},    // granite
    {176, 176, 178},  // diorite
    {128, 128, 129},  // andesite
    {70, 70, 76},     // smooth_basalt
    {129, 100, 84},   // dripstone_block
    {140, 106, 192},  // amethyst_block
    {22, 16, 34},     // obsidian
    {213, 108, 31},   // lava
    {224, 230, 232},  // snow_block
    {152, 186, 233},  // ice
    {207, 193, 144},  // sandstone
    {186, 103, 43},   // red_sand
    {144, 89, 65},    // terracotta
    {88, 110, 44},    // moss_block
    {56, 53, 56},     // mud
    {82, 60, 37},     // spruce_log
    {201, 195, 175},  // birch_log
    {45, 82, 56},     // spruce_leaves
    {96, 131, 55},    // birch_leaves
    {96, 69, 41},     // spruce_planks
    {180, 162, 108},  // birch_planks
    {106, 106, 109},  // coal_ore
    {66, 66, 73},     // deepslate_coal_ore
    {135, 129, 125},  // iron_ore
    {95, 89, 90},     // deepslate_iron_ore
    {130, 118, 115},  // copper_ore
    {90, 78, 79},     // deepslate_copper_ore
    {135, 132, 114},  // gold_ore
    {94, 91, 78},     // deepslate_gold_ore
    {133, 108, 109},  // redstone_ore
    {92, 67, 73},     // deepslate_redstone_ore
    {108, 113, 130},  // lapis_ore
    {68, 73, 95},     // deepslate_lapis_ore
    {116, 133, 135},  // diamond_ore
    {75, 92, 98},     // deepslate_diamond_ore
    {109, 130, 118},  // emerald_ore
    {68, 89, 81},     // deepslate_emerald_ore
}};

double linear(uint8_t v) {
    const double c = v / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double distance2(const OkLab& p, const OkLab& q) {
    return (p.l - q.l) * (p.l - q.l) + (p.a - q.a) * (p.a - q.a) + (p.b - q.b) * (p.b - q.b);
}

// [SECTION] names: one row per BlockType, in value order, as written to a .schem.
constexpr std::array<std::string_view, kBlockTypeCount> kStates = {
    "minecraft:air",
    "minecraft:grass_block",
    "minecraft:dirt",
    "minecraft:stone",
    "minecraft:sand",
    "minecraft:oak_log[axis=y]",
    "minecraft:oak_leaves[persistent=true]",
    "minecraft:oak_planks",
    "minecraft:glass",
    "minecraft:bricks",
    "minecraft:water[level=0]",
    "minecraft:glowstone",
    "minecraft:cobblestone",
    "minecraft:mossy_cobblestone",
    "minecraft:gravel",
    "minecraft:clay",
    "minecraft:bedrock",
    "minecraft:deepslate",
    "minecraft:tuff",
    "minecraft:calcite",
    "minecraft:granite",
    "minecraft:diorite",
    "minecraft:andesite",
    "minecraft:smooth_basalt",
    "minecraft:dripstone_block",
    "minecraft:amethyst_block",
    "minecraft:obsidian",
    "minecraft:lava[level=0]",
    "minecraft:snow_block",
    "minecraft:ice",
    "minecraft:sandstone",
    "minecraft:red_sand",
    "minecraft:terracotta",
    "minecraft:moss_block",
    "minecraft:mud",
    "minecraft:spruce_log[axis=y]",
    "minecraft:birch_log[axis=y]",
    "minecraft:spruce_leaves[persistent=true]",
    "minecraft:birch_leaves[persistent=true]",
    "minecraft:spruce_planks",
    "minecraft:birch_planks",
    "minecraft:coal_ore",
    "minecraft:deepslate_coal_ore",
    "minecraft:iron_ore",
    "minecraft:deepslate_iron_ore",
    "minecraft:copper_ore",
    "minecraft:deepslate_copper_ore",
    "minecraft:gold_ore",
    "minecraft:deepslate_gold_ore",
    "minecraft:redstone_ore",
    "minecraft:deepslate_redstone_ore",
    "minecraft:lapis_ore",
    "minecraft:deepslate_lapis_ore",
    "minecraft:diamond_ore",
    "minecraft:deepslate_diamond_ore",
    "minecraft:emerald_ore",
    "minecraft:deepslate_emerald_ore",
};

}  // namespace

Rgb block_colour(BlockType type) {
    const auto v = static_cast<uint8_t>(type);
    assert(is_valid_block_type(v) && "block_colour: not a BlockType value; validate input first");
    return kColours[v];
}

OkLab to_oklab(Rgb c) {
    // sRGB -> linear -> LMS -> cube root -> Lab (Ottosson's published matrices).
    const double r = linear(c.r), g = linear(c.g), b = linear(c.b);
    const double l = std::cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
    const double m = std::cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
    const double s = std::cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
    return {0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s};
}

BlockType nearest_block(Rgb c) {
    const OkLab p = to_oklab(c);
    BlockType best = B::kStone;
    double best_d = std::numeric_limits<double>::infinity();
    for (const BlockType t : placeable_blocks()) {
        const double d = distance2(p, to_oklab(block_colour(t)));
        if (d < best_d) {
            best_d = d;
            best = t;
        }
    }
    return best;
}

std::string hex(Rgb c) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out = "#";
    for (const uint8_t v : {c.r, c.g, c.b}) {
        out += kDigits[v >> 4];
        out += kDigits[v & 15];
    }
    return out;
}

std::string_view minecraft_state(BlockType type) {
    return kStates[static_cast<std::size_t>(static_cast<uint8_t>(type))];
}

NameMapping block_from_minecraft(std::string_view state) { return MinecraftNames::builtin().map(state); }

}  // namespace slotcraft
