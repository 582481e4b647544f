#pragma once
// Where the overlay's panels sit: a column down the left edge (Frame, Buffer, Allocator,
// World) and one down the right edge (Occupancy, Culling), so the middle of the screen,
// where the crosshair is, stays clear at 1280x720. The render tests read the same figures.
// Plain C++20: never include ImGui or GL.

namespace slotcraft::overlay_layout {

inline constexpr float kMargin = 10.0f;  // from the screen's edges
inline constexpr float kGap = 6.0f;      // between panels of a column
inline constexpr float kLeftWidth = 320.0f;
inline constexpr float kRightWidth = 352.0f;
inline constexpr float kBackgroundAlpha = 0.78f;

// The occupancy picture's area inside its panel: a grid of cells at most this big (it
// scrolls when zoomed in further), plus room for a vertical scroll bar.
inline constexpr float kGridWidth = 320.0f;
inline constexpr float kGridHeight = 256.0f;
inline constexpr float kOccupancyHeight = 384.0f;  // the Occupancy panel's fixed height

struct Rect {
    float x = 0, y = 0, width = 0, height = 0;
};

constexpr float left_column_x() { return kMargin; }
constexpr float right_column_x(float screen_width) { return screen_width - kMargin - kRightWidth; }

// The Occupancy panel, unfolded: fixed, at the top of the right column.
constexpr Rect occupancy_panel(float screen_width) {
    return {right_column_x(screen_width), kMargin, kRightWidth, kOccupancyHeight};
}

}  // namespace slotcraft::overlay_layout
