#pragma once
// The scale the overlay, the HUD and the block picker draw at: ImGui's font and every size of
// its style grow with the window (overlay_layout::size_class), so a 2560x1440 window shows
// the same panels as 1280x720, twice as large. Never include ImGui here (the App calls it).
#include "ui/overlay_layout.hpp"

namespace slotcraft {

// Sets ImGui's font scale and style sizes for the window's size this frame (ImGui's work
// area), from the next window drawn on; returns the size class. Call once a frame, after
// ImGui's NewFrame and before any panel.
overlay_layout::SizeClass scale_ui();

}  // namespace slotcraft
