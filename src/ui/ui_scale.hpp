#pragma once
// The scale the overlay, the HUD and the block picker draw at: ImGui's font and every size of
// its style grow with the window (overlay_layout::size_class), so a 2560x1440 window shows
// the same panels as 1280x720, twice as large. Never include ImGui here (the App calls it).
#include "ui/overlay_layout.hpp"

namespace slotcraft {

// Sets ImGui's font scale and style sizes for a window of `width` x `height` pixels (the
// display size this frame); returns the size class. Call once a frame BEFORE ImGui's NewFrame:
// NewFrame fixes the frame's font size from the font scale, so a scale set after it shows
// only from the next frame, and whatever is measured in between (the overlay's panels, the
// first frame after a resize) would be measured at the old size).
overlay_layout::SizeClass scale_ui(float width, float height);

}  // namespace slotcraft
