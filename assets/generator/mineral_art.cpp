// The painters of the blocks a Minecraft world is made of (world/block.hpp, cobblestone on):
// rock of many kinds, ores in stone and in deepslate, wood of two more trees, and the
// rest. Each is painted from the same hash and noise as texture_art.cpp, with colours of its
// own, so every block reads as itself at a glance.
//
// Index: [SECTION] rock, [SECTION] loose ground, [SECTION] special, [SECTION] wood,
//        [SECTION] ores, [SECTION] the table.
#include <array>
#include <cmath>

#include "paint_kit.hpp"

namespace slotcraft::art {
namespace {

// [SECTION] rock

// Grainy rock: broad noise, fine grain, and speckles of a dark and a light mineral.
struct Rock {
    Colour base, dark, light;
    float dark_share, light_share;  // speckle fractions
    uint32_t salt;
    int band;  // 0: none; else the height of horizontal layers (deepslate, sandstone)
};

void paint_rock(Canvas& cv, const Rock& r) {
    for (int y = 0; y < kS; ++y) {
        for (int x = 0; x < kS; ++x) {
            const float broad = value_noise(x, y, 8, 8, r.salt);
            const float grain = rand01(x, y, r.salt + 1) - 0.5f;
            float tone = 0.84f + 0.2f * broad + 0.1f * grain;
            if (r.band > 0) tone *= (y / r.band) % 2 == 0 ? 1.04f : 0.93f;
            Colour c = shade(r.base, tone);
            const float s = rand01(x, y, r.salt + 2);
            if (s < r.dark_share) c = mix(c, r.dark, 0.75f);
            else if (s > 1.0f - r.light_share) c = mix(c, r.light, 0.7f);
            cv.at(x, y) = c;
        }
    }
}

constexpr Rock kDeepslate{{80, 80, 88}, {46, 46, 54}, {108, 108, 116}, 0.12f, 0.06f, 301, 2};
constexpr Rock kTuff{{108, 108, 98}, {78, 80, 70}, {142, 140, 126}, 0.16f, 0.1f, 311, 0};
constexpr Rock kCalcite{{222, 223, 218}, {190, 192, 188}, {244, 244, 240}, 0.1f, 0.12f, 321, 0};
constexpr Rock kGranite{{152, 104, 86}, {112, 70, 58}, {196, 150, 132}, 0.2f, 0.14f, 331, 0};
constexpr Rock kDiorite{{190, 190, 192}, {112, 112, 114}, {236, 236, 236}, 0.14f, 0.18f, 341, 0};
constexpr Rock kAndesite{{134, 134, 136}, {100, 100, 102}, {168, 168, 168}, 0.18f, 0.14f, 351, 0};
constexpr Rock kBasalt{{72, 72, 78}, {56, 56, 62}, {92, 92, 98}, 0.05f, 0.05f, 361, 0};
constexpr Rock kBedrock{{86, 86, 86}, {30, 30, 30}, {150, 150, 150}, 0.3f, 0.22f, 371, 0};
constexpr Rock kObsidian{{22, 16, 34}, {10, 8, 16}, {74, 50, 110}, 0.1f, 0.07f, 381, 0};
constexpr Rock kSandstoneRock{{216, 202, 150}, {190, 172, 118}, {232, 222, 178}, 0.08f, 0.08f, 391, 4};
constexpr Rock kTerracotta{{152, 94, 68}, {132, 80, 58}, {170, 110, 82}, 0.06f, 0.06f, 401, 0};
constexpr Rock kClay{{160, 166, 180}, {140, 146, 160}, {178, 184, 196}, 0.06f, 0.06f, 411, 0};
constexpr Rock kMud{{60, 56, 60}, {44, 40, 44}, {78, 74, 76}, 0.08f, 0.06f, 421, 0};
constexpr Rock kSnow{{240, 246, 248}, {214, 224, 232}, {255, 255, 255}, 0.06f, 0.1f, 431, 0};
constexpr Rock kPlainStone{{128, 128, 130}, {96, 96, 100}, {150, 150, 152}, 0.1f, 0.05f, 441, 0};

void paint_deepslate(Canvas& cv) { paint_rock(cv, kDeepslate); }
void paint_tuff(Canvas& cv) { paint_rock(cv, kTuff); }
void paint_calcite(Canvas& cv) { paint_rock(cv, kCalcite); }
void paint_granite(Canvas& cv) { paint_rock(cv, kGranite); }
void paint_diorite(Canvas& cv) { paint_rock(cv, kDiorite); }
void paint_andesite(Canvas& cv) { paint_rock(cv, kAndesite); }
void paint_smooth_basalt(Canvas& cv) { paint_rock(cv, kBasalt); }
void paint_bedrock(Canvas& cv) { paint_rock(cv, kBedrock); }
void paint_obsidian(Canvas& cv) { paint_rock(cv, kObsidian); }
void paint_sandstone(Canvas& cv) { paint_rock(cv, kSandstoneRock); }
void paint_terracotta(Canvas& cv) { paint_rock(cv, kTerracotta); }
void paint_clay(Canvas& cv) { paint_rock(cv, kClay); }
void paint_mud(Canvas& cv) { paint_rock(cv, kMud); }
void paint_snow_block(Canvas& cv) { paint_rock(cv, kSnow); }

// Rounded stones set in darker mortar: a cell grid of 4 to 6 texels, each cell one stone
// lit at its top left.
void paint_cobble_in(Canvas& cv, Colour stone, Colour mortar, uint32_t salt) {
    for (int y = 0; y < kS; ++y) {
        for (int x = 0; x < kS; ++x) {
            const int row = y / 4;
            const int shift = (row % 2) * 3;
            const int col = (x + shift) / 5;
            const int cx = (x + shift) % 5, cy = y % 4;
            const bool edge = cx == 4 || cy == 3 || (cx == 0 && cy == 0);
            const float tone = 0.82f + 0.3f * rand01(col, row, salt);
            Colour c = shade(stone, tone * (0.92f + 0.1f * rand01(x, y, salt + 1)));
            if (cx <= 1 && cy == 0) c = shade(c, 1.12f);
            cv.at(x, y) = edge ? shade(mortar, 0.9f + 0.15f * rand01(x, y, salt + 2)) : c;
        }
    }
}

void paint_cobblestone(Canvas& cv) { paint_cobble_in(cv, {132, 132, 132}, {72, 72, 76}, 451); }

void paint_mossy_cobblestone(Canvas& cv) {
    paint_cobble_in(cv, {128, 130, 124}, {70, 74, 68}, 451);
    for (int y = 0; y < kS; ++y)
        for (int x = 0; x < kS; ++x)
            if (value_noise(x, y, 4, 4, 461) > 0.58f)
                cv.at(x, y) = shade({88, 120, 52}, 0.85f + 0.3f * rand01(x, y, 462));
}

// Dripstone: warm brown in vertical streaks, as if run down the face.
void paint_dripstone_block(Canvas& cv) {
    for (int y = 0; y < kS; ++y) {
        for (int x = 0; x < kS; ++x) {
            const float streak = value_noise(x, y, 2, 8, 471);
            Colour c = shade({134, 104, 88}, 0.8f + 0.3f * streak + 0.08f * (rand01(x, y, 472) - 0.5f));
            cv.at(x, y) = c;
        }
    }
}

// [SECTION] loose ground

void paint_gravel(Canvas& cv) {
    for (int y = 0; y < kS; ++y) {
        for (int x = 0; x < kS; ++x) {
            // Pebbles: cells of 3x3 texels with a tone each, rims darker.
            const int px = x / 3, py = y / 3;
            const float tone = 0.7f + 0.5f * rand01(px, py, 481);
            Colour c = shade({126, 120, 118}, tone);
            if (x % 3 == 2 || y % 3 == 2) c = shade(c, 0.75f);
            if (rand01(px, py, 482) < 0.2f) c = mix(c, {150, 120, 104}, 0.5f);
            cv.at(x, y) = c;
        }
    }
}

void paint_red_sand(Canvas& cv) { paint_sand_in(cv, {190, 104, 42}, {214, 136, 72}, {146, 78, 32}); }

void paint_moss_block(Canvas& cv) {
    for (int y = 0; y < kS; ++y) {
        for (int x = 0; x < kS; ++x) {
            const float clump = value_noise(x, y, 2, 2, 491);
            Colour c = shade({88, 110, 44}, 0.8f + 0.35f * clump);
            if (rand01(x, y, 492) < 0.12f) c = mix(c, {124, 148, 62}, 0.7f);
            cv.at(x, y) = c;
        }
    }
}

// [SECTION] special

// Lava: dark orange crust between bright yellow veins that swirl.
void paint_lava(Canvas& cv) {
    for (int y = 0; y < kS; ++y) {
        for (int x = 0; x < kS; ++x) {
            const float n = value_noise(x, y, 4, 4, 501) + 0.5f * value_noise(x, y, 2, 2, 502);
            const float vein = std::abs(std::sin(n * 5.0f));
            const Colour crust{196, 72, 18}, hot{255, 196, 64};
            cv.at(x, y) = mix(hot, crust, std::clamp(vein * 1.2f, 0.0f, 1.0f));
        }
    }
}

// Ice: pale blue with long straight cracks of white.
void paint_ice(Canvas& cv) {
    for (int y = 0; y < kS; ++y) {
        for (int x = 0; x < kS; ++x) {
            Colour c = shade({150, 186, 238}, 0.92f + 0.1f * value_noise(x, y, 8, 8, 511));
            if ((x + 2 * y) % 13 == 0 || (3 * x - y + 32) % 17 == 0) c = mix(c, {232, 244, 255}, 0.6f);
            cv.at(x, y) = c;
        }
    }
}

// Amethyst: purple facets, each a tone, with bright edges.
void paint_amethyst_block(Canvas& cv) {
    for (int y = 0; y < kS; ++y) {
        for (int x = 0; x < kS; ++x) {
            const int fx = (x + y / 2) / 4, fy = y / 4;
            Colour c = shade({134, 98, 190}, 0.78f + 0.35f * rand01(fx, fy, 521));
            if ((x + y / 2) % 4 == 0) c = mix(c, {214, 180, 246}, 0.5f);
            cv.at(x, y) = c;
        }
    }
}

// [SECTION] wood

Colour spruce_bark(int x, int y) { return bark_texel(x, y, {74, 54, 34}); }

// Birch bark: white with short black dashes across it.
Colour birch_bark(int x, int y) {
    Colour c = shade({222, 220, 210}, 0.92f + 0.1f * rand01(x, y, 531));
    const int dash_row = static_cast<int>(hash(0, y / 3, 532) % 16);
    if (y % 3 == 0 && x >= dash_row && x < dash_row + 3 + static_cast<int>(hash(1, y, 533) % 4)) c = {46, 44, 40};
    return c;
}

void paint_spruce_log_end(Canvas& cv) { paint_log_end_in(cv, {170, 126, 76}, {120, 86, 50}, spruce_bark); }
void paint_spruce_log_side(Canvas& cv) {
    for (int y = 0; y < kS; ++y)
        for (int x = 0; x < kS; ++x) cv.at(x, y) = spruce_bark(x, y);
}
void paint_birch_log_end(Canvas& cv) { paint_log_end_in(cv, {220, 204, 150}, {186, 164, 110}, birch_bark); }
void paint_birch_log_side(Canvas& cv) {
    for (int y = 0; y < kS; ++y)
        for (int x = 0; x < kS; ++x) cv.at(x, y) = birch_bark(x, y);
}
void paint_spruce_leaves(Canvas& cv) { paint_leaves_in(cv, {44, 82, 56}, {66, 108, 76}); }
void paint_birch_leaves(Canvas& cv) { paint_leaves_in(cv, {96, 132, 54}, {134, 168, 80}); }
void paint_spruce_planks(Canvas& cv) { paint_planks_in(cv, {116, 84, 50}, {60, 42, 24}); }
void paint_birch_planks(Canvas& cv) { paint_planks_in(cv, {206, 186, 126}, {138, 120, 76}); }

// [SECTION] ores

// An ore: its rock with five clusters of the mineral, each up to 3x3 texels with a lit and
// a dark side, placed by the ore's own salt so no two ores share a pattern.
void paint_ore(Canvas& cv, bool deep, Colour mineral, uint32_t salt) {
    paint_rock(cv, deep ? kDeepslate : kPlainStone);
    static constexpr std::array<std::array<int, 2>, 5> kCentres = {{{3, 3}, {11, 4}, {7, 8}, {3, 12}, {12, 12}}};
    for (int k = 0; k < static_cast<int>(kCentres.size()); ++k) {
        const auto& centre = kCentres[static_cast<std::size_t>(k)];
        const int cx = centre[0] + static_cast<int>(hash(k, 0, salt) % 3) - 1;
        const int cy = centre[1] + static_cast<int>(hash(k, 1, salt) % 3) - 1;
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx) {
                if (rand01(cx + dx, cy + dy, salt) < 0.2f) continue;
                const float lit = dx + dy < 0 ? 1.2f : dx + dy > 0 ? 0.72f : 1.0f;
                cv.at(cx + dx, cy + dy) = shade(mineral, lit);
            }
        }
    }
}

constexpr Colour kCoal{34, 34, 36}, kIron{216, 174, 140}, kCopper{196, 110, 74}, kGold{244, 208, 64},
    kRedstone{210, 30, 24}, kLapis{40, 74, 178}, kDiamond{90, 222, 214}, kEmerald{40, 196, 92};

// A named painter for each ore and its deepslate kind.
template <bool kDeep, const Colour& kMineral, uint32_t kSalt>
void ore(Canvas& cv) {
    paint_ore(cv, kDeep, kMineral, kSalt);
}

// [SECTION] the table

constexpr std::array<Painter, 47> kMinecraftPainters = {{
    {"cobblestone", paint_cobblestone},
    {"mossy_cobblestone", paint_mossy_cobblestone},
    {"gravel", paint_gravel},
    {"clay", paint_clay},
    {"bedrock", paint_bedrock},
    {"deepslate", paint_deepslate},
    {"tuff", paint_tuff},
    {"calcite", paint_calcite},
    {"granite", paint_granite},
    {"diorite", paint_diorite},
    {"andesite", paint_andesite},
    {"smooth_basalt", paint_smooth_basalt},
    {"dripstone_block", paint_dripstone_block},
    {"amethyst_block", paint_amethyst_block},
    {"obsidian", paint_obsidian},
    {"lava", paint_lava},
    {"snow_block", paint_snow_block},
    {"ice", paint_ice},
    {"sandstone", paint_sandstone},
    {"red_sand", paint_red_sand},
    {"terracotta", paint_terracotta},
    {"moss_block", paint_moss_block},
    {"mud", paint_mud},
    {"spruce_log_end", paint_spruce_log_end},
    {"spruce_log_side", paint_spruce_log_side},
    {"birch_log_end", paint_birch_log_end},
    {"birch_log_side", paint_birch_log_side},
    {"spruce_leaves", paint_spruce_leaves},
    {"birch_leaves", paint_birch_leaves},
    {"spruce_planks", paint_spruce_planks},
    {"birch_planks", paint_birch_planks},
    {"coal_ore", ore<false, kCoal, 541>},
    {"deepslate_coal_ore", ore<true, kCoal, 541>},
    {"iron_ore", ore<false, kIron, 542>},
    {"deepslate_iron_ore", ore<true, kIron, 542>},
    {"copper_ore", ore<false, kCopper, 543>},
    {"deepslate_copper_ore", ore<true, kCopper, 543>},
    {"gold_ore", ore<false, kGold, 544>},
    {"deepslate_gold_ore", ore<true, kGold, 544>},
    {"redstone_ore", ore<false, kRedstone, 545>},
    {"deepslate_redstone_ore", ore<true, kRedstone, 545>},
    {"lapis_ore", ore<false, kLapis, 546>},
    {"deepslate_lapis_ore", ore<true, kLapis, 546>},
    {"diamond_ore", ore<false, kDiamond, 547>},
    {"deepslate_diamond_ore", ore<true, kDiamond, 547>},
    {"emerald_ore", ore<false, kEmerald, 548>},
    {"deepslate_emerald_ore", ore<true, kEmerald, 548>},
}};

}  // namespace

std::span<const Painter> minecraft_painters() { return kMinecraftPainters; }

}  // namespace slotcraft::art
