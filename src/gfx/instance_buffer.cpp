// The instance buffer: three growable buffers that grow together, a page at a time cleared.
#include "gfx/instance_buffer.hpp"

#include <algorithm>

namespace slotcraft::gfx {

namespace {
// Corner blocks to start with: 16 pages' worth (48 KiB); a world of open sky needs none.
constexpr uint64_t kInitialCornerBlocks = 16;
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
      corners_(kInitialCornerBlocks * kCornerBlockBytes, OnGrowth::kDiscard, Start::kZero) {}

void InstanceBuffer::ensure_slots(uint64_t slots) {
    if (slots <= this->slots()) return;
    const uint64_t grown = grown_slots(this->slots(), slots);
    instances_.grow_to(grown * kInstanceBytes);  // the new parts start cleared: empty slots, no chunk
    pages_.grow_to(grown / kSlotsPerPage * kPageEntryBytes);
}

bool InstanceBuffer::ensure_corner_blocks(uint64_t blocks) {
    if (blocks <= corner_blocks()) return false;
    // grown_slots counts in whole pages of 64: in blocks, a quarter more at least, and the
    // blocks the buffer starts with (48 KiB), not the instance buffer's 1 MiB step.
    const uint64_t grown = grown_slots(uint64_t{corner_blocks()} * kSlotsPerPage, blocks * kSlotsPerPage,
                                       kInitialCornerBlocks * kSlotsPerPage) /
                           kSlotsPerPage;
    return corners_.grow_to(grown * kCornerBlockBytes);  // kDiscard: the old blocks go first
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
    std::vector<uint32_t> out(uint64_t{count} * kCornerBlockBytes / 4);
    corners_.read(uint64_t{first} * kCornerBlockBytes, out.size() * 4, out.data());
    return out;
}

}  // namespace slotcraft::gfx
