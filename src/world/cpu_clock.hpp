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

// A moment of this thread's CPU time (thread_cpu_ms()) by which a step stops: a type of its own,
// so a budget in milliseconds cannot be passed where a moment is meant. The world's update
// checks it between slices of work.
struct CpuDeadline {
    double at_ms = 0.0;  // a value of thread_cpu_ms()

    static CpuDeadline after(double budget_ms) { return {thread_cpu_ms() + budget_ms}; }
    static CpuDeadline never() { return {1e300}; }
    bool passed() const { return thread_cpu_ms() >= at_ms; }
};

}  // namespace slotcraft
