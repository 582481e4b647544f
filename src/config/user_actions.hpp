#pragma once
// What a key or a click asks the App to do (UserAction), and the editor's actions by the names
// a script's `press NAME` uses: one table, so a script presses exactly what a key does. Which
// key is bound to which action is the settings file's [keys] (config/settings.hpp).
#include <span>
#include <string_view>

namespace slotcraft {

// What a key or a click asks the App to do (the keys are the defaults of the settings
// file's [keys] table).
enum class UserAction {
    kNone,
    kQuit,           // Ctrl+Q
    kToggleOverlay,  // F3
    kFullscreen,     // F11
    kScreenshot,     // F2
    kToggleMode,     // F: fly <-> walk
    kBreak,          // left click (mouse captured)
    kPlace,          // right click
    kPick,           // middle click
    kCornerOne,      // B: the region's first corner at the targeted block
    kCornerTwo,      // N: its second corner
    kUndo,           // Ctrl+Z
    kRedo,           // Ctrl+Y, Ctrl+Shift+Z
    kCopy,           // Ctrl+C: the region into the clipboard
    kPaste,          // Ctrl+V: the clipboard at the cell in front of the targeted face
    kFill,           // G: the region filled with the selected hotbar block
    kReplace,        // H: the region's cells of the targeted block's type become the selected block
    kRotate,         // R: the clipboard turned 90 degrees clockwise
    kClearRegion,    // K: no region any more
    kPasteAir,       // P: the paste-air switch flipped
    kPicker,         // E: the block picker opened or closed (the mouse freed to click in it)
    kExport,         // Ctrl+E: the region (or the clipboard) to the Edit panel's file
    kExpand,         // =: the region one cell bigger the way the eye faces most
    kContract,       // -: one cell smaller that way
    kShiftRegion,    // .: the region one cell that way
    kClearBlocks,    // Delete: the region's blocks become air
    kBrush,          // T: the brush on / off
    kCornerOneFeet,  // Shift+B: the first corner at the player's feet
    kCornerTwoFeet,  // Shift+N: the second corner there
    kPastePreview,   // J: the paste preview hidden / shown
};

// The editor's actions by the names the script's `press NAME` uses (the [keys] names where
// the action has one): one table, so a script presses exactly what a key does.
struct PressName {
    std::string_view name;
    UserAction action;
};
std::span<const PressName> press_names();

}  // namespace slotcraft
