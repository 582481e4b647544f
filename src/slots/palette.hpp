#pragma once
// Colours shared by the renderer, the texture generator and the render tests. Plain
// constants: never GL or gfx/, so anything may include it.
#include <cstdint>

namespace slotcraft {

// The sky colour, in 8-bit sRGB, as the clear colour and the fog target.
struct Rgb8 {
    uint8_t r, g, b;
};
inline constexpr Rgb8 kSkyColour{142, 186, 232};

}  // namespace slotcraft
