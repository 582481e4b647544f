#pragma once
// Colours shared by the renderer and the render tests (no GL here, so tests include it).
#include <cstdint>

namespace slotcraft {

// The sky colour, in 8-bit sRGB, as the clear colour and the fog target.
struct Rgb8 {
    uint8_t r, g, b;
};
inline constexpr Rgb8 kSkyColour{142, 186, 232};

}  // namespace slotcraft
