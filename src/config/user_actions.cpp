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
};

}  // namespace

std::span<const PressName> press_names() { return kPressNames; }

}  // namespace slotcraft
