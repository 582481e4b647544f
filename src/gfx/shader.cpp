// Shader compilation and linking with readable errors.
#include "gfx/shader.hpp"

#include "gfx/gl.hpp"

#include "io/user_file.hpp"

namespace slotcraft::gfx {

namespace {

// A shader is a file the user may name (--shaders): read through the one reader of named
// files, so a pipe is refused at once (never waited on), a folder is said as a folder, and
// the bytes are bounded.
constexpr std::size_t kMaxShaderBytes = 1024 * 1024;

std::string read_text(const std::string& path) {
    try {
        return read_user_file(path, {"the shader file", kMaxShaderBytes});
    } catch (const UserFileError& e) {
        throw GfxError(std::string(e.what()) + " (check --shaders or the install)");
    }
}

Shader compile(GLenum type, const std::string& path) {
    const std::string source = read_text(path);
    Shader shader(glCreateShader(type));
    const char* text = source.c_str();
    glShaderSource(shader.get(), 1, &text, nullptr);
    glCompileShader(shader.get());
    GLint ok = 0;
    glGetShaderiv(shader.get(), GL_COMPILE_STATUS, &ok);
    if (!ok) {
        GLint length = 0;
        glGetShaderiv(shader.get(), GL_INFO_LOG_LENGTH, &length);
        std::string log(static_cast<size_t>(length > 0 ? length : 1), '\0');
        glGetShaderInfoLog(shader.get(), length, nullptr, log.data());
        throw GfxError("shader '" + path + "' does not compile:\n" + log);
    }
    return shader;
}

}  // namespace

Program build_program(const std::string& dir, const std::vector<ShaderStage>& stages) {
    std::vector<Shader> shaders;
    std::string names;
    for (const auto& stage : stages) {
        shaders.push_back(compile(stage.type, dir + "/" + stage.file));
        names += (names.empty() ? "" : " + ") + stage.file;
    }
    Program program(glCreateProgram());
    for (const auto& s : shaders) glAttachShader(program.get(), s.get());
    glLinkProgram(program.get());
    GLint ok = 0;
    glGetProgramiv(program.get(), GL_LINK_STATUS, &ok);
    for (const auto& s : shaders) glDetachShader(program.get(), s.get());
    if (!ok) {
        GLint length = 0;
        glGetProgramiv(program.get(), GL_INFO_LOG_LENGTH, &length);
        std::string log(static_cast<size_t>(length > 0 ? length : 1), '\0');
        glGetProgramInfoLog(program.get(), length, nullptr, log.data());
        throw GfxError("shaders " + names + " in '" + dir + "' do not link:\n" + log);
    }
    return program;
}

GLint uniform_location(const Program& program, const char* name, const std::string& program_name) {
    const GLint location = glGetUniformLocation(program.get(), name);
    if (location < 0) throw GfxError("shader program " + program_name + " has no uniform '" + name + "'");
    return location;
}

}  // namespace slotcraft::gfx
