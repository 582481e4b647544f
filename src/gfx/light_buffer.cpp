// The light page buffer: one growable buffer of whole pages.
#include "gfx/light_buffer.hpp"

#include "slots/light_pages.hpp"

#include <algorithm>

namespace slotcraft::gfx {

LightPages::LightPages(uint32_t initial_pages)
    : buffer_(uint64_t{std::max<uint32_t>(initial_pages, 1)} * kLightPageBytes, GrowableBuffer::OnGrowth::kCopy,
              GrowableBuffer::Start::kUndefined) {}

uint32_t LightPages::pages() const { return static_cast<uint32_t>(buffer_.bytes() / kLightPageBytes); }

bool LightPages::ensure_pages(uint32_t pages) {
    const uint32_t now = this->pages();
    if (pages <= now) return false;
    // A quarter more, not double: at 5,832 bytes a page the waste of doubling is megabytes.
    const uint32_t grown = std::max(pages, now + now / 4 + 16);
    buffer_.grow_to(uint64_t{grown} * kLightPageBytes);
    return true;
}

std::vector<uint8_t> LightPages::read_back() const {
    std::vector<uint8_t> out(bytes());
    buffer_.read(0, bytes(), out.data());
    return out;
}

}  // namespace slotcraft::gfx
