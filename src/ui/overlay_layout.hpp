#pragma once
// Where the overlay's panels sit in a window of any size: a column down the left edge and
// one down the right, each kept out of the middle of the view (the crosshair's box) and off
// the hotbar. Every size is a multiple of the window's scale (size_class). A column that
// cannot hold all of its panels open folds the least wanted ones to their title bars; a window
// too narrow for two readable columns gets one column of folded panels. The panels' heights
// are fixed (measured from their rows, never from their figures), so the result changes only
// with the window and the user's folds (docs/architecture.md "The overlay's layout").
// Plain C++20: never include ImGui or GL.
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace slotcraft::overlay_layout {

// The sizes below are at scale 1 (a window of kDesignWidth x kDesignHeight or smaller);
// arrange() multiplies them by Screen::scale.
inline constexpr float kMargin = 10.0f;  // from the window's edges
inline constexpr float kGap = 6.0f;      // between panels of a column, and from the hotbar
inline constexpr float kLeftWidth = 320.0f;
inline constexpr float kRightWidth = 352.0f;
inline constexpr float kBackgroundAlpha = 0.78f;
// The middle of the view that no panel covers: this fraction of the width and of the height,
// centred on the crosshair.
inline constexpr float kClearFraction = 0.2f;
// The narrowest column whose label-value rows stay readable (a long value wraps once); a
// window with less room beside its clear middle gets one column.
inline constexpr float kMinColumnWidth = 260.0f;
// One column stops this far left of the crosshair when the window leaves it the room.
inline constexpr float kCrosshairRoom = 16.0f;

// The occupancy picture's frame inside its panel: always this tall whatever the buffer holds
// (the picture grows inside it and scrolls when zoomed in further), as wide as the panel
// allows up to kGridWidth.
inline constexpr float kGridWidth = 320.0f;
inline constexpr float kGridHeight = 150.0f;

// The window every panel is designed to fit open at scale 1. A window that holds a whole
// number of quarter steps past it draws everything that much larger (font, widths, gaps).
inline constexpr float kDesignWidth = 1280.0f;
inline constexpr float kDesignHeight = 720.0f;
inline constexpr float kMaxScale = 4.0f;

// A window's size class: the scale the overlay and HUD draw at, and the name the panels'
// fold state is remembered under ("small" below the design size, else "x1.00", "x1.50", ...).
struct SizeClass {
    float scale = 1.0f;
    const char* name = "small";
    friend bool operator==(const SizeClass& a, const SizeClass& b) {
        return a.scale == b.scale && std::string_view(a.name) == b.name;
    }
};
// 800x600: small at 1; 1280x720: x1.00; 1920x1080: x1.50; 2560x1440: x2.00.
SizeClass size_class(float screen_width, float screen_height);

struct Rect {
    float x = 0, y = 0, width = 0, height = 0;
    float right() const { return x + width; }
    float bottom() const { return y + height; }
    bool empty() const { return width <= 0.0f || height <= 0.0f; }
    // Whether the two rectangles share any area.
    bool overlaps(const Rect& o) const {
        return !empty() && !o.empty() && x < o.right() && o.x < right() && y < o.bottom() && o.y < bottom();
    }
    bool contains(const Rect& o) const {
        return o.x >= x && o.y >= y && o.right() <= right() && o.bottom() <= bottom();
    }
    friend bool operator==(const Rect&, const Rect&) = default;
};

// A rectangle with the name the layout record gives it ("message").
struct NamedRect {
    std::string_view key;
    Rect rect;
};

// The box around the crosshair that stays clear: the middle fifth of the width and of the
// height (kClearFraction), centred on the crosshair.
Rect clear_centre(float screen_width, float screen_height);
// The widest column that fits between a window edge and the clear centre (margins at `scale`).
float side_room(float screen_width, float scale = 1.0f);

enum class Side { kLeft, kRight };

// One panel as the layout sees it, in the order the panels stack down their column.
struct PanelRequest {
    Side side = Side::kLeft;
    float width = kLeftWidth;  // its width when there is room
    float open_height = 0.0f;  // as tall as its contents (last measured; 0: not known yet)
    bool wants_open = true;    // the user has it unfolded
    int64_t priority = 0;      // kept open before panels of lower priority
};

struct Screen {
    float width = 0, height = 0;
    Rect hotbar;                 // where the hotbar is (empty: none)
    float title_height = 17.0f;  // a folded panel: its title bar
    float scale = 1.0f;          // size_class(width, height).scale: widths, margins and gaps grow by it
};

struct Placement {
    Rect rect;         // height: open_height when open, title_height when folded
    bool open = true;  // false: folded to its title bar (by the user or to make room)
};

struct Layout {
    std::vector<Placement> panels;  // one per request, in request order
    bool one_column = false;        // the window is too narrow for two readable columns
};

// Places the panels (every width, margin and gap at screen.scale; PanelRequest::width and
// open_height are already scaled). Two columns when side_room() allows kMinColumnWidth: each panel goes
// to its side, as wide as it asks or as the room allows, never into clear_centre(). One
// column (down the left edge, every panel in request order) when it does not. A column
// ends above the hotbar where the two meet; the one column also stops short of the crosshair
// when that leaves it kMinColumnWidth. When a column's panels do not all fit open,
// the open panels of lowest priority fold until they do, then folded ones that the user
// wants open unfold again, highest priority first, wherever they still fit.
Layout arrange(const Screen& screen, std::span<const PanelRequest> panels);

// The room the panels leave free at their full widths: between the two columns, or right of
// the one column, from the top margin to the bottom margin (the hotbar not taken off). The key
// help goes there while the panels show (hud.cpp).
Rect beside_panels(const Screen& screen);

}  // namespace slotcraft::overlay_layout
