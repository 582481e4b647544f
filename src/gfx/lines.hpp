#pragma once
// Coloured lines and flat shapes drawn on top of the cubes: the targeted block's outline,
// chunk boxes, the frozen culling frustum, and the crosshair (white with a dark outline,
// so it stays visible on any background).
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "gfx/gl_object.hpp"

namespace slotcraft::gfx {

struct ColouredVertex {
    glm::vec3 position;
    glm::vec4 colour;
};

class LineRenderer {
public:
    explicit LineRenderer(const std::string& shader_dir);

    // 3D lines (pairs of vertices), depth-tested against the cubes.
    void draw_lines(const std::vector<ColouredVertex>& vertices, const glm::mat4& matrix);
    // Translucent triangles (the paste preview), depth-tested against the cubes without
    // writing depth, blended over what is drawn.
    void draw_triangles(const std::vector<ColouredVertex>& vertices, const glm::mat4& matrix);
    // The crosshair: an outlined plus sign in the middle of a width x height framebuffer.
    void draw_crosshair(int width, int height);

    // Appends the 12 edges of the box [lo, hi].
    static void add_box(std::vector<ColouredVertex>& out, glm::vec3 lo, glm::vec3 hi, glm::vec4 colour);
    // The same edges cut into `dashes` pieces each, alternately `dark` and `light`: an outline
    // that reads on any background, dark blocks at night and light ones by day.
    static void add_two_tone_box(std::vector<ColouredVertex>& out, glm::vec3 lo, glm::vec3 hi, glm::vec4 dark,
                                 glm::vec4 light, int dashes);
    // Appends the faces of the box [lo, hi] named by `faces` (bit f: Face f, +x -x +y -y +z -z)
    // as two triangles each.
    static void add_box_faces(std::vector<ColouredVertex>& out, glm::vec3 lo, glm::vec3 hi, unsigned faces,
                              glm::vec4 colour);
    // Appends the 12 edges of a frustum given its 8 corners (near face first).
    static void add_frustum(std::vector<ColouredVertex>& out, const glm::vec3 (&corners)[8], glm::vec4 colour);

private:
    void upload(const std::vector<ColouredVertex>& vertices);
    // Lines or triangles (`mode`), depth-tested and blended; `write_depth` false for the ghost.
    void draw_blended(unsigned mode, const std::vector<ColouredVertex>& vertices, const glm::mat4& matrix,
                      bool write_depth);

    Program program_;
    int u_matrix_ = -1;  // uniform location
    VertexArray vao_;
    Buffer buffer_;
    size_t capacity_ = 0;  // vertices the buffer holds
};

}  // namespace slotcraft::gfx
