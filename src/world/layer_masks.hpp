#pragma once
// A chunk's cube masks (the faces each cube shows, 0 for none), kept by y layer: only the
// layers that hold a cube showing a face keep their 256 bytes. A surface chunk's cubes lie in
// a few layers (the ground's top, a tree's crown), a cave's along its walls; a full array was
// 4 KiB for every chunk with one cube, the largest part of what a drawn chunk kept once its
// blocks were paletted. Plain C++20.
#include "world/coords.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace slotcraft {

class LayerMasks {
public:
    static constexpr int kLayerCells = kChunkSize * kChunkSize;

    LayerMasks() { slot_.fill(kNoLayer); }

    uint8_t get(uint16_t index) const {
        const uint8_t s = slot_[index >> 8];
        return s == kNoLayer ? uint8_t{0} : layers_[std::size_t{s} * kLayerCells + (index & 0xFF)];
    }
    // The mask of cell `index`, its layer made (all zero) when it has none. The reference
    // holds until the next layer is made.
    uint8_t& at(uint16_t index) {
        uint8_t& s = slot_[index >> 8];
        if (s == kNoLayer) {
            s = static_cast<uint8_t>(layers_.size() / kLayerCells);
            layers_.resize(layers_.size() + kLayerCells, 0);
        }
        return layers_[std::size_t{s} * kLayerCells + (index & 0xFF)];
    }
    // Every cell's mask from a whole chunk's: the layers with a nonzero mask are kept.
    void assign(const std::array<uint8_t, kChunkVolume>& masks) {
        slot_.fill(kNoLayer);
        layers_.clear();
        for (int y = 0; y < kChunkSize; ++y) {
            const uint8_t* row = masks.data() + y * kLayerCells;
            bool any = false;
            for (int i = 0; i < kLayerCells && !any; ++i) any = row[i] != 0;
            if (!any) continue;
            slot_[static_cast<std::size_t>(y)] = static_cast<uint8_t>(layers_.size() / kLayerCells);
            layers_.insert(layers_.end(), row, row + kLayerCells);
        }
        layers_.shrink_to_fit();
    }
    // The 256 masks of layer y (x fastest, then z), or nullptr when it has none.
    const uint8_t* layer(int y) const {
        const uint8_t s = slot_[static_cast<std::size_t>(y)];
        return s == kNoLayer ? nullptr : layers_.data() + std::size_t{s} * kLayerCells;
    }
    std::size_t heap_bytes() const { return sizeof(*this) + layers_.capacity(); }

private:
    static constexpr uint8_t kNoLayer = 0xFF;
    std::array<uint8_t, kChunkSize> slot_;  // the index of layer y in layers_, or kNoLayer
    std::vector<uint8_t> layers_;           // kLayerCells bytes a kept layer
};

}  // namespace slotcraft
