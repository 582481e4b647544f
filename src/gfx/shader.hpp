#pragma once
// Shader programs built from files in the shaders folder. A missing file or a compile or
// link error throws GfxError with the file name and the driver's log.
#include <stdexcept>
#include <string>
#include <vector>

#include "gfx/gl_object.hpp"

namespace slotcraft::gfx {

// Errors in gfx/, the house convention: what the user can act on (a missing file, a shader
// that does not compile, a hung GPU) is an exception whose what() is the whole message
// (GfxError, GlLoadError, PngError, VerifyError); misuse by our own code is an assert.

// A failure of the GL layer that the user can act on (missing file, compile error, ...).
struct GfxError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct ShaderStage {
    unsigned int type;  // a GLenum: GL_VERTEX_SHADER, GL_FRAGMENT_SHADER, GL_COMPUTE_SHADER
    std::string file;   // name inside the shaders folder, e.g. "cube.vert"
};

// Compiles and links the stages read from `dir`. Throws GfxError on any failure.
Program build_program(const std::string& dir, const std::vector<ShaderStage>& stages);

// A uniform's location, looked up once when the program is built. Throws GfxError when the
// program has no such active uniform (a typo would otherwise silently do nothing).
int uniform_location(const Program& program, const char* name, const std::string& program_name);

}  // namespace slotcraft::gfx
