#pragma once
// The block textures: every layer of world/block.hpp's texture_layer_names() in one
// GL_TEXTURE_2D_ARRAY with mipmaps. A layer that fails to load shows a checkerboard and
// prints one warning; the program goes on. GL lives here; decoding is in png_image.
#include <filesystem>
#include <vector>

#include "gfx/gl_object.hpp"

namespace slotcraft::gfx {

class BlockTextures {
public:
    struct Stats {
        int layer_count = 0;    // layers in the array (one per TextureLayer)
        int warning_count = 0;  // layers showing the checkerboard
        int size = 0;           // texels per side of a layer (16)
        int mip_levels = 0;     // full chain: 16, 8, 4, 2, 1
    };

    // Loads `<assets_dir>/textures/<layer>.png` for every layer, in layer order. Needs a
    // current GL 4.5 context. Warnings go to stderr, one line per failed layer.
    explicit BlockTextures(const std::filesystem::path& assets_dir);

    // Binds the array to texture unit `unit` (the sampler2DArray's binding).
    void bind(unsigned int unit) const;

    unsigned int name() const { return texture_.get(); }
    // A 2D view of one layer (glTextureView, sharing the array's texels): what the HUD's
    // hotbar and the block picker draw a block's texture with through ImGui.
    unsigned int layer_view(int layer) const { return layer_views_.at(static_cast<size_t>(layer)).get(); }
    const Stats& stats() const { return stats_; }

private:
    Texture texture_;
    std::vector<Texture> layer_views_;  // one GL_TEXTURE_2D view per layer
    Stats stats_;
};

}  // namespace slotcraft::gfx
