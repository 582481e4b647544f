// A buffer texture over one of the renderer's buffers. See buffer_texture.hpp.
#include "gfx/buffer_texture.hpp"

#include <utility>

#include "gfx/gl.hpp"
#include "gfx/shader.hpp"

namespace slotcraft::gfx {

BufferTexture::BufferTexture(unsigned int format, uint32_t texel_bytes, std::string what)
    : texture_(make_texture(GL_TEXTURE_BUFFER)), format_(format), texel_bytes_(texel_bytes), what_(std::move(what)) {}

void BufferTexture::bind(unsigned int buffer, uint64_t bytes, unsigned int unit) {
    if (buffer != attached_ || bytes != attached_bytes_) {
        GLint max_texels = 0;
        glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &max_texels);
        const uint64_t texels = bytes / texel_bytes_;
        if (texels > static_cast<uint64_t>(max_texels)) {
            throw GfxError("the " + what_ + " buffer holds " + std::to_string(texels) +
                           " texels, more than this GL's GL_MAX_TEXTURE_BUFFER_SIZE (" + std::to_string(max_texels) +
                           "): lower --view-distance");
        }
        glTextureBuffer(texture_.get(), format_, buffer);
        attached_ = buffer;
        attached_bytes_ = bytes;
    }
    glBindTextureUnit(unit, texture_.get());
}

void BufferTexture::detach() {
    if (attached_ == 0) return;
    glTextureBuffer(texture_.get(), format_, 0);
    attached_ = 0;
    attached_bytes_ = 0;
}

}  // namespace slotcraft::gfx
