// The light page buffer: immutable storage, GPU-side growth.
#include "gfx/light_buffer.hpp"

#include "gfx/gl.hpp"
#include "slots/light_pages.hpp"

#include <algorithm>

namespace slotcraft::gfx {

namespace {
Buffer make_light_storage(uint64_t bytes) {
    Buffer b = make_buffer();
    // Every write is a GPU copy or a compute store; a page is written whole before it is read.
    glNamedBufferStorage(b.get(), static_cast<GLsizeiptr>(std::max<uint64_t>(bytes, 4)), nullptr, 0);
    return b;
}
}  // namespace

LightPages::LightPages(uint32_t initial_pages)
    : pages_(std::max<uint32_t>(initial_pages, 1)), buffer_(make_light_storage(bytes())) {}

uint64_t LightPages::bytes() const { return uint64_t{pages_} * kLightPageBytes; }

bool LightPages::ensure_pages(uint32_t pages) {
    if (pages <= pages_) return false;
    // A quarter more, not double: at 5,832 bytes a page the waste of doubling is megabytes.
    const uint32_t grown = std::max(pages, pages_ + pages_ / 4 + 16);
    Buffer bigger = make_light_storage(uint64_t{grown} * kLightPageBytes);
    glCopyNamedBufferSubData(buffer_.get(), bigger.get(), 0, 0, static_cast<GLsizeiptr>(bytes()));
    buffer_ = std::move(bigger);
    pages_ = grown;
    ++growths_;
    return true;
}

std::vector<uint8_t> LightPages::read_back() const {
    std::vector<uint8_t> out(bytes());
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
    glGetNamedBufferSubData(buffer_.get(), 0, static_cast<GLsizeiptr>(bytes()), out.data());
    return out;
}

}  // namespace slotcraft::gfx
