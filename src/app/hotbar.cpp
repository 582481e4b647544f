// The hotbar's rules.
#include "app/hotbar.hpp"

#include <string>

namespace slotcraft {

Hotbar::Hotbar() {
    const auto placeable = placeable_blocks();
    for (int i = 0; i < kSize; ++i)
        blocks_[static_cast<size_t>(i)] = placeable[static_cast<size_t>(i) % placeable.size()];
}

void Hotbar::select(int index) {
    if (index < 0 || index >= kSize)
        throw std::out_of_range("hotbar slot " + std::to_string(index + 1) + " is not 1..9");
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
    if (index < 0 || index >= kSize)
        throw std::out_of_range("hotbar slot " + std::to_string(index + 1) + " is not 1..9");
    if (!is_solid(type)) throw std::invalid_argument("a hotbar slot holds a placeable block, not air");
    blocks_[static_cast<size_t>(index)] = type;
}

}  // namespace slotcraft
