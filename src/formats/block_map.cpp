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
};

// Names that are air besides minecraft:air.
constexpr std::array<std::string_view, 2> kAlsoAir = {"minecraft:cave_air", "minecraft:void_air"};

// The fallback table: the first pattern the name contains decides (docs/formats.md lists it).
struct Fallback {
    std::string_view pattern;
    BlockType type;
};
constexpr Fallback kFallbacks[] = {
    {"water", B::kWater},      {"glass", B::kGlass},       {"leaves", B::kLeaves},    {"_log", B::kLog},
    {"_wood", B::kLog},        {"_stem", B::kLog},         {"_hyphae", B::kLog},      {"planks", B::kPlanks},
    {"bookshelf", B::kPlanks}, {"stone_brick", B::kStone}, {"brick", B::kBrick},      {"glowstone", B::kLamp},
    {"lantern", B::kLamp},     {"lamp", B::kLamp},         {"shroomlight", B::kLamp}, {"froglight", B::kLamp},
    {"sand", B::kSand},        {"dirt", B::kDirt},         {"podzol", B::kDirt},      {"mycelium", B::kDirt},
    {"farmland", B::kDirt},    {"mud", B::kDirt},          {"moss_block", B::kGrass},
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

NameMapping block_from_minecraft(std::string_view state) {
    std::string name(state.substr(0, state.find('[')));
    if (name.find(':') == std::string::npos) name = "minecraft:" + name;
    for (const std::string_view air : kAlsoAir) {
        if (name == air) return {B::kAir, true};
    }
    for (int t = 0; t < kBlockTypeCount; ++t) {
        const std::string_view ours = kStates[static_cast<std::size_t>(t)];
        if (name == ours.substr(0, ours.find('['))) return {static_cast<BlockType>(t), true};
    }
    for (const Fallback& f : kFallbacks) {
        if (name.find(f.pattern) != std::string::npos) return {f.type, false};
    }
    return {B::kStone, false};
}

}  // namespace slotcraft
