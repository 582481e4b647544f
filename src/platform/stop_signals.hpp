#pragma once
// SIGINT (Ctrl+C), SIGTERM (kill) and SIGHUP (a closed terminal, a logout) end a run cleanly:
// the handler only notes the signal; the loop stops at the next frame, the last edits are
// committed and the world file is closed, and the exit code is 128 + the signal's number. A
// second signal while closing ends the process at once (the user insists).
namespace slotcraft {

// Installs the handlers (once per process; again is harmless).
void install_stop_signals();
// The first stop signal received (0: none yet).
int stop_signal();
// "SIGINT", "SIGTERM", "SIGHUP" (else "signal N").
const char* stop_signal_name(int signal);

}  // namespace slotcraft
