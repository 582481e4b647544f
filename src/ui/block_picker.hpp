#pragma once
// The block picker (the `picker` key, E): every placeable block drawn with its texture, lamp
// and water included, in a window in the middle of the view; a click on one chooses it for the
// selected hotbar slot. ImGui only; the textures come as GL texture names from gfx.
#include <array>
#include <optional>

#include "world/block.hpp"

namespace slotcraft {

struct BlockPickerView {
    std::array<unsigned int, kBlockTypeCount> icons{};  // each block type's texture (0: none)
    int slot = 0;                                       // the selected hotbar slot, 0..8
};

// Draws the picker while `open`; returns the block clicked this frame. Its close button (and a
// choice) set `open` to false.
std::optional<BlockType> draw_block_picker(const BlockPickerView& view, bool& open);

}  // namespace slotcraft
