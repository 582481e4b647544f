// The growable GPU buffer (see growable_buffer.hpp).
#include "gfx/growable_buffer.hpp"

#include <cassert>

#include "gfx/gl.hpp"

namespace slotcraft::gfx {

GrowableBuffer::GrowableBuffer(uint64_t bytes, OnGrowth on_growth, Start start)
    : on_growth_(on_growth), start_(start), bytes_(bytes), buffer_(make(bytes)) {
    assert(bytes > 0 && bytes % 4 == 0 && "a GrowableBuffer holds whole 32-bit words");
}

Buffer GrowableBuffer::make(uint64_t bytes) const {
    Buffer b = make_buffer();
    // No CPU access: every write is a GPU copy, clear or compute store.
    glNamedBufferStorage(b.get(), static_cast<GLsizeiptr>(bytes), nullptr, 0);
    if (start_ == Start::kZero) {
        const uint32_t zero = 0;
        glClearNamedBufferData(b.get(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
    }
    return b;
}

bool GrowableBuffer::grow_to(uint64_t bytes) {
    if (bytes <= bytes_) return false;
    assert(bytes % 4 == 0 && "a GrowableBuffer holds whole 32-bit words");
    if (on_growth_ == OnGrowth::kDiscard) {
        buffer_ = Buffer();  // before the new storage: never both sizes at once
        buffer_ = make(bytes);
    } else {
        Buffer grown = make(bytes);
        glCopyNamedBufferSubData(buffer_.get(), grown.get(), 0, 0, static_cast<GLsizeiptr>(bytes_));
        buffer_ = std::move(grown);
    }
    bytes_ = bytes;
    ++growths_;
    return true;
}

void GrowableBuffer::clear(uint64_t offset, uint64_t bytes) {
    assert(offset + bytes <= bytes_ && offset % 4 == 0 && bytes % 4 == 0 && "a clear inside the buffer, in words");
    const uint32_t zero = 0;
    glClearNamedBufferSubData(buffer_.get(), GL_R32UI, static_cast<GLintptr>(offset), static_cast<GLsizeiptr>(bytes),
                              GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
}

void GrowableBuffer::read(uint64_t offset, uint64_t bytes, void* out) const {
    assert(offset + bytes <= bytes_ && "a read inside the buffer");
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
    glGetNamedBufferSubData(buffer_.get(), static_cast<GLintptr>(offset), static_cast<GLsizeiptr>(bytes), out);
}

}  // namespace slotcraft::gfx
