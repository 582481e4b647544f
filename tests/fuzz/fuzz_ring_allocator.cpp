// RingAllocator under any sequence of reservations, writes, frame markers, frees and resets,
// against a model of the live byte ranges: a reservation never overlaps bytes still in use,
// lies inside the ring and is aligned; used bytes never exceed the capacity; an empty ring
// always has room.
#include "alloc/ring_allocator.hpp"
#include "fuzz/fuzz_input.hpp"

#include <deque>
#include <stdexcept>
#include <utility>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    using namespace slotcraft;
    using Size = RingAllocator::Size;
    fuzz::FuzzInput in(data, size);
    auto capacity = static_cast<Size>(in.range(1, 4096));
    RingAllocator ring(capacity);
    struct Frame {
        RingAllocator::Marker marker;
        std::vector<std::pair<Size, Size>> ranges;  // written [offset, offset + size)
    };
    std::deque<Frame> frames;  // frames whose marker was taken, oldest first
    Frame current;
    const auto overlaps_live = [&](Size off, Size len) {
        const auto hit = [&](const std::vector<std::pair<Size, Size>>& ranges) {
            for (const auto& [o, l] : ranges) {
                if (off < o + l && o < off + len) return true;
            }
            return false;
        };
        if (hit(current.ranges)) return true;
        for (const Frame& f : frames) {
            if (hit(f.ranges)) return true;
        }
        return false;
    };
    for (int op = 0; op < 3000 && !in.done(); ++op) {
        switch (in.byte() % 5) {
            case 0:
            case 1: {
                const auto want = static_cast<Size>(in.range(0, static_cast<int64_t>(capacity) + 2));
                const Size align = Size{1} << in.range(0, 8);
                const bool was_empty = ring.empty();
                std::optional<RingAllocator::Reservation> r;
                try {
                    r = ring.try_begin_write(want, align);
                } catch (const std::invalid_argument&) {
                    fuzz::check(want == 0 || want > capacity, "a valid reservation request was refused");
                    break;
                }
                fuzz::check(want > 0 && want <= capacity, "an invalid reservation request was taken");
                if (!r) {
                    fuzz::check(!(was_empty && align == 1), "an empty ring had no room");
                    break;
                }
                fuzz::check(r->size >= want && r->offset % align == 0 && r->offset + r->size <= capacity,
                            "a reservation outside the ring, too short or misaligned");
                fuzz::check(!overlaps_live(r->offset, r->size), "a reservation overlaps bytes still in use");
                const auto written = static_cast<Size>(in.range(0, static_cast<int64_t>(r->size)));
                ring.end_write(r->offset, written);
                if (written > 0) current.ranges.emplace_back(r->offset, written);
                break;
            }
            case 2:
                frames.push_back({ring.current_marker(), std::move(current.ranges)});
                current = {};
                break;
            case 3:
                if (frames.empty()) break;
                ring.free_up_to(std::move(frames.front().marker));
                frames.pop_front();
                break;
            case 4:
                if (in.byte() % 16 == 0) {
                    capacity = static_cast<Size>(in.range(1, 4096));
                    ring.reset(capacity);
                    frames.clear();
                    current = {};
                }
                break;
        }
        fuzz::check(ring.size() <= ring.capacity(), "more bytes used than the ring holds");
    }
    return 0;
}
