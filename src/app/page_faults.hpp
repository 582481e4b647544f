#pragma once
// The process's minor page faults (getrusage), for `frame.page_faults`: memory a frame
// touches for the first time, or again after the C library gave it back to the system. A
// settled frame of the release program takes none at the Craft pose; bench_render's took
// thousands, until the bench kept its freed heap (tests/bench/gl_bench_support.hpp
// keep_freed_heap_between_frames). The sanitized dev build faults more (its allocator
// quarantines freed memory), so no test holds a bound on it.
#include <cstdint>

namespace slotcraft {

// Minor page faults of the whole process so far, every thread's; -1 when unknown.
int64_t process_page_faults();

}  // namespace slotcraft
