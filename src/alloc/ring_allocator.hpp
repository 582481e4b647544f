#pragma once
// RingAllocator: tracks the used and free byte ranges of a ring buffer (the upload staging
// ring) that something else owns. The producer reserves contiguous, aligned ranges; a marker
// taken at the end of each frame frees that frame's bytes once the consumer (the GPU) is done.
// Standard library only: never include GL; the fences live in gfx/.

#include <cstdint>
#include <optional>

namespace slotcraft {

class RingAllocator {
public:
    using Size = std::uint64_t;  // byte offsets and byte counts

    struct Reservation {
        Size offset = 0;  // aligned start of the contiguous free range
        Size size = 0;    // its length (at least what was asked, maybe more)
    };

    // The end of the used range at one moment (end of a frame). Markers must be freed in the
    // order they were taken; a default-constructed or already-consumed marker frees nothing.
    class Marker {
    public:
        Marker() noexcept = default;

    private:
        friend class RingAllocator;
        Marker(Size head, std::uint64_t epoch) noexcept : head_(head), epoch_(epoch), valid_(true) {}
        Size head_ = 0;            // bytes ever consumed by the producer when the marker was taken
        std::uint64_t epoch_ = 0;  // which reset() it belongs to
        bool valid_ = false;
    };

    struct Stats {
        Size capacity = 0;
        Size used = 0;           // bytes written or skipped and not yet freed
        Size peak_used = 0;      // the most `used` has been since construction or reset()
        Size bytes_written = 0;  // payload bytes passed to end_write
        Size bytes_skipped = 0;  // lost to alignment or to jumping over the end of the ring
        std::uint64_t writes = 0;
        std::uint64_t failed_reservations = 0;  // try_begin_write answered "no room now"
    };

    explicit RingAllocator(Size capacity = 0) noexcept { reset(capacity); }
    // Forgets everything: the ring is empty, with the new capacity. Markers taken before a
    // reset are refused by free_up_to afterwards.
    void reset(Size capacity) noexcept;

    [[nodiscard]] bool empty() const noexcept { return used() == 0; }
    [[nodiscard]] Size size() const noexcept { return used(); }
    [[nodiscard]] Size capacity() const noexcept { return capacity_; }
    [[nodiscard]] Size free_bytes() const noexcept { return capacity_ - used(); }
    [[nodiscard]] Stats stats() const noexcept;

    // A contiguous range of at least min_contiguous bytes at an offset that is a multiple of
    // `alignment` (a power of two), or nullopt when there is no such range until the consumer
    // frees more. Jumps to offset 0 when the free space at the end of the ring is too short.
    // Throws std::invalid_argument for min_contiguous 0 or above capacity(), or a bad alignment.
    [[nodiscard]] std::optional<Reservation> try_begin_write(Size min_contiguous, Size alignment = 1);
    // Records that `size` bytes were written at the offset of the last reservation (size 0
    // cancels it). Throws std::invalid_argument if there is no such reservation or size
    // exceeds it. Bytes skipped to reach the offset count as used until their frame is freed.
    void end_write(Size offset, Size size);

    [[nodiscard]] Marker current_marker() const noexcept { return Marker(head_, epoch_); }
    // Frees everything written before the marker was taken. Throws std::invalid_argument for a
    // marker freed out of order, or from before a reset().
    void free_up_to(Marker&& marker);

private:
    [[nodiscard]] Size used() const noexcept { return head_ - tail_; }

    Size capacity_ = 0;
    // head_ and tail_ count bytes since construction and never wrap in practice (2^64), which
    // keeps "full" and "empty" apart and lets a marker be a plain number.
    Size head_ = 0;            // bytes consumed by the producer, padding included
    Size tail_ = 0;            // bytes given back by free_up_to
    Size write_pos_ = 0;       // offset where the next write starts (head_ modulo the ring, after jumps)
    Size read_pos_ = 0;        // offset of the oldest used byte
    std::uint64_t epoch_ = 0;  // counts reset() calls, so older markers are recognised
    std::optional<Reservation> pending_;
    Stats stats_;
};

}  // namespace slotcraft
