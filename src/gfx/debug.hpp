#pragma once
// GL debug output (KHR_debug, synchronous): every GL error is logged with its message and
// counted, so a run that met one can exit non-zero. Also the GL version checks.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace slotcraft::gfx {

struct GlDebugStats {
    int64_t errors = 0;    // GL_DEBUG_TYPE_ERROR messages
    int64_t warnings = 0;  // other high/medium severity messages
};

// The current context cannot be used: the message says what was found and what is needed.
struct GlLoadError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Loads the GL functions for the current context; throws GlLoadError when they cannot be
// loaded or the version is below 4.5. `get_proc` is the window system's loader
// (glfwGetProcAddress).
using GlProcLoader = void (*(*)(const char*))();
void load_gl(GlProcLoader get_proc);

// The version string of the current context, without loading glad (for the message when a
// 4.5 core context is refused: a probe context of whatever version the driver gives).
std::string probe_gl_version(GlProcLoader get_proc);

// "4.5 (Core Profile) Mesa 22.3.6" and the renderer name, for logs and the overlay.
std::string gl_version_string();
std::string gl_renderer_string();

// Turns on synchronous debug output for the current context; messages go to stderr.
void enable_debug_output(GlDebugStats* stats);

}  // namespace slotcraft::gfx
