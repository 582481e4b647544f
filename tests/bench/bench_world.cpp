// Benchmarks of world/: chunk generation (microseconds per chunk), set_block with its
// instance changes (nanoseconds per edit) against rebuilding the edited chunk's whole list
// of visible cubes per edit (what engines that remesh a chunk per edit do), and picking.
// Run: build/<dir>/tests/bench/bench_world (Release).
#include "world/streaming.hpp"
#include "world/world.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <thread>
#include <unistd.h>
#include <vector>

namespace slotcraft {
namespace {

// [SECTION] chunk generation

// Terrain + edits + masks inside the chunk: what one worker job costs. Arg 0: chunks of
// the surface band only (y = 4 for terrain, 3 for flat); arg 1: every y of each column in
// turn (streaming's mix, where sky chunks are cheap).
void BM_GenerateChunk(benchmark::State& state, WorldType type) {
    const int32_t surface_y = type == WorldType::kFlat ? 3 : 4;
    const TerrainGenerator terrain(type, 1);
    const bool whole_columns = state.range(0) == 1;
    int32_t n = 0;
    for (auto _ : state) {
        const int32_t column = n / (whole_columns ? kChunksPerColumn : 1);
        const int32_t y = whole_columns ? n % kChunksPerColumn : surface_y;
        const GenerationJob job{{column % 64, y, column / 64}, {}};
        benchmark::DoNotOptimize(build_chunk(terrain, job));
        ++n;
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(whole_columns ? "whole columns" : "surface band");
}
BENCHMARK_CAPTURE(BM_GenerateChunk, terrain, WorldType::kTerrain)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_GenerateChunk, flat, WorldType::kFlat)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// World::load_now of 5x5 whole columns: generation on the calling thread plus the main
// thread's integration (border fix-ups, bulk instance lists). Compare with the whole-column
// generation figure above to see what integration adds per chunk.
void BM_LoadColumns(benchmark::State& state) {
    WorldConfig config;
    World world(config);
    std::vector<ChunkCoord> chunks;
    for (int x = 0; x < 5; ++x)
        for (int z = 0; z < 5; ++z)
            for (int y = 0; y < kChunksPerColumn; ++y) chunks.push_back({x, y, z});
    for (auto _ : state) {
        benchmark::DoNotOptimize(world.load_now(chunks));
        state.PauseTiming();
        world.unload_now(chunks);
        state.ResumeTiming();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(chunks.size()));
    state.SetLabel("generate + integrate, per chunk");
}
BENCHMARK(BM_LoadColumns)->Unit(benchmark::kMillisecond);

// [SECTION] streaming from nothing

// Resident memory of this process in bytes (Linux /proc/self/statm), 0 when unknown.
std::size_t resident_bytes() {
    std::FILE* f = std::fopen("/proc/self/statm", "r");
    if (!f) return 0;
    unsigned long pages = 0, resident = 0;
    const int n = std::fscanf(f, "%lu %lu", &pages, &resident);
    std::fclose(f);
    return n == 2 ? resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE)) : 0;
}

// A world with the default streaming settings (workers, main-thread budget) fills the view
// distance state.range(0) from nothing, one update per 60 Hz frame (the main thread sleeps
// out the rest of each frame, as a renderer with vsync would leave it). Counters: frames and
// seconds until idle, chunks per second generated and integrated, the main thread's longest
// update (wall clock, and the thread's CPU time the budget is counted in), and the bytes kept per chunk (Chunk::storage_bytes, chunks with and without cubes;
// and the growth of resident memory per loaded chunk, every table included).
void BM_SettleFromNothing(benchmark::State& state) {
    using Clock = std::chrono::steady_clock;
    const int view_distance = static_cast<int>(state.range(0));
    for (auto _ : state) {
        const std::size_t rss_before = resident_bytes();
        WorldConfig config;
        config.seed = 1;
        config.view_distance = view_distance;
        World world(config);
        const glm::dvec3 camera{0.5, 100.0, 0.5};
        const auto start = Clock::now();
        int frames = 0;
        double longest_ms = 0, longest_cpu_ms = 0;
        while (!world.idle()) {
            const auto frame_start = Clock::now();
            const double cpu_start = thread_cpu_ms();
            benchmark::DoNotOptimize(world.update(camera));
            longest_cpu_ms = std::max(longest_cpu_ms, thread_cpu_ms() - cpu_start);
            const auto done = Clock::now();
            longest_ms = std::max(longest_ms, std::chrono::duration<double, std::milli>(done - frame_start).count());
            ++frames;
            std::this_thread::sleep_until(frame_start + std::chrono::microseconds(16667));
        }
        const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
        const std::size_t rss_after = resident_bytes();
        std::size_t with = 0, with_bytes = 0, without = 0, without_bytes = 0;
        for (const ChunkCoord& c : world.loaded_chunks()) {
            const Chunk& chunk = *world.chunk(*world.handle(c));
            (chunk.instance_count() > 0 ? with : without) += 1;
            (chunk.instance_count() > 0 ? with_bytes : without_bytes) += chunk.storage_bytes();
        }
        const double chunks = static_cast<double>(with + without);
        state.counters["frames"] = frames;
        state.counters["seconds"] = seconds;
        state.counters["chunks"] = chunks;
        state.counters["chunks_per_s"] = chunks / seconds;
        state.counters["update_ms_max"] = longest_ms;  // wall clock: preemption included
        state.counters["update_cpu_ms_max"] = longest_cpu_ms;
        state.counters["bytes_per_chunk_cubes"] = static_cast<double>(with_bytes) /
                                                  static_cast<double>(std::max<std::size_t>(with, 1));
        state.counters["bytes_per_chunk_empty"] = static_cast<double>(without_bytes) /
                                                  static_cast<double>(std::max<std::size_t>(without, 1));
        state.counters["rss_per_chunk"] = static_cast<double>(rss_after > rss_before ? rss_after - rss_before : 0) /
                                          chunks;
    }
}
BENCHMARK(BM_SettleFromNothing)->Arg(16)->Arg(32)->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();

// [SECTION] edits

// A terrain world of 6x6 columns and random edits in the surface band: half break (air),
// half place one of the solid types.
struct EditScene {
    World world;
    std::vector<BlockPos> positions;
    std::vector<BlockType> types;

    EditScene() : world(WorldConfig{}) {
        std::vector<ChunkCoord> chunks;
        for (int x = 0; x < 6; ++x)
            for (int z = 0; z < 6; ++z)
                for (int y = 0; y < kChunksPerColumn; ++y) chunks.push_back({x, y, z});
        world.load_now(chunks);
        std::mt19937 rng(42);
        const auto placeable = placeable_blocks();
        for (int i = 0; i < 1 << 16; ++i) {
            const int x = static_cast<int>(rng() % 96);
            const int z = static_cast<int>(rng() % 96);
            const int y = world.terrain().surface_height(x, z) - 2 + static_cast<int>(rng() % 5);
            positions.push_back({x, y, z});
            types.push_back(placeable[rng() % placeable.size()]);
        }
    }

    // Edit k always changes its cell: a solid cell is broken, an empty one gets types[k]
    // (an edit to the type a cell already has does nothing and would flatter both contenders).
    EditChanges edit(std::size_t k) {
        const BlockPos p = positions[k];
        const auto now = world.block_at(p);
        return world.set_block(p, now && is_solid(*now) ? BlockType::kAir : types[k]);
    }
};

void BM_SetBlock(benchmark::State& state) {
    EditScene scene;
    std::size_t i = 0;
    std::size_t changes = 0;
    for (auto _ : state) {
        const std::size_t k = i++ & (scene.positions.size() - 1);
        const EditChanges r = scene.edit(k);
        changes += r.size();
        benchmark::DoNotOptimize(r);
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["changes_per_edit"] = static_cast<double>(changes) /
                                         static_cast<double>(std::max<int64_t>(1, state.iterations()));
}
BENCHMARK(BM_SetBlock)->Unit(benchmark::kNanosecond);

// The same edits, each followed by rebuilding the edited chunk's list of visible cubes
// from its blocks (and its neighbours' borders).
void BM_SetBlockThenRebuildChunk(benchmark::State& state) {
    EditScene scene;
    std::size_t i = 0;
    for (auto _ : state) {
        const std::size_t k = i++ & (scene.positions.size() - 1);
        benchmark::DoNotOptimize(scene.edit(k));
        benchmark::DoNotOptimize(scene.world.rebuild_instances(chunk_of(scene.positions[k])));
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SetBlockThenRebuildChunk)->Unit(benchmark::kNanosecond);

// [SECTION] picking

void BM_Raycast(benchmark::State& state) {
    EditScene scene;
    std::mt19937 rng(9);
    std::normal_distribution<double> g(0.0, 1.0);
    std::vector<std::pair<glm::dvec3, glm::dvec3>> rays;
    for (int i = 0; i < 4096; ++i) {
        const double x = 16.0 + static_cast<double>(rng() % 64) + 0.5;
        const double z = 16.0 + static_cast<double>(rng() % 64) + 0.5;
        const double y = scene.world.terrain().surface_height(static_cast<int>(x), static_cast<int>(z)) + 2.6;
        rays.push_back({{x, y, z}, {g(rng), -std::abs(g(rng)), g(rng)}});
    }
    std::size_t i = 0;
    for (auto _ : state) {
        const auto& [o, d] = rays[i++ & 4095];
        benchmark::DoNotOptimize(scene.world.raycast(o, d));
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Raycast)->Unit(benchmark::kNanosecond);

}  // namespace
}  // namespace slotcraft

BENCHMARK_MAIN();
