#pragma once
// Reads the back buffer (before the swap: the front buffer reads black under Xvfb) and
// writes it as a PNG, top row first.
#include <cstdint>
#include <string>
#include <vector>

namespace slotcraft::gfx {

// RGB pixels of the back buffer, bottom row first (GL order).
std::vector<uint8_t> read_back_buffer(int width, int height);

// Writes bottom-up RGB pixels as a PNG. Throws GfxError naming the path on failure.
void write_png(const std::string& path, int width, int height, const std::vector<uint8_t>& rgb);

}  // namespace slotcraft::gfx
