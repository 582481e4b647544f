// The painters of the block textures. Every random choice comes from hash(x, y, salt), so the
// output never changes between runs; noise wraps at 16 texels so faces tile without seams.
//
// Index: [SECTION] pixels and noise, [SECTION] ground (grass, dirt, stone, sand),
//        [SECTION] wood (logs, planks), [SECTION] see-through (leaves, glass), [SECTION] water,
//        [SECTION] brick, [SECTION] lamp, [SECTION] the layer table.
#include "texture_art.hpp"

#include "paint_kit.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace slotcraft::art {
namespace {

// [SECTION] ground

constexpr Colour kGrass{98, 156, 54};
constexpr Colour kGrassLight{138, 192, 80};
constexpr Colour kDirt{124, 84, 56};
constexpr Colour kDirtLight{156, 118, 86};
constexpr Colour kPebble{142, 128, 112};
constexpr Colour kStone{128, 128, 130};
constexpr Colour kCrack{78, 78, 84};
constexpr Colour kSand{220, 206, 154};
constexpr Colour kSandLight{240, 231, 190};
constexpr Colour kSandDark{178, 156, 110};

// The grass colour of a texel: clumps of lighter and darker green with single-texel speckles.
Colour grass_texel(int x, int y) {
    const float clump = value_noise(x, y, 4, 4, 11);
    Colour c = shade(kGrass, 0.86f + 0.26f * clump);
    const float r = rand01(x, y, 12);
    if (r < 0.14f) c = mix(c, kGrassLight, 0.7f);
    else if (r < 0.26f) c = shade(c, 0.78f);
    return c;
}

Colour dirt_texel(int x, int y) {
    const float n = value_noise(x, y, 4, 4, 21);
    Colour c = shade(kDirt, 0.9f + 0.2f * n);
    const float r = rand01(x, y, 22);
    if (r < 0.18f) c = shade(c, 0.76f);
    else if (r < 0.27f) c = mix(c, kDirtLight, 0.6f);
    else if (r > 0.975f) c = kPebble;
    return c;
}

void paint_grass_top(Canvas& cv) {
    for (int y = 0; y < kS; ++y)
        for (int x = 0; x < kS; ++x) cv.at(x, y) = grass_texel(x, y);
}

void paint_dirt(Canvas& cv) {
    for (int y = 0; y < kS; ++y)
        for (int x = 0; x < kS; ++x) cv.at(x, y) = dirt_texel(x, y);
}

// Dirt with grass hanging over the top edge: 3 to 5 rows deep, now and then a longer drip.
void paint_grass_side(Canvas& cv) {
    paint_dirt(cv);
    for (int x = 0; x < kS; ++x) {
        int depth = 4 + static_cast<int>(hash(x, 0, 31) % 3);
        if (rand01(x, 0, 32) < 0.2f) depth += 2;
        for (int y = 0; y < depth; ++y) cv.at(x, y) = grass_texel(x, y);
        cv.at(x, depth - 1) = shade(cv.at(x, depth - 1), 0.85f);  // the fringe's lower edge
        cv.at(x, depth) = shade(cv.at(x, depth), 0.8f);           // its shadow on the dirt
    }
}

// A crack: a short walk from `start` that drifts sideways and down, dark with a lit edge
// below it. The start jitters by a texel so the three cracks differ in shape.
void crack(Canvas& cv, int start_x, int start_y, uint32_t salt, Colour colour) {
    int x = start_x + static_cast<int>(hash(0, 0, salt) % 3) - 1;
    int y = start_y + static_cast<int>(hash(1, 0, salt) % 3) - 1;
    const int dx = (hash(2, 0, salt) & 1) ? 1 : -1;
    const int length = 5 + static_cast<int>(hash(3, 0, salt) % 3);
    for (int i = 0; i < length; ++i) {
        cv.at(x, y) = colour;
        const uint32_t step = hash(i, 4, salt) % 5;  // mostly across, sometimes down or up
        if (step < 2) ++y;
        else if (step == 2 && i > 0) --y;
        x += dx;
    }
}

}  // namespace

void paint_stone_in(Canvas& cv, Colour stone, Colour dark) {
    for (int y = 0; y < kS; ++y) {
        for (int x = 0; x < kS; ++x) {
            const float broad = value_noise(x, y, 8, 8, 41);
            const float fine = value_noise(x, y, 4, 2, 42);
            const float grain = rand01(x, y, 43) - 0.5f;
            Colour c = shade(stone, 0.78f + 0.22f * broad + 0.14f * fine + 0.12f * grain);
            if (rand01(x, y, 47) > 0.96f) c = shade(c, 1.18f);  // a glint of quartz
            cv.at(x, y) = c;
        }
    }
    crack(cv, 2, 3, 44, dark);
    crack(cv, 9, 8, 45, dark);
    crack(cv, 4, 12, 46, dark);
}

namespace {

void paint_stone(Canvas& cv) { paint_stone_in(cv, kStone, kCrack); }

}  // namespace

void paint_sand_in(Canvas& cv, Colour sand, Colour light, Colour dark) {
    for (int y = 0; y < kS; ++y) {
        for (int x = 0; x < kS; ++x) {
            const float ripple = value_noise(x, y, 8, 4, 51);
            Colour c = shade(sand, 0.95f + 0.08f * ripple);
            const float r = rand01(x, y, 52);
            if (r < 0.2f) c = shade(c, 0.9f);
            else if (r < 0.3f) c = mix(c, light, 0.7f);
            else if (r > 0.965f) c = dark;
            cv.at(x, y) = c;
        }
    }
}

namespace {

void paint_sand(Canvas& cv) { paint_sand_in(cv, kSand, kSandLight, kSandDark); }

// [SECTION] wood

constexpr Colour kBark{122, 110, 94};
constexpr Colour kWood{224, 196, 128};
constexpr Colour kRing{176, 140, 84};
constexpr Colour kPlank{178, 118, 62};
constexpr Colour kPlankGap{92, 58, 30};

}  // namespace

Colour bark_texel(int x, int y, Colour bark) {
    // Each column is one ridge or groove of the bark; tones drift slowly down the trunk.
    static constexpr std::array<float, 4> kColumnTone = {0.78f, 0.95f, 1.08f, 0.9f};
    const float column = kColumnTone[hash(x, 0, 61) % 4];
    const float along = value_noise(x, y, 1, 4, 62);
    Colour c = shade(bark, column * (0.86f + 0.24f * along));
    if (hash(x, 1, 63) % 4 == 0 && value_noise(x, y, 1, 8, 64) < 0.75f) c = shade(c, 0.6f);  // groove
    return c;
}

// The sawn end: pale wood with growth rings round the pith, inside a rim of bark
// (`rim(x, y)` gives the rim's texels).
void paint_log_end_in(Canvas& cv, Colour wood, Colour ring_colour, Colour (*rim)(int, int)) {
    constexpr float kCentre = 7.5f;
    for (int y = 0; y < kS; ++y) {
        for (int x = 0; x < kS; ++x) {
            const float dx = static_cast<float>(x) - kCentre, dy = static_cast<float>(y) - kCentre;
            const float wobble = 0.7f * (value_noise(x, y, 4, 4, 71) - 0.5f);
            const float d = std::sqrt(dx * dx + dy * dy) + wobble;
            const bool ring = std::fmod(d, 2.6f) > 1.7f;
            Colour c = ring ? ring_colour : wood;
            c = shade(c, 0.95f + 0.08f * rand01(x, y, 72));
            if (d < 0.9f) c = shade(ring_colour, 0.9f);  // the pith
            if (x == 0 || y == 0 || x == kS - 1 || y == kS - 1) c = rim(x, y);
            cv.at(x, y) = c;
        }
    }
}

namespace {

Colour oak_bark(int x, int y) { return bark_texel(x, y, kBark); }

void paint_log_side(Canvas& cv) {
    for (int y = 0; y < kS; ++y)
        for (int x = 0; x < kS; ++x) cv.at(x, y) = oak_bark(x, y);
}

void paint_log_end(Canvas& cv) { paint_log_end_in(cv, kWood, kRing, oak_bark); }

// Four boards, each 3 texels of grain over a 1-texel gap, with one end joint per board.
}  // namespace

void paint_planks_in(Canvas& cv, Colour plank, Colour gap) {
    static constexpr std::array<int, 4> kJoint = {3, 11, 7, 14};
    for (int y = 0; y < kS; ++y) {
        const int board = y / 4;
        const float board_tone = 0.92f + 0.14f * rand01(board, 0, 81);
        for (int x = 0; x < kS; ++x) {
            const float grain = value_noise(x, y, 8, 1, 82);
            Colour c = shade(plank, board_tone * (0.9f + 0.16f * grain));
            if (rand01(x, y, 83) < 0.08f) c = shade(c, 0.88f);
            if (y % 4 == 3 || x == kJoint[static_cast<size_t>(board)]) c = gap;
            else if (y % 4 == 0) c = shade(c, 1.07f);  // the board's lit top edge
            cv.at(x, y) = c;
        }
    }
}

namespace {

void paint_planks(Canvas& cv) { paint_planks_in(cv, kPlank, kPlankGap); }

// [SECTION] see-through

constexpr Colour kLeaf{52, 106, 36};
constexpr Colour kLeafLight{84, 140, 52};
constexpr Colour kGlassFrame{222, 238, 244};
constexpr Colour kGlassTint{196, 222, 234};
constexpr Colour kGlassStreak{246, 252, 255};

// Dark green clumps with holes (alpha 0) where the clumps thin out. The 4x4 texels in the
// middle stay solid, so a leaf block seen face-on is leaf at its centre, not what is behind.
}  // namespace

void paint_leaves_in(Canvas& cv, Colour leaf, Colour light) {
    for (int y = 0; y < kS; ++y) {
        for (int x = 0; x < kS; ++x) {
            const float clump = value_noise(x, y, 4, 4, 91);
            Colour c = shade(leaf, 0.78f + 0.36f * clump);
            const float r = rand01(x, y, 92);
            if (r < 0.15f) c = mix(c, light, 0.8f);
            else if (r < 0.3f) c = shade(c, 0.75f);
            cv.at(x, y) = c;
            const bool middle = x >= 6 && x <= 9 && y >= 6 && y <= 9;
            // Holes keep their green: mipmaps average colour with alpha, so a grey hole
            // would grey the leaves at a distance.
            const float r_hole = rand01(x, y, 93);
            const bool hole = (clump < 0.35f && r_hole < 0.6f) || r_hole < 0.05f;  // gaps between clumps
            if (!middle && hole) cv.alpha_at(x, y) = 0;
        }
    }
}

namespace {

void paint_leaves(Canvas& cv) { paint_leaves_in(cv, kLeaf, kLeafLight); }

// A light frame, a clear (alpha 0) pane, and a short double highlight streak.
void paint_glass(Canvas& cv) {
    for (int y = 0; y < kS; ++y) {
        for (int x = 0; x < kS; ++x) {
            const bool frame = x == 0 || y == 0 || x == kS - 1 || y == kS - 1;
            cv.at(x, y) = frame ? shade(kGlassFrame, 0.94f + 0.06f * rand01(x, y, 101)) : kGlassTint;
            cv.alpha_at(x, y) = frame ? 255 : 0;
        }
    }
    for (int i = 0; i < 5; ++i) {  // streak from (2, 7) up to (6, 3), two texels thick
        for (int t = 0; t < 2; ++t) {
            cv.at(2 + i + t, 7 - i) = kGlassStreak;
            cv.alpha_at(2 + i + t, 7 - i) = 255;
        }
    }
    for (int i = 0; i < 2; ++i) {  // its short echo lower right
        cv.at(9 + i, 12 - i) = kGlassStreak;
        cv.alpha_at(9 + i, 12 - i) = 255;
    }
}

// [SECTION] water

constexpr Colour kWater{46, 98, 190};
constexpr Colour kWaterLight{104, 156, 226};
constexpr uint8_t kWaterAlpha = 160;  // blended in the translucent pass: the ground shows through

// Deep blue with soft diagonal ripples and a few light glints; one alpha for every texel,
// so the tint is even and mipmaps keep it.
void paint_water(Canvas& cv) {
    for (int y = 0; y < kS; ++y) {
        for (int x = 0; x < kS; ++x) {
            const float swell = value_noise(x, y, 8, 4, 121);
            const float ripple = 0.5f + 0.5f * std::sin(static_cast<float>(x + 2 * y) * 0.785f + swell * 3.0f);
            Colour c = shade(kWater, 0.9f + 0.16f * ripple);
            if (ripple > 0.93f && rand01(x, y, 122) < 0.5f) c = mix(c, kWaterLight, 0.6f);
            cv.at(x, y) = c;
            cv.alpha_at(x, y) = kWaterAlpha;
        }
    }
}

// [SECTION] brick

constexpr Colour kBrick{160, 54, 40};
constexpr Colour kMortar{176, 170, 160};

// Courses 4 texels high (3 of brick, 1 of mortar); bricks 8 wide, every other course shifted.
void paint_brick(Canvas& cv) {
    for (int y = 0; y < kS; ++y) {
        const int course = y / 4;
        const int shift = (course % 2) * 4;
        for (int x = 0; x < kS; ++x) {
            const int brick = (x + shift) / 8;
            const bool mortar = y % 4 == 3 || (x + shift) % 8 == 7;
            Colour c;
            if (mortar) {
                c = shade(kMortar, 0.92f + 0.1f * rand01(x, y, 111));
            } else {
                const float tone = 0.86f + 0.2f * rand01(brick, course, 112);
                c = shade(kBrick, tone * (0.93f + 0.12f * rand01(x, y, 113)));
                if (y % 4 == 0) c = shade(c, 1.1f);  // lit top edge
            }
            cv.at(x, y) = c;
        }
    }
}

// [SECTION] lamp

constexpr Colour kLampFrame{58, 52, 48};
constexpr Colour kLampGlow{255, 206, 96};
constexpr Colour kLampCore{255, 244, 200};

// A lantern seen side-on: a dark iron frame (1 texel at the edge, bars through the middle)
// around four glowing panes that are brightest towards the middle of the face.
void paint_lamp(Canvas& cv) {
    for (int y = 0; y < kS; ++y) {
        for (int x = 0; x < kS; ++x) {
            const bool frame = x == 0 || y == 0 || x == kS - 1 || y == kS - 1 || x == 7 || x == 8 || y == 7 || y == 8;
            if (frame) {
                const bool rivet = (x == 0 || x == kS - 1 || x == 7 || x == 8) &&
                                   (y == 0 || y == kS - 1 || y == 7 || y == 8);
                cv.at(x, y) = shade(kLampFrame, (rivet ? 1.45f : 1.0f) * (0.9f + 0.2f * rand01(x, y, 121)));
                continue;
            }
            const float dx = static_cast<float>(x) - 7.5f, dy = static_cast<float>(y) - 7.5f;
            const float near = std::clamp(1.0f - std::sqrt(dx * dx + dy * dy) / 7.5f, 0.0f, 1.0f);
            const Colour glow = shade(kLampGlow, 0.88f + 0.1f * rand01(x, y, 122));
            cv.at(x, y) = mix(glow, kLampCore, near * near);
        }
    }
}

// [SECTION] the layer table

constexpr std::array<Painter, 13> kPainters = {{
    {"grass_top", paint_grass_top},
    {"grass_side", paint_grass_side},
    {"dirt", paint_dirt},
    {"stone", paint_stone},
    {"sand", paint_sand},
    {"log_end", paint_log_end},
    {"log_side", paint_log_side},
    {"leaves", paint_leaves},
    {"planks", paint_planks},
    {"glass", paint_glass},
    {"brick", paint_brick},
    {"water", paint_water},
    {"lamp", paint_lamp},
}};

}  // namespace

std::span<const std::string_view> painted_layers() {
    static const std::vector<std::string_view> names = [] {
        std::vector<std::string_view> out;
        for (const Painter& p : kPainters) out.push_back(p.name);
        for (const Painter& p : minecraft_painters()) out.push_back(p.name);
        return out;
    }();
    return names;
}

std::optional<std::vector<uint8_t>> paint_layer(std::string_view name) {
    for (const std::span<const Painter> table : {std::span<const Painter>(kPainters), minecraft_painters()}) {
        for (const Painter& p : table) {
            if (p.name != name) continue;
            Canvas canvas;
            p.paint(canvas);
            return canvas.bytes();
        }
    }
    return std::nullopt;
}

}  // namespace slotcraft::art
