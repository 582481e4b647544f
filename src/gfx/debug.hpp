#pragma once
// GL debug output (KHR_debug, synchronous): every GL error is logged with its message and
// counted, so a run that met one can exit non-zero. Also the GL version checks.
#include <cstdint>
#include <string>

namespace slotcraft::gfx {

struct GlDebugStats {
    int64_t errors = 0;     // GL_DEBUG_TYPE_ERROR messages
    int64_t warnings = 0;   // other high/medium severity messages
};

// Loads the GL functions for the current context. Returns the empty string on success,
// otherwise the reason. `get_proc` is the window system's loader (glfwGetProcAddress).
using GlProcLoader = void (*(*)(const char*))();
std::string load_gl(GlProcLoader get_proc);

// "4.5 (Core Profile) Mesa 22.3.6" and the renderer name, for logs and the overlay.
std::string gl_version_string();
std::string gl_renderer_string();

// Turns on synchronous debug output for the current context; messages go to stderr.
void enable_debug_output(GlDebugStats* stats);

}  // namespace slotcraft::gfx
