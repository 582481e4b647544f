#pragma once
// How Slotcraft's blocks meet other programs' (docs/formats.md "Mapping"): each block's mean
// texture colour (the .vox palette) and the nearest block to any colour in OKLab, a
// perceptual colour space; each block's Minecraft block state (the .schem palette) and the
// block a Minecraft name becomes (minecraft_names.hpp). Plain C++20;
// never depends on GL, zlib or the app.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "formats/minecraft_names.hpp"
#include "world/block.hpp"

namespace slotcraft {

struct Rgb {
    uint8_t r = 0, g = 0, b = 0;
    friend bool operator==(const Rgb&, const Rgb&) = default;
};

// The mean colour of the texels a block's six faces draw (alpha >= 128), from
// assets/textures/ (tests/formats checks the table against the PNGs). Air: black.
Rgb block_colour(BlockType type);

// A colour in OKLab (L 0..1, a and b about -0.4..0.4): distances there follow how different
// two colours look, unlike distances in sRGB.
struct OkLab {
    double l = 0, a = 0, b = 0;
};
OkLab to_oklab(Rgb c);
// The placeable block whose colour is nearest to `c` in OKLab (ties: the lower type value).
BlockType nearest_block(Rgb c);
// "#8f6d54": how messages name a colour.
std::string hex(Rgb c);

// The Minecraft block state a block is written as ("minecraft:oak_log[axis=y]").
std::string_view minecraft_state(BlockType type);

// What a Minecraft block state ("minecraft:diorite", "oak_log[axis=x]") becomes, by the
// built-in name table (minecraft_names.hpp, assets/minecraft_blocks.txt).
NameMapping block_from_minecraft(std::string_view state);

}  // namespace slotcraft
