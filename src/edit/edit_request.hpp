#pragma once
// What the user asks of the editing session from the overlay's Edit panel or a Ctrl key: an
// edit (EditRequest) or a file in or out (BuildFileRequest). The App carries each out as the
// script's command would. Plain data: no GL, no ImGui.
#include <string>

#include "edit/build_rules.hpp"
#include "world/block.hpp"

namespace slotcraft {

// An operation asked for in the Edit panel (the App carries it out as the script would).
struct EditRequest {
    enum class Op {
        kFill,
        kReplace,
        kCopy,
        kPaste,
        kRotate,
        kUndo,
        kRedo,
        kClearRegion,
        kPasteAir,
        // building (docs/scripting.md "Building"): `block` is the pattern, `from` the mask's block
        kShape,
        kWalls,
        kHollow,
        kClearBlocks,
        kStack,  // one copy the way the eye faces most
        kMove,   // the region's blocks one cell the way the eye faces most
        kFlip,
        kExpand,  // the region, one cell the way the eye faces most
        kContract,
        kShift,
        kMask,  // the mask: cells holding `from`
        kMaskOff,
        kClearClipboard,
        kBrush,  // the brush on: `brush` kind, its radius as it was
        kBrushOff,
        kBrushRadius,  // the brush's radius by `step`
        kSymmetry,     // the mirror plane across `axis` (0 x, 2 z), or off (axis -1)
    };
    Op op = Op::kFill;
    BlockType block = BlockType::kAir;  // fill, shapes, walls: the block; replace: the new block
    BlockType from = BlockType::kAir;   // replace: the block replaced; mask: the block allowed
    int degrees = 90;                   // rotate
    bool paste_air = false;             // paste air: the switch's new state
    ShapeKind shape = ShapeKind::kSphere;
    bool hollow = false;  // shape: its shell only
    int axis = 0;         // flip: 0 x, 1 y, 2 z; symmetry: 0 x, 2 z, -1 off
    BrushKind brush = BrushKind::kSphere;
    int step = 1;  // brush radius
};

// An export or import asked for in the Edit panel (the App carries it out as `export PATH` and
// `import PATH` would).
struct BuildFileRequest {
    enum class Op { kExport, kImport };
    Op op = Op::kExport;
    std::string path;
};

}  // namespace slotcraft
