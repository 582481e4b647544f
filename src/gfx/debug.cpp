// GL loading, version strings and the debug-output callback.
#include "gfx/debug.hpp"

#include <cstdio>

#include "gfx/gl.hpp"

namespace slotcraft::gfx {

void load_gl(GlProcLoader get_proc) {
    const int version = gladLoadGL(reinterpret_cast<GLADloadfunc>(get_proc));
    if (version == 0) throw GlLoadError("the OpenGL functions could not be loaded");
    const int major = GLAD_VERSION_MAJOR(version);
    const int minor = GLAD_VERSION_MINOR(version);
    if (major < 4 || (major == 4 && minor < 5)) {
        throw GlLoadError("OpenGL 4.5 core is needed, found " + std::to_string(major) + "." + std::to_string(minor));
    }
}

std::string probe_gl_version(GlProcLoader get_proc) {
    using GetString = const GLubyte* (*)(GLenum);
    const auto get_string = reinterpret_cast<GetString>(get_proc("glGetString"));
    if (!get_string) return "an unknown version";
    const GLubyte* v = get_string(GL_VERSION);
    return v ? reinterpret_cast<const char*>(v) : "an unknown version";
}

std::string gl_version_string() {
    const auto* v = reinterpret_cast<const char*>(glGetString(GL_VERSION));
    return v ? v : "unknown";
}

std::string gl_renderer_string() {
    const auto* v = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    return v ? v : "unknown";
}

namespace {

const char* type_name(GLenum type) {
    switch (type) {
        case GL_DEBUG_TYPE_ERROR: return "error";
        case GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR: return "deprecated";
        case GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR: return "undefined behaviour";
        case GL_DEBUG_TYPE_PORTABILITY: return "portability";
        case GL_DEBUG_TYPE_PERFORMANCE: return "performance";
        default: return "other";
    }
}

void GLAPIENTRY on_debug_message(GLenum /*source*/, GLenum type, GLuint id, GLenum severity, GLsizei /*length*/,
                                 const GLchar* message, const void* user) {
    auto* stats = static_cast<GlDebugStats*>(const_cast<void*>(user));
    if (type == GL_DEBUG_TYPE_ERROR) {
        ++stats->errors;
    } else if (severity == GL_DEBUG_SEVERITY_NOTIFICATION || severity == GL_DEBUG_SEVERITY_LOW) {
        return;  // chatter (buffer placement hints and the like)
    } else {
        ++stats->warnings;
    }
    std::fprintf(stderr, "GL %s (id %u): %s\n", type_name(type), id, message);
}

}  // namespace

void enable_debug_output(GlDebugStats* stats) {
    glEnable(GL_DEBUG_OUTPUT);
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDebugMessageCallback(on_debug_message, stats);
    glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_TRUE);
}

}  // namespace slotcraft::gfx
