#pragma once
// The hotbar: nine block types the player can place, one selected. Keys 1-9 and the mouse
// wheel choose; a middle click (pick) takes the targeted block's type. Pure C++.
#include <array>
#include <stdexcept>

#include "world/block.hpp"

namespace slotcraft {

class Hotbar {
public:
    static constexpr int kSize = 9;

    Hotbar();
    BlockType selected_type() const { return blocks_[static_cast<size_t>(selected_)]; }
    int selected() const { return selected_; }  // 0..8
    BlockType block(int i) const { return blocks_.at(static_cast<size_t>(i)); }
    // Position 0..8 (asserted: callers check user input first).
    void select(int index);
    // One wheel notch: +1 next position, -1 previous, wrapping around.
    void scroll(int notches);
    // Selects the position holding `type`, or puts `type` into the selected one.
    void pick(BlockType type);
    // Position 0..8, a placeable (solid) block (both asserted).
    void set_block(int index, BlockType type);

private:
    std::array<BlockType, kSize> blocks_;
    int selected_ = 0;
};

}  // namespace slotcraft
