// The renderer's scripted benchmark (a real GL context, Mesa llvmpipe under Xvfb): bytes
// uploaded per edit, and the time per frame along a fixed camera path for four ways of
// drawing the same world, all in one run:
//   exposed+culled   Slotcraft: exposed cubes only, octree-culled chunks drawn nearest
//                    first (CullView, as the program does), one multi-draw
//   slot order       the same commands in slot order (how they came before the near-to-far order)
//   solid+culled     every solid cube instanced (no exposure filtering), culled, nearest first
//   exposed, 1 draw  the whole buffer in one instanced call, no culling (the seed's way)
// Usage: bench_render [--view-distance N] [--frames-per-pose N] [--json PATH]; prints a
// table, and with --json also writes the figures (and how many bytes each edit uploaded) as
// JSON for tools/plot_benchmarks.py.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>

#include <glm/gtc/matrix_transform.hpp>

#include "app/camera.hpp"
#include "app/cull_view.hpp"
#include "app/window.hpp"
#include "bench/gl_bench_support.hpp"
#include "cull/chunk_octree.hpp"
#include "gfx/cube_renderer.hpp"
#include "gfx/debug.hpp"
#include "gfx/frame.hpp"
#include "slots/instance_slots.hpp"
#include "slots/light_pages.hpp"
#include "world/world.hpp"
#include "world/world_probes.hpp"

namespace slotcraft {
namespace {

using Clock = std::chrono::steady_clock;

struct Scene {
    InstanceSlots slots;
    LightPageTable light;
    CullView cull;
};

// Replaces each loaded chunk's exposed cubes with every solid cube, all faces on.
WorldEvents every_solid_cube(const World& world, const WorldEvents& exposed) {
    WorldEvents out;
    for (const ChunkLoaded& loaded : exposed.loaded) {
        ChunkLoaded all{loaded.handle, loaded.coord, {}};
        for (uint16_t i = 0; i < kChunkVolume; ++i) {
            const auto type = world.block_at(world_position(loaded.coord, i));
            if (type && is_solid(*type)) all.instances.push_back({i, *type, kAllFaces});
        }
        out.loaded.push_back(std::move(all));
    }
    return out;
}

// The loaded chunks' cubes, and their light boxes as the world has them.
void fill(Scene& scene, const World& world, const WorldEvents& events) {
    scene.slots.apply(events);
    LightEvents light;
    for (const ChunkLoaded& loaded : events.loaded) {
        if (!loaded.instances.empty()) light.boxes.push_back(*light_box(world, loaded.coord));
    }
    scene.light.apply(light);
    scene.cull.track(scene.slots);
}

struct Result {
    double cpu_ms = 0, frame_ms = 0, instances = 0;
    double samples = 0;          // samples passed a frame (pipeline query; 0 without it)
    double sort_us = 0;          // ordering the visible chunks a frame
    double frame_ms_median = 0;  // the median timed frame (robust to one slow frame of a shared machine)
};

enum class Drawing { kNearToFar, kSlotOrder, kWholeBuffer };

// Renders `frames` frames per pose along a circle; cpu_ms is submission only, frame_ms
// includes gfx::finish() (on llvmpipe: the rasterisation itself).
Result run_path(gfx::CubeRenderer& renderer, Scene& scene, Drawing drawing, int view_distance, int frames_per_pose,
                int width, int height, Window& window) {
    renderer.land(scene.slots, scene.light);
    gfx::finish();
    Result r;
    int frames = 0, sampled = 0;
    std::vector<SlotRun> runs;
    std::vector<double> frame_times;
    // Pose -1 is pose 0 drawn once, untimed: the driver compiles its shader variants on the
    // first draw (llvmpipe's JIT), which would otherwise land on the first contender.
    for (int pose = -1; pose < 24; ++pose) {
        const bool warm_up = pose < 0;
        const double yaw = std::max(pose, 0) * 15.0;
        const glm::dvec3 eye{8.0, 100.0, 8.0};
        const glm::dvec3 dir{std::sin(glm::radians(yaw)) * std::cos(glm::radians(-20.0)), std::sin(glm::radians(-20.0)),
                             -std::cos(glm::radians(yaw)) * std::cos(glm::radians(-20.0))};
        const glm::ivec3 origin = glm::ivec3(glm::floor(eye / 16.0));
        const glm::vec3 offset = glm::vec3(eye - glm::dvec3(origin) * 16.0);
        const glm::mat4 vp = glm::perspective(glm::radians(70.0f), float(width) / float(height), 0.05f,
                                              float((view_distance + 2) * 16)) *
                             glm::lookAt(offset, offset + glm::vec3(dir), glm::vec3(0, 1, 0));
        for (int f = 0; f < (warm_up ? 1 : frames_per_pose); ++f) {
            const auto t0 = Clock::now();
            double sort_us = 0;
            gfx::begin_frame(width, height, Rgb8{142, 186, 232});
            runs.clear();
            if (drawing == Drawing::kWholeBuffer) {
                runs.push_back({0, static_cast<uint32_t>(scene.slots.stats().high_water)});
            } else {
                runs = scene.cull.cull(Eye{origin, offset, vp}, scene.slots);
                sort_us = scene.cull.stats().sort_us;
                if (drawing == Drawing::kSlotOrder) {
                    std::sort(runs.begin(), runs.end(),
                              [](const SlotRun& a, const SlotRun& b) { return a.first_slot < b.first_slot; });
                }
            }
            gfx::CubeView view;
            view.view_projection = vp;
            view.origin_chunk = origin;
            view.camera_offset = offset;
            view.fog_end = float(view_distance * 16);
            view.fog_start = view.fog_end * 0.7f;
            renderer.begin_frame();
            renderer.draw(runs, view);
            renderer.end_frame();
            const auto t1 = Clock::now();
            gfx::finish();
            const auto t2 = Clock::now();
            window.swap_buffers();
            if (warm_up) continue;
            r.sort_us += sort_us;
            r.cpu_ms += std::chrono::duration<double, std::milli>(t1 - t0).count();
            r.frame_ms += std::chrono::duration<double, std::milli>(t2 - t0).count();
            frame_times.push_back(std::chrono::duration<double, std::milli>(t2 - t0).count());
            r.instances += double(renderer.stats().instances_drawn);
            if (renderer.stats().samples_passed >= 0) {
                r.samples += double(renderer.stats().samples_passed);
                ++sampled;
            }
            ++frames;
        }
    }
    r.cpu_ms /= frames;
    r.frame_ms /= frames;
    std::sort(frame_times.begin(), frame_times.end());
    const std::size_t n = frame_times.size();
    r.frame_ms_median = n % 2 == 1 ? frame_times[n / 2] : (frame_times[n / 2 - 1] + frame_times[n / 2]) / 2;
    r.instances /= frames;
    r.samples /= std::max(sampled, 1);
    r.sort_us /= frames;
    return r;
}

constexpr int kContenders = 4;
const char* const kContenderNames[kContenders] = {"exposed+culled", "slot order", "solid+culled", "exposed, 1 draw"};

// The run's figures as one JSON object (names are plain ASCII: no escaping needed).
std::string to_json(int view_distance, size_t chunks, int width, int height, int frames_per_pose, int edits,
                    const std::map<uint64_t, int>& bytes_per_edit, uint64_t bytes, uint64_t writes,
                    const Result* const (&results)[kContenders]) {
    std::string out = "{\n  \"benchmark\": \"bench_render\",\n";
    out += "  \"view_distance\": " + std::to_string(view_distance) + ",\n";
    out += "  \"chunks_loaded\": " + std::to_string(chunks) + ",\n";
    out += "  \"width\": " + std::to_string(width) + ",\n  \"height\": " + std::to_string(height) + ",\n";
    out += "  \"poses\": 24,\n  \"frames_per_pose\": " + std::to_string(frames_per_pose) + ",\n";
    out += "  \"upload\": {\n    \"edits\": " + std::to_string(edits) + ",\n";
    out += "    \"bytes_per_edit\": " + std::to_string(double(bytes) / edits) + ",\n";
    out += "    \"writes_per_edit\": " + std::to_string(double(writes) / edits) + ",\n";
    out += "    \"edits_by_bytes\": {";
    bool first = true;
    for (const auto& [b, n] : bytes_per_edit) {
        out += std::string(first ? "" : ", ") + "\"" + std::to_string(b) + "\": " + std::to_string(n);
        first = false;
    }
    out += "}\n  },\n  \"contenders\": [\n";
    for (int i = 0; i < kContenders; ++i) {
        out += "    {\"name\": \"" + std::string(kContenderNames[i]) +
               "\", \"cpu_ms\": " + std::to_string(results[i]->cpu_ms) +
               ", \"frame_ms\": " + std::to_string(results[i]->frame_ms) +
               ", \"frame_ms_median\": " + std::to_string(results[i]->frame_ms_median) +
               ", \"instances\": " + std::to_string(results[i]->instances) +
               ", \"samples\": " + std::to_string(results[i]->samples) +
               ", \"sort_us\": " + std::to_string(results[i]->sort_us) + "}" + (i < kContenders - 1 ? ",\n" : "\n");
    }
    out += "  ]\n}\n";
    return out;
}

int run(int view_distance, int frames_per_pose, const std::string& json_path) {
    constexpr int kWidth = 1280, kHeight = 720;
    const std::unique_ptr<Window> window_owner = bench::open_bench_window("bench_render", kWidth, kHeight);
    if (!window_owner) return 1;
    Window& window = *window_owner;
    {
        const gfx::CubeRendererConfig config = bench::bench_renderer_config();
        World world({WorldType::kTerrain, 1, view_distance, 1});
        const std::vector<ChunkCoord> coords = bench::columns_within(view_distance);
        const WorldEvents events = world.load_now(coords);

        // [SECTION] upload per edit
        gfx::CubeRenderer renderer(config);
        Scene exposed;
        fill(exposed, world, events);
        renderer.land(exposed.slots, exposed.light);
        std::mt19937 rng(7);
        const int kEdits = 2000;
        uint64_t bytes = 0, writes = 0;
        std::map<uint64_t, int> edits_by_bytes;  // bytes one edit uploaded -> how many edits
        for (int i = 0; i < kEdits; ++i) {
            const BlockPos p{int(rng() % 64) - 32, 40 + int(rng() % 60), int(rng() % 64) - 32};
            try {
                const EditChanges changes = world.set_block(p, (i % 2) ? BlockType::kAir : BlockType::kBrick);
                exposed.slots.apply_changes(changes);
                exposed.light.apply(changes.light());
            } catch (const EditRefused&) {  // its chunk is not loaded
                continue;
            }
            renderer.begin_frame();
            renderer.land(exposed.slots, exposed.light);
            bytes += renderer.stats().upload_bytes_last_frame;
            writes += renderer.stats().writes_last_frame;
            ++edits_by_bytes[renderer.stats().upload_bytes_last_frame];
        }
        std::printf("upload per edit: %.1f bytes (%.2f instance writes), %d edits\n", double(bytes) / kEdits,
                    double(writes) / kEdits, kEdits);

        // [SECTION] frame time, three contenders
        gfx::CubeRenderer solid_renderer(config);
        std::vector<ChunkCoord> loaded = world.loaded_chunks();
        WorldEvents now;
        for (const ChunkCoord& c : loaded) now.loaded.push_back({*world.handle(c), c, world.instances(c)});
        Scene solid_scene;
        fill(solid_scene, world, every_solid_cube(world, now));
        const Result a = run_path(renderer, exposed, Drawing::kNearToFar, view_distance, frames_per_pose, kWidth,
                                  kHeight, window);
        const Result slot_order = run_path(renderer, exposed, Drawing::kSlotOrder, view_distance, frames_per_pose,
                                           kWidth, kHeight, window);
        const Result b = run_path(solid_renderer, solid_scene, Drawing::kNearToFar, view_distance, frames_per_pose,
                                  kWidth, kHeight, window);
        gfx::CubeRenderer whole_renderer(config);
        Scene whole;
        fill(whole, world, now);
        const Result c = run_path(whole_renderer, whole, Drawing::kWholeBuffer, view_distance, frames_per_pose, kWidth,
                                  kHeight, window);
        std::printf("view distance %d, %zu chunks loaded, 1280x720, 24 poses x %d frames\n", view_distance,
                    loaded.size(), frames_per_pose);
        std::printf("%-18s %12s %12s %12s %14s %14s %10s %10s\n", "contender", "cpu ms/frame", "ms/frame", "median ms",
                    "instances/frame", "samples/frame", "sort us", "vs ours");
        const Result* const rs[kContenders] = {&a, &slot_order, &b, &c};
        for (int i = 0; i < kContenders; ++i) {
            std::printf("%-18s %12.3f %12.2f %12.2f %14.0f %14.0f %10.1f %9.2fx\n", kContenderNames[i], rs[i]->cpu_ms,
                        rs[i]->frame_ms, rs[i]->frame_ms_median, rs[i]->instances, rs[i]->samples, rs[i]->sort_us,
                        rs[i]->frame_ms_median / a.frame_ms_median);
        }
        std::printf("near to far / slot order, median frame: %.3f\n", a.frame_ms_median / slot_order.frame_ms_median);
        if (!json_path.empty()) {
            std::ofstream out(json_path, std::ios::binary);
            out << to_json(view_distance, loaded.size(), kWidth, kHeight, frames_per_pose, kEdits, edits_by_bytes,
                           bytes, writes, rs);
            if (!out) {
                std::fprintf(stderr, "bench_render: cannot write %s: check that its folder exists\n",
                             json_path.c_str());
                return 1;
            }
        }
    }
    return 0;
}

}  // namespace
}  // namespace slotcraft

int main(int argc, char** argv) {
    const auto args = slotcraft::bench::parse_gl_bench_args("bench_render", argc, argv, {}, true);
    if (!args) return 2;
    return slotcraft::run(args->view_distance, args->frames_per_pose, args->json_path);
}
