#pragma once
// The calling thread's CPU time (POSIX CLOCK_THREAD_CPUTIME_ID): what the per-stage figures
// (cpu.*) measure, so time the thread spent descheduled on a shared machine is not counted.
#include <ctime>

namespace slotcraft {

// Milliseconds of CPU time this thread has used since it started.
inline double thread_cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

}  // namespace slotcraft
