#pragma once
// The ONE buffer of cube instances (8 bytes each, pages of 64 slots) and the page table
// beside it (the chunk each page belongs to). Created with glNamedBufferStorage, it lives as
// long as the world; it grows (doubles, copies on the GPU, clears the new part) only when
// the pages outgrow it, and never shrinks or gets rebuilt for an edit.
#include <cstdint>
#include <vector>

#include "gfx/growable_buffer.hpp"

namespace slotcraft::gfx {

class InstanceBuffer {
public:
    static constexpr uint32_t kSlotsPerPage = 64;
    static constexpr uint32_t kInstanceBytes = 8;
    static constexpr uint32_t kPageEntryBytes = 16;  // ivec4: the page's chunk coordinates
    // Beside each slot: its six faces' corners (gfx/face_corners.hpp), worked out on the GPU
    // when the slot's cube or light changes; never uploaded. When the buffer grows they are
    // not copied: the old ones go first and the renderer works every page out again, so the
    // two sizes (96 and 48 MiB at 2M slots) are never held at once.
    static constexpr uint32_t kCornerBytes = 48;

    explicit InstanceBuffer(uint32_t initial_slots);

    // Grows (by doubling) until `slots` fit, the instances and page table copied on the GPU,
    // the corners cleared (see kCornerBytes). Returns true when it grew.
    bool ensure_slots(uint64_t slots);
    void clear_page(uint32_t page);

    uint32_t slots() const { return static_cast<uint32_t>(instances_.bytes() / kInstanceBytes); }
    uint64_t bytes() const { return instances_.bytes(); }
    uint64_t page_table_bytes() const { return pages_.bytes(); }
    uint64_t corner_bytes() const { return corners_.bytes(); }
    uint64_t growths() const { return instances_.growths(); }
    unsigned int instances() const { return instances_.get(); }  // GL buffer names
    unsigned int page_table() const { return pages_.get(); }
    unsigned int corners() const { return corners_.get(); }

    // Reads the whole instance buffer back (for `verify`; stalls the pipeline).
    std::vector<uint64_t> read_back() const;
    // Reads the face corners of `count` slots from `first` back: kCornerBytes / 4 words a
    // slot (for `verify`, a block at a time; stalls).
    std::vector<uint32_t> read_back_corners(uint32_t first, uint32_t count) const;

private:
    GrowableBuffer instances_;  // kInstanceBytes a slot, copied on growth
    GrowableBuffer pages_;      // kPageEntryBytes a page, copied on growth
    GrowableBuffer corners_;    // kCornerBytes a slot, discarded on growth
};

}  // namespace slotcraft::gfx
