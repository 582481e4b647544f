// The frame's drawing (see scene_renderer.hpp).
#include "draw/scene_renderer.hpp"

#include <cmath>

#include <algorithm>

#include "gfx/capture.hpp"
#include "gfx/debug.hpp"
#include "gfx/frame.hpp"
#include "gfx/lines.hpp"
#include "io/atomic_file.hpp"

namespace slotcraft {

namespace {
// The target outline: dashes of near-black and white, so it reads on dark and light blocks alike
// (docs/rendering.md "The target outline").
const glm::vec4 kOutlineDark{0.05f, 0.05f, 0.05f, 1.0f};
const glm::vec4 kOutlineLight{1.0f, 1.0f, 1.0f, 1.0f};
constexpr int kOutlineDashes = 4;
// The paste preview (docs/rendering.md "The paste preview"): pale cyan, a third opaque, so the
// world behind reads through; its box outline in the same hue. A clipboard of more solid cells
// than kGhostMaxCells shows only its box (its faces would cost a frame's upload).
const glm::vec4 kGhostColour{0.55f, 0.9f, 1.0f, 0.35f};
const glm::vec4 kGhostEdgeColour{0.55f, 0.9f, 1.0f, 0.9f};
constexpr std::size_t kGhostMaxCells = 8192;
// The edit region and a lone corner: magenta, a hue nothing else in the world takes (the chunk
// boxes are yellow, blue and red, the frustum and the paste preview cyan), in two boxes a little
// apart so the line reads twice as thick.
const glm::vec4 kSelectionColour{1.0f, 0.25f, 0.85f, 1.0f};
const glm::vec4 kVisibleBoxColour{1.0f, 0.9f, 0.1f, 0.8f};  // drawn this frame
const glm::vec4 kCulledBoxColour{0.9f, 0.2f, 0.2f, 0.5f};   // in the octree, culled
const glm::vec4 kHiddenBoxColour{0.3f, 0.45f, 1.0f, 0.7f};  // in the frustum, hidden by the occlusion walk
const glm::vec4 kFrustumColour{0.2f, 1.0f, 1.0f, 1.0f};
}  // namespace

SceneRenderer::SceneRenderer(const SceneRendererConfig& config) : clear_colour_(config.clear_colour) {
    gfx::CubeRendererConfig cubes;
    cubes.shader_dir = config.shader_dir;
    cubes.assets_dir = config.assets_dir;
    cubes.ring_bytes = config.ring_bytes;
    const auto layers = face_layer_table();
    cubes.face_layers.assign(layers.begin(), layers.end());
    cubes_ = std::make_unique<gfx::CubeRenderer>(cubes);
    lines_ = std::make_unique<gfx::LineRenderer>(config.shader_dir);
    gl_renderer_ = gfx::gl_renderer_string() + " / OpenGL " + gfx::gl_version_string();
}

SceneRenderer::~SceneRenderer() = default;

void SceneRenderer::begin(int width, int height) {
    width_ = width;
    height_ = height;
    cubes_->begin_frame();
}

void SceneRenderer::upload(InstanceSlots& slots, LightPageTable& light) { cubes_->upload(slots, light); }

void SceneRenderer::draw_opaque(const Eye& eye, const std::vector<SlotRun>& runs, const std::vector<SlotRun>& far_runs,
                                int fog_distance, const SceneMarks& marks) {
    if (width_ <= 0 || height_ <= 0) return;  // minimised: nothing to draw into
    // The sky dims with the daylight (to a deep blue at 0), so distant fog at night is dark.
    const float sky_scale = 0.12f + 0.88f * std::clamp(marks.daylight, 0.0f, 1.0f);
    const glm::vec3 sky = glm::vec3(kSkyColour.r, kSkyColour.g, kSkyColour.b) * sky_scale;
    Rgb8 clear{static_cast<uint8_t>(sky.r + 0.5f), static_cast<uint8_t>(sky.g + 0.5f),
               static_cast<uint8_t>(sky.b + 0.5f)};
    if (clear_colour_) {
        clear = {static_cast<uint8_t>(*clear_colour_ >> 16), static_cast<uint8_t>(*clear_colour_ >> 8),
                 static_cast<uint8_t>(*clear_colour_)};
    }
    gfx::begin_frame(width_, height_, clear);
    gfx::CubeView& view = view_;
    view = {};
    view.origin_chunk = eye.origin_chunk;
    view.camera_offset = eye.offset;
    view.view_projection = eye.view_projection;
    view.sky_colour = sky / 255.0f;
    view.fog_end = static_cast<float>(fog_distance * kChunkSize);
    view.fog_start = view.fog_end * 0.7f;
    view.daylight = marks.daylight;
    if (marks.highlight) view.highlight_chunk = glm::ivec3(marks.highlight->x, marks.highlight->y, marks.highlight->z);
    // With far terrain the near world keeps the near half of the depth range and the far
    // rings the far half (docs/rendering.md "Far terrain"); the lines after it use the near half.
    has_far_ = eye.has_far;
    gfx::set_depth_range(0.0, has_far_ ? 0.5 : 1.0);
    cubes_->draw(runs, view);
    if (!has_far_) return;
    far_view_ = view;
    far_view_.view_projection = eye.far_view_projection;
    far_view_.far_rings = true;
    gfx::set_depth_range(0.5, 1.0);
    cubes_->draw(far_runs, far_view_);
    gfx::set_depth_range(0.0, 0.5);
}

void SceneRenderer::draw_translucent(const std::vector<SlotRun>& runs, const std::vector<SlotRun>& far_runs) {
    if (width_ <= 0 || height_ <= 0) return;
    if (has_far_) {
        gfx::set_depth_range(0.5, 1.0);
        cubes_->draw_translucent(far_runs, far_view_);
        gfx::set_depth_range(0.0, 0.5);
    }
    cubes_->draw_translucent(runs, view_);
}

// The brush's outline, in the target outline's two tones: the box of a cube brush, or three
// rings (one per axis plane, 48 segments each) of radius R + 1/2 around a sphere brush's centre.
void SceneRenderer::add_brush(const Eye& eye, const SceneMarks::BrushMark& brush) {
    const glm::vec3 c = glm::vec3(brush.centre - eye.origin_chunk * kChunkSize) + glm::vec3(0.5f);
    const float r = static_cast<float>(brush.radius) + 0.5f;
    if (brush.cube) {
        gfx::LineRenderer::add_two_tone_box(lines_scratch_, c - glm::vec3(r + 0.01f), c + glm::vec3(r + 0.01f),
                                            kOutlineDark, kOutlineLight, kOutlineDashes);
        return;
    }
    constexpr int kSegments = 48;
    for (int axis = 0; axis < 3; ++axis) {
        const int u = (axis + 1) % 3, v = (axis + 2) % 3;
        for (int k = 0; k < kSegments; ++k) {
            glm::vec3 a = c, b = c;
            const float t0 = 6.2831853f * static_cast<float>(k) / kSegments;
            const float t1 = 6.2831853f * static_cast<float>(k + 1) / kSegments;
            a[u] += r * std::cos(t0);
            a[v] += r * std::sin(t0);
            b[u] += r * std::cos(t1);
            b[v] += r * std::sin(t1);
            const glm::vec4 colour = k % 2 == 0 ? kOutlineDark : kOutlineLight;
            lines_scratch_.push_back({a, colour});
            lines_scratch_.push_back({b, colour});
        }
    }
}

void SceneRenderer::draw_lines(const Eye& eye, const SceneMarks& marks) {
    if (width_ <= 0 || height_ <= 0) return;

    lines_scratch_.clear();
    if (marks.outline) {
        const glm::vec3 lo = glm::vec3(*marks.outline - eye.origin_chunk * kChunkSize) - glm::vec3(0.004f);
        gfx::LineRenderer::add_two_tone_box(lines_scratch_, lo, lo + glm::vec3(1.008f), kOutlineDark, kOutlineLight,
                                            kOutlineDashes);
    }
    if (marks.brush) add_brush(eye, *marks.brush);
    // The edit region (or a lone corner's cell): boxes around its cells, a little outside them.
    std::optional<std::pair<BlockPos, BlockPos>> selected = marks.selection;
    if (!selected && marks.lone_corner) selected = std::pair{*marks.lone_corner, *marks.lone_corner};
    if (selected) {
        const glm::vec3 lo = glm::vec3(selected->first - eye.origin_chunk * kChunkSize);
        const glm::vec3 hi = glm::vec3(selected->second - eye.origin_chunk * kChunkSize) + glm::vec3(1.0f);
        for (const float out : {0.02f, 0.05f}) {
            gfx::LineRenderer::add_box(lines_scratch_, lo - glm::vec3(out), hi + glm::vec3(out), kSelectionColour);
        }
    }
    if (marks.boxes) {
        for (const ChunkBox& box : *marks.boxes) {
            const glm::vec3 lo = glm::vec3((box.coord - eye.origin_chunk) * kChunkSize) + glm::vec3(0.02f);
            gfx::LineRenderer::add_box(lines_scratch_, lo, lo + glm::vec3(kChunkSize - 0.04f),
                                       box.visible    ? kVisibleBoxColour
                                       : box.occluded ? kHiddenBoxColour
                                                      : kCulledBoxColour);
        }
    }
    if (marks.frozen_frustum) {
        glm::vec3 corners[8];
        for (size_t i = 0; i < 8; ++i) corners[i] = (*marks.frozen_frustum)[i];
        gfx::LineRenderer::add_frustum(lines_scratch_, corners, kFrustumColour);
    }
    if (marks.ghost) add_ghost(eye, marks);
    lines_->draw_lines(lines_scratch_, eye.view_projection);
    if (marks.ghost) lines_->draw_triangles(ghost_scratch_, eye.view_projection);
    lines_->draw_crosshair(width_, height_);
}

unsigned int SceneRenderer::block_icon(BlockType type) const {
    return cubes_->textures().layer_view(static_cast<int>(face_layer(type, kPosZ)));
}

void SceneRenderer::add_ghost(const Eye& eye, const SceneMarks& marks) {
    const Clipboard& c = *marks.ghost;
    const glm::vec3 origin = glm::vec3(marks.ghost_origin - eye.origin_chunk * kChunkSize);
    gfx::LineRenderer::add_box(lines_scratch_, origin - glm::vec3(0.01f), origin + glm::vec3(c.size) + glm::vec3(0.01f),
                               kGhostEdgeColour);
    ghost_scratch_.clear();
    const auto solid = [&c](int x, int y, int z) {
        return x >= 0 && y >= 0 && z >= 0 && x < c.size.x && y < c.size.y && z < c.size.z &&
               c.at(x, y, z) != BlockType::kAir;
    };
    const std::size_t cells = static_cast<std::size_t>(
        std::count_if(c.cells.begin(), c.cells.end(), [](BlockType t) { return t != BlockType::kAir; }));
    if (cells > kGhostMaxCells) return;
    for (int y = 0; y < c.size.y; ++y)
        for (int z = 0; z < c.size.z; ++z)
            for (int x = 0; x < c.size.x; ++x) {
                if (!solid(x, y, z)) continue;
                const unsigned faces = (solid(x + 1, y, z) ? 0u : 1u) | (solid(x - 1, y, z) ? 0u : 2u) |
                                       (solid(x, y + 1, z) ? 0u : 4u) | (solid(x, y - 1, z) ? 0u : 8u) |
                                       (solid(x, y, z + 1) ? 0u : 16u) | (solid(x, y, z - 1) ? 0u : 32u);
                const glm::vec3 lo = origin + glm::vec3(x, y, z);
                gfx::LineRenderer::add_box_faces(ghost_scratch_, lo + glm::vec3(0.002f), lo + glm::vec3(0.998f), faces,
                                                 kGhostColour);
            }
}

void SceneRenderer::capture(const std::string& path) const {
    if (width_ <= 0 || height_ <= 0) {
        throw std::runtime_error("cannot take the screenshot '" + path + "': the window is minimised (0x0)");
    }
    write_file_atomically(path, gfx::encode_png(width_, height_, gfx::read_back_buffer(width_, height_)),
                          "the screenshot");
}

void SceneRenderer::end() { cubes_->end_frame(); }

void SceneRenderer::verify(InstanceSlots& slots, LightPageTable& light, const World& world) {
    if (const std::optional<std::string> links = world.check_links()) throw gfx::VerifyError("chunk table: " + *links);
    upload(slots, light);  // edits made since the last frame must be on the GPU first
    cubes_->verify(slots.cpu_copy());
    const std::vector<int32_t> table = cubes_->read_back_page_table();
    const std::vector<uint8_t> bytes = cubes_->read_back_light();
    std::vector<ChunkCoord> chunks;
    slots.all_chunks(chunks);
    std::vector<uint32_t> pages;
    for (const ChunkCoord& c : chunks) {
        const std::optional<int32_t> ref = light.ref_of(c);
        if (!ref) throw gfx::VerifyError("chunk " + to_string(c) + " has cubes to draw but no light box");
        pages.clear();
        slots.chunk_pages(c, pages);
        for (const uint32_t page : pages) {
            const std::size_t w = std::size_t{page} * 4 + 3;
            if (w >= table.size() || table[w] != *ref) {
                throw gfx::VerifyError("instance page " + std::to_string(page) + " of chunk " + to_string(c) +
                                       " has light reference " +
                                       (w < table.size() ? std::to_string(table[w]) : "none") + " on the GPU but " +
                                       std::to_string(*ref) + " in the CPU table");
            }
        }
        std::optional<std::string> diff;
        if (*ref < 0) {
            diff = world.check_light_box(c, static_cast<uint8_t>(-1 - *ref), {});
        } else if ((uint64_t{static_cast<uint32_t>(*ref)} + 1) * kLightPageBytes > bytes.size()) {
            diff = "chunk " + to_string(c) + ": light page " + std::to_string(*ref) + " is beyond the GPU buffer";
        } else {
            diff = world.check_light_box(
                c, 0, std::span<const uint8_t>(bytes.data() + std::size_t(*ref) * kLightPageBytes, kLightPageBytes));
        }
        if (diff) throw gfx::VerifyError("light on the GPU: " + *diff);
    }
}

SceneRenderer::Stats SceneRenderer::stats() const { return cubes_->stats(); }

}  // namespace slotcraft
