// The stop signals (see stop_signals.hpp). The handler does only what is async-signal-safe:
// an atomic store, or write() and _exit() for the second signal.
#include "platform/stop_signals.hpp"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>

namespace slotcraft {

namespace {

std::atomic<int> g_signal{0};
static_assert(std::atomic<int>::is_always_lock_free, "the handler needs a lock-free atomic");

void on_stop_signal(int signal) {
    int expected = 0;
    if (g_signal.compare_exchange_strong(expected, signal)) return;  // the loop sees it next frame
    constexpr char kText[] = "slotcraft: a second signal: ending at once (the last edits may be lost)\n";
    [[maybe_unused]] const ssize_t n = ::write(STDERR_FILENO, kText, sizeof kText - 1);
    ::_exit(128 + signal);
}

}  // namespace

void install_stop_signals() {
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (const int signal : {SIGINT, SIGTERM, SIGHUP}) sigaction(signal, &action, nullptr);
}

int stop_signal() { return g_signal.load(); }

const char* stop_signal_name(int signal) {
    switch (signal) {
        case SIGINT: return "SIGINT";
        case SIGTERM: return "SIGTERM";
        case SIGHUP: return "SIGHUP";
        default: return "a signal";
    }
}

}  // namespace slotcraft
