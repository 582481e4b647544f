// The hotbar's rules.
#include "edit/hotbar.hpp"

#include <cassert>

#include <string>

namespace slotcraft {

Hotbar::Hotbar() {
    const auto placeable = placeable_blocks();
    for (int i = 0; i < kSize; ++i)
        blocks_[static_cast<size_t>(i)] = placeable[static_cast<size_t>(i) % placeable.size()];
}

void Hotbar::select(int index) {
    assert(index >= 0 && index < kSize && "Hotbar: position out of 0..8; check user input before calling");
    selected_ = index;
}

void Hotbar::scroll(int notches) { selected_ = ((selected_ + notches) % kSize + kSize) % kSize; }

void Hotbar::pick(BlockType type) {
    if (!is_solid(type)) return;
    for (int i = 0; i < kSize; ++i) {
        if (blocks_[static_cast<size_t>(i)] == type) {
            selected_ = i;
            return;
        }
    }
    blocks_[static_cast<size_t>(selected_)] = type;
}

void Hotbar::set_block(int index, BlockType type) {
    assert(index >= 0 && index < kSize && "Hotbar: position out of 0..8; check user input before calling");
    assert(is_solid(type) && "Hotbar: a position holds a placeable block, never air; check before calling");
    blocks_[static_cast<size_t>(index)] = type;
}

}  // namespace slotcraft
