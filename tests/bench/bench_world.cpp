// Benchmarks of world/: chunk generation (microseconds per chunk, light included), the
// light of one chunk alone, set_block with its instance changes (nanoseconds per edit)
// against rebuilding the edited chunk's whole list of visible cubes per edit (what engines
// that remesh a chunk per edit do), placing and breaking a lamp in a cave (the relight's
// main-thread time), what light costs per chunk, picking, and the chunk's block storage
// (PalettedBlocks) against the flat array it replaced.
// Run: build/<dir>/tests/bench/bench_world (Release).
#include "world/paletted_blocks.hpp"
#include "world/streaming.hpp"
#include "world/world.hpp"
#include "world/world_probes.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <memory>
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

// [SECTION] block storage

// Today's storage before the palette (Chunk at 1e6df64), kept here as the baseline: one type
// while uniform, a 4 KiB array of types from the first block that differs.
class FlatBlocks {
public:
    BlockType get(uint16_t i) const { return blocks_ ? (*blocks_)[i] : uniform_; }
    void set(uint16_t i, BlockType type) {
        if (!blocks_) {
            if (type == uniform_) return;
            blocks_ = std::make_unique<std::array<BlockType, kChunkVolume>>();
            blocks_->fill(uniform_);
        }
        (*blocks_)[i] = type;
    }
    void fill(BlockType type) {
        blocks_.reset();
        uniform_ = type;
    }
    // make_uniform_if_possible: what build_chunk did after generation.
    void compact() {
        if (!blocks_) return;
        const BlockType first = (*blocks_)[0];
        if (std::all_of(blocks_->begin(), blocks_->end(), [first](BlockType b) { return b == first; })) fill(first);
    }
    std::size_t heap_bytes() const { return blocks_ ? sizeof(*blocks_) : 0; }

private:
    std::unique_ptr<std::array<BlockType, kChunkVolume>> blocks_;
    BlockType uniform_ = BlockType::kAir;
};

using Cells = std::array<BlockType, kChunkVolume>;

// 256 chunks' cells: arg 0, the terrain's surface band (seed 1, y 2..5, air, grass, dirt,
// stone, sand, water, logs, leaves: what generation writes); arg 1, each cell one of 16 types
// at random (4 bits, the longest palette search); arg 2, one of every type at random (8 bits).
std::vector<Cells> storage_cells(int pattern) {
    std::vector<Cells> out(256);
    const TerrainGenerator terrain(WorldType::kTerrain, 1);
    std::mt19937 rng(5);
    for (std::size_t c = 0; c < out.size(); ++c) {
        if (pattern == 0) {
            const auto n = static_cast<int32_t>(c);
            build_chunk(terrain, {{n % 8, 2 + n / 8 % 4, n / 32}, {}})
                ->blocks()
                .copy_to(0, kChunkVolume, out[c].data());
        } else {
            const unsigned kinds = pattern == 1 ? 16 : kBlockTypeCount;
            for (BlockType& b : out[c]) b = static_cast<BlockType>(rng() % kinds);
        }
    }
    return out;
}

const char* storage_label(int64_t pattern) {
    return pattern == 0 ? "terrain cells" : pattern == 1 ? "16 kinds at random" : "every type at random";
}

// The fill of 1M cells: 256 fresh chunks of air, every cell set in index order (as the
// generator writes them), then compacted (as build_chunk does). Counter: heap bytes a chunk after it.
template <class Storage>
void BM_BlockStorageFill(benchmark::State& state) {
    const std::vector<Cells> cells = storage_cells(static_cast<int>(state.range(0)));
    std::vector<Storage> chunks(cells.size());
    for (auto _ : state) {
        for (std::size_t c = 0; c < chunks.size(); ++c) {
            Storage& s = chunks[c];
            s = Storage();  // a fresh chunk of air, as the generator starts from
            for (int i = 0; i < kChunkVolume; ++i)
                s.set(static_cast<uint16_t>(i), cells[c][static_cast<std::size_t>(i)]);
            s.compact();
        }
        benchmark::DoNotOptimize(chunks.back().get(4095));
    }
    std::size_t bytes = 0;
    for (const Storage& s : chunks) bytes += s.heap_bytes();
    state.counters["heap_bytes_per_chunk"] = static_cast<double>(bytes) / static_cast<double>(chunks.size());
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(chunks.size()) * kChunkVolume);
    state.SetLabel(storage_label(state.range(0)));
}
BENCHMARK_TEMPLATE(BM_BlockStorageFill, FlatBlocks)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_BlockStorageFill, PalettedBlocks)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

// The 256 chunks above, filled; then set_block (write) or block (read) of random cells of
// random chunks, each write a type the chunk already holds (an edit of the common kind; a
// new kind widens once and stays).
template <class Storage>
struct FilledStorage {
    std::vector<Storage> chunks;
    std::vector<uint32_t> cells;  // chunk << 12 | cell
    std::vector<BlockType> types;

    explicit FilledStorage(int pattern) : chunks(256) {
        const std::vector<Cells> filled = storage_cells(pattern);
        for (std::size_t c = 0; c < chunks.size(); ++c) {
            for (int i = 0; i < kChunkVolume; ++i)
                chunks[c].set(static_cast<uint16_t>(i), filled[c][static_cast<std::size_t>(i)]);
            chunks[c].compact();
        }
        std::mt19937 rng(11);
        for (int k = 0; k < 1 << 16; ++k) {
            const uint32_t c = rng() % 256;
            cells.push_back(c << 12 | (rng() % kChunkVolume));
            types.push_back(filled[c][rng() % kChunkVolume]);
        }
    }
};

template <class Storage>
void BM_BlockStorageSet(benchmark::State& state) {
    FilledStorage<Storage> f(static_cast<int>(state.range(0)));
    std::size_t k = 0;
    for (auto _ : state) {
        const std::size_t at = k++ & 0xFFFF;
        f.chunks[f.cells[at] >> 12].set(static_cast<uint16_t>(f.cells[at] & 0xFFF), f.types[at]);
    }
    benchmark::DoNotOptimize(f.chunks[0].get(0));
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(storage_label(state.range(0)));
}
BENCHMARK_TEMPLATE(BM_BlockStorageSet, FlatBlocks)->Arg(0)->Arg(1)->Arg(2);
BENCHMARK_TEMPLATE(BM_BlockStorageSet, PalettedBlocks)->Arg(0)->Arg(1)->Arg(2);

template <class Storage>
void BM_BlockStorageGet(benchmark::State& state) {
    const FilledStorage<Storage> f(static_cast<int>(state.range(0)));
    std::size_t k = 0;
    unsigned sum = 0;
    for (auto _ : state) {
        const std::size_t at = k++ & 0xFFFF;
        sum += static_cast<unsigned>(f.chunks[f.cells[at] >> 12].get(static_cast<uint16_t>(f.cells[at] & 0xFFF)));
    }
    benchmark::DoNotOptimize(sum);
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(storage_label(state.range(0)));
}
BENCHMARK_TEMPLATE(BM_BlockStorageGet, FlatBlocks)->Arg(0)->Arg(1)->Arg(2);
BENCHMARK_TEMPLATE(BM_BlockStorageGet, PalettedBlocks)->Arg(0)->Arg(1)->Arg(2);

}  // namespace
}  // namespace slotcraft

BENCHMARK_MAIN();
