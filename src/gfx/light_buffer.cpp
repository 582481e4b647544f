// The light page buffer: one growable buffer of whole pages.
#include "gfx/light_buffer.hpp"

#include "slots/light_pages.hpp"

#include <algorithm>

namespace slotcraft::gfx {

LightPages::LightPages(uint32_t initial_pages)
    : pages_(std::max<uint32_t>(initial_pages, 1)),
      buffer_(uint64_t{pages_} * kLightPageBytes, GrowableBuffer::OnGrowth::kCopy, GrowableBuffer::Start::kUndefined) {}

bool LightPages::ensure_pages(uint32_t pages) {
    if (pages <= pages_) return false;
    // A quarter more, not double: at 5,832 bytes a page the waste of doubling is megabytes.
    const uint32_t grown = std::max(pages, pages_ + pages_ / 4 + 16);
    buffer_.grow_to(uint64_t{grown} * kLightPageBytes);
    pages_ = grown;
    return true;
}

std::vector<uint8_t> LightPages::read_back() const {
    std::vector<uint8_t> out(bytes());
    buffer_.read(0, bytes(), out.data());
    return out;
}

}  // namespace slotcraft::gfx
