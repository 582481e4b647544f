#pragma once
// The staging ring: one persistently mapped buffer, suballocated by the RingAllocator
// (alloc/), with a fence as the marker of each submitted batch. The CPU writes instance
// data and draw commands into it; the GPU copies or scatters from it. The CPU waits only
// when the ring is full of data the GPU has not consumed yet (counted as waits).
#include <cstddef>
#include <cstdint>
#include <deque>

#include "alloc/ring_allocator.hpp"
#include "gfx/gl_object.hpp"

namespace slotcraft::gfx {

class UploadRing {
public:
    struct Stats {
        uint64_t bytes = 0;   // capacity
        uint64_t used = 0;    // bytes not yet released by the GPU
        uint64_t waits = 0;   // times the CPU waited for a fence to make room
        uint64_t fences = 0;  // fences in flight
    };
    struct Span {
        size_t offset = 0;        // in the ring buffer
        uint8_t* data = nullptr;  // where the CPU writes
        size_t size = 0;
    };

    explicit UploadRing(size_t bytes);

    // Contiguous room for `bytes` at `alignment`, waiting for the GPU when full (throws
    // GfxError when the GPU has not freed room after 30 s: a hang). `bytes` must be at most
    // max_reservation(). Finish with commit().
    Span reserve(size_t bytes, size_t alignment);
    void commit(const Span& span, size_t bytes_written);
    // Marks everything committed so far with a fence (call after the GL commands that read it).
    void submit();
    // Releases the batches the GPU has finished, without waiting.
    void retire();
    size_t max_reservation() const { return capacity_ / 2; }
    unsigned int buffer() const { return buffer_.get(); }  // the GL buffer name
    Stats stats() const;

private:
    void wait_oldest();

    struct Pending {
        Fence fence;
        RingAllocator::Marker marker;
    };
    size_t capacity_;
    Buffer buffer_;
    uint8_t* mapped_ = nullptr;
    RingAllocator ring_;
    std::deque<Pending> pending_;
    bool unsubmitted_ = false;
    uint64_t waits_ = 0;
};

}  // namespace slotcraft::gfx
