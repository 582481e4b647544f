#pragma once
// Move-only RAII owners of OpenGL names (buffers, vertex arrays, programs, textures,
// queries, fences). They must be destroyed while the context that made them is current.
// Free of glad, like every public header of gfx/: plain types here (a GL name is an
// unsigned int, a GLenum too; a GLsync is glad's own opaque pointer, declared below), the
// gl* calls in gl_object.cpp.
#include <utility>

// The same opaque type glad declares (typedef struct __GLsync *GLsync), so the two agree.
struct __GLsync;
using GLsync = __GLsync*;

namespace slotcraft::gfx {

// Owns one GL name; Deleter is a function object that deletes it.
template <typename Deleter>
class GlName {
public:
    GlName() = default;
    explicit GlName(unsigned int name) : name_(name) {}
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

    unsigned int get() const { return name_; }
    explicit operator bool() const { return name_ != 0; }
    void reset() {
        if (name_) Deleter{}(name_);
        name_ = 0;
    }

private:
    unsigned int name_ = 0;
};

struct BufferDeleter {
    void operator()(unsigned int n) const;
};
struct VertexArrayDeleter {
    void operator()(unsigned int n) const;
};
struct ProgramDeleter {
    void operator()(unsigned int n) const;
};
struct ShaderDeleter {
    void operator()(unsigned int n) const;
};
struct TextureDeleter {
    void operator()(unsigned int n) const;
};
struct QueryDeleter {
    void operator()(unsigned int n) const;
};

using Buffer = GlName<BufferDeleter>;
using VertexArray = GlName<VertexArrayDeleter>;
using Program = GlName<ProgramDeleter>;
using Shader = GlName<ShaderDeleter>;
using Texture = GlName<TextureDeleter>;
using Query = GlName<QueryDeleter>;

Buffer make_buffer();
VertexArray make_vertex_array();
Texture make_texture(unsigned int target);  // a GLenum: GL_TEXTURE_2D_ARRAY, ...
Query make_query();

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
    static Fence insert();  // after the commands it marks
    GLsync get() const { return sync_; }
    void reset();

private:
    GLsync sync_ = nullptr;
};

}  // namespace slotcraft::gfx
