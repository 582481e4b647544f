#pragma once
// Internals of the overlay shared by its source files: rows of label and value, and the
// panels themselves. Only src/ui/*.cpp include this (ImGui).
#include <imgui.h>

#include "ui/overlay.hpp"

namespace slotcraft::ui_detail {

// "label      value" with the values of a panel lined up in one column; a value too long
// for a narrow panel wraps under itself.
void value_row(const char* label, const char* format, ...) IM_FMTARGS(2);
// The value column of the rows that follow starts `x` pixels into the panel.
inline constexpr float kValueColumn = 112.0f;
inline const ImVec4 kLabelColour{0.60f, 0.70f, 0.82f, 1.0f};  // ImVec4 is not constexpr in 1.86

ImU32 to_imgui(uint8_t r, uint8_t g, uint8_t b, uint8_t a = 255);

// Occupancy: the picture of the slot pages (occupancy_panel.cpp). `zoom` is the panel's
// own view state (zoom steps past the fitted layout).
void occupancy_panel(const OverlayView& view, int& zoom, OverlayActions& actions);

// Edit: the region, the clipboard and the undo journal, a block chooser and the operations'
// buttons (edit_panel.cpp). `block` and `from` are the panel's chosen BlockType values.
void edit_panel(const OverlayView& view, int& block, int& from, OverlayActions& actions);
// The Edit panel's file row: a .vox or .schem path and its export and import buttons.
void build_file_rows(std::array<char, 512>& path, OverlayActions& actions);

}  // namespace slotcraft::ui_detail
