// Back-buffer read-back and PNG writing.
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

void write_png(const std::string& path, int width, int height, const std::vector<uint8_t>& rgb) {
    stbi_flip_vertically_on_write(1);
    if (!stbi_write_png(path.c_str(), width, height, 3, rgb.data(), width * 3)) {
        throw GfxError("cannot write the screenshot '" + path + "': check that its folder exists and is writable");
    }
}

}  // namespace slotcraft::gfx
