#pragma once
// The heads-up display: the hotbar at the bottom, a one-line key help until the first key
// press, a loading bar while the first chunks generate, and a short message line. ImGui.
#include <array>
#include <string>
#include <string_view>

namespace slotcraft {

struct HudView {
    std::array<std::string_view, 9> hotbar{};  // block names
    int selected = 0;
    bool show_key_help = true;
    bool loading = false;  // the first chunks are still generating
    int chunks_loaded = 0;
    int chunks_wanted = 0;
    std::string mode;     // "fly" or "walk"
    std::string message;  // shown under the crosshair for a moment (empty: none)
    std::string region;   // the edit region's size, "32 by 12 by 32 (12288 cells)" (empty: none)
};

void draw_hud(const HudView& view);

}  // namespace slotcraft
