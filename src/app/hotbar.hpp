#pragma once
// The hotbar: nine block types the player can place, one selected. Keys 1-9 and the mouse
// wheel choose; a middle click (pick) takes the targeted block's type. Pure C++.
#include <array>
#include <stdexcept>

#include "world/block.hpp"

namespace slotcraft {

class Hotbar {
public:
    static constexpr int kSlots = 9;

    Hotbar();
    BlockType selected_type() const { return slots_[static_cast<size_t>(selected_)]; }
    int selected() const { return selected_; }  // 0..8
    BlockType slot(int i) const { return slots_.at(static_cast<size_t>(i)); }
    // Slot 0..8; throws std::out_of_range for anything else.
    void select(int index);
    // One wheel notch: +1 next slot, -1 previous, wrapping around.
    void scroll(int notches);
    // Selects the slot holding `type`, or puts `type` into the selected slot.
    void pick(BlockType type);
    void set_slot(int index, BlockType type);

private:
    std::array<BlockType, kSlots> slots_;
    int selected_ = 0;
};

}  // namespace slotcraft
