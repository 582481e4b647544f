// The instance buffer: three growable buffers that grow together, a page at a time cleared.
#include "gfx/instance_buffer.hpp"

#include <algorithm>

namespace slotcraft::gfx {

namespace {
using OnGrowth = GrowableBuffer::OnGrowth;
using Start = GrowableBuffer::Start;

// At least one page, in whole pages: the slots the buffer starts with.
uint64_t whole_pages(uint32_t slots) {
    return std::max<uint64_t>(InstanceBuffer::kSlotsPerPage, (uint64_t{slots} + InstanceBuffer::kSlotsPerPage - 1) /
                                                                 InstanceBuffer::kSlotsPerPage *
                                                                 InstanceBuffer::kSlotsPerPage);
}
}  // namespace

InstanceBuffer::InstanceBuffer(uint32_t initial_slots)
    : instances_(whole_pages(initial_slots) * kInstanceBytes, OnGrowth::kCopy, Start::kZero),
      pages_(whole_pages(initial_slots) / kSlotsPerPage * kPageEntryBytes, OnGrowth::kCopy, Start::kZero),
      corners_(whole_pages(initial_slots) * kCornerBytes, OnGrowth::kDiscard, Start::kZero) {}

bool InstanceBuffer::ensure_slots(uint64_t slots) {
    if (slots <= this->slots()) return false;
    uint64_t grown = this->slots();
    while (grown < slots) grown *= 2;
    // The corners go first (kDiscard), so the peak holds the old and new instances and page
    // table but one size of corners; the new parts start cleared (empty slots, no chunk).
    corners_.grow_to(grown * kCornerBytes);
    instances_.grow_to(grown * kInstanceBytes);
    pages_.grow_to(grown / kSlotsPerPage * kPageEntryBytes);
    return true;
}

void InstanceBuffer::clear_page(uint32_t page) {
    instances_.clear(uint64_t{page} * kSlotsPerPage * kInstanceBytes, kSlotsPerPage * kInstanceBytes);
}

std::vector<uint64_t> InstanceBuffer::read_back() const {
    std::vector<uint64_t> out(slots());
    instances_.read(0, bytes(), out.data());
    return out;
}

std::vector<uint32_t> InstanceBuffer::read_back_corners(uint32_t first, uint32_t count) const {
    std::vector<uint32_t> out(uint64_t{count} * kCornerBytes / 4);
    corners_.read(uint64_t{first} * kCornerBytes, out.size() * 4, out.data());
    return out;
}

}  // namespace slotcraft::gfx
