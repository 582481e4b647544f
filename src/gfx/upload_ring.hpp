#pragma once
// The staging ring: one persistently mapped buffer, suballocated by the RingAllocator
// (alloc/), with a fence as the marker of each submitted batch. The CPU writes instance
// data and draw commands into it; the GPU copies or scatters from it. The CPU waits only
// when the ring is full of data the GPU has not consumed yet (counted as waits).
#include <algorithm>
#include <cassert>
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

// The one upload batch: stages `count` items of `item_bytes` bytes each through `ring`, as many
// a batch as one reservation holds. For each batch, `use(span, first, n)` writes items
// [first, first + n) into span.data and issues the GL commands that read them; the span is
// committed after it. `limit(first, n)` may narrow a batch to its first items (a batch that
// must stay inside one window of its destination); it keeps at least one.
template <class Use, class Limit>
void upload_in_batches(UploadRing& ring, size_t count, size_t item_bytes, size_t alignment, Use&& use, Limit&& limit) {
    assert(item_bytes > 0 && item_bytes <= ring.max_reservation() &&
           "an item larger than one reservation: stage it as bytes (item_bytes 1)");
    const size_t per_batch = ring.max_reservation() / item_bytes;
    for (size_t first = 0; first < count;) {
        const size_t n = limit(first, std::min(count - first, per_batch));
        assert(n > 0 && "a batch takes at least one item");
        UploadRing::Span span = ring.reserve(n * item_bytes, alignment);
        use(span, first, n);
        ring.commit(span, n * item_bytes);
        first += n;
    }
}

template <class Use>
void upload_in_batches(UploadRing& ring, size_t count, size_t item_bytes, size_t alignment, Use&& use) {
    upload_in_batches(ring, count, item_bytes, alignment, use, [](size_t, size_t n) { return n; });
}

}  // namespace slotcraft::gfx
