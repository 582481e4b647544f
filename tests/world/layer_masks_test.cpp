// A chunk's cube masks kept by layer read as a plain 4096-byte array would: random writes and
// whole assignments against that array, and only layers holding a nonzero mask cost bytes.
#include "world/layer_masks.hpp"

#include <gtest/gtest.h>

#include <random>

namespace slotcraft {
namespace {

TEST(LayerMasks, ReadsAsAPlainArrayAndKeepsOnlyLayersWithACube) {
    std::mt19937 rng(43);
    for (int round = 0; round < 40; ++round) {
        std::array<uint8_t, kChunkVolume> model{};
        LayerMasks masks;
        // A few layers only, as on a surface or along a cave wall.
        const int layers = 1 + static_cast<int>(rng() % 5);
        for (int step = 0; step < 600; ++step) {
            const int y = static_cast<int>(rng() % static_cast<unsigned>(layers)) * 3;
            const auto i = static_cast<uint16_t>(y * 256 + static_cast<int>(rng() % 256));
            const auto m = static_cast<uint8_t>(rng() % 3 == 0 ? 0 : 1 + rng() % 63);
            if (m != 0 || masks.get(i) != 0) masks.at(i) = m;
            model[i] = m;
        }
        for (int i = 0; i < kChunkVolume; ++i)
            ASSERT_EQ(masks.get(static_cast<uint16_t>(i)), model[static_cast<std::size_t>(i)]) << "cell " << i;
        for (int y = 0; y < kChunkSize; ++y) {
            const uint8_t* layer = masks.layer(y);
            if (layer == nullptr) continue;
            for (int i = 0; i < 256; ++i) ASSERT_EQ(layer[i], model[static_cast<std::size_t>(y * 256 + i)]);
        }
        // Assigned from the array: the layers without a nonzero mask are dropped.
        LayerMasks assigned;
        assigned.assign(model);
        int kept = 0;
        for (int y = 0; y < kChunkSize; ++y) {
            bool any = false;
            for (int i = 0; i < 256; ++i) any = any || model[static_cast<std::size_t>(y * 256 + i)] != 0;
            EXPECT_EQ(assigned.layer(y) != nullptr, any) << "layer " << y;
            kept += any ? 1 : 0;
        }
        for (int i = 0; i < kChunkVolume; ++i)
            ASSERT_EQ(assigned.get(static_cast<uint16_t>(i)), model[static_cast<std::size_t>(i)]);
        EXPECT_EQ(assigned.heap_bytes(), sizeof(LayerMasks) + static_cast<std::size_t>(kept) * 256);
        EXPECT_LE(kept, layers);
    }
}

}  // namespace
}  // namespace slotcraft
