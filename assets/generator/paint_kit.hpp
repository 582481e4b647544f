#pragma once
// What the texture painters share (texture_art.cpp, mineral_art.cpp): a 16x16 canvas, a hash
// per texel and salt, value noise that wraps at 16 texels, and the painters other painters
// reuse with their own colours. Pure C++ (no GL, no files, no globals).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "texture_art.hpp"

namespace slotcraft::art {

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
inline uint32_t hash(int x, int y, uint32_t salt) {
    uint32_t h = static_cast<uint32_t>(x) * 0x8da6b343u ^ static_cast<uint32_t>(y) * 0xd8163841u ^ salt * 0xcb1ab31fu;
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    h ^= h >> 16;
    return h;
}

// Uniform in [0, 1).
inline float rand01(int x, int y, uint32_t salt) {
    return static_cast<float>(hash(x, y, salt) >> 8) * (1.0f / 16777216.0f);
}

inline float smooth(float t) { return t * t * (3.0f - 2.0f * t); }

// Value noise in [0, 1) on a lattice of `cell_x` by `cell_y` texels that wraps at 16 texels.
inline float value_noise(int x, int y, int cell_x, int cell_y, uint32_t salt) {
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

inline Colour shade(Colour c, float f) { return {c.r * f, c.g * f, c.b * f}; }
inline Colour mix(Colour a, Colour b, float t) {
    return {std::lerp(a.r, b.r, t), std::lerp(a.g, b.g, t), std::lerp(a.b, b.b, t)};
}

// Painters texture_art.cpp defines and mineral_art.cpp reuses with other colours.
void paint_stone_in(Canvas& cv, Colour stone, Colour crack);
void paint_sand_in(Canvas& cv, Colour sand, Colour light, Colour dark);
void paint_leaves_in(Canvas& cv, Colour leaf, Colour light);
void paint_planks_in(Canvas& cv, Colour plank, Colour gap);
// Bark: one ridge or groove a column, tones drifting down the trunk.
Colour bark_texel(int x, int y, Colour bark);
void paint_log_end_in(Canvas& cv, Colour wood, Colour ring, Colour (*rim)(int, int));

// The painters of the Minecraft blocks' layers (mineral_art.cpp): each layer's name, in the
// order of world/block.hpp's layers from cobblestone on.
struct Painter {
    std::string_view name;
    void (*paint)(Canvas&);
};
std::span<const Painter> minecraft_painters();

}  // namespace slotcraft::art
