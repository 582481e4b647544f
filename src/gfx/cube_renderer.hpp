#pragma once
// The cube renderer: uploads each frame's slot work to the one InstanceBuffer through the
// UploadRing (a few copies for an edit, one compute scatter for many writes), turns the
// visible chunks' slot runs into indirect commands, and draws every cube with ONE
// glMultiDrawElementsIndirect call: 12 vertices a cube (the 3 faces turned to the camera, 4
// shared corners each, 18 indices) built in the vertex shader from gl_VertexID and the 8-byte
// instance (docs/rendering.md, "The vertex stage"; docs/light.md).
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

#include "alloc/slot_tree.hpp"
#include "gfx/buffer_texture.hpp"
#include "gfx/gl_object.hpp"
#include "gfx/instance_buffer.hpp"
#include "gfx/light_buffer.hpp"
#include "gfx/texture_array.hpp"
#include "gfx/upload_ring.hpp"
#include "slots/instance_slots.hpp"
#include "slots/light_pages.hpp"
#include "world/block.hpp"
#include "world/coords.hpp"

namespace slotcraft::gfx {

// Texture layers the cube shader looks up: one per block type and face, four to an ivec4
// (shaders/cube.frag declares ivec4 u_layers[64 * 6 / 4]; keep the two in step).
inline constexpr int kFaceLayerCount = kBlockTypeCount * kFaceCount;
inline constexpr int kFaceLayerVectors = (kFaceLayerCount + 3) / 4;
static_assert(kBlockTypeCount <= 64,
              "shaders/cube.frag's u_layers has room for 64 block types (the instance's 6 bits)");

// verify() found the GPU instance buffer different from the CPU copy (the app turns it into
// exit code 2, or a script error). `difference` names the first slot that differs.
struct VerifyError : std::runtime_error {
    explicit VerifyError(const std::string& difference_) : VerifyError("verify failed: " + difference_, difference_) {}
    VerifyError(const std::string& message, std::string difference_)
        : std::runtime_error(message), difference(std::move(difference_)) {}
    std::string difference;
};

struct CubeRendererConfig {
    std::string shader_dir;
    std::string assets_dir;
    std::vector<int> face_layers;  // texture layer of (block type * 6 + face), kFaceLayerCount entries
    size_t ring_bytes = 4u << 20;
    uint32_t initial_slots = 4096;      // grows by grown_slots; small so growth is exercised early
    uint32_t initial_light_pages = 16;  // grows by a quarter
};

// Where the eye is, in the integer-exact form the shader needs.
struct CubeView {
    glm::mat4 view_projection{1.0f};  // for an eye at camera_offset, origin at origin_chunk*16
    glm::ivec3 origin_chunk{0};       // the chunk the camera is in
    glm::vec3 camera_offset{0.0f};    // eye position relative to origin_chunk * 16
    glm::vec3 sky_colour{0.5f};
    float fog_end = 128.0f;  // blocks: fully sky-coloured from here
    float daylight = 1.0f;   // 0..1: scales the sky light (block light is not scaled)
    float fog_start = 96.0f;
    std::optional<glm::ivec3> highlight_chunk;  // tint this chunk's cubes
    bool far_rings = false;                     // the far rings' pass: every cube coarse, lit by one value a chunk
};

class CubeRenderer {
public:
    // The longest run one indirect command covers (the index buffer holds this many cubes'
    // indices; longer runs become several commands).
    static constexpr uint32_t kCubesPerCommand = 4096;

    struct Stats {
        uint64_t buffer_slots = 0;
        uint64_t buffer_bytes = 0;
        uint64_t growths = 0;
        uint64_t upload_bytes_total = 0;       // instance data only
        uint64_t upload_bytes_last_frame = 0;  // instance data only
        uint64_t draw_bytes_last_frame = 0;    // indirect commands
        uint64_t table_bytes_last_frame = 0;   // page table entries
        uint64_t writes_last_frame = 0;
        uint64_t copies_last_frame = 0;      // writes uploaded by one copy each
        uint64_t dispatches_last_frame = 0;  // compute dispatches: slot and light scatters, face corners
        uint64_t pages_cleared_last_frame = 0;
        // Pages whose faces' corners were worked out again (shaders/face_corners.comp), and
        // the buffer they are kept in (a block of 3,072 bytes for each page of a chunk with a
        // light page; none for chunks lit by one value).
        uint64_t corner_pages_last_frame = 0;
        uint64_t corner_buffer_bytes = 0;
        uint64_t corner_pages = 0;  // pages holding a corner block: those of chunks with a light page
        uint64_t page_table_bytes = 0;
        // The renderer's GPU buffers that grow with the world or the uploads: instances, page
        // table, corners, light pages and the upload ring (not the index buffer or textures).
        uint64_t gpu_bytes = 0;
        uint64_t light_buffer_bytes = 0;  // the light page buffer
        uint64_t light_growths = 0;
        uint64_t light_upload_bytes_last_frame = 0;  // whole pages and byte writes
        uint64_t light_upload_bytes_total = 0;
        uint64_t draw_commands = 0;
        uint64_t draw_calls = 0;       // multi-draw calls (1 unless the ring is tiny)
        uint64_t instances_drawn = 0;  // slots the commands cover
        // Vertex ids the opaque commands reach: 4 corners a face on each axis of a run's
        // index table (12 a cube when all three); what the vertex shader runs, bar the few a
        // vertex cache batch repeats.
        uint64_t corners_drawn = 0;
        // The translucent pass (water): its commands, calls and the slots they cover.
        uint64_t translucent_commands = 0;
        uint64_t translucent_calls = 0;
        uint64_t translucent_instances = 0;
        int64_t vertex_invocations = -1;  // pipeline statistics of the newest finished frame
        int64_t samples_passed = -1;
        int texture_warnings = 0;
        UploadRing::Stats ring;
    };

    explicit CubeRenderer(const CubeRendererConfig& config);

    // Starts a frame's counters (the "last frame" figures cover everything uploaded from here).
    void begin_frame();
    // Takes both frames' work and uploads it: the page table entries of handed-out pages, and
    // of every page of a chunk whose light reference changed, get the chunk's reference. Then
    // the faces' corners of every page whose cubes, entry or chunk light changed are worked
    // out again (shaders/face_corners.comp).
    void upload(InstanceSlots& slots, LightPageTable& light);
    // Draws the given slot runs (each run becomes one indirect command): the opaque pass.
    void draw(const std::vector<SlotRun>& runs, const CubeView& view);
    // The translucent pass: blends the given runs in their order (far to near) over what is
    // drawn, depth test on, depth writes off; after draw() in the same frame.
    void draw_translucent(const std::vector<SlotRun>& runs, const CubeView& view);
    // Ends the frame: fences the ring's batches and retires finished ones.
    void end_frame();

    // Compares the GPU buffer with the CPU copy slot by slot, then every drawn face's corners
    // with the same computation in C++ (gfx/face_corners.hpp) over the GPU's page table and
    // light; throws VerifyError naming the first difference.
    void verify(const std::vector<PackedInstance>& cpu) const;
    // The light page buffer and the page table, read back (for `verify`; stalls).
    std::vector<uint8_t> read_back_light() const { return light_.read_back(); }
    std::vector<int32_t> read_back_page_table() const;
    Stats stats() const;
    const BlockTextures& textures() const { return textures_; }
    // The GL names of the uploaded buffers, for a vertex stage outside the program that draws
    // from them (bench_render's contender, tests/bench/contender).
    struct BufferNames {
        unsigned int instances, page_table, light;
    };
    BufferNames buffer_names() const { return {buffer_.instances(), buffer_.page_table(), light_.buffer()}; }

    // One command of glMultiDrawElementsIndirect (the GL's DrawElementsIndirectCommand).
    struct DrawElementsCommand {
        uint32_t count, instance_count, first_index;
        int32_t base_vertex;
        uint32_t base_instance;
    };

private:
    // Uploads one frame's slot work (page clears, page table, writes) and light work (whole
    // light pages, then byte writes) on the GPU. The page table entries in work.pages carry
    // their chunk's light reference (.w) already.
    void upload_work(const InstanceSlots::Uploads& work, const LightPageTable::Uploads& light);
    // Gives a corner block to every handed-out page of a chunk with a light page and takes
    // it from the others, and from cleared and released pages no chunk owns now; grows the
    // blocks to the highest one. Returns true when they grew (every block is worked out again).
    bool assign_corner_blocks(const InstanceSlots& slots, const InstanceSlots::Uploads& work);
    // Works out the faces' corners of `pages` that hold a corner block (sorted, unique).
    void work_out_corners(std::vector<uint32_t>& pages);
    void verify_corners(const std::vector<uint64_t>& gpu) const;
    void upload_writes(const std::vector<SlotWrite>& writes);
    void upload_light(const LightPageTable::Uploads& light);
    void write_page_table(const std::vector<PageHandOut>& pages);
    void read_queries();
    void start_draw_figures();
    void end_queries();
    void use_cube_program(const CubeView& view, bool translucent);
    // Returns the vertex ids the commands reach (Stats::corners_drawn).
    uint64_t multi_draw(const std::vector<SlotRun>& runs, uint64_t& calls, uint64_t& instances);

    InstanceBuffer buffer_;
    LightPages light_;
    UploadRing ring_;
    BlockTextures textures_;
    Program cube_program_;
    // The compute passes that write the buffers, with their uniform locations, looked up once.
    struct ComputePass {
        Program program;
        int count = -1;        // u_count
        int first_block = -1;  // u_first_block (face_corners.comp only)
    };
    struct ComputePasses {
        ComputePass scatter, light_scatter, corners;
    };
    ComputePasses compute_;
    VertexArray cube_vao_;  // no attributes; the corner index buffer
    Buffer corner_indices_;
    std::vector<DrawElementsCommand> command_scratch_;  // the frame's commands, reused
    std::vector<uint32_t> page_scratch_;                // the frame's pages to work out, reused
    // The buffers as cube.vert reads them (texture units 1, 2, 4).
    struct BufferViews {
        BufferTexture instances, pages, corners;
    };
    BufferViews views_;
    // The cube program's uniform locations, looked up once.
    struct CubeUniforms {
        int view_proj = -1, origin_chunk = -1, camera_offset = -1, sky = -1, fog = -1;
        int highlight = -1, translucent = -1, daylight = -1, far = -1;
    };
    // The opaque passes' pipeline statistics: vertex shader runs and samples passed, read one
    // frame late so the CPU never waits for them.
    struct PassQueries {
        Query vertices, samples;
        bool open = false;       // begun at the frame's first opaque draw, ended before water
        bool in_flight = false;  // ended, the result not read yet
    };
    CubeUniforms cube_u_;
    uint32_t corner_window_pages_ = 1;  // blocks of corners one dispatch's binding may span
    // The corner blocks (InstanceBuffer::kCornerBlockBytes), handed out lowest-first, and each
    // page's: its block + 1 (0: none), which the page table entry's y carries above bit 8.
    struct CornerBlocks {
        // At most 2^23 blocks (24 GiB of corners): block + 1 fits in the page table's y above bit 8.
        SlotTree tree{uint64_t{1} << 23};
        std::vector<uint32_t> by_page;
        uint32_t of(uint32_t page) const { return page < by_page.size() ? by_page[page] : 0; }
    };
    CornerBlocks corner_blocks_;
    size_t ssbo_alignment_ = 256;
    PassQueries queries_;
    Stats stats_;
    bool draws_started_ = false;  // this frame's draw figures are being counted
};

}  // namespace slotcraft::gfx
