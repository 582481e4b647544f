// Benchmarks of world/: chunk generation (microseconds per chunk, light included), the
// light of one chunk alone, set_block with its instance changes (nanoseconds per edit)
// against rebuilding the edited chunk's whole list of visible cubes per edit (what engines
// that remesh a chunk per edit do), placing and breaking a lamp in a cave (the relight's
// main-thread time), what light costs per chunk, and picking.
// Run: build/<dir>/tests/bench/bench_world (Release).
#include "world/streaming.hpp"
#include "world/world.hpp"
#include "world/world_probes.hpp"

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
        const int32_t y = whole_columns ? kMinChunkY + n % kChunksPerColumn : surface_y;
        const GenerationJob job{{column % 64, y, column / 64}, {}};
        benchmark::DoNotOptimize(build_chunk(terrain, job));
        ++n;
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(whole_columns ? "whole columns" : "surface band");
}
BENCHMARK_CAPTURE(BM_GenerateChunk, terrain, WorldType::kTerrain)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_GenerateChunk, flat, WorldType::kFlat)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// The light of one generated chunk on its own (LightPropagator::light_alone, part of
// BM_GenerateChunk above): the worker's share of the light.
void BM_LightAlone(benchmark::State& state) {
    const TerrainGenerator terrain(WorldType::kTerrain, 1);
    const bool whole_columns = state.range(0) == 1;
    std::vector<std::unique_ptr<Chunk>> chunks;
    for (int32_t n = 0; n < 256; ++n) {
        const int32_t column = n / (whole_columns ? kChunksPerColumn : 1);
        chunks.push_back(build_chunk(
            terrain, {{column % 16, whole_columns ? kMinChunkY + n % kChunksPerColumn : 4, column / 16}, {}}));
    }
    std::size_t i = 0;
    for (auto _ : state) {
        Chunk& c = *chunks[i++ & 255];
        LightPropagator::light_alone(c);
        benchmark::DoNotOptimize(c.light(0));
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(whole_columns ? "whole columns" : "surface band");
}
BENCHMARK(BM_LightAlone)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// World::load_now of 5x5 whole columns: generation on the calling thread plus the main
// thread's integration (border fix-ups, bulk instance lists). Compare with the whole-column
// generation figure above to see what integration adds per chunk.
void BM_LoadColumns(benchmark::State& state) {
    WorldConfig config;
    World world(config);
    std::vector<ChunkCoord> chunks;
    for (int x = 0; x < 5; ++x)
        for (int z = 0; z < 5; ++z)
            for (int y = kMinChunkY; y <= kTopChunkY; ++y) chunks.push_back({x, y, z});
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
        for (const ChunkCoord& c : world.loaded_coords()) {
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
                for (int y = kMinChunkY; y <= kTopChunkY; ++y) chunks.push_back({x, y, z});
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
        benchmark::DoNotOptimize(rebuild_instances(scene.world, chunk_of(scene.positions[k])));
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SetBlockThenRebuildChunk)->Unit(benchmark::kNanosecond);

// [SECTION] light

// A lamp placed on the floor of a closed cave (13 x 7 x 13 cells, 20 blocks under the
// terrain's surface) and broken again, alternately: the relight's main-thread time
// (World::Stats::light_ms_last) and the cells it changed, as medians and worst cases.
void BM_LampInCave(benchmark::State& state) {
    World world{WorldConfig{}};
    std::vector<ChunkCoord> chunks;
    for (int x = -2; x <= 1; ++x)
        for (int z = -2; z <= 1; ++z)
            for (int y = kMinChunkY; y <= kTopChunkY; ++y) chunks.push_back({x, y, z});
    world.load_now(chunks);
    int top = kWorldTop;
    for (int x = -7; x <= 7; ++x)
        for (int z = -7; z <= 7; ++z) top = std::min(top, world.terrain().surface_height(x, z));
    const int floor_y = top - 20 - 7;
    world.apply(Region{{-6, floor_y, -6}, {6, floor_y + 6, 6}}, [](std::size_t, BlockType) { return BlockType::kAir; });
    const BlockPos lamp{0, floor_y, 0};
    std::vector<double> place_ms, break_ms;
    std::vector<double> cells;
    bool lit = false;
    for (auto _ : state) {
        benchmark::DoNotOptimize(world.set_block(lamp, lit ? BlockType::kAir : BlockType::kLamp));
        const World::Stats s = world.stats();
        (lit ? break_ms : place_ms).push_back(s.light_ms_last);
        cells.push_back(static_cast<double>(s.light_cells_last));
        lit = !lit;
    }
    auto median = [](std::vector<double> v) {
        if (v.empty()) return 0.0;
        std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
        return v[v.size() / 2];
    };
    auto worst = [](const std::vector<double>& v) { return v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()); };
    state.counters["place_relight_ms_median"] = median(place_ms);
    state.counters["place_relight_ms_max"] = worst(place_ms);
    state.counters["break_relight_ms_median"] = median(break_ms);
    state.counters["break_relight_ms_max"] = worst(break_ms);
    state.counters["cells_changed_median"] = median(cells);
    state.SetItemsProcessed(state.iterations());
    state.SetLabel("set_block(lamp / air), whole edit");
}
BENCHMARK(BM_LampInCave)->Unit(benchmark::kMicrosecond);

// What light costs per chunk: the 17 x 17 columns of a view distance 8 square loaded at
// once, light arrays counted (uniform chunks hold none).
void BM_LightMemory(benchmark::State& state) {
    for (auto _ : state) {
        World world{WorldConfig{}};
        std::vector<ChunkCoord> chunks;
        for (int x = -8; x <= 8; ++x)
            for (int z = -8; z <= 8; ++z)
                for (int y = kMinChunkY; y <= kTopChunkY; ++y) chunks.push_back({x, y, z});
        world.load_now(chunks);
        const World::Stats s = world.stats();
        state.counters["chunks"] = static_cast<double>(s.chunks_loaded);
        state.counters["chunks_with_light_array"] = static_cast<double>(s.chunks_with_light);
        state.counters["light_bytes_per_chunk"] = static_cast<double>(s.light_bytes) / s.chunks_loaded;
        state.counters["storage_bytes_per_chunk"] = static_cast<double>(s.storage_bytes) / s.chunks_loaded;
    }
}
BENCHMARK(BM_LightMemory)->Iterations(1)->Unit(benchmark::kMillisecond);

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
