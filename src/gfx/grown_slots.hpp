#pragma once
// How the instance buffer and the buffers beside it grow (gfx/instance_buffer.hpp). GL-free:
// unit-tested.
#include <algorithm>
#include <cstdint>

namespace slotcraft::gfx {

inline constexpr uint64_t kGrowthSlotsPerPage = 64;
// The smallest step: 131,072 slots (1 MiB of instances). A small buffer growing a quarter at
// a time would grow far more often than doubling did on its way to a view's size (18 times
// against 9 to view distance 32), each a GPU copy in a streaming frame.
inline constexpr uint64_t kMinGrowthSlots = 131072;

// The slots a buffer of `current` slots grows to so that `needed` (> current) fit: a quarter
// more at least, and kMinGrowthSlots (so a view that fills slot by slot grows it a few times,
// not once a frame), and never more than max(needed, current) and a quarter or the smallest
// step, in whole pages of 64. Doubling, as before, left up to half of every buffer beside the
// instances unused: 1,048,576 slots held 552,275 at the Craft pose.
// `min_step`: kMinGrowthSlots for the instance buffer; the corner blocks pass their own.
constexpr uint64_t grown_slots(uint64_t current, uint64_t needed, uint64_t min_step = kMinGrowthSlots) {
    const uint64_t step = std::max({needed, current + current / 4, current + min_step});
    return (step + kGrowthSlotsPerPage - 1) / kGrowthSlotsPerPage * kGrowthSlotsPerPage;
}

}  // namespace slotcraft::gfx
