#pragma once
// Per-frame framebuffer set-up: viewport and the sky-coloured clear.
#include "slots/palette.hpp"

namespace slotcraft::gfx {

void begin_frame(int width, int height, Rgb8 sky);

// Waits until the GPU has finished every command so far (benchmarks time whole frames).
void finish();

}  // namespace slotcraft::gfx
