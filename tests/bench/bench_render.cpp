// The renderer's scripted benchmark (a real GL context, Mesa llvmpipe under Xvfb): bytes
// uploaded per edit, and the time per frame along a fixed camera path for four ways of
// drawing the same world, all in one run:
//   exposed+culled   Slotcraft: exposed cubes only, octree-culled chunks drawn nearest
//                    first (CullView, as the program does), one multi-draw
//   slot order       the same commands in slot order (how they came before the near-to-far order)
//   solid+culled     every solid cube instanced (no exposure filtering), culled, nearest first
//   exposed, 1 draw  the whole buffer as one run (commands of 4,096 cubes), no culling (the seed's way)
// Usage: bench_render [--view-distance N] [--frames-per-pose N] [--json PATH]; prints a
// table, and with --json also writes the figures (and how many bytes each edit uploaded) as
// JSON for tools/plot_benchmarks.py.
// bench_render --pose craft [--frames-per-pose N] [--shaders DIR] [--json PATH]: the pose matched with
// fogleman/Craft, drawn by this vertex stage and by commit c9fcab8's (tests/bench/contender),
// 7 alternated rounds of N frames (10) each; medians, vertex runs and samples of each.
// --shaders DIR reads our shaders from DIR (a copy of shaders/ with a change, tried without a rebuild).
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>

#include <glm/gtc/matrix_transform.hpp>

#include "edit/camera.hpp"
#include "draw/cull_view.hpp"
#include "app/window.hpp"
#include "bench/contender/eighteen_vertices.hpp"
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
            if (type && is_solid(*type)) all.instances.push_back({i, *type, kAllFaces, {}});
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

// The view from `eye` with the fog of `view_distance`.
gfx::CubeView cube_view(const Eye& eye, int view_distance) {
    gfx::CubeView view;
    view.view_projection = eye.view_projection;
    view.origin_chunk = eye.origin_chunk;
    view.camera_offset = eye.offset;
    view.fog_end = float(view_distance * 16);
    view.fog_start = view.fog_end * 0.7f;
    return view;
}

// Draws `runs` from `eye` (the frame's cube pass).
void draw_runs(gfx::CubeRenderer& renderer, const std::vector<SlotRun>& runs, const Eye& eye, int view_distance) {
    renderer.begin_frame();
    renderer.draw(runs, cube_view(eye, view_distance));
    renderer.end_frame();
}

// Renders `frames` frames per pose along a circle; cpu_ms is submission only, frame_ms
// includes gfx::finish() (on llvmpipe: the rasterisation itself).
Result run_path(gfx::CubeRenderer& renderer, Scene& scene, Drawing drawing, int view_distance, int frames_per_pose,
                int width, int height, Window& window) {
    renderer.upload(scene.slots, scene.light);
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
            draw_runs(renderer, runs, Eye{origin, offset, vp}, view_distance);
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

// [SECTION] the Craft pose: this vertex stage against commit c9fcab8's

// The pose matched with fogleman/Craft's view (docs/benchmarks.md, "The vertex stage"):
// view distance 20 (a 320-block radius; --view-distance changes it), terrain seed 1, 1280x720, the eye at (-8.5, 75,
// 8.5) looking north and 10 degrees down.
constexpr int kCraftViewDistance = 20;

// CPU time of the whole process (every thread: the main one's vertex stage and the
// rasteriser's), robust to other processes taking the cores of a shared machine.
double process_cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

double median_of(std::vector<double> t) {
    std::sort(t.begin(), t.end());
    const size_t n = t.size();
    return n == 0 ? 0.0 : n % 2 == 1 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

struct PathResult {
    std::vector<double> frame_ms;    // every timed frame (submission to finish)
    std::vector<double> process_ms;  // the process's CPU time in each timed frame
    double cpu_ms = 0;               // submission only, summed
    int64_t vertex_invocations = -1, samples = -1;
    uint64_t instances = 0;
    double median() const { return median_of(frame_ms); }
};

// Draws `frames` frames of the pose's opaque pass from `renderer`'s buffers, by its own
// vertex stage or by the c9fcab8 contender when there is one, adding to `r`.
void draw_pose(gfx::CubeRenderer& renderer, bench::EighteenVertices* contender, Scene& scene, const Eye& eye,
               int view_distance, int frames, bool timed, PathResult& r, Window& window) {
    for (int f = 0; f < frames; ++f) {
        const double c0 = process_cpu_ms();
        const auto t0 = Clock::now();
        gfx::begin_frame(1280, 720, Rgb8{142, 186, 232});
        const std::vector<SlotRun>& runs = scene.cull.cull(eye, scene.slots);
        if (contender) {
            renderer.begin_frame();
            contender->draw(renderer, runs, cube_view(eye, view_distance));
            renderer.end_frame();
        } else {
            draw_runs(renderer, runs, eye, view_distance);
        }
        const auto t1 = Clock::now();
        gfx::finish();
        const auto t2 = Clock::now();
        const double c2 = process_cpu_ms();
        window.swap_buffers();
        if (!timed) continue;
        r.process_ms.push_back(c2 - c0);
        r.frame_ms.push_back(std::chrono::duration<double, std::milli>(t2 - t0).count());
        r.cpu_ms += std::chrono::duration<double, std::milli>(t1 - t0).count();
        r.vertex_invocations = contender ? contender->vertex_invocations() : renderer.stats().vertex_invocations;
        r.samples = contender ? contender->samples_passed() : renderer.stats().samples_passed;
        r.instances = contender ? contender->instances_drawn() : renderer.stats().instances_drawn;
    }
}

// Both paths over one world, alternated: `rounds` rounds of `frames` frames each, the order
// swapped every round so a busy spell of a shared machine falls on both.
int run_craft_pose(int view_distance, int rounds, int frames, const std::string& shaders,
                   const std::string& json_path) {
    const std::unique_ptr<Window> window_owner = bench::open_bench_window("bench_render", 1280, 720);
    if (!window_owner) return 1;
    Window& window = *window_owner;
    World world({WorldType::kTerrain, 1, view_distance, 1});
    const WorldEvents events = world.load_now(bench::columns_within(view_distance));
    gfx::CubeRendererConfig ours_config = bench::bench_renderer_config();
    const gfx::CubeRendererConfig contender_config = ours_config;
    if (!shaders.empty()) ours_config.shader_dir = shaders;
    constexpr int kPaths = 2;
    const char* const names[kPaths] = {"shared corners", "c9fcab8 (18 vertices)"};
    gfx::CubeRenderer ours(ours_config), contender(contender_config);
    bench::EighteenVertices eighteen(SLOTCRAFT_SOURCE_DIR "/tests/bench/contender", contender_config.face_layers);
    gfx::CubeRenderer* renderers[kPaths] = {&ours, &contender};
    bench::EighteenVertices* stages[kPaths] = {nullptr, &eighteen};
    Scene scenes[kPaths];
    PathResult results[kPaths];
    Camera camera;
    camera.position = {-8.5, 75.0, 8.5};
    camera.pitch = -10.0;
    const Eye eye = eye_of(camera, view_distance, 1280.0f / 720.0f);
    scenes[1].cull.set_turned_away_culling(false);  // c9fcab8 drew every run with all its faces
    for (int p = 0; p < kPaths; ++p) {
        fill(scenes[p], world, events);
        renderers[p]->upload(scenes[p].slots, scenes[p].light);
        draw_pose(*renderers[p], stages[p], scenes[p], eye, view_distance, 3, false, results[p],
                  window);  // the JIT compiles its variants
    }
    for (int round = 0; round < rounds; ++round) {
        for (int k = 0; k < kPaths; ++k) {
            const int p = (round % 2 == 0) ? k : kPaths - 1 - k;
            draw_pose(*renderers[p], stages[p], scenes[p], eye, view_distance, frames, true, results[p], window);
        }
    }
    std::printf("Craft pose: view distance %d, 1280x720, %d rounds x %d frames a path, alternated\n", view_distance,
                rounds, frames);
    std::printf("%-24s %10s %10s %12s %14s %12s %10s %9s %9s\n", "path", "median ms", "cpu ms", "process ms",
                "vertex runs", "samples", "instances", "frame vs", "process vs");
    std::string json = "{\n  \"benchmark\": \"bench_render\",\n  \"pose\": \"craft\",\n  \"view_distance\": " +
                       std::to_string(view_distance) + ",\n  \"rounds\": " + std::to_string(rounds) +
                       ",\n  \"frames_per_round\": " + std::to_string(frames) + ",\n  \"paths\": [\n";
    for (int p = 0; p < kPaths; ++p) {
        const PathResult& r = results[p];
        const double cpu = r.cpu_ms / double(std::max<size_t>(r.frame_ms.size(), 1));
        const double process = median_of(r.process_ms);
        std::printf("%-24s %10.2f %10.2f %12.2f %14lld %12lld %10llu %8.3fx %8.3fx\n", names[p], r.median(), cpu,
                    process, static_cast<long long>(r.vertex_invocations), static_cast<long long>(r.samples),
                    static_cast<unsigned long long>(r.instances), r.median() / results[1].median(),
                    process / median_of(results[1].process_ms));
        json += "    {\"name\": \"" + std::string(names[p]) + "\", \"frame_ms_median\": " + std::to_string(r.median()) +
                ", \"cpu_ms\": " + std::to_string(cpu) +
                ", \"process_cpu_ms_median\": " + std::to_string(median_of(r.process_ms)) +
                ", \"vertex_invocations\": " + std::to_string(r.vertex_invocations) +
                ", \"samples\": " + std::to_string(r.samples) + ", \"instances\": " + std::to_string(r.instances) +
                "}" + (p + 1 < kPaths ? ",\n" : "\n");
    }
    json += "  ],\n  \"ratio\": " + std::to_string(results[0].median() / results[1].median()) + "\n}\n";
    if (!json_path.empty()) {
        std::ofstream out(json_path, std::ios::binary);
        out << json;
        if (!out) {
            std::fprintf(stderr, "bench_render: cannot write %s: check that its folder exists\n", json_path.c_str());
            return 1;
        }
    }
    return 0;
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
        renderer.upload(exposed.slots, exposed.light);
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
            renderer.upload(exposed.slots, exposed.light);
            bytes += renderer.stats().upload_bytes_last_frame;
            writes += renderer.stats().writes_last_frame;
            ++edits_by_bytes[renderer.stats().upload_bytes_last_frame];
        }
        std::printf("upload per edit: %.1f bytes (%.2f instance writes), %d edits\n", double(bytes) / kEdits,
                    double(writes) / kEdits, kEdits);

        // [SECTION] frame time, three contenders
        gfx::CubeRenderer solid_renderer(config);
        std::vector<ChunkCoord> loaded = world.loaded_coords();
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
    slotcraft::bench::keep_freed_heap_between_frames();
    // --pose craft: the Craft pose instead of the circle, both vertex paths alternated.
    std::vector<char*> rest;
    bool craft = false;
    std::string shaders;  // --shaders DIR: our shaders from DIR (to try a change without a rebuild)
    for (int i = 0; i < argc; ++i) {
        if (i > 0 && i + 1 < argc && std::string(argv[i]) == "--shaders") {
            shaders = argv[++i];
            continue;
        }
        if (i > 0 && std::string(argv[i]) == "--pose") {
            if (i + 1 >= argc || std::string(argv[i + 1]) != "craft") {
                std::fprintf(stderr, "bench_render: --pose takes the name of a pose: craft\n");
                return 2;
            }
            craft = true;
            ++i;
            continue;
        }
        rest.push_back(argv[i]);
    }
    slotcraft::bench::GlBenchArgs defaults;
    if (craft) {
        defaults.frames_per_pose = 10;
        defaults.view_distance = slotcraft::kCraftViewDistance;
    }
    const auto args = slotcraft::bench::parse_gl_bench_args("bench_render", static_cast<int>(rest.size()), rest.data(),
                                                            defaults, true);
    if (!args) return 2;
    if (craft)
        return slotcraft::run_craft_pose(args->view_distance, 7, args->frames_per_pose, shaders, args->json_path);
    return slotcraft::run(args->view_distance, args->frames_per_pose, args->json_path);
}
