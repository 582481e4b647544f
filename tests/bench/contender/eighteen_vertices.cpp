// The c9fcab8 vertex stage as bench_render's contender (see eighteen_vertices.hpp).
#include "bench/contender/eighteen_vertices.hpp"

#include <glad/gl.h>

#include <cassert>

#include <glm/gtc/type_ptr.hpp>

#include "gfx/shader.hpp"

namespace slotcraft::bench {

namespace {

// The storage buffer bindings the contender's cube.vert declares.
constexpr GLuint kInstancesBinding = 0;
constexpr GLuint kPagesBinding = 1;
constexpr GLuint kLightBinding = 3;

struct DrawArraysIndirectCommand {
    GLuint count, instance_count, first, base_instance;
};

}  // namespace

EighteenVertices::EighteenVertices(const std::string& shader_dir, const std::vector<int>& face_layers)
    : program_(gfx::build_program(shader_dir, {{GL_VERTEX_SHADER, "cube.vert"}, {GL_FRAGMENT_SHADER, "cube.frag"}})),
      vao_(gfx::make_vertex_array()),
      ring_(4u << 20),
      vertices_query_(gfx::make_query()),
      samples_query_(gfx::make_query()) {
    const std::string name = "the c9fcab8 contender's cube";
    u_.view_proj = gfx::uniform_location(program_, "u_view_proj", name);
    u_.origin_chunk = gfx::uniform_location(program_, "u_origin_chunk", name);
    u_.camera_offset = gfx::uniform_location(program_, "u_camera_offset", name);
    u_.sky = gfx::uniform_location(program_, "u_sky", name);
    u_.fog = gfx::uniform_location(program_, "u_fog", name);
    u_.highlight = gfx::uniform_location(program_, "u_highlight_chunk", name);
    u_.translucent = gfx::uniform_location(program_, "u_translucent", name);
    u_.daylight = gfx::uniform_location(program_, "u_daylight", name);
    assert(face_layers.size() == gfx::kFaceLayerCount && "face_layers as CubeRendererConfig::face_layers");
    glProgramUniform1iv(program_.get(), gfx::uniform_location(program_, "u_layers", name), gfx::kFaceLayerCount,
                        face_layers.data());
}

void EighteenVertices::read_queries() {
    if (!query_in_flight_) return;
    GLuint available = 0;
    glGetQueryObjectuiv(samples_query_.get(), GL_QUERY_RESULT_AVAILABLE, &available);
    if (!available) return;  // keep the older figures; never stall for statistics
    GLuint64 vs = 0, samples = 0;
    glGetQueryObjectui64v(vertices_query_.get(), GL_QUERY_RESULT, &vs);
    glGetQueryObjectui64v(samples_query_.get(), GL_QUERY_RESULT, &samples);
    vertex_invocations_ = static_cast<int64_t>(vs);
    samples_passed_ = static_cast<int64_t>(samples);
    query_in_flight_ = false;
}

void EighteenVertices::draw(const gfx::CubeRenderer& renderer, const std::vector<SlotRun>& runs,
                            const gfx::CubeView& view) {
    read_queries();
    ring_.retire();
    instances_drawn_ = 0;
    if (runs.empty()) return;

    glUseProgram(program_.get());
    glUniformMatrix4fv(u_.view_proj, 1, GL_FALSE, glm::value_ptr(view.view_projection));
    glUniform3i(u_.origin_chunk, view.origin_chunk.x, view.origin_chunk.y, view.origin_chunk.z);
    glUniform3fv(u_.camera_offset, 1, glm::value_ptr(view.camera_offset));
    glUniform3fv(u_.sky, 1, glm::value_ptr(view.sky_colour));
    glUniform2f(u_.fog, view.fog_start, view.fog_end);
    glUniform1f(u_.daylight, view.daylight);
    const glm::ivec3 h = view.highlight_chunk.value_or(glm::ivec3(0));
    glUniform4i(u_.highlight, h.x, h.y, h.z, view.highlight_chunk ? 1 : 0);
    glUniform1i(u_.translucent, 0);
    renderer.textures().bind(0);
    const gfx::CubeRenderer::BufferNames buffers = renderer.buffer_names();
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kInstancesBinding, buffers.instances);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kPagesBinding, buffers.page_table);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kLightBinding, buffers.light);
    glBindVertexArray(vao_.get());
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, ring_.buffer());
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDisable(GL_CULL_FACE);  // only faces turned to the eye are emitted
    glDisable(GL_BLEND);

    const bool count = GLAD_GL_ARB_pipeline_statistics_query != 0 && !query_in_flight_;
    if (count) {
        glBeginQuery(GL_VERTEX_SHADER_INVOCATIONS_ARB, vertices_query_.get());
        glBeginQuery(GL_SAMPLES_PASSED, samples_query_.get());
    }
    // One instanced command of 18 vertices a run, written straight into the mapped ring.
    gfx::upload_in_batches(
        ring_, runs.size(), sizeof(DrawArraysIndirectCommand), 4,
        [&](const gfx::UploadRing::Span& span, size_t first, size_t n) {
            auto* commands = reinterpret_cast<DrawArraysIndirectCommand*>(span.data);
            for (size_t k = 0; k < n; ++k) {
                commands[k] = {kVerticesPerCube, runs[first + k].count, 0, runs[first + k].first_slot};
                instances_drawn_ += runs[first + k].count;
            }
            glMultiDrawArraysIndirect(GL_TRIANGLES, reinterpret_cast<const void*>(span.offset), static_cast<GLsizei>(n),
                                      0);
        });
    ring_.submit();
    if (count) {
        glEndQuery(GL_SAMPLES_PASSED);
        glEndQuery(GL_VERTEX_SHADER_INVOCATIONS_ARB);
        query_in_flight_ = true;
    }
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
    glBindVertexArray(0);
}

}  // namespace slotcraft::bench
