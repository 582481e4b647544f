#pragma once
// How the instance buffer and the buffers beside it grow (gfx/instance_buffer.hpp). GL-free:
// unit-tested.
#include <algorithm>
#include <cstdint>

namespace slotcraft::gfx {

inline constexpr uint64_t kGrowthSlotsPerPage = 64;

// The slots a buffer of `current` slots grows to so that `needed` (> current) fit: a quarter
// more at least (so a view that fills slot by slot grows it a few times, not once a frame),
// and never more than max(needed, current) and a quarter, in whole pages of 64. Doubling, as
// before, left up to half of every buffer beside the instances unused: 1,048,576 slots held
// 552,275 at the Craft pose.
constexpr uint64_t grown_slots(uint64_t current, uint64_t needed) {
    const uint64_t step = std::max(needed, current + current / 4);
    return (step + kGrowthSlotsPerPage - 1) / kGrowthSlotsPerPage * kGrowthSlotsPerPage;
}

}  // namespace slotcraft::gfx
