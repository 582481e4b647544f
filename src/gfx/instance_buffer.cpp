// The instance buffer: immutable storage, GPU-side growth and clears.
#include "gfx/instance_buffer.hpp"

#include "gfx/gl.hpp"

#include <algorithm>

namespace slotcraft::gfx {

Buffer InstanceBuffer::make_storage(uint64_t bytes) {
    Buffer b = make_buffer();
    // Dynamic storage: no; every write is a GPU copy, clear or compute store.
    glNamedBufferStorage(b.get(), static_cast<GLsizeiptr>(bytes), nullptr, 0);
    const uint32_t zero = 0;
    glClearNamedBufferData(b.get(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
    return b;
}

InstanceBuffer::InstanceBuffer(uint32_t initial_slots)
    : slots_(std::max<uint32_t>(kSlotsPerPage, (initial_slots + kSlotsPerPage - 1) / kSlotsPerPage * kSlotsPerPage)),
      instances_(make_storage(uint64_t{slots_} * kInstanceBytes)),
      pages_(make_storage(uint64_t{slots_} / kSlotsPerPage * kPageEntryBytes)),
      corners_(make_storage(corner_bytes())) {}

bool InstanceBuffer::ensure_slots(uint64_t slots) {
    if (slots <= slots_) return false;
    uint64_t grown = slots_;
    while (grown < slots) grown *= 2;
    // New storage starts cleared (make_storage), so the new part is empty; the old part is
    // copied on the GPU. Nothing goes through the CPU.
    Buffer instances = make_storage(grown * kInstanceBytes);
    Buffer pages = make_storage(grown / kSlotsPerPage * kPageEntryBytes);
    corners_ = Buffer();  // before the new one: never both (kCornerBytes)
    Buffer corners = make_storage(grown * kCornerBytes);
    glCopyNamedBufferSubData(instances_.get(), instances.get(), 0, 0, static_cast<GLsizeiptr>(bytes()));
    glCopyNamedBufferSubData(pages_.get(), pages.get(), 0, 0,
                             static_cast<GLsizeiptr>(uint64_t{slots_} / kSlotsPerPage * kPageEntryBytes));
    instances_ = std::move(instances);
    pages_ = std::move(pages);
    corners_ = std::move(corners);
    slots_ = static_cast<uint32_t>(grown);
    ++growths_;
    return true;
}

void InstanceBuffer::clear_page(uint32_t page) {
    const uint32_t zero = 0;
    glClearNamedBufferSubData(instances_.get(), GL_R32UI, GLintptr{page} * kSlotsPerPage * kInstanceBytes,
                              kSlotsPerPage * kInstanceBytes, GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
}

std::vector<uint64_t> InstanceBuffer::read_back() const {
    std::vector<uint64_t> out(slots_);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glGetNamedBufferSubData(instances_.get(), 0, static_cast<GLsizeiptr>(bytes()), out.data());
    return out;
}

std::vector<uint32_t> InstanceBuffer::read_back_corners(uint32_t first, uint32_t count) const {
    std::vector<uint32_t> out(uint64_t{count} * kCornerBytes / 4);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glGetNamedBufferSubData(corners_.get(), static_cast<GLintptr>(uint64_t{first} * kCornerBytes),
                            static_cast<GLsizeiptr>(out.size() * 4), out.data());
    return out;
}

}  // namespace slotcraft::gfx
