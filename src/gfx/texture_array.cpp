// Uploads the block layers into one immutable 2D array texture and builds its mipmaps.
#include "gfx/texture_array.hpp"

#include <bit>
#include <cassert>
#include <iostream>

#include "gfx/gl.hpp"
#include "slots/png_image.hpp"
#include "io/shown_text.hpp"
#include "world/block.hpp"

namespace slotcraft::gfx {

BlockTextures::BlockTextures(const std::filesystem::path& assets_dir) {
    const LayerImages layers = load_layer_images(assets_dir, texture_layer_names());
    // Each warning names a path the user chose (--assets): made safe like every message.
    for (const std::string& line : layers.warnings) std::cerr << safe_message(line) << '\n';

    const int size = kBlockTextureSize;
    const int layer_count = static_cast<int>(layers.images.size());
    const int levels = std::bit_width(static_cast<unsigned>(size));  // 16 -> 5 levels
    texture_ = make_texture(GL_TEXTURE_2D_ARRAY);
    glTextureStorage3D(texture_.get(), levels, GL_RGBA8, size, size, layer_count);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);  // RGBA8 rows are always 4-byte aligned
    for (int layer = 0; layer < layer_count; ++layer) {
        const RgbaImage& image = layers.images[static_cast<size_t>(layer)];
        assert(image.width == size && image.height == size && "load_layer_images: a layer of the wrong size");
        // Row 0 of the PNG (its top) lands at t = 0: the shader maps a face's top edge to v = 0.
        glTextureSubImage3D(texture_.get(), 0, 0, 0, layer, size, size, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                            image.pixels.data());
    }
    glGenerateTextureMipmap(texture_.get());
    glTextureParameteri(texture_.get(), GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_LINEAR);
    glTextureParameteri(texture_.get(), GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTextureParameteri(texture_.get(), GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTextureParameteri(texture_.get(), GL_TEXTURE_WRAP_T, GL_REPEAT);

    // The views need a name that was never bound (glGenTextures, not glCreateTextures).
    for (int layer = 0; layer < layer_count; ++layer) {
        GLuint view = 0;
        glGenTextures(1, &view);
        glTextureView(view, GL_TEXTURE_2D, texture_.get(), GL_RGBA8, 0, static_cast<GLuint>(levels),
                      static_cast<GLuint>(layer), 1);
        glTextureParameteri(view, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTextureParameteri(view, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        layer_views_.emplace_back(view);
    }

    stats_.layer_count = layer_count;
    stats_.warning_count = static_cast<int>(layers.warnings.size());
    stats_.size = size;
    stats_.mip_levels = levels;
}

void BlockTextures::bind(GLuint unit) const { glBindTextureUnit(unit, texture_.get()); }

}  // namespace slotcraft::gfx
