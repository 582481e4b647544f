// The water benchmark (a real GL context, Mesa llvmpipe under Xvfb): the time per frame on
// the terrain world (seed 1, its lakes) with and without the translucent pass, at the same
// poses in one run (each pose renders both ways in turn, so drift hits both alike), and the
// translucent draw commands per frame. The frame is what the program draws: the culled
// opaque multi-draw, then (with water) the water's multi-draw ordered far to near.
// Usage: bench_water [--view-distance N] [--frames-per-pose N]; prints a table.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include "edit/camera.hpp"
#include "draw/cull_view.hpp"
#include "app/window.hpp"
#include "bench/gl_bench_support.hpp"
#include "gfx/cube_renderer.hpp"
#include "gfx/frame.hpp"
#include "slots/instance_slots.hpp"
#include "slots/light_pages.hpp"
#include "world/world.hpp"

namespace slotcraft {
namespace {

using Clock = std::chrono::steady_clock;

struct Totals {
    double frame_ms = 0.0, cpu_ms = 0.0;
    double translucent_commands = 0.0, translucent_instances = 0.0, opaque_instances = 0.0;
    int frames = 0;
};

// One frame as the program draws it; returns (cpu ms, whole frame ms incl. gfx::finish()).
void frame(gfx::CubeRenderer& renderer, CullView& cull, const InstanceSlots& slots, const Eye& eye, int view_distance,
           bool water, int width, int height, Window& window, Totals& t) {
    const auto t0 = Clock::now();
    gfx::begin_frame(width, height, Rgb8{142, 186, 232});
    const std::vector<SlotRun>& runs = cull.cull(eye, slots);
    gfx::CubeView view;
    view.view_projection = eye.view_projection;
    view.origin_chunk = eye.origin_chunk;
    view.camera_offset = eye.offset;
    view.fog_end = float(view_distance * kChunkSize);
    view.fog_start = view.fog_end * 0.7f;
    renderer.begin_frame();
    renderer.draw(runs, view);
    if (water) renderer.draw_translucent(cull.translucent_runs(), view);
    renderer.end_frame();
    const auto t1 = Clock::now();
    gfx::finish();
    const auto t2 = Clock::now();
    window.swap_buffers();
    t.cpu_ms += std::chrono::duration<double, std::milli>(t1 - t0).count();
    t.frame_ms += std::chrono::duration<double, std::milli>(t2 - t0).count();
    const gfx::CubeRenderer::Stats s = renderer.stats();
    t.translucent_commands += double(s.translucent_commands);
    t.translucent_instances += double(s.translucent_instances);
    t.opaque_instances += double(s.instances_drawn);
    ++t.frames;
}

int run(int view_distance, int frames_per_pose) {
    constexpr int kWidth = 1280, kHeight = 720;
    const std::unique_ptr<Window> window_owner = bench::open_bench_window("bench_water", kWidth, kHeight);
    if (!window_owner) return 1;
    Window& window = *window_owner;
    gfx::CubeRenderer renderer(bench::bench_renderer_config());
    World world({WorldType::kTerrain, 1, view_distance, 1, 0});
    const std::vector<ChunkCoord> coords = bench::columns_within(view_distance);
    InstanceSlots slots;
    LightPageTable light;
    const WorldEvents loaded = world.load_now(coords);
    slots.apply(loaded);
    light.apply(loaded);
    CullView cull;
    cull.track(slots);
    renderer.upload(slots, light);
    gfx::finish();

    // 24 poses on a circle around the spawn, looking down a little: the lakes of seed 1 (near
    // x = 30, z = -50 and x = -40, z = -5) come into view on part of it.
    Totals with_water, without_water;
    int poses_with_water = 0;
    for (int pose = 0; pose < 24; ++pose) {
        Camera camera;
        camera.position = {8.0, 90.0, 8.0};
        camera.yaw = pose * 15.0;
        camera.pitch = -20.0;
        const Eye eye = eye_of(camera, view_distance, float(kWidth) / float(kHeight));
        const double before = with_water.translucent_commands;
        for (int f = 0; f < frames_per_pose; ++f) {
            frame(renderer, cull, slots, eye, view_distance, true, kWidth, kHeight, window, with_water);
            frame(renderer, cull, slots, eye, view_distance, false, kWidth, kHeight, window, without_water);
        }
        poses_with_water += with_water.translucent_commands > before ? 1 : 0;
    }
    const auto per = [](double v, const Totals& t) { return v / t.frames; };
    std::printf("terrain seed 1, view distance %d, %zu chunks, %dx%d, 24 poses x %d frames each way\n", view_distance,
                coords.size(), kWidth, kHeight, frames_per_pose);
    std::printf("%-14s %12s %12s %16s %18s %20s\n", "frame", "cpu ms", "ms/frame", "opaque inst.", "translucent cmds",
                "translucent inst.");
    for (const auto& [name, t] : {std::pair<const char*, const Totals&>{"with water", with_water},
                                  std::pair<const char*, const Totals&>{"without water", without_water}}) {
        std::printf("%-14s %12.3f %12.2f %16.0f %18.2f %20.1f\n", name, per(t.cpu_ms, t), per(t.frame_ms, t),
                    per(t.opaque_instances, t), per(t.translucent_commands, t), per(t.translucent_instances, t));
    }
    std::printf("ratio with / without water: %.3f; water in view at %d of 24 poses\n",
                per(with_water.frame_ms, with_water) / per(without_water.frame_ms, without_water), poses_with_water);
    return 0;
}

}  // namespace
}  // namespace slotcraft

int main(int argc, char** argv) {
    slotcraft::bench::keep_freed_heap_between_frames();
    slotcraft::bench::GlBenchArgs defaults;
    defaults.view_distance = 8;
    const auto args = slotcraft::bench::parse_gl_bench_args("bench_water", argc, argv, defaults, false);
    if (!args) return 2;
    return slotcraft::run(args->view_distance, args->frames_per_pose);
}
