#pragma once
// Slotcraft's application icon: one grass block seen from above at the classic isometric
// angle, its three faces painted from our own block textures (texture_art.hpp) and shaded
// like the renderer's sun. Pure C++ (no GL, no files): make_textures.cpp writes the PNGs
// (assets/icons/), and the gfx tests compare them with what is committed.
#include <cstdint>
#include <span>
#include <vector>

namespace slotcraft::art {

// The sizes the icon is committed and installed at (share/icons/hicolor/NxN/apps/).
inline constexpr int kIconSizes[] = {64, 256};

// The RGBA pixels (size x size x 4 bytes, top row first) of the icon: transparent around the
// cube, edges anti-aliased by 4x4 supersampling. 16 <= size <= 1024.
std::vector<uint8_t> paint_icon(int size);

}  // namespace slotcraft::art
