// The gl* calls behind the RAII owners of gl_object.hpp.
#include "gfx/gl_object.hpp"

#include "gfx/gl.hpp"

namespace slotcraft::gfx {

void BufferDeleter::operator()(GLuint n) const { glDeleteBuffers(1, &n); }
void VertexArrayDeleter::operator()(GLuint n) const { glDeleteVertexArrays(1, &n); }
void ProgramDeleter::operator()(GLuint n) const { glDeleteProgram(n); }
void ShaderDeleter::operator()(GLuint n) const { glDeleteShader(n); }
void TextureDeleter::operator()(GLuint n) const { glDeleteTextures(1, &n); }
void QueryDeleter::operator()(GLuint n) const { glDeleteQueries(1, &n); }

Buffer make_buffer() {
    GLuint n = 0;
    glCreateBuffers(1, &n);
    return Buffer(n);
}

VertexArray make_vertex_array() {
    GLuint n = 0;
    glCreateVertexArrays(1, &n);
    return VertexArray(n);
}

Texture make_texture(GLenum target) {
    GLuint n = 0;
    glCreateTextures(target, 1, &n);
    return Texture(n);
}

// glGenQueries, not glCreateQueries: Mesa's DSA path refuses the pipeline-statistics
// targets; a generated name takes its target at the first glBeginQuery.
Query make_query() {
    GLuint n = 0;
    glGenQueries(1, &n);
    return Query(n);
}

Fence Fence::insert() { return Fence(glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0)); }

void Fence::reset() {
    if (sync_) glDeleteSync(sync_);
    sync_ = nullptr;
}

}  // namespace slotcraft::gfx
