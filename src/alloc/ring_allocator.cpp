// RingAllocator: reservation, commit and release of byte ranges in a ring. Standard library only.
#include "alloc/ring_allocator.hpp"

#include <algorithm>
#include <cassert>
#include <stdexcept>
#include <string>

namespace slotcraft {

namespace {

// The first multiple of `alignment` at or after `offset`, or nullopt past `limit`.
std::optional<RingAllocator::Size> align_within(RingAllocator::Size offset, RingAllocator::Size alignment,
                                                RingAllocator::Size limit) {
    const RingAllocator::Size rest = offset & (alignment - 1);
    const RingAllocator::Size pad = rest == 0 ? 0 : alignment - rest;
    if (offset > limit || pad > limit - offset) return std::nullopt;
    return offset + pad;
}

}  // namespace

void RingAllocator::reset(Size capacity) noexcept {
    capacity_ = capacity;
    tail_ = head_;  // nothing used; head_ keeps counting so markers stay distinct
    write_pos_ = read_pos_ = 0;
    ++epoch_;
    pending_.reset();
    stats_ = Stats{};
    stats_.capacity = capacity;
}

RingAllocator::Stats RingAllocator::stats() const noexcept {
    Stats s = stats_;
    s.used = used();
    return s;
}

std::optional<RingAllocator::Reservation> RingAllocator::try_begin_write(Size min_contiguous, Size alignment) {
    if (min_contiguous == 0 || min_contiguous > capacity_) {
        throw std::invalid_argument("RingAllocator::try_begin_write: " + std::to_string(min_contiguous) +
                                    " bytes can never fit a ring of " + std::to_string(capacity_));
    }
    if (alignment == 0 || (alignment & (alignment - 1)) != 0) {
        throw std::invalid_argument("RingAllocator::try_begin_write: alignment " + std::to_string(alignment) +
                                    " is not a power of two");
    }
    pending_.reset();
    if (used() == 0) write_pos_ = read_pos_ = 0;  // empty: restart at 0 for the longest run
    std::optional<Reservation> found;
    if (used() == capacity_) {
        // full: nothing until the consumer frees
    } else if (write_pos_ >= read_pos_) {
        // Free space is [write_pos_, capacity_) and then [0, read_pos_).
        const auto at = align_within(write_pos_, alignment, capacity_);
        if (at && capacity_ - *at >= min_contiguous) {
            found = Reservation{*at, capacity_ - *at};
        } else if (read_pos_ >= min_contiguous) {
            found = Reservation{0, read_pos_};  // skip the short end of the ring; 0 is always aligned
        }
    } else {
        // Free space is [write_pos_, read_pos_).
        const auto at = align_within(write_pos_, alignment, read_pos_);
        if (at && read_pos_ - *at >= min_contiguous) found = Reservation{*at, read_pos_ - *at};
    }
    if (!found) ++stats_.failed_reservations;
    pending_ = found;
    return found;
}

void RingAllocator::end_write(Size offset, Size size) {
    if (!pending_ || pending_->offset != offset || size > pending_->size) {
        throw std::invalid_argument("RingAllocator::end_write: " + std::to_string(size) + " bytes at " +
                                    std::to_string(offset) + " do not match the last reservation");
    }
    pending_.reset();
    if (size == 0) return;  // the reservation is cancelled; nothing was skipped
    // offset < write_pos_ only when the reservation jumped to the start of the ring.
    const Size skipped = offset < write_pos_ ? capacity_ - write_pos_ : offset - write_pos_;
    head_ += skipped + size;
    write_pos_ = offset + size;
    if (write_pos_ == capacity_) write_pos_ = 0;
    stats_.bytes_written += size;
    stats_.bytes_skipped += skipped;
    ++stats_.writes;
    stats_.peak_used = std::max(stats_.peak_used, used());
    assert(used() <= capacity_ && "RingAllocator: a write overran the free space");
}

void RingAllocator::free_up_to(Marker&& marker) {
    if (!marker.valid_) return;
    if (marker.epoch_ != epoch_) {
        throw std::invalid_argument("RingAllocator::free_up_to: the marker was taken before a reset()");
    }
    if (marker.head_ < tail_) {
        throw std::invalid_argument("RingAllocator::free_up_to: marker freed out of order (at " +
                                    std::to_string(marker.head_) + ", already freed up to " + std::to_string(tail_) +
                                    ")");
    }
    assert(marker.head_ <= head_ && "RingAllocator: a marker cannot be ahead of the writes");
    const Size freed = marker.head_ - tail_;
    tail_ = marker.head_;
    if (capacity_ != 0) read_pos_ = (read_pos_ + freed) % capacity_;
    marker.valid_ = false;
}

}  // namespace slotcraft
