#pragma once
// Slotcraft's block art: paints every 16x16 texture layer from a fixed per-pixel hash, so
// the same program always paints the same pixels. Pure C++ (no GL, no files, no globals):
// make_textures.cpp writes the PNGs, and the look tests compare them with what is committed.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace slotcraft::art {

inline constexpr int kTextureSize = 16;

// The layer names this file can paint, in the order of world/block.hpp's layers.
std::span<const std::string_view> painted_layers();

// The RGBA pixels (16 x 16 x 4 bytes, top row first) of layer `name`, or nullopt for a
// name this file has no painter for.
std::optional<std::vector<uint8_t>> paint_layer(std::string_view name);

}  // namespace slotcraft::art
