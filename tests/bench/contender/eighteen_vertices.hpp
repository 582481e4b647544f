#pragma once
// bench_render's contender for the Craft pose: the vertex stage of commit c9fcab8, 18 vertices
// a cube drawn instanced (one instance a cube), every vertex working out all four corners of
// its face from storage buffers (cube.vert and cube.frag beside this file). It draws from the
// buffers a CubeRenderer has uploaded, so both paths draw the same world from the same slots;
// it is benchmark code, not the program's: it calls GL itself (tests/bench links the loader).
#include <cstdint>
#include <string>
#include <vector>

#include "gfx/cube_renderer.hpp"
#include "gfx/gl_object.hpp"
#include "gfx/upload_ring.hpp"
#include "slots/instance_slots.hpp"

namespace slotcraft::bench {

class EighteenVertices {
public:
    // The vertices one cube takes on this path.
    static constexpr uint32_t kVerticesPerCube = 18;

    // Builds the contender's program from `shader_dir` (tests/bench/contender); face_layers as
    // CubeRendererConfig::face_layers.
    EighteenVertices(const std::string& shader_dir, const std::vector<int>& face_layers);

    // The opaque pass of `runs` from `renderer`'s uploaded buffers (call between the renderer's
    // begin_frame and end_frame). One instanced command of 18 vertices a run.
    void draw(const gfx::CubeRenderer& renderer, const std::vector<SlotRun>& runs, const gfx::CubeView& view);

    // Pipeline statistics of the newest finished draw, read one draw late (-1 until then).
    int64_t vertex_invocations() const { return vertex_invocations_; }
    int64_t samples_passed() const { return samples_passed_; }
    uint64_t instances_drawn() const { return instances_drawn_; }  // by the last draw

private:
    struct Uniforms {
        int view_proj = -1, origin_chunk = -1, camera_offset = -1, sky = -1, fog = -1;
        int highlight = -1, translucent = -1, daylight = -1;
    };
    void read_queries();

    gfx::Program program_;
    Uniforms u_;
    gfx::VertexArray vao_;  // no attributes
    gfx::UploadRing ring_;  // the indirect commands, as c9fcab8 wrote them: into a mapped ring
    gfx::Query vertices_query_, samples_query_;
    bool query_in_flight_ = false;
    int64_t vertex_invocations_ = -1, samples_passed_ = -1;
    uint64_t instances_drawn_ = 0;
};

}  // namespace slotcraft::bench
