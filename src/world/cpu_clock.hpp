#pragma once
// The calling thread's CPU time (POSIX CLOCK_THREAD_CPUTIME_ID): the clock of the streaming
// budget and of the per-stage figures (cpu.*), so time the thread spends descheduled on a
// shared machine neither eats the budget nor counts as work. Plain C++ and POSIX.
#include <ctime>

namespace slotcraft {

// Milliseconds of CPU time this thread has used since it started.
inline double thread_cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

}  // namespace slotcraft
