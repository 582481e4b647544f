#pragma once
// The heads-up display: the hotbar at the bottom with the movement mode under it, the key
// help (shown at the start, F1 brings it back), a loading bar while the first chunks
// generate, and a short message line. ImGui.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ui/overlay_layout.hpp"

namespace slotcraft {

// One line of the key help: the keys and what they do.
struct KeyHelpRow {
    std::string_view keys;
    std::string_view action;
};

struct HudView {
    std::array<std::string_view, 9> hotbar{};    // block names
    std::array<unsigned int, 9> hotbar_icons{};  // each block's texture (a GL texture name; 0: none)
    int selected = 0;
    bool show_key_help = true;
    std::span<const KeyHelpRow> key_help;  // every key, in the order shown
    overlay_layout::Rect key_help_room;    // where the key help must fit (empty: the whole window)
    // Where the message, the region's size and the save problem go: while the overlay's
    // panels show, the room between their columns (Overlay::room_between_panels), so no text
    // runs over or under a panel; they wrap to its width. Empty, or too narrow for a line of
    // text (a window of a few hundred pixels): the whole window.
    overlay_layout::Rect text_room;
    bool loading = false;  // the first chunks are still generating
    int chunks_loaded = 0;
    int chunks_wanted = 0;
    std::string mode;          // "fly" or "walk"
    std::string message;       // shown under the crosshair for a moment (empty: none)
    std::string save_problem;  // the world file cannot be written: shown until it can (empty: none)
    std::string region;        // the edit region's size, "32 by 12 by 32 (12288 cells)" (empty: none)
    std::string mask;          // the editor's mask while one is set, "stone,dirt" (empty: none)
};

// Where the HUD's parts went in the frame drawn (an empty rect: not shown).
struct HudPlacement {
    overlay_layout::Rect hotbar;                // the overlay's panels keep off it
    std::array<overlay_layout::Rect, 9> slots;  // each hotbar slot: its icon over its label
    overlay_layout::Rect message;
    overlay_layout::Rect region;
    overlay_layout::Rect save_problem;
    // What was drawn, as named rects for the layout record (`record-layout`): "hotbar",
    // "slot1" to "slot9", then "message", "region", "save_problem" when shown.
    std::vector<overlay_layout::NamedRect> named() const;
};

// Draws the HUD.
HudPlacement draw_hud(const HudView& view);

// Where the key help goes while the overlay's panels show: the room between their columns
// (overlay_layout::beside_panels) above the hotbar (where it was drawn last), when every key
// fits there at full size; nullopt when it does not, and the panels step aside while the help
// shows (docs/architecture.md "The overlay's layout").
std::optional<overlay_layout::Rect> key_help_beside_panels(std::span<const KeyHelpRow> rows,
                                                           const overlay_layout::Rect& hotbar);

}  // namespace slotcraft
