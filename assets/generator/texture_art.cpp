// The painters of the block textures. Every random choice comes from hash(x, y, salt), so the
// output never changes between runs; noise wraps at 16 texels so faces tile without seams.
//
// Index: [SECTION] pixels and noise, [SECTION] ground (grass, dirt, stone, sand),
//        [SECTION] wood (logs, planks), [SECTION] see-through (leaves, glass), [SECTION] water,
//        [SECTION] brick, [SECTION] lamp, [SECTION] the layer table.
#include "texture_art.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace slotcraft::art {
namespace {

constexpr int kS = kTextureSize;

// [SECTION] pixels and noise

struct Colour {
    float r, g, b;  // 0..255
};

struct Canvas {
    std::array<Colour, kS * kS> rgb{};
    std::array<uint8_t, kS * kS> alpha{};

    Canvas() { alpha.fill(255); }
    Colour& at(int x, int y) { return rgb[static_cast<size_t>(wrap(y) * kS + wrap(x))]; }
    uint8_t& alpha_at(int x, int y) { return alpha[static_cast<size_t>(wrap(y) * kS + wrap(x))]; }
    static int wrap(int v) { return ((v % kS) + kS) % kS; }

    std::vector<uint8_t> bytes() const {
        std::vector<uint8_t> out;
        out.reserve(kS * kS * 4);
        for (size_t i = 0; i < rgb.size(); ++i) {
            out.push_back(to_byte(rgb[i].r));
            out.push_back(to_byte(rgb[i].g));
            out.push_back(to_byte(rgb[i].b));
            out.push_back(alpha[i]);
        }
        return out;
    }
    static uint8_t to_byte(float v) { return static_cast<uint8_t>(std::lround(std::clamp(v, 0.0f, 255.0f))); }
};

// A well-mixed 32-bit hash of a texel and a salt (one salt per use, so uses do not correlate).
uint32_t hash(int x, int y, uint32_t salt) {
    uint32_t h = static_cast<uint32_t>(x) * 0x8da6b343u ^ static_cast<uint32_t>(y) * 0xd8163841u ^ salt * 0xcb1ab31fu;
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    h ^= h >> 16;
    return h;
}

// Uniform in [0, 1).
float rand01(int x, int y, uint32_t salt) { return static_cast<float>(hash(x, y, salt) >> 8) * (1.0f / 16777216.0f); }

float smooth(float t) { return t * t * (3.0f - 2.0f * t); }

// Value noise in [0, 1) on a lattice of `cell_x` by `cell_y` texels that wraps at 16 texels.
float value_noise(int x, int y, int cell_x, int cell_y, uint32_t salt) {
    const int period_x = kS / cell_x;
    const int period_y = kS / cell_y;
    const int gx = x / cell_x, gy = y / cell_y;
    const float tx = smooth(static_cast<float>(x % cell_x) / static_cast<float>(cell_x));
    const float ty = smooth(static_cast<float>(y % cell_y) / static_cast<float>(cell_y));
    auto corner = [&](int cx, int cy) { return rand01(cx % period_x, cy % period_y, salt); };
    const float top = std::lerp(corner(gx, gy), corner(gx + 1, gy), tx);
    const float bottom = std::lerp(corner(gx, gy + 1), corner(gx + 1, gy + 1), tx);
    return std::lerp(top, bottom, ty);
}

Colour shade(Colour c, float f) { return {c.r * f, c.g * f, c.b * f}; }
Colour mix(Colour a, Colour b, float t) {
    return {std::lerp(a.r, b.r, t), std::lerp(a.g, b.g, t), std::lerp(a.b, b.b, t)};
}

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
void crack(Canvas& cv, int start_x, int start_y, uint32_t salt) {
    int x = start_x + static_cast<int>(hash(0, 0, salt) % 3) - 1;
    int y = start_y + static_cast<int>(hash(1, 0, salt) % 3) - 1;
    const int dx = (hash(2, 0, salt) & 1) ? 1 : -1;
    const int length = 5 + static_cast<int>(hash(3, 0, salt) % 3);
    for (int i = 0; i < length; ++i) {
        cv.at(x, y) = kCrack;
        const uint32_t step = hash(i, 4, salt) % 5;  // mostly across, sometimes down or up
        if (step < 2) ++y;
        else if (step == 2 && i > 0) --y;
        x += dx;
    }
}

void paint_stone(Canvas& cv) {
    for (int y = 0; y < kS; ++y) {
        for (int x = 0; x < kS; ++x) {
            const float broad = value_noise(x, y, 8, 8, 41);
            const float fine = value_noise(x, y, 4, 2, 42);
            const float grain = rand01(x, y, 43) - 0.5f;
            Colour c = shade(kStone, 0.78f + 0.22f * broad + 0.14f * fine + 0.12f * grain);
            if (rand01(x, y, 47) > 0.96f) c = shade(c, 1.18f);  // a glint of quartz
            cv.at(x, y) = c;
        }
    }
    crack(cv, 2, 3, 44);
    crack(cv, 9, 8, 45);
    crack(cv, 4, 12, 46);
}

void paint_sand(Canvas& cv) {
    for (int y = 0; y < kS; ++y) {
        for (int x = 0; x < kS; ++x) {
            const float ripple = value_noise(x, y, 8, 4, 51);
            Colour c = shade(kSand, 0.95f + 0.08f * ripple);
            const float r = rand01(x, y, 52);
            if (r < 0.2f) c = shade(c, 0.9f);
            else if (r < 0.3f) c = mix(c, kSandLight, 0.7f);
            else if (r > 0.965f) c = kSandDark;
            cv.at(x, y) = c;
        }
    }
}

// [SECTION] wood

constexpr Colour kBark{122, 110, 94};
constexpr Colour kWood{224, 196, 128};
constexpr Colour kRing{176, 140, 84};
constexpr Colour kPlank{178, 118, 62};
constexpr Colour kPlankGap{92, 58, 30};

Colour bark_texel(int x, int y) {
    // Each column is one ridge or groove of the bark; tones drift slowly down the trunk.
    static constexpr std::array<float, 4> kColumnTone = {0.78f, 0.95f, 1.08f, 0.9f};
    const float column = kColumnTone[hash(x, 0, 61) % 4];
    const float along = value_noise(x, y, 1, 4, 62);
    Colour c = shade(kBark, column * (0.86f + 0.24f * along));
    if (hash(x, 1, 63) % 4 == 0 && value_noise(x, y, 1, 8, 64) < 0.75f) c = shade(c, 0.6f);  // groove
    return c;
}

void paint_log_side(Canvas& cv) {
    for (int y = 0; y < kS; ++y)
        for (int x = 0; x < kS; ++x) cv.at(x, y) = bark_texel(x, y);
}

// The sawn end: pale wood with growth rings round the pith, inside a rim of bark.
void paint_log_end(Canvas& cv) {
    constexpr float kCentre = 7.5f;
    for (int y = 0; y < kS; ++y) {
        for (int x = 0; x < kS; ++x) {
            const float dx = static_cast<float>(x) - kCentre, dy = static_cast<float>(y) - kCentre;
            const float wobble = 0.7f * (value_noise(x, y, 4, 4, 71) - 0.5f);
            const float d = std::sqrt(dx * dx + dy * dy) + wobble;
            const bool ring = std::fmod(d, 2.6f) > 1.7f;
            Colour c = ring ? kRing : kWood;
            c = shade(c, 0.95f + 0.08f * rand01(x, y, 72));
            if (d < 0.9f) c = shade(kRing, 0.9f);  // the pith
            if (x == 0 || y == 0 || x == kS - 1 || y == kS - 1) c = bark_texel(x, y);
            cv.at(x, y) = c;
        }
    }
}

// Four boards, each 3 texels of grain over a 1-texel gap, with one end joint per board.
void paint_planks(Canvas& cv) {
    static constexpr std::array<int, 4> kJoint = {3, 11, 7, 14};
    for (int y = 0; y < kS; ++y) {
        const int board = y / 4;
        const float board_tone = 0.92f + 0.14f * rand01(board, 0, 81);
        for (int x = 0; x < kS; ++x) {
            const float grain = value_noise(x, y, 8, 1, 82);
            Colour c = shade(kPlank, board_tone * (0.9f + 0.16f * grain));
            if (rand01(x, y, 83) < 0.08f) c = shade(c, 0.88f);
            if (y % 4 == 3 || x == kJoint[static_cast<size_t>(board)]) c = kPlankGap;
            else if (y % 4 == 0) c = shade(c, 1.07f);  // the board's lit top edge
            cv.at(x, y) = c;
        }
    }
}

// [SECTION] see-through

constexpr Colour kLeaf{52, 106, 36};
constexpr Colour kLeafLight{84, 140, 52};
constexpr Colour kGlassFrame{222, 238, 244};
constexpr Colour kGlassTint{196, 222, 234};
constexpr Colour kGlassStreak{246, 252, 255};

// Dark green clumps with holes (alpha 0) where the clumps thin out. The 4x4 texels in the
// middle stay solid, so a leaf block seen face-on is leaf at its centre, not what is behind.
void paint_leaves(Canvas& cv) {
    for (int y = 0; y < kS; ++y) {
        for (int x = 0; x < kS; ++x) {
            const float clump = value_noise(x, y, 4, 4, 91);
            Colour c = shade(kLeaf, 0.78f + 0.36f * clump);
            const float r = rand01(x, y, 92);
            if (r < 0.15f) c = mix(c, kLeafLight, 0.8f);
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

struct Painter {
    std::string_view name;
    void (*paint)(Canvas&);
};

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

constexpr std::array<std::string_view, kPainters.size()> kNames = [] {
    std::array<std::string_view, kPainters.size()> names{};
    for (size_t i = 0; i < kPainters.size(); ++i) names[i] = kPainters[i].name;
    return names;
}();

}  // namespace

std::span<const std::string_view> painted_layers() { return kNames; }

std::optional<std::vector<uint8_t>> paint_layer(std::string_view name) {
    for (const Painter& p : kPainters) {
        if (p.name != name) continue;
        Canvas canvas;
        p.paint(canvas);
        return canvas.bytes();
    }
    return std::nullopt;
}

}  // namespace slotcraft::art
