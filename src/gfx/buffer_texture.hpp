#pragma once
// A buffer texture over one of the renderer's buffers (the instances, the page table, the
// light pages), so the cube vertex shader reads them with texelFetch: on llvmpipe a fetch is
// one gather across the vertices of a batch, where a storage-buffer read runs a loop per
// vertex and component (docs/rendering.md, "The vertex stage"). Only src/gfx calls GL.
#include <cstdint>
#include <string>

#include "gfx/gl_object.hpp"

namespace slotcraft::gfx {

class BufferTexture {
public:
    // `format`: a sized integer format (GL_RG32UI, ...); `texel_bytes` its size; `what` names
    // the buffer in messages.
    BufferTexture(unsigned int format, uint32_t texel_bytes, std::string what);

    // Views `buffer` (a GL buffer name of `bytes` bytes) and binds it to texture unit `unit`.
    // Re-attaches only when the buffer changed (it is replaced when it grows). Throws
    // GfxError when the buffer holds more texels than the GL's GL_MAX_TEXTURE_BUFFER_SIZE.
    void bind(unsigned int buffer, uint64_t bytes, unsigned int unit);
    // Lets go of the buffer (a texture keeps the buffer it views alive after it is deleted):
    // before the buffer is replaced, so the old storage can go first.
    void detach();

private:
    Texture texture_;
    unsigned int format_;
    uint32_t texel_bytes_;
    std::string what_;
    unsigned int attached_ = 0;
    uint64_t attached_bytes_ = 0;
};

}  // namespace slotcraft::gfx
