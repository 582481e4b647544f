#pragma once
// Reads the back buffer (before the swap: the front buffer reads black under Xvfb) and
// encodes it as a PNG, top row first.
#include <cstdint>
#include <string>
#include <vector>

namespace slotcraft::gfx {

// RGB pixels of the back buffer, bottom row first (GL order).
std::vector<uint8_t> read_back_buffer(int width, int height);

// Bottom-up RGB pixels as the bytes of a PNG file (the caller writes them and checks every
// write). Throws GfxError when the encoder fails (out of memory).
std::string encode_png(int width, int height, const std::vector<uint8_t>& rgb);

}  // namespace slotcraft::gfx
