// The cube renderer: uploading slot work and the one multi-draw. See cube_renderer.hpp.
#include "gfx/cube_renderer.hpp"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <bit>
#include <cstring>

#include <glm/gtc/type_ptr.hpp>

#include "gfx/cube_corners.hpp"
#include "gfx/face_corners.hpp"
#include "gfx/gl.hpp"
#include "gfx/shader.hpp"
#include "world/lod.hpp"

namespace slotcraft::gfx {

namespace {

// Up to this many writes go as one buffer copy each (an edit writes at most 7); more
// go through one compute dispatch, far cheaper than that many copies (docs/benchmarks-history.md).
constexpr size_t kCopyThreshold = 16;

using DrawElementsIndirectCommand = CubeRenderer::DrawElementsCommand;
static_assert(sizeof(DrawElementsIndirectCommand) == 20, "glMultiDrawElementsIndirect reads 5 words a command");

constexpr GLuint kInstancesBinding = 0;
constexpr GLuint kPagesBinding = 1;
constexpr GLuint kWritesBinding = 2;
constexpr GLuint kLightBinding = 3;
constexpr GLuint kCornersBinding = 4;
// Texture units of cube.vert's buffer textures (unit 0 is cube.frag's texture array).
constexpr GLuint kInstancesUnit = 1;
constexpr GLuint kPagesUnit = 2;
constexpr GLuint kCornersUnit = 4;
static_assert(InstanceBuffer::kCornerBytes == kCornerBytesPerSlot, "the corner buffer holds six faces a slot");
// A dispatch of shaders/face_corners.comp takes at most this many pages (one work group each;
// GL guarantees 65,535 groups on x), all within one window of the corner buffer of at most
// kCornerWindowBytes (or the GL's GL_MAX_SHADER_STORAGE_BLOCK_SIZE, if less): bound whole,
// the buffer would pass llvmpipe's 128 MiB past 2.8M slots. 1 MiB (341 pages) is small enough
// that the tests' scenes span several windows (view distance 4: 512 pages).
constexpr size_t kCornerPagesPerDispatch = 65535;
constexpr uint64_t kCornerWindowBytes = 1u << 20;
constexpr uint64_t kCornerPageBytes = InstanceBuffer::kCornerBlockBytes;  // a block: a page's corners, 3,072
static_assert(kCornerPageBytes == uint64_t{kSlotsPerPage} * kCornerBytesPerSlot, "a block holds a page's corners");
// A page table entry's y: world/lod.hpp's page_table_y (the chunk's y from the world's bottom
// in bits 0..4, its level in 5..7; cube.vert) in bits 0..7, the page's corner block + 1
// above (0: none).
constexpr int kBlockShift = 8;

}  // namespace

CubeRenderer::CubeRenderer(const CubeRendererConfig& config)
    : buffer_(config.initial_slots),
      light_(config.initial_light_pages),
      ring_(config.ring_bytes),
      textures_(config.assets_dir),
      cube_program_(
          build_program(config.shader_dir, {{GL_VERTEX_SHADER, "cube.vert"}, {GL_FRAGMENT_SHADER, "cube.frag"}})),
      compute_{{build_program(config.shader_dir, {{GL_COMPUTE_SHADER, "scatter.comp"}})},
               {build_program(config.shader_dir, {{GL_COMPUTE_SHADER, "light_scatter.comp"}})},
               {build_program(config.shader_dir, {{GL_COMPUTE_SHADER, "face_corners.comp"}})}},
      cube_vao_(make_vertex_array()),
      corner_indices_(make_buffer()),
      views_{BufferTexture(GL_RG32UI, InstanceBuffer::kInstanceBytes, "instance"),
             BufferTexture(GL_RGBA32I, InstanceBuffer::kPageEntryBytes, "page table"),
             BufferTexture(GL_RG32UI, kFaceCornerBytes, "face corner")},
      queries_{make_query(), make_query()} {
    const std::vector<uint32_t> indices = cube_corner_indices(kCubesPerCommand);
    glNamedBufferStorage(corner_indices_.get(), static_cast<GLsizeiptr>(indices.size() * sizeof(uint32_t)),
                         indices.data(), 0);
    glVertexArrayElementBuffer(cube_vao_.get(), corner_indices_.get());
    cube_u_.view_proj = uniform_location(cube_program_, "u_view_proj", "cube");
    cube_u_.origin_chunk = uniform_location(cube_program_, "u_origin_chunk", "cube");
    cube_u_.camera_offset = uniform_location(cube_program_, "u_camera_offset", "cube");
    cube_u_.sky = uniform_location(cube_program_, "u_sky", "cube");
    cube_u_.fog = uniform_location(cube_program_, "u_fog", "cube");
    cube_u_.highlight = uniform_location(cube_program_, "u_highlight_chunk", "cube");
    cube_u_.translucent = uniform_location(cube_program_, "u_translucent", "cube");
    cube_u_.daylight = uniform_location(cube_program_, "u_daylight", "cube");
    cube_u_.far = uniform_location(cube_program_, "u_far", "cube");
    const GLint u_layers = uniform_location(cube_program_, "u_layers", "cube");
    assert(config.face_layers.size() == kFaceLayerCount &&
           "CubeRendererConfig::face_layers needs kBlockTypeCount x kFaceCount entries: use face_layer_table()");
    std::vector<int> packed(config.face_layers);  // padded to whole ivec4s
    packed.resize(static_cast<std::size_t>(kFaceLayerVectors) * 4, 0);
    glProgramUniform4iv(cube_program_.get(), u_layers, kFaceLayerVectors, packed.data());
    compute_.scatter.count = uniform_location(compute_.scatter.program, "u_count", "scatter");
    compute_.light_scatter.count = uniform_location(compute_.light_scatter.program, "u_count", "light_scatter");
    compute_.corners.count = uniform_location(compute_.corners.program, "u_count", "face_corners");
    compute_.corners.first_block = uniform_location(compute_.corners.program, "u_first_block", "face_corners");
    GLint alignment = 256;
    glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
    ssbo_alignment_ = static_cast<size_t>(std::max(alignment, 4));
    GLint max_block = 0;
    glGetIntegerv(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &max_block);
    const uint64_t window_bytes = std::min<uint64_t>(kCornerWindowBytes, static_cast<uint64_t>(std::max(max_block, 0)));
    corner_window_pages_ = static_cast<uint32_t>(window_bytes / kCornerPageBytes);
    if (corner_window_pages_ == 0) {
        throw GfxError("this GL's GL_MAX_SHADER_STORAGE_BLOCK_SIZE (" + std::to_string(max_block) +
                       " bytes) cannot hold one page of face corners (" + std::to_string(kCornerPageBytes) +
                       " bytes): this GL cannot run Slotcraft; use a GL 4.5 driver (Mesa's llvmpipe will do)");
    }
}

// [SECTION] uploading the frame's slot work

void CubeRenderer::begin_frame() {
    stats_.upload_bytes_last_frame = 0;
    stats_.table_bytes_last_frame = 0;
    stats_.copies_last_frame = 0;
    stats_.dispatches_last_frame = 0;
    stats_.writes_last_frame = 0;
    stats_.pages_cleared_last_frame = 0;
    stats_.corner_pages_last_frame = 0;
    stats_.light_upload_bytes_last_frame = 0;
    draws_started_ = false;
}

// The draw figures add up over the frame's draws (the near world, then the far rings). They
// start again at the frame's first draw, not at begin_frame(): the overlay is built between
// the two and shows the last drawn frame's figures.
void CubeRenderer::start_draw_figures() {
    if (draws_started_) return;
    draws_started_ = true;
    stats_.draw_commands = 0;
    stats_.draw_calls = 0;
    stats_.draw_bytes_last_frame = 0;
    stats_.instances_drawn = 0;
    stats_.corners_drawn = 0;
    stats_.translucent_commands = 0;
    stats_.translucent_calls = 0;
    stats_.translucent_instances = 0;
}

void CubeRenderer::upload(InstanceSlots& slots, LightPageTable& light) {
    InstanceSlots::Uploads work = slots.take_uploads();
    const LightPageTable::Uploads light_work = light.take_uploads();
    // A chunk with cubes and no light box is a bug `verify` reports; until then it draws dark.
    auto ref = [&light](const ChunkCoord& c) { return light.ref_of(c).value_or(uniform_light_ref(0)); };
    for (PageHandOut& p : work.pages) p.light = ref(p.chunk);
    std::vector<uint32_t> pages;
    for (const ChunkCoord& c : light_work.refs_changed) {
        pages.clear();
        slots.chunk_pages(c, pages);
        for (const uint32_t page : pages) work.pages.push_back({page, c, ref(c)});
    }
    const bool blocks_grew = assign_corner_blocks(slots, work);
    upload_work(work, light_work);
    // The pages whose faces' corners may have changed: those written to, those whose table
    // entry changed (handed out, or the chunk's light reference), and every page of a chunk
    // whose light changed (a light byte reaches the faces of up to 3 x 3 x 3 cubes around it;
    // the whole chunk is simpler, and cheap next to the light work itself). Only the pages
    // with a corner block are worked out (work_out_corners).
    std::vector<uint32_t>& dirty = page_scratch_;
    dirty.clear();
    for (const SlotWrite& w : work.writes) {  // a chunk's writes come page by page: drop the repeats first
        const uint32_t page = w.slot / kSlotsPerPage;
        if (dirty.empty() || dirty.back() != page) dirty.push_back(page);
    }
    for (const PageHandOut& p : work.pages) dirty.push_back(p.page);
    for (const ChunkCoord& c : light_work.relit) slots.chunk_pages(c, dirty);
    // Grown blocks start empty (InstanceBuffer::kCornerBytes): every page with one is worked
    // out again.
    if (blocks_grew) {
        for (uint32_t page = 0; page < corner_blocks_.by_page.size(); ++page) {
            if (corner_blocks_.by_page[page] != 0) dirty.push_back(page);
        }
    }
    work_out_corners(dirty);
    slots.give_back(std::move(work));
}

bool CubeRenderer::assign_corner_blocks(const InstanceSlots& slots, const InstanceSlots::Uploads& work) {
    CornerBlocks& blocks = corner_blocks_;
    const auto release = [&blocks](uint32_t page) {
        if (blocks.of(page) == 0) return;
        blocks.tree.free(blocks.by_page[page] - 1);
        blocks.by_page[page] = 0;
    };
    // A page cleared or released this frame, and not handed out again since, is owned by no
    // chunk now: its block goes back (a page released and handed out again is decided below).
    for (const std::vector<uint32_t>* list : {&work.cleared_pages, &work.released_pages}) {
        for (const uint32_t page : *list) {
            if (!slots.chunk_of_page(page)) release(page);
        }
    }
    for (const PageHandOut& p : work.pages) {
        // A chunk lit by one value (open sky, the far rings: a uniform reference) needs no
        // corners: cube.vert works them out from the occluder bits. One with a light page does
        // (a page handed out and emptied again within the frame is owned by no chunk: none).
        if (p.light < 0 || !slots.chunk_of_page(p.page)) {
            release(p.page);
        } else if (blocks.of(p.page) == 0) {
            if (blocks.by_page.size() <= p.page) blocks.by_page.resize(p.page + 1, 0);
            blocks.by_page[p.page] = blocks.tree.allocate() + 1;
        }
    }
    if (blocks.tree.high_water() <= buffer_.corner_blocks()) return false;
    views_.corners.detach();  // the view lets go of the old blocks first: never both sizes at once
    return buffer_.ensure_corner_blocks(blocks.tree.high_water());
}

void CubeRenderer::upload_work(const InstanceSlots::Uploads& work, const LightPageTable::Uploads& light) {
    upload_light(light);
    stats_.writes_last_frame += work.writes.size();
    stats_.pages_cleared_last_frame += work.cleared_pages.size();
    uint64_t needed = 0;
    for (const PageHandOut& p : work.pages) needed = std::max<uint64_t>(needed, (uint64_t{p.page} + 1) * kSlotsPerPage);
    for (const SlotWrite& w : work.writes) needed = std::max<uint64_t>(needed, uint64_t{w.slot} + 1);
    buffer_.ensure_slots(needed);
    for (uint32_t page : work.cleared_pages) buffer_.clear_page(page);
    write_page_table(work.pages);
    upload_writes(work.writes);
}

void CubeRenderer::write_page_table(const std::vector<PageHandOut>& pages) {
    constexpr size_t kEntry = InstanceBuffer::kPageEntryBytes;
    upload_in_batches(ring_, pages.size(), kEntry, 16, [&](const UploadRing::Span& span, size_t first, size_t n) {
        for (size_t k = 0; k < n; ++k) {
            const PageHandOut& p = pages[first + k];
            const int32_t table_y = page_table_y(p.chunk);
            assert(table_y >= 0 && table_y < (1 << kBlockShift) && "a chunk's y (and level) fits below the block");
            const int32_t y = table_y | static_cast<int32_t>(corner_blocks_.of(p.page) << kBlockShift);
            const int32_t entry[4] = {p.chunk.x, y, p.chunk.z, p.light};
            std::memcpy(span.data + k * kEntry, entry, sizeof entry);
            glCopyNamedBufferSubData(ring_.buffer(), buffer_.page_table(),
                                     static_cast<GLintptr>(span.offset + k * kEntry), GLintptr{p.page} * kEntry,
                                     kEntry);
        }
        stats_.table_bytes_last_frame += n * kEntry;
    });
}

void CubeRenderer::upload_writes(const std::vector<SlotWrite>& writes) {
    static_assert(sizeof(SlotWrite) == 16 && offsetof(SlotWrite, value) == 8,
                  "a write is (slot, unused, instance low, instance high) as uint32: scatter.comp's uvec4");
    const bool scatter = writes.size() > kCopyThreshold;
    const auto upload = [&](const UploadRing::Span& span, size_t first, size_t n) {
        std::memcpy(span.data, writes.data() + first, n * sizeof(SlotWrite));
        if (scatter) {
            glUseProgram(compute_.scatter.program.get());
            glUniform1ui(compute_.scatter.count, static_cast<GLuint>(n));
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kInstancesBinding, buffer_.instances());
            glBindBufferRange(GL_SHADER_STORAGE_BUFFER, kWritesBinding, ring_.buffer(),
                              static_cast<GLintptr>(span.offset), static_cast<GLsizeiptr>(n * sizeof(SlotWrite)));
            glDispatchCompute(static_cast<GLuint>((n + 63) / 64), 1, 1);
            ++stats_.dispatches_last_frame;
            return;
        }
        for (size_t k = 0; k < n; ++k) {
            // The value half of write k goes to its slot.
            glCopyNamedBufferSubData(
                ring_.buffer(), buffer_.instances(),
                static_cast<GLintptr>(span.offset + k * sizeof(SlotWrite) + offsetof(SlotWrite, value)),
                GLintptr{writes[first + k].slot} * InstanceBuffer::kInstanceBytes, InstanceBuffer::kInstanceBytes);
        }
        stats_.copies_last_frame += n;
    };
    upload_in_batches(ring_, writes.size(), sizeof(SlotWrite), scatter ? ssbo_alignment_ : 16, upload);
    if (scatter) glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    const uint64_t bytes = writes.size() * uint64_t{kInstanceBytes};
    stats_.upload_bytes_last_frame += bytes;
    stats_.upload_bytes_total += bytes;
}

// One work group of shaders/face_corners.comp a page, after the frame's instance, page table
// and light writes (the copies are seen by later commands; the scatters' stores were made
// visible by their barriers); cube.vert reads the result through a buffer texture.
void CubeRenderer::work_out_corners(std::vector<uint32_t>& pages) {
    // Only pages with a block, in the order of their blocks, each once.
    const CornerBlocks& blocks = corner_blocks_;
    std::erase_if(pages, [&blocks](uint32_t page) { return blocks.of(page) == 0; });
    std::sort(pages.begin(), pages.end(), [&blocks](uint32_t a, uint32_t b) { return blocks.of(a) < blocks.of(b); });
    pages.erase(std::unique(pages.begin(), pages.end()), pages.end());
    stats_.corner_pages_last_frame += pages.size();
    if (pages.empty()) return;
    glUseProgram(compute_.corners.program.get());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kInstancesBinding, buffer_.instances());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kPagesBinding, buffer_.page_table());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kLightBinding, light_.buffer());
    // A window starts at a block whose byte offset meets the storage-buffer offset alignment.
    uint32_t align_blocks = 1;
    while ((align_blocks * kCornerPageBytes) % ssbo_alignment_ != 0) ++align_blocks;
    const uint32_t window = std::max(align_blocks, corner_window_pages_ / align_blocks * align_blocks);
    // A batch is the pages from `first` whose blocks lie inside one window [first_block,
    // first_block + window_blocks) of the corner buffer, at most one dispatch's groups; the
    // window is set here and bound by the batch below.
    uint32_t first_block = 0, window_blocks = 0;
    const auto in_one_window = [&](size_t first, size_t n) {
        const uint32_t block = blocks.of(pages[first]) - 1;
        first_block = block - block % align_blocks;
        window_blocks = std::min(window, buffer_.corner_blocks() - first_block);
        size_t k = 0;
        while (k < std::min(n, kCornerPagesPerDispatch) &&
               blocks.of(pages[first + k]) - 1 < first_block + window_blocks) {
            ++k;
        }
        return k;
    };
    const auto dispatch = [&](const UploadRing::Span& span, size_t first, size_t n) {
        std::memcpy(span.data, pages.data() + first, n * sizeof(uint32_t));
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, kCornersBinding, buffer_.corners(),
                          static_cast<GLintptr>(first_block * kCornerPageBytes),
                          static_cast<GLsizeiptr>(window_blocks * kCornerPageBytes));
        glUniform1ui(compute_.corners.first_block, first_block);
        glUniform1ui(compute_.corners.count, static_cast<GLuint>(n));
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, kWritesBinding, ring_.buffer(), static_cast<GLintptr>(span.offset),
                          static_cast<GLsizeiptr>(n * sizeof(uint32_t)));
        glDispatchCompute(static_cast<GLuint>(n), 1, 1);
        ++stats_.dispatches_last_frame;
    };
    upload_in_batches(ring_, pages.size(), sizeof(uint32_t), ssbo_alignment_, dispatch, in_one_window);
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
}

// Whole pages by one copy each from the ring, then the byte writes in one dispatch of
// shaders/light_scatter.comp (atomics on the bytes' words).
void CubeRenderer::upload_light(const LightPageTable::Uploads& light) {
    uint32_t needed = 0;
    for (const uint32_t page : light.pages) needed = std::max(needed, page + 1);
    for (const LightByteWrite& w : light.writes) needed = std::max(needed, w.address / kLightPageBytes + 1);
    light_.ensure_pages(needed);
    // The pages' bytes, whole pages a batch where a reservation holds one (a ring under two
    // pages, --ring-kib below 12, takes each page in pieces); one copy per page or piece
    // (pages need not be consecutive in the buffer).
    const auto whole_pages = [](size_t, size_t n) {
        return n >= kLightPageBytes ? n / kLightPageBytes * kLightPageBytes : n;
    };
    const auto copy_pages = [&](const UploadRing::Span& span, size_t at, size_t bytes) {
        std::memcpy(span.data, light.page_data.data() + at, bytes);
        for (size_t done = 0; done < bytes;) {
            const size_t k = (at + done) / kLightPageBytes, in_page = (at + done) % kLightPageBytes;
            const size_t len = std::min(bytes - done, kLightPageBytes - in_page);
            glCopyNamedBufferSubData(ring_.buffer(), light_.buffer(), static_cast<GLintptr>(span.offset + done),
                                     static_cast<GLintptr>(GLintptr{light.pages[k]} * kLightPageBytes + in_page),
                                     static_cast<GLsizeiptr>(len));
            done += len;
        }
    };
    upload_in_batches(ring_, light.pages.size() * kLightPageBytes, 1, 16, copy_pages, whole_pages);
    const auto scatter_bytes = [&](const UploadRing::Span& span, size_t first, size_t n) {
        std::memcpy(span.data, light.writes.data() + first, n * sizeof(LightByteWrite));
        // The copies above must be done before the atomics change bytes of the same pages.
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
        glUseProgram(compute_.light_scatter.program.get());
        glUniform1ui(compute_.light_scatter.count, static_cast<GLuint>(n));
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kLightBinding, light_.buffer());
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, kWritesBinding, ring_.buffer(), static_cast<GLintptr>(span.offset),
                          static_cast<GLsizeiptr>(n * sizeof(LightByteWrite)));
        glDispatchCompute(static_cast<GLuint>((n + 63) / 64), 1, 1);
        ++stats_.dispatches_last_frame;
    };
    upload_in_batches(ring_, light.writes.size(), sizeof(LightByteWrite), ssbo_alignment_, scatter_bytes);
    if (!light.writes.empty()) glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    stats_.light_upload_bytes_last_frame += light.bytes();
    stats_.light_upload_bytes_total += light.bytes();
}

// [SECTION] drawing

void CubeRenderer::draw(const std::vector<SlotRun>& runs, const CubeView& view) {
    read_queries();
    start_draw_figures();
    stats_.draw_commands += runs.size();  // a frame may draw twice: the near world and the far rings
    if (runs.empty()) return;
    use_cube_program(view, false);
    glDisable(GL_BLEND);
    // Pipeline statistics are an extension in 4.5: without it the figures stay -1. The
    // queries span the frame's opaque draws (the near world and the far rings).
    if (GLAD_GL_ARB_pipeline_statistics_query != 0 && !queries_.in_flight && !queries_.open) {
        glBeginQuery(GL_VERTEX_SHADER_INVOCATIONS_ARB, queries_.vertices.get());
        glBeginQuery(GL_SAMPLES_PASSED, queries_.samples.get());
        queries_.open = true;
    }
    stats_.corners_drawn += multi_draw(runs, stats_.draw_calls, stats_.instances_drawn);
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
    glBindVertexArray(0);
}

// [SECTION] the translucent pass

// Water over the finished opaque world: blended, tested against its depth but not writing
// it (so water behind water still shows), in the order of `runs` (far to near).
void CubeRenderer::end_queries() {
    if (!queries_.open) return;
    glEndQuery(GL_SAMPLES_PASSED);
    glEndQuery(GL_VERTEX_SHADER_INVOCATIONS_ARB);
    queries_.open = false;
    queries_.in_flight = true;
}

void CubeRenderer::draw_translucent(const std::vector<SlotRun>& runs, const CubeView& view) {
    end_queries();
    start_draw_figures();
    stats_.translucent_commands += runs.size();
    if (runs.empty()) return;
    use_cube_program(view, true);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
    glDepthMask(GL_FALSE);
    multi_draw(runs, stats_.translucent_calls, stats_.translucent_instances);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
    glBindVertexArray(0);
}

// [SECTION] shared by both passes

void CubeRenderer::use_cube_program(const CubeView& view, bool translucent) {
    glUseProgram(cube_program_.get());
    glUniformMatrix4fv(cube_u_.view_proj, 1, GL_FALSE, glm::value_ptr(view.view_projection));
    glUniform3i(cube_u_.origin_chunk, view.origin_chunk.x, view.origin_chunk.y, view.origin_chunk.z);
    glUniform3fv(cube_u_.camera_offset, 1, glm::value_ptr(view.camera_offset));
    glUniform3fv(cube_u_.sky, 1, glm::value_ptr(view.sky_colour));
    glUniform2f(cube_u_.fog, view.fog_start, view.fog_end);
    glUniform1f(cube_u_.daylight, view.daylight);  // a uniform: changing the daylight uploads nothing
    const glm::ivec3 h = view.highlight_chunk.value_or(glm::ivec3(0));
    glUniform4i(cube_u_.highlight, h.x, h.y, h.z, view.highlight_chunk ? 1 : 0);
    glUniform1i(cube_u_.translucent, translucent ? 1 : 0);
    glUniform1i(cube_u_.far, view.far_rings ? 1 : 0);
    textures_.bind(0);
    views_.instances.bind(buffer_.instances(), buffer_.bytes(), kInstancesUnit);
    views_.pages.bind(buffer_.page_table(), buffer_.page_table_bytes(), kPagesUnit);
    views_.corners.bind(buffer_.corners(), buffer_.corner_bytes(), kCornersUnit);
    glBindVertexArray(cube_vao_.get());
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, ring_.buffer());
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDisable(GL_CULL_FACE);  // only faces turned to the eye are emitted
}

// One indirect command per run (per kCubesPerCommand cubes of a longer run), in order,
// through the ring; one multi-draw call unless the ring is too small for all the commands.
uint64_t CubeRenderer::multi_draw(const std::vector<SlotRun>& runs, uint64_t& calls, uint64_t& instances) {
    uint64_t corners = 0;
    std::vector<DrawElementsIndirectCommand>& commands = command_scratch_;
    commands.clear();
    for (const SlotRun& run : runs) {
        assert(uint64_t{run.first_slot} + run.count <= uint64_t{INT32_MAX} / kCubeVertexIdStride &&
               "slot * 16 is a vertex id (GLint base vertex): the buffer may not pass 2^27 slots");
        // The run's table has only the faces on its axes (a run of tops: 6 indices a cube).
        const uint8_t axes = (run.axes & kAllFaceAxes) != 0 ? run.axes & kAllFaceAxes : kAllFaceAxes;
        const GLuint first_index = corner_table_offset(axes, kCubesPerCommand);
        for (uint32_t done = 0; done < run.count; done += kCubesPerCommand) {
            const uint32_t n = std::min(run.count - done, kCubesPerCommand);
            commands.push_back({n * indices_per_cube(axes), 1, first_index,
                                static_cast<GLint>((run.first_slot + done) * kCubeVertexIdStride), 0});
        }
        corners += uint64_t{run.count} * 4 * static_cast<uint64_t>(std::popcount(unsigned{axes}));
        instances += run.count;
    }
    constexpr size_t kCommand = sizeof(DrawElementsIndirectCommand);
    upload_in_batches(ring_, commands.size(), kCommand, 4, [&](const UploadRing::Span& span, size_t first, size_t n) {
        std::memcpy(span.data, commands.data() + first, n * kCommand);
        glMultiDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_INT, reinterpret_cast<const void*>(span.offset),
                                    static_cast<GLsizei>(n), 0);
        ++calls;
        stats_.draw_bytes_last_frame += n * kCommand;
    });
    return corners;
}

void CubeRenderer::read_queries() {
    if (!queries_.in_flight) return;
    GLuint available = 0;
    glGetQueryObjectuiv(queries_.samples.get(), GL_QUERY_RESULT_AVAILABLE, &available);
    if (!available) return;  // keep the older figures; never stall for statistics
    GLuint64 vs = 0, samples = 0;
    glGetQueryObjectui64v(queries_.vertices.get(), GL_QUERY_RESULT, &vs);
    glGetQueryObjectui64v(queries_.samples.get(), GL_QUERY_RESULT, &samples);
    stats_.vertex_invocations = static_cast<int64_t>(vs);
    stats_.samples_passed = static_cast<int64_t>(samples);
    queries_.in_flight = false;
}

void CubeRenderer::end_frame() {
    end_queries();
    ring_.submit();
    ring_.retire();
}

// [SECTION] verification and stats

void CubeRenderer::verify(const std::vector<PackedInstance>& cpu) const {
    const std::vector<uint64_t> gpu = buffer_.read_back();
    if (cpu.size() > gpu.size()) {
        throw VerifyError("the GPU buffer holds " + std::to_string(gpu.size()) + " slots but the CPU copy " +
                          std::to_string(cpu.size()));
    }
    for (size_t slot = 0; slot < gpu.size(); ++slot) {
        const uint64_t want = slot < cpu.size() ? cpu[slot] : 0u;
        if (gpu[slot] != want) {
            throw VerifyError("slot " + std::to_string(slot) + " holds " + std::to_string(gpu[slot]) +
                              " on the GPU but " + std::to_string(want) + " in the CPU copy");
        }
    }
    verify_corners(gpu);
}

// Every drawn face's corners as shaders/face_corners.comp left them, against the same
// computation in C++ over the GPU's own page table and light (themselves checked against the
// CPU by the app's light check): a page whose corners were not worked out again after its
// cubes or light changed shows here.
void CubeRenderer::verify_corners(const std::vector<uint64_t>& gpu) const {
    const std::vector<int32_t> table = read_back_page_table();
    const std::vector<uint8_t> light = read_back_light();
    // Every block, read a few hundred at a time (768 KiB) into one copy: they are few (only
    // the pages of chunks with a light page).
    constexpr uint32_t kBlocksAtOnce = 256;
    std::vector<uint32_t> corners;
    for (uint32_t first = 0; first < buffer_.corner_blocks(); first += kBlocksAtOnce) {
        const std::vector<uint32_t> part = buffer_.read_back_corners(first, std::min(kBlocksAtOnce,
                                                                                     buffer_.corner_blocks() - first));
        corners.insert(corners.end(), part.begin(), part.end());
    }
    constexpr size_t kWordsPerSlot = InstanceBuffer::kCornerBytes / 4;
    for (size_t slot = 0; slot < gpu.size(); ++slot) {
        const uint8_t mask = packed_face_mask(gpu[slot]);
        if (mask == 0) continue;
        const size_t page = slot / kSlotsPerPage;
        const int32_t ref = table[page * 4 + 3];
        const uint32_t block = static_cast<uint32_t>(table[page * 4 + 1]) >> kBlockShift;  // + 1; 0: none
        const std::string where = "page " + std::to_string(page) + " (slot " + std::to_string(slot) + ")";
        if (block != corner_blocks_.of(static_cast<uint32_t>(page))) {
            throw VerifyError(
                where + " has corner block " + std::to_string(block) + " - 1 in the GPU's page table but " +
                std::to_string(corner_blocks_.of(static_cast<uint32_t>(page))) + " - 1 in the renderer's");
        }
        if (block == 0) {
            // No corners kept: cube.vert works them out from the occluder bits and one light value.
            if (ref >= 0) {
                throw VerifyError(where + " has a light page (" + std::to_string(ref) +
                                  ") but no corner block: its faces would be drawn with the wrong light");
            }
            continue;
        }
        for (int face = 0; face < kFaceCount; ++face) {
            if (!(mask >> face & 1u)) continue;
            const FaceCornerWords want = face_corner_words(face_cells(gpu[slot], face, ref, light));
            const size_t at = ((block - 1) * size_t{kSlotsPerPage} + slot % kSlotsPerPage) * kWordsPerSlot +
                              static_cast<size_t>(face) * 2;
            if (corners[at] != want[0] || corners[at + 1] != want[1]) {
                throw VerifyError("the corners of face " + std::to_string(face) + " of slot " + std::to_string(slot) +
                                  " are " + std::to_string(corners[at]) + "/" + std::to_string(corners[at + 1]) +
                                  " on the GPU but " + std::to_string(want[0]) + "/" + std::to_string(want[1]) +
                                  " worked out from its cube and light: they were not worked out again after a change");
            }
        }
    }
}

std::vector<int32_t> CubeRenderer::read_back_page_table() const {
    std::vector<int32_t> out(uint64_t{buffer_.slots()} / kSlotsPerPage * 4);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glGetNamedBufferSubData(buffer_.page_table(), 0, static_cast<GLsizeiptr>(out.size() * sizeof(int32_t)), out.data());
    return out;
}

CubeRenderer::Stats CubeRenderer::stats() const {
    Stats s = stats_;
    s.buffer_slots = buffer_.slots();
    s.buffer_bytes = buffer_.bytes();
    s.growths = buffer_.growths();
    s.light_buffer_bytes = light_.bytes();
    s.corner_buffer_bytes = buffer_.corner_bytes();
    s.page_table_bytes = buffer_.page_table_bytes();
    s.corner_pages = corner_blocks_.tree.taken();
    s.light_growths = light_.growths();
    s.ring = ring_.stats();
    s.gpu_bytes = s.buffer_bytes + s.page_table_bytes + s.corner_buffer_bytes + s.light_buffer_bytes + s.ring.bytes;
    s.texture_warnings = textures_.stats().warning_count;
    return s;
}

}  // namespace slotcraft::gfx
