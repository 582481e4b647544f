// Back-buffer read-back and PNG encoding.
#include "gfx/capture.hpp"

#include <stb/stb_image_write.h>

#include "gfx/gl.hpp"
#include "gfx/shader.hpp"

namespace slotcraft::gfx {

std::vector<uint8_t> read_back_buffer(int width, int height) {
    std::vector<uint8_t> rgb(static_cast<size_t>(width) * static_cast<size_t>(height) * 3);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glReadBuffer(GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, rgb.data());
    return rgb;
}

std::string encode_png(int width, int height, const std::vector<uint8_t>& rgb) {
    stbi_flip_vertically_on_write(1);
    std::string png;
    const auto append = [](void* context, void* data, int size) {
        static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
    };
    if (!stbi_write_png_to_func(append, &png, width, height, 3, rgb.data(), width * 3)) {
        throw GfxError("cannot encode a " + std::to_string(width) + "x" + std::to_string(height) + " PNG");
    }
    return png;
}

}  // namespace slotcraft::gfx
