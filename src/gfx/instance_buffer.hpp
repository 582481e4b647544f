#pragma once
// The ONE buffer of cube instances (8 bytes each, pages of 64 slots) and the page table
// beside it (the chunk each page belongs to), and each slot's faces' corners. Created with
// glNamedBufferStorage, it lives as long as the world; it grows (by a quarter at least, see
// grown_slots; copies on the GPU, clears the new part) only when the pages outgrow it, and
// never shrinks or gets rebuilt for an edit.
#include <cstdint>
#include <vector>

#include "gfx/growable_buffer.hpp"
#include "gfx/grown_slots.hpp"

namespace slotcraft::gfx {

class InstanceBuffer {
public:
    static constexpr uint32_t kSlotsPerPage = 64;
    static constexpr uint32_t kInstanceBytes = 8;
    static constexpr uint32_t kPageEntryBytes = 16;  // ivec4: the page's chunk coordinates
    // Beside the pages of chunks lit by a light page: each slot's six faces' corners
    // (gfx/face_corners.hpp), a block of kCornerBytes x 64 a page, worked out on the GPU when
    // the page's cubes or light change; never uploaded. The renderer hands the blocks out
    // (CubeRenderer: a page's block is in its page table entry); a page whose chunk's light is
    // one value (open sky, the far rings) has none, and the vertex shader works its corners
    // out from the occluder bits alone. When the blocks grow they are not copied: the old ones
    // go first and the renderer works every page out again, so the two sizes are never held
    // at once.
    static constexpr uint32_t kCornerBytes = 48;
    static constexpr uint32_t kCornerBlockBytes = kCornerBytes * kSlotsPerPage;  // 3,072

    explicit InstanceBuffer(uint32_t initial_slots);

    // Grows (grown_slots) until `slots` fit: the instances and page table copied on the GPU,
    // the new part cleared.
    void ensure_slots(uint64_t slots);
    // Grows the corner blocks (grown_slots, in blocks) until `blocks` fit, cleared. Returns
    // true when they grew: every block's corners must be worked out again.
    bool ensure_corner_blocks(uint64_t blocks);
    void clear_page(uint32_t page);

    uint32_t slots() const { return static_cast<uint32_t>(instances_.bytes() / kInstanceBytes); }
    uint64_t bytes() const { return instances_.bytes(); }
    uint64_t page_table_bytes() const { return pages_.bytes(); }
    uint64_t corner_bytes() const { return corners_.bytes(); }
    uint32_t corner_blocks() const { return static_cast<uint32_t>(corners_.bytes() / kCornerBlockBytes); }
    uint64_t growths() const { return instances_.growths(); }
    unsigned int instances() const { return instances_.get(); }  // GL buffer names
    unsigned int page_table() const { return pages_.get(); }
    unsigned int corners() const { return corners_.get(); }

    // Reads the whole instance buffer back (for `verify`; stalls the pipeline).
    std::vector<uint64_t> read_back() const;
    // Reads the face corners of `count` blocks from `first` back: kCornerBytes / 4 words a
    // slot, 64 slots a block (for `verify`, a few hundred blocks at a time; stalls).
    std::vector<uint32_t> read_back_corners(uint32_t first, uint32_t count) const;

private:
    GrowableBuffer instances_;  // kInstanceBytes a slot, copied on growth
    GrowableBuffer pages_;      // kPageEntryBytes a page, copied on growth
    GrowableBuffer corners_;    // kCornerBlockBytes a block, discarded on growth
};

}  // namespace slotcraft::gfx
