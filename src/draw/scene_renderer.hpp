#pragma once
// The frame's drawing: the cube renderer (instance buffer, upload ring, one multi-draw for
// the opaque cubes, one for the water),
// the lines on top (the targeted block's outline, chunk boxes, the frozen frustum, the
// crosshair) and the capture of a frame as a PNG. It owns the GL objects; the render
// tests exercise it through the real program.
#include <array>
#include <memory>
#include <optional>
#include <utility>
#include <string>
#include <vector>

#include "edit/camera.hpp"
#include "draw/cull_view.hpp"
#include "gfx/cube_renderer.hpp"
#include "world/world.hpp"

namespace slotcraft {

namespace gfx {
class LineRenderer;
struct ColouredVertex;
}  // namespace gfx

struct SceneRendererConfig {
    std::string shader_dir;
    std::string assets_dir;
    size_t ring_bytes = 4u << 20;
    std::optional<uint32_t> clear_colour;  // 0xRRGGBB instead of the sky's (--clear-colour; the fog keeps the sky's)
};

// What is drawn besides the cubes, and how the cubes are lit.
struct SceneMarks {
    std::optional<BlockPos> outline;                         // the targeted block
    const std::vector<ChunkBox>* boxes = nullptr;            // chunk boxes (null: none)
    std::optional<std::array<glm::vec3, 8>> frozen_frustum;  // relative to the eye's chunk
    std::optional<ChunkCoord> highlight;                     // tint this chunk's cubes
    std::optional<std::pair<BlockPos, BlockPos>> selection;  // the edit region's min and max cells
    std::optional<BlockPos> lone_corner;                     // one corner set (B or N), the other not yet
    // Where a brush dab would land: its centre cell and radius; a cube brush shows its box, a
    // sphere (and smooth) brush three rings of radius R + 1/2 around the centre.
    struct BrushMark {
        BlockPos centre{0};
        int radius = 0;
        bool cube = false;
    };
    std::optional<BrushMark> brush;
    float daylight = 1.0f;  // 0..1: scales the sky light
    // The paste preview: the clipboard drawn as a translucent ghost with its minimum corner
    // at `ghost_origin` (null clipboard: none).
    const Clipboard* ghost = nullptr;
    BlockPos ghost_origin{0};
};

class SceneRenderer {
public:
    using Stats = gfx::CubeRenderer::Stats;

    // Throws gfx::GfxError (a shader, the textures) with a message naming the file.
    explicit SceneRenderer(const SceneRendererConfig& config);
    ~SceneRenderer();
    SceneRenderer(const SceneRenderer&) = delete;
    SceneRenderer& operator=(const SceneRenderer&) = delete;

    // Starts a frame of `width` x `height` pixels (0 x 0 while minimised).
    void begin(int width, int height);
    // Uploads the slot work queued since the last call to the GPU.
    // The frame's slot and light work: the instance page table entries carry each chunk's
    // light reference (.w), written again for the chunks whose reference changed.
    void upload(InstanceSlots& slots, LightPageTable& light);
    // The frame's drawing passes (the App runs them through its pass graph, in this order):
    // the opaque pass clears to the sky and draws the cubes of `runs` seen from `eye` (and
    // keeps the view for the passes after it); of the marks it uses the highlighted chunk
    // and the daylight...
    // `far_runs` are the far rings' cubes (docs/rendering.md "Far terrain"), drawn after the
    // near world with the eye's far projection into the far half of the depth range; the fog
    // ends at `fog_distance` chunks (the far distance when far terrain is on)...
    void draw_opaque(const Eye& eye, const std::vector<SlotRun>& runs, const std::vector<SlotRun>& far_runs,
                     int fog_distance, const SceneMarks& marks);
    // ... the water pass blends the translucent cubes of `runs` (ordered far to near) over
    // it, depth test on, depth writes off, the far rings' water (`far_runs`) first...
    void draw_translucent(const std::vector<SlotRun>& runs, const std::vector<SlotRun>& far_runs);
    // ... and the lines pass draws the marks and the crosshair on top.
    void draw_lines(const Eye& eye, const SceneMarks& marks);
    // Saves the frame drawn so far (before the swap) as a PNG. Throws std::runtime_error
    // naming the path (the window minimised, a write that failed).
    void capture(const std::string& path) const;
    // Fences this frame's uploads.
    void end();
    // Compares the GPU buffer with the CPU copy (uploads pending work first); throws
    // gfx::VerifyError naming the first difference.
    // Also checks every drawn chunk's light: its page table entries' reference, and its
    // light page (read back) or uniform value against the world's light.
    void verify(InstanceSlots& slots, LightPageTable& light, const World& world);

    int width() const { return width_; }
    int height() const { return height_; }
    float aspect() const { return height_ > 0 ? static_cast<float>(width_) / static_cast<float>(height_) : 1.0f; }
    // "llvmpipe (LLVM 15.0.6, 256 bits) / OpenGL 4.5 (Core Profile) Mesa 22.3.6"
    const std::string& gl_renderer() const { return gl_renderer_; }
    Stats stats() const;
    // The GL texture (a 2D view of its side face's layer) the HUD draws a block type with.
    unsigned int block_icon(BlockType type) const;

private:
    std::unique_ptr<gfx::CubeRenderer> cubes_;
    std::unique_ptr<gfx::LineRenderer> lines_;
    std::vector<gfx::ColouredVertex> lines_scratch_;
    std::vector<gfx::ColouredVertex> ghost_scratch_;  // the paste preview's faces
    // The ghost's faces: each solid clipboard cell's faces towards air or the clipboard's edge.
    void add_ghost(const Eye& eye, const SceneMarks& marks);
    void add_brush(const Eye& eye, const SceneMarks::BrushMark& brush);
    gfx::CubeView view_;      // the opaque pass's view, for the water pass
    gfx::CubeView far_view_;  // the same with the far projection (far terrain)
    std::optional<uint32_t> clear_colour_;
    bool has_far_ = false;
    std::string gl_renderer_;
    int width_ = 0, height_ = 0;
};

}  // namespace slotcraft
