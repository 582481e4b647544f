#pragma once
// What the two GL benchmarks (bench_render, bench_water) share: their flags, the window, the
// cube renderer's configuration and the terrain they load. Needs the app library (Window).
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "app/window.hpp"
#include "gfx/cube_renderer.hpp"
#include "world/world.hpp"

namespace slotcraft::bench {

// A bench draws two paths alternately in one process; their draws allocate and free blocks of
// other sizes, and glibc's dynamic thresholds then gave llvmpipe's freed per-draw memory back
// to the system after one path's frames and faulted it in again, a page at a time, in the
// other's: 534,428 page faults in a `bench_render --pose craft` run against 95,432 with the
// thresholds fixed, and our path's median frame 143 ms against 77 ms with llvmpipe's threads
// (docs/benchmarks.md). The program draws one path and its settled frames take no page fault
// (`frame.page_faults`), so the bench keeps its freed heap (up to 64 MiB) to measure what the
// program does. Call first thing in main().
inline void keep_freed_heap_between_frames() {
#if defined(__GLIBC__)
    if (mallopt(M_MMAP_THRESHOLD, 32 << 20) != 1 || mallopt(M_TRIM_THRESHOLD, 64 << 20) != 1) {
        std::fprintf(stderr, "bench: warning: mallopt refused the heap thresholds; paths may fault memory in again\n");
    }
#endif
}

struct GlBenchArgs {
    int view_distance = 6;
    int frames_per_pose = 3;
    std::string json_path;  // only where with_json
};

// Parses --view-distance N, --frames-per-pose N (and --json PATH when with_json) over
// `defaults`; prints a message naming `name` and returns nullopt on a bad command line.
inline std::optional<GlBenchArgs> parse_gl_bench_args(const char* name, int argc, char** argv, GlBenchArgs defaults,
                                                      bool with_json) {
    const std::string usage = std::string("usage: ") + name + " [--view-distance N] [--frames-per-pose N]" +
                              (with_json ? " [--json PATH]" : "") + "\n";
    if (argc % 2 == 0) {
        std::fprintf(stderr, "%s: %s has no value\n%s", name, argv[argc - 1], usage.c_str());
        return std::nullopt;
    }
    GlBenchArgs args = std::move(defaults);
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        try {
            if (flag == "--view-distance") args.view_distance = std::stoi(argv[i + 1]);
            else if (flag == "--frames-per-pose") args.frames_per_pose = std::stoi(argv[i + 1]);
            else if (with_json && flag == "--json") args.json_path = argv[i + 1];
            else {
                std::fprintf(stderr, "%s: unknown flag %s\n%s", name, argv[i], usage.c_str());
                return std::nullopt;
            }
        } catch (const std::logic_error&) {
            std::fprintf(stderr, "%s: %s needs a number, not '%s'\n%s", name, argv[i], argv[i + 1], usage.c_str());
            return std::nullopt;
        }
    }
    if (args.view_distance < 1 || args.view_distance > 32 || args.frames_per_pose < 1) {
        std::fprintf(stderr, "%s: --view-distance is 1..32 and --frames-per-pose at least 1\n%s", name, usage.c_str());
        return std::nullopt;
    }
    return args;
}

// A window with a GL context, vsync off; null (and a message naming `name`) without one.
inline std::unique_ptr<Window> open_bench_window(const char* name, int width, int height) {
    WindowConfig config;
    config.width = width;
    config.height = height;
    config.vsync = false;
    config.title = name;
    try {
        return std::make_unique<Window>(config);
    } catch (const WindowError& e) {
        std::fprintf(stderr, "%s: %s\n", name, e.what());
        return nullptr;
    }
}

// The cube renderer reading the source tree's shaders and textures.
inline gfx::CubeRendererConfig bench_renderer_config() {
    gfx::CubeRendererConfig config;
    config.shader_dir = SLOTCRAFT_SOURCE_DIR "/shaders";
    config.assets_dir = SLOTCRAFT_SOURCE_DIR "/assets";
    const auto layers = face_layer_table();
    config.face_layers.assign(layers.begin(), layers.end());
    return config;
}

// Every chunk of the columns within `view_distance` of column (0, 0) (a disc).
inline std::vector<ChunkCoord> columns_within(int view_distance) {
    std::vector<ChunkCoord> coords;
    for (int x = -view_distance; x <= view_distance; ++x) {
        for (int z = -view_distance; z <= view_distance; ++z) {
            if (x * x + z * z > view_distance * view_distance) continue;
            for (int y = kMinChunkY; y <= kTopChunkY; ++y) coords.push_back({x, y, z});
        }
    }
    return coords;
}

}  // namespace slotcraft::bench
