#pragma once
// The ONE buffer of light pages (docs/light.md "Light pages"): page p holds the 18^3 light
// box of one chunk at byte p * kLightPageBytes. Created with glNamedBufferStorage; it grows
// (by a quarter, copying on the GPU) only when the pages outgrow it, never shrinks, and is
// never rebuilt for an edit. Pages are handed out lowest-first (LightPageTable), so the
// buffer only grows past the most pages ever held at once.
#include <cstdint>
#include <vector>

#include "gfx/growable_buffer.hpp"

namespace slotcraft::gfx {

class LightPages {
public:
    explicit LightPages(uint32_t initial_pages);
    LightPages(LightPages&&) noexcept = default;
    LightPages& operator=(LightPages&&) noexcept = default;
    LightPages(const LightPages&) = delete;
    LightPages& operator=(const LightPages&) = delete;

    // Grows until `pages` fit (to at least a quarter more than before). True when it grew.
    bool ensure_pages(uint32_t pages);

    uint32_t pages() const;
    uint64_t bytes() const { return buffer_.bytes(); }
    uint64_t growths() const { return buffer_.growths(); }
    unsigned int buffer() const { return buffer_.get(); }  // the GL buffer name

    // Reads the whole buffer back (for `verify`; stalls the pipeline).
    std::vector<uint8_t> read_back() const;

private:
    GrowableBuffer buffer_;  // copied on growth; a page is written whole before it is read
};

}  // namespace slotcraft::gfx
