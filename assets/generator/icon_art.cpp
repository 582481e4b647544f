// The icon painter (see icon_art.hpp). Each pixel is split into 4x4 samples; each sample is
// mapped back onto the face of the unit cube it lands on (top, left front or right front)
// and takes that face's texel, so the cube is exactly the game's art, only seen at an angle.
#include "icon_art.hpp"

#include <array>
#include <cassert>
#include <cmath>
#include <optional>
#include <string_view>

#include "texture_art.hpp"

namespace slotcraft::art {
namespace {

constexpr int kSamples = 4;  // per axis and pixel
// Light per face, as the cube shader's sun lights them seen from this angle: top brightest.
constexpr float kTopLight = 1.0f, kLeftLight = 0.80f, kRightLight = 0.62f;

struct Vec2 {
    float x, y;
};

// Solves p = a * u + b * v for (u, v); true when both lie in [0, 1) (the point is on the face).
bool on_face(Vec2 p, Vec2 a, Vec2 b, float& u, float& v) {
    const float det = a.x * b.y - a.y * b.x;
    u = (p.x * b.y - p.y * b.x) / det;
    v = (a.x * p.y - a.y * p.x) / det;
    return u >= 0.0f && u < 1.0f && v >= 0.0f && v < 1.0f;
}

struct Texture {
    std::vector<uint8_t> rgba;
    // The texel at face coordinates (u, v) in [0, 1): u runs right, v runs down the image.
    std::array<float, 4> at(float u, float v) const {
        const int x = std::min(static_cast<int>(u * kTextureSize), kTextureSize - 1);
        const int y = std::min(static_cast<int>(v * kTextureSize), kTextureSize - 1);
        const uint8_t* t = &rgba[static_cast<size_t>((y * kTextureSize + x) * 4)];
        return {static_cast<float>(t[0]), static_cast<float>(t[1]), static_cast<float>(t[2]), static_cast<float>(t[3])};
    }
};

Texture layer(std::string_view name) {
    std::optional<std::vector<uint8_t>> rgba = paint_layer(name);
    assert(rgba && "icon_art: the icon's block layers must have painters in texture_art.cpp");
    return {std::move(*rgba)};
}

}  // namespace

std::vector<uint8_t> paint_icon(int size) {
    assert(size >= 16 && size <= 1024 && "paint_icon: size must be 16..1024");
    const Texture top = layer("grass_top"), side = layer("grass_side");

    // Screen directions (y down) of the cube's edges, one edge = `edge` pixels: the world x
    // axis runs right-down, z left-down, y straight up; the hexagon is 2 * edge high.
    const float edge = 0.47f * static_cast<float>(size);
    const float c30 = std::sqrt(3.0f) * 0.5f * edge, s30 = 0.5f * edge;
    const Vec2 ex{c30, s30}, ez{-c30, s30}, ey{0.0f, -edge};
    // The cube's centre lands on the image centre, so its top-back corner (0, 1, 0) is here:
    const Vec2 top_back{0.5f * static_cast<float>(size), 0.5f * static_cast<float>(size) - edge};
    // The front vertical edge (x = 1, z = 1) starts under the top's front corner:
    const Vec2 front_top{top_back.x, top_back.y + 2.0f * s30};

    std::vector<uint8_t> out(static_cast<size_t>(size * size * 4), 0);
    for (int py = 0; py < size; ++py) {
        for (int px = 0; px < size; ++px) {
            float sum[4] = {0, 0, 0, 0};  // premultiplied colour and coverage
            for (int sy = 0; sy < kSamples; ++sy) {
                for (int sx = 0; sx < kSamples; ++sx) {
                    const float x = static_cast<float>(px) + (static_cast<float>(sx) + 0.5f) / kSamples;
                    const float y = static_cast<float>(py) + (static_cast<float>(sy) + 0.5f) / kSamples;
                    float u = 0, v = 0, light = 0;
                    std::array<float, 4> texel{};
                    if (on_face({x - top_back.x, y - top_back.y}, ex, ez, u, v)) {
                        texel = top.at(u, v), light = kTopLight;  // y = 1: u along x, v along z
                    } else if (on_face({x - front_top.x, y - front_top.y}, Vec2{-ex.x, -ex.y}, Vec2{-ey.x, -ey.y}, u,
                                       v)) {
                        texel = side.at(1.0f - u, v), light = kLeftLight;  // z = 1, seen from +z
                    } else if (on_face({x - front_top.x, y - front_top.y}, Vec2{-ez.x, -ez.y}, Vec2{-ey.x, -ey.y}, u,
                                       v)) {
                        texel = side.at(u, v), light = kRightLight;  // x = 1, seen from +x
                    } else {
                        continue;
                    }
                    const float a = texel[3] / 255.0f;
                    for (int i = 0; i < 3; ++i) sum[i] += texel[static_cast<size_t>(i)] * light * a;
                    sum[3] += a;
                }
            }
            uint8_t* o = &out[static_cast<size_t>((py * size + px) * 4)];
            if (sum[3] <= 0.0f) continue;
            for (int i = 0; i < 3; ++i) o[i] = static_cast<uint8_t>(std::lround(std::min(sum[i] / sum[3], 255.0f)));
            o[3] = static_cast<uint8_t>(std::lround(255.0f * sum[3] / (kSamples * kSamples)));
        }
    }
    return out;
}

}  // namespace slotcraft::art
