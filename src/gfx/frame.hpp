#pragma once
// Per-frame framebuffer set-up: viewport and the sky-coloured clear.
#include "slots/palette.hpp"

namespace slotcraft::gfx {

void begin_frame(int width, int height, Rgb8 sky);

// The part of the depth buffer the next draws write (glDepthRange): the full world uses
// 0..1; with far terrain the near world takes 0..0.5 and the far rings 0.5..1, each with its
// own projection, so both keep a fine depth step (docs/rendering.md "Far terrain").
void set_depth_range(double near_end, double far_end);

// Waits until the GPU has finished every command so far (benchmarks time whole frames).
void finish();

}  // namespace slotcraft::gfx
