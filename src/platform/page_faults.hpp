#pragma once
// The process's minor page faults (getrusage), for `frame.page_faults`: memory a frame
// touches for the first time, or again after the C library gave it back to the system. The
// sanitized dev build faults more (its allocator quarantines freed memory), so no test holds
// a bound on it (docs/benchmarks-history.md has the figures measured).
#include <cstdint>

namespace slotcraft {

// Minor page faults of the whole process so far, every thread's; -1 when unknown.
int64_t process_page_faults();

}  // namespace slotcraft
