// The press names (see user_actions.hpp).
#include "config/user_actions.hpp"

namespace slotcraft {

namespace {

constexpr PressName kPressNames[] = {
    {"fill", UserAction::kFill},
    {"replace", UserAction::kReplace},
    {"rotate", UserAction::kRotate},
    {"clear_region", UserAction::kClearRegion},
    {"paste_air", UserAction::kPasteAir},
    {"picker", UserAction::kPicker},
    {"copy", UserAction::kCopy},
    {"paste", UserAction::kPaste},
    {"undo", UserAction::kUndo},
    {"redo", UserAction::kRedo},
    {"corner_one", UserAction::kCornerOne},
    {"corner_two", UserAction::kCornerTwo},
    {"expand", UserAction::kExpand},
    {"contract", UserAction::kContract},
    {"shift_region", UserAction::kShiftRegion},
    {"clear_blocks", UserAction::kClearBlocks},
    {"brush", UserAction::kBrush},
    {"corner_one_feet", UserAction::kCornerOneFeet},
    {"corner_two_feet", UserAction::kCornerTwoFeet},
    {"paste_preview", UserAction::kPastePreview},
};

}  // namespace

std::span<const PressName> press_names() { return kPressNames; }

}  // namespace slotcraft
