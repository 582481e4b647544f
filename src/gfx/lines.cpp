// Lines, box outlines and the crosshair.
#include "gfx/lines.hpp"

#include <glm/gtc/type_ptr.hpp>

#include "gfx/gl.hpp"
#include "gfx/shader.hpp"

namespace slotcraft::gfx {

LineRenderer::LineRenderer(const std::string& shader_dir)
    : program_(build_program(shader_dir, {{GL_VERTEX_SHADER, "lines.vert"}, {GL_FRAGMENT_SHADER, "lines.frag"}})),
      vao_(make_vertex_array()) {
    u_matrix_ = uniform_location(program_, "u_matrix", "lines");
    glEnableVertexArrayAttrib(vao_.get(), 0);
    glVertexArrayAttribFormat(vao_.get(), 0, 3, GL_FLOAT, GL_FALSE, offsetof(ColouredVertex, position));
    glVertexArrayAttribBinding(vao_.get(), 0, 0);
    glEnableVertexArrayAttrib(vao_.get(), 1);
    glVertexArrayAttribFormat(vao_.get(), 1, 4, GL_FLOAT, GL_FALSE, offsetof(ColouredVertex, colour));
    glVertexArrayAttribBinding(vao_.get(), 1, 0);
}

void LineRenderer::upload(const std::vector<ColouredVertex>& vertices) {
    if (vertices.size() > capacity_) {
        capacity_ = std::max<size_t>(vertices.size(), capacity_ * 2);
        buffer_ = make_buffer();
        glNamedBufferStorage(buffer_.get(), static_cast<GLsizeiptr>(capacity_ * sizeof(ColouredVertex)), nullptr,
                             GL_DYNAMIC_STORAGE_BIT);
        glVertexArrayVertexBuffer(vao_.get(), 0, buffer_.get(), 0, sizeof(ColouredVertex));
    }
    glNamedBufferSubData(buffer_.get(), 0, static_cast<GLsizeiptr>(vertices.size() * sizeof(ColouredVertex)),
                         vertices.data());
}

void LineRenderer::draw_lines(const std::vector<ColouredVertex>& vertices, const glm::mat4& matrix) {
    draw_blended(GL_LINES, vertices, matrix, true);
}

void LineRenderer::draw_triangles(const std::vector<ColouredVertex>& vertices, const glm::mat4& matrix) {
    draw_blended(GL_TRIANGLES, vertices, matrix, false);  // a ghost hides nothing behind it
}

void LineRenderer::draw_blended(unsigned mode, const std::vector<ColouredVertex>& vertices, const glm::mat4& matrix,
                                bool write_depth) {
    if (vertices.empty()) return;
    upload(vertices);
    glUseProgram(program_.get());
    glUniformMatrix4fv(u_matrix_, 1, GL_FALSE, glm::value_ptr(matrix));
    glBindVertexArray(vao_.get());
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    glDepthMask(write_depth ? GL_TRUE : GL_FALSE);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDrawArrays(mode, 0, static_cast<GLsizei>(vertices.size()));
    glDisable(GL_BLEND);
    glDepthMask(GL_TRUE);
    glDepthFunc(GL_LESS);
    glBindVertexArray(0);
}

void LineRenderer::add_box_faces(std::vector<ColouredVertex>& out, glm::vec3 lo, glm::vec3 hi, unsigned faces,
                                 glm::vec4 colour) {
    const glm::vec3 c[8] = {{lo.x, lo.y, lo.z}, {hi.x, lo.y, lo.z}, {hi.x, hi.y, lo.z}, {lo.x, hi.y, lo.z},
                            {lo.x, lo.y, hi.z}, {hi.x, lo.y, hi.z}, {hi.x, hi.y, hi.z}, {lo.x, hi.y, hi.z}};
    // The corners of each face in the order +x -x +y -y +z -z.
    static constexpr int kFaces[6][4] = {{1, 2, 6, 5}, {0, 4, 7, 3}, {3, 7, 6, 2},
                                         {0, 1, 5, 4}, {4, 5, 6, 7}, {0, 3, 2, 1}};
    for (unsigned f = 0; f < 6; ++f) {
        if ((faces & (1u << f)) == 0) continue;
        const int* q = kFaces[f];
        for (const int i : {q[0], q[1], q[2], q[0], q[2], q[3]}) out.push_back({c[i], colour});
    }
}

void LineRenderer::draw_crosshair(int width, int height) {
    // A white plus sign with a dark outline, in pixels around the centre: one of the two
    // always contrasts with the background (a pure inversion vanishes on mid-grey stone).
    constexpr float kHalfLength = 9.0f, kHalfThickness = 1.0f, kOutline = 1.0f;
    const float sx = 2.0f / static_cast<float>(width), sy = 2.0f / static_cast<float>(height);
    std::vector<ColouredVertex> v;
    auto rect = [&](float x0, float y0, float x1, float y1, glm::vec4 colour) {
        const glm::vec3 a{x0 * sx, y0 * sy, 0}, b{x1 * sx, y0 * sy, 0}, c{x1 * sx, y1 * sy, 0}, d{x0 * sx, y1 * sy, 0};
        for (const glm::vec3& p : {a, b, c, a, c, d}) v.push_back({p, colour});
    };
    auto plus = [&](float grow, glm::vec4 colour) {
        rect(-kHalfThickness - grow, -kHalfLength - grow, kHalfThickness + grow, kHalfLength + grow, colour);
        rect(-kHalfLength - grow, -kHalfThickness - grow, kHalfLength + grow, kHalfThickness + grow, colour);
    };
    plus(kOutline, glm::vec4(0.0f, 0.0f, 0.0f, 0.85f));
    plus(0.0f, glm::vec4(1.0f));
    upload(v);
    glUseProgram(program_.get());
    glUniformMatrix4fv(u_matrix_, 1, GL_FALSE, glm::value_ptr(glm::mat4(1.0f)));
    glBindVertexArray(vao_.get());
    glDisable(GL_DEPTH_TEST);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(v.size()));
    glDisable(GL_BLEND);
    glBindVertexArray(0);
}

void LineRenderer::add_box(std::vector<ColouredVertex>& out, glm::vec3 lo, glm::vec3 hi, glm::vec4 colour) {
    const glm::vec3 c[8] = {{lo.x, lo.y, lo.z}, {hi.x, lo.y, lo.z}, {hi.x, hi.y, lo.z}, {lo.x, hi.y, lo.z},
                            {lo.x, lo.y, hi.z}, {hi.x, lo.y, hi.z}, {hi.x, hi.y, hi.z}, {lo.x, hi.y, hi.z}};
    add_frustum(out, c, colour);
}

void LineRenderer::add_two_tone_box(std::vector<ColouredVertex>& out, glm::vec3 lo, glm::vec3 hi, glm::vec4 dark,
                                    glm::vec4 light, int dashes) {
    std::vector<ColouredVertex> edges;
    add_box(edges, lo, hi, dark);
    for (size_t e = 0; e + 1 < edges.size(); e += 2) {
        const glm::vec3 a = edges[e].position, b = edges[e + 1].position;
        for (int d = 0; d < dashes; ++d) {
            const glm::vec4 colour = d % 2 == 0 ? dark : light;
            out.push_back({glm::mix(a, b, static_cast<float>(d) / dashes), colour});
            out.push_back({glm::mix(a, b, static_cast<float>(d + 1) / dashes), colour});
        }
    }
}

void LineRenderer::add_frustum(std::vector<ColouredVertex>& out, const glm::vec3 (&c)[8], glm::vec4 colour) {
    static constexpr int kEdges[12][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {4, 5}, {5, 6},
                                          {6, 7}, {7, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
    for (const auto& e : kEdges) {
        out.push_back({c[e[0]], colour});
        out.push_back({c[e[1]], colour});
    }
}

}  // namespace slotcraft::gfx
