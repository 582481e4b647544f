// The instance buffer: three growable buffers that grow together, a page at a time cleared.
#include "gfx/instance_buffer.hpp"

#include <algorithm>

namespace slotcraft::gfx {

namespace {
using OnGrowth = GrowableBuffer::OnGrowth;
using Start = GrowableBuffer::Start;
}  // namespace

InstanceBuffer::InstanceBuffer(uint32_t initial_slots)
    : slots_(std::max<uint32_t>(kSlotsPerPage, (initial_slots + kSlotsPerPage - 1) / kSlotsPerPage * kSlotsPerPage)),
      instances_(uint64_t{slots_} * kInstanceBytes, OnGrowth::kCopy, Start::kZero),
      pages_(uint64_t{slots_} / kSlotsPerPage * kPageEntryBytes, OnGrowth::kCopy, Start::kZero),
      corners_(uint64_t{slots_} * kCornerBytes, OnGrowth::kDiscard, Start::kZero) {}

bool InstanceBuffer::ensure_slots(uint64_t slots) {
    if (slots <= slots_) return false;
    uint64_t grown = slots_;
    while (grown < slots) grown *= 2;
    // The corners go first (kDiscard), so the peak holds the old and new instances and page
    // table but one size of corners; the new parts start cleared (empty slots, no chunk).
    corners_.grow_to(grown * kCornerBytes);
    instances_.grow_to(grown * kInstanceBytes);
    pages_.grow_to(grown / kSlotsPerPage * kPageEntryBytes);
    slots_ = static_cast<uint32_t>(grown);
    return true;
}

void InstanceBuffer::clear_page(uint32_t page) {
    instances_.clear(uint64_t{page} * kSlotsPerPage * kInstanceBytes, kSlotsPerPage * kInstanceBytes);
}

std::vector<uint64_t> InstanceBuffer::read_back() const {
    std::vector<uint64_t> out(slots_);
    instances_.read(0, bytes(), out.data());
    return out;
}

std::vector<uint32_t> InstanceBuffer::read_back_corners(uint32_t first, uint32_t count) const {
    std::vector<uint32_t> out(uint64_t{count} * kCornerBytes / 4);
    corners_.read(uint64_t{first} * kCornerBytes, out.size() * 4, out.data());
    return out;
}

}  // namespace slotcraft::gfx
