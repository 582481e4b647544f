#pragma once
// What the user asks of the editing session from the overlay's Edit panel or a Ctrl key: an
// edit (EditRequest) or a file in or out (BuildFileRequest). The App carries each out as the
// script's command would. Plain data: no GL, no ImGui.
#include <string>

#include "world/block.hpp"

namespace slotcraft {

// An operation asked for in the Edit panel (the App carries it out as the script would).
struct EditRequest {
    enum class Op { kFill, kReplace, kCopy, kPaste, kRotate, kUndo, kRedo, kClearRegion, kPasteAir };
    Op op = Op::kFill;
    BlockType block = BlockType::kAir;  // fill: the block; replace: the new block
    BlockType from = BlockType::kAir;   // replace: the block replaced
    int degrees = 90;                   // rotate
    bool paste_air = false;             // paste air: the switch's new state
};

// An export or import asked for in the Edit panel (the App carries it out as `export PATH` and
// `import PATH` would).
struct BuildFileRequest {
    enum class Op { kExport, kImport };
    Op op = Op::kExport;
    std::string path;
};

}  // namespace slotcraft
