#pragma once
// Internals of the overlay shared by its source files: rows of label and value, the log of
// where each control went, and the panels themselves. Only src/ui/*.cpp include this (ImGui).
#include <imgui.h>

#include <vector>

#include "ui/overlay.hpp"

namespace slotcraft::ui_detail {

// Where the controls of the panel being drawn went (the layout record); a null list (the
// measuring pass) records nothing.
class ItemLog {
public:
    ItemLog() = default;
    ItemLog(std::vector<ItemPlacement>* items, ImVec2 origin) : items_(items), origin_(origin) {}
    // Records the item ImGui drew last under `id`.
    void note(const char* id);

private:
    std::vector<ItemPlacement>* items_ = nullptr;
    ImVec2 origin_{0.0f, 0.0f};  // the work area's corner: rectangles are relative to it
};

// `pixels` at the window's scale (io.FontGlobalScale: overlay_layout::size_class).
inline float px(float pixels) { return pixels * ImGui::GetIO().FontGlobalScale; }

// "label      value" with the values of a panel lined up in one column. A row is one line
// whatever its figures: a value too long for the panel ends in "..." (the whole value in
// the row's tooltip), so no row wraps and no panel grows. The value is logged under `label`.
void value_row(ItemLog& log, const char* label, const char* format, ...) IM_FMTARGS(3);
// A label in the label column, the next item in the value column.
void label(const char* text);
// One line of `text` cut to the width left in the row ("..." and the whole text as a tooltip).
void fitted_text(const char* text);
// The value column of the rows starts this far into the panel (at scale 1).
inline constexpr float kValueColumn = 112.0f;
inline float value_column() { return px(kValueColumn); }
inline const ImVec4 kLabelColour{0.60f, 0.70f, 0.82f, 1.0f};  // ImVec4 is not constexpr in 1.86

ImU32 to_imgui(uint8_t r, uint8_t g, uint8_t b, uint8_t a = 255);

// A slider in the value column, as wide as the rest of the row, logged under `id`.
template <typename Slide>
bool slider_row(ItemLog& log, const char* label, const char* id, Slide&& slide) {
    ImGui::AlignTextToFramePadding();  // the label's line as tall as the slider's, centred on it
    ui_detail::label(label);
    ImGui::SetNextItemWidth(-FLT_MIN);  // to the panel's right edge, whichever column it is in
    const bool changed = slide(id);
    log.note(id + 2);  // "##view_distance" is logged as "view_distance"
    return changed;
}

// "%d chunk" or "%d chunks": the slider's format for `distance` (ImGui prints the number).
inline const char* chunks_format(int distance) { return distance == 1 ? "%d chunk" : "%d chunks"; }

// World: the world, the camera, the target, chunks, streaming, saving, the view and far
// distances and the daylight (world_panel.cpp).
void world_panel(const OverlayView& view, OverlayActions& actions, ItemLog& log);

// Occupancy: the picture of the slot pages (occupancy_panel.cpp). `zoom` is the panel's
// own view state (zoom steps past the fitted layout).
void occupancy_panel(const OverlayView& view, int& zoom, OverlayActions& actions, ItemLog& log);

// Edit: the region, the clipboard and the undo journal, a block chooser and the operations'
// buttons (edit_panel.cpp). `block` and `from` are the panel's chosen BlockType values.
// The Edit panel's own choices: the block written, the block replaced (and the mask's), and
// whether the shape buttons build shells.
struct EditChoices {
    int& block;
    int& from;
    bool& hollow;      // the shape buttons build shells
    bool& build_open;  // the Build window shows
};
void edit_panel(const OverlayView& view, EditChoices choices, OverlayActions& actions, ItemLog& log);
// The Build window (the Edit panel's "build" button): shapes, walls, hollow, clear, stack,
// flip, the region's growth, the mask, the clipboard emptied, the brush and the mirror.
void build_window(const OverlayView& view, EditChoices choices, OverlayActions& actions);
// The Edit panel's file row: a .vox or .schem path and its export and import buttons.
void build_file_rows(std::array<char, 512>& path, OverlayActions& actions, ItemLog& log);

}  // namespace slotcraft::ui_detail
