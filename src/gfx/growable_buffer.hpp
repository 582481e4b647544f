#pragma once
// The one GPU buffer that grows: immutable storage (glNamedBufferStorage) that is replaced by
// larger storage when its owner asks, never shrunk. Growing copies the old contents on the
// GPU (nothing goes through the CPU), or, for contents the owner works out again, lets the
// old storage go before the new one is made, so the two sizes are never held at once. How
// much to grow by is the owner's choice (the instance buffer doubles, the light pages add a
// quarter). Only gfx/ calls GL.
#include <cstdint>

#include "gfx/gl_object.hpp"

namespace slotcraft::gfx {

class GrowableBuffer {
public:
    enum class OnGrowth {
        kCopy,     // the old contents are copied into the new storage (the rest starts as below)
        kDiscard,  // the old storage goes first; the new starts as below, all of it
    };
    enum class Start {
        kZero,       // new storage is cleared to zero
        kUndefined,  // new storage is left as the GL makes it: every byte is written before it is read
    };

    // `bytes` > 0 and a multiple of 4.
    GrowableBuffer(uint64_t bytes, OnGrowth on_growth, Start start);

    // Replaces the storage with `bytes` of new storage when that is more than now (see
    // OnGrowth); returns true when it did. `bytes` a multiple of 4.
    bool grow_to(uint64_t bytes);
    // Sets [offset, offset + bytes) to zero on the GPU (both multiples of 4).
    void clear(uint64_t offset, uint64_t bytes);
    // Copies [offset, offset + bytes) back into `out` (for `verify`; stalls the pipeline).
    void read(uint64_t offset, uint64_t bytes, void* out) const;

    uint64_t bytes() const { return bytes_; }
    uint64_t growths() const { return growths_; }
    unsigned int get() const { return buffer_.get(); }  // the GL buffer name

private:
    Buffer make(uint64_t bytes) const;

    OnGrowth on_growth_;
    Start start_;
    uint64_t bytes_ = 0;
    uint64_t growths_ = 0;
    Buffer buffer_;
};

}  // namespace slotcraft::gfx
