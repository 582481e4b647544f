#pragma once
// Move-only RAII owners of OpenGL names (buffers, vertex arrays, programs, textures,
// queries, fences). They must be destroyed while the context that made them is current.
#include <utility>

#include "gfx/gl.hpp"

namespace slotcraft::gfx {

// Owns one GL name; Deleter is a function object that deletes it.
template <typename Deleter>
class GlName {
public:
    GlName() = default;
    explicit GlName(GLuint name) : name_(name) {}
    GlName(GlName&& other) noexcept : name_(std::exchange(other.name_, 0)) {}
    GlName& operator=(GlName&& other) noexcept {
        if (this != &other) {
            reset();
            name_ = std::exchange(other.name_, 0);
        }
        return *this;
    }
    GlName(const GlName&) = delete;
    GlName& operator=(const GlName&) = delete;
    ~GlName() { reset(); }

    GLuint get() const { return name_; }
    explicit operator bool() const { return name_ != 0; }
    void reset() {
        if (name_) Deleter{}(name_);
        name_ = 0;
    }

private:
    GLuint name_ = 0;
};

struct BufferDeleter { void operator()(GLuint n) const { glDeleteBuffers(1, &n); } };
struct VertexArrayDeleter { void operator()(GLuint n) const { glDeleteVertexArrays(1, &n); } };
struct ProgramDeleter { void operator()(GLuint n) const { glDeleteProgram(n); } };
struct ShaderDeleter { void operator()(GLuint n) const { glDeleteShader(n); } };
struct TextureDeleter { void operator()(GLuint n) const { glDeleteTextures(1, &n); } };
struct QueryDeleter { void operator()(GLuint n) const { glDeleteQueries(1, &n); } };

using Buffer = GlName<BufferDeleter>;
using VertexArray = GlName<VertexArrayDeleter>;
using Program = GlName<ProgramDeleter>;
using Shader = GlName<ShaderDeleter>;
using Texture = GlName<TextureDeleter>;
using Query = GlName<QueryDeleter>;

inline Buffer make_buffer() { GLuint n = 0; glCreateBuffers(1, &n); return Buffer(n); }
inline VertexArray make_vertex_array() { GLuint n = 0; glCreateVertexArrays(1, &n); return VertexArray(n); }
inline Texture make_texture(GLenum target) { GLuint n = 0; glCreateTextures(target, 1, &n); return Texture(n); }
// glGenQueries, not glCreateQueries: Mesa's DSA path refuses the pipeline-statistics
// targets; a generated name takes its target at the first glBeginQuery.
inline Query make_query() { GLuint n = 0; glGenQueries(1, &n); return Query(n); }

// A fence sync object (a pointer, not a name, so it gets its own owner).
class Fence {
public:
    Fence() = default;
    explicit Fence(GLsync sync) : sync_(sync) {}
    Fence(Fence&& o) noexcept : sync_(std::exchange(o.sync_, nullptr)) {}
    Fence& operator=(Fence&& o) noexcept {
        if (this != &o) {
            reset();
            sync_ = std::exchange(o.sync_, nullptr);
        }
        return *this;
    }
    Fence(const Fence&) = delete;
    Fence& operator=(const Fence&) = delete;
    ~Fence() { reset(); }
    static Fence insert() { return Fence(glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0)); }
    GLsync get() const { return sync_; }
    void reset() {
        if (sync_) glDeleteSync(sync_);
        sync_ = nullptr;
    }

private:
    GLsync sync_ = nullptr;
};

}  // namespace slotcraft::gfx
