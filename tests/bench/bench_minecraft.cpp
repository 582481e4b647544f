// CPU per chunk read from a Minecraft world against CPU per chunk generated (docs/benchmarks.md
// "Minecraft worlds"): the 1.19.4 region file prismarine-provider-anvil ships (tests/formats/npm,
// installed by ./run.sh test), each column read, inflated and decoded and its 24 chunks built
// as the workers build them (build_chunk: edits, masks, light), against the generated terrain's
// columns of the same 24 chunks, in one run. The region's columns that Minecraft finished
// are read again and again in a loop.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "minecraft/minecraft_ground.hpp"
#include "world/streaming.hpp"
#include "world/terrain.hpp"

namespace slotcraft {
namespace {

const std::string kRegion = std::string(SLOTCRAFT_SOURCE_DIR) +
                            "/tests/formats/npm/node_modules/prismarine-provider-anvil/test/fixtures/1.19.4/r.0.0.mca";

void BM_ReadMinecraftColumn(benchmark::State& state) {
    if (!std::filesystem::exists(kRegion)) {
        state.SkipWithError("the Minecraft fixtures are not installed: run ./run.sh test");
        return;
    }
    const std::shared_ptr<MinecraftGround> ground = MinecraftGround::open(kRegion);
    const TerrainGenerator terrain(WorldType::kTerrain, 1, kGeneratorVersion, ground);
    // The columns Minecraft finished (the others read as air, which costs next to nothing).
    std::vector<std::pair<int32_t, int32_t>> columns;
    for (int32_t cz = 0; cz < 32; ++cz)
        for (int32_t cx = 0; cx < 32; ++cx)
            if (ground->surface_height(cx * 16 + 8, cz * 16 + 8) >= kMinBlockY) columns.emplace_back(cx, cz);
    std::size_t n = 0;
    for (auto _ : state) {
        const auto [cx, cz] = columns[n++ % columns.size()];
        for (int32_t y = kMinChunkY; y <= kTopChunkY; ++y)
            benchmark::DoNotOptimize(build_chunk(terrain, {{cx, y, cz}, {}}));
    }
    state.SetItemsProcessed(state.iterations() * kChunksPerColumn);
    state.SetLabel(std::to_string(columns.size()) + " finished columns, read in turn");
}
BENCHMARK(BM_ReadMinecraftColumn)->Unit(benchmark::kMillisecond);

void BM_GenerateColumn(benchmark::State& state) {
    const TerrainGenerator terrain(WorldType::kTerrain, 1);
    int32_t n = 0;
    for (auto _ : state) {
        const int32_t cx = n % 32, cz = (n / 32) % 32;
        for (int32_t y = kMinChunkY; y <= kTopChunkY; ++y)
            benchmark::DoNotOptimize(build_chunk(terrain, {{cx, y, cz}, {}}));
        ++n;
    }
    state.SetItemsProcessed(state.iterations() * kChunksPerColumn);
}
BENCHMARK(BM_GenerateColumn)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace slotcraft

BENCHMARK_MAIN();
