// Benchmark of the batch edit path (docs/benchmarks.md, "Region edits"): a fill of 1,048,576
// cells (128 x 64 x 128 above a flat world) through WorldSession::fill (the world's batch,
// exposure once, the slot bookkeeping, the undo step), its undo, and the same cells changed
// through single-block edits (WorldSession::edit, each one a batch of one and an undo step)
// in the same run, as the baseline. Counters: cells, slot writes queued, the bytes those
// writes upload (4 a slot), the undo step's memory.
// Run: build/release/tests/bench/bench_edit (Release).
#include "edit/world_session.hpp"

#include <benchmark/benchmark.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace slotcraft {
namespace {

// 128 x 64 x 128 cells above the grass (y 64..127) of chunks x, z 0..7.
const Region kRegion = Region::between({0, 64, 0}, {127, 127, 127});

// A flat world with every chunk of the 8 x 8 columns under the region loaded, slots applied.
std::unique_ptr<WorldSession> flat_session(const std::string& world_file = {}) {
    WorldSessionConfig c;
    c.type = WorldType::kFlat;
    c.world_file = world_file;
    c.new_world = true;
    c.view_distance = 1;
    auto session = std::make_unique<WorldSession>(c);
    std::vector<ChunkCoord> coords;
    for (int x = -1; x <= 8; ++x)
        for (int z = -1; z <= 8; ++z)
            for (int y = kMinChunkY; y <= kTopChunkY; ++y) coords.push_back({x, y, z});
    session->load_now(coords);
    session->slots().take_uploads();
    session->light().take_uploads();  // the light work of the same frame
    return session;
}

double ms_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void report(benchmark::State& state, const WorldSession& session, std::size_t writes) {
    state.counters["cells"] = static_cast<double>(session.last_edit().cells);
    state.counters["slot_writes"] = static_cast<double>(writes);
    state.counters["upload_bytes"] = static_cast<double>(writes * kInstanceBytes);
    state.counters["undo_bytes"] = static_cast<double>(session.journal().bytes());
}

// One fill of every cell a timed iteration, then (untimed) its undo for the next one.
void time_fills(benchmark::State& state, WorldSession& session) {
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        session.fill(kRegion, BlockType::kStone);
        state.SetIterationTime(ms_since(start) / 1000.0);
        report(state, session, session.slots().take_uploads().writes.size());
        session.light().take_uploads();  // the light work of the same frame
        session.undo();
        session.slots().take_uploads();
        session.light().take_uploads();  // the light work of the same frame
    }
}

// The batch.
void BM_FillBatch(benchmark::State& state) {
    auto session = flat_session();
    time_fills(state, *session);
}
BENCHMARK(BM_FillBatch)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(5);

// The same with a world file: the changed cells are queued for the writer thread as one
// operation (the commit itself runs on the writer, not timed here).
void BM_FillBatchSaved(benchmark::State& state) {
    const std::string file = "/tmp/slotcraft-bench-edit.db";
    auto session = flat_session(file);
    time_fills(state, *session);
    session.reset();
    std::filesystem::remove(file);
    std::filesystem::remove(file + "-wal");
    std::filesystem::remove(file + "-shm");
}
BENCHMARK(BM_FillBatchSaved)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(5);

// The undo of that fill: one batch putting every cell back.
void BM_FillUndo(benchmark::State& state) {
    auto session = flat_session();
    std::size_t writes = 0;
    for (auto _ : state) {
        session->fill(kRegion, BlockType::kStone);
        session->slots().take_uploads();
        session->light().take_uploads();  // the light work of the same frame
        const auto start = std::chrono::steady_clock::now();
        session->undo();
        state.SetIterationTime(ms_since(start) / 1000.0);
        writes = session->slots().take_uploads().writes.size();
        session->light().take_uploads();  // the light work of the same frame
        report(state, *session, writes);
        session->redo();  // then undone again below: the journal stays one step deep
        session->undo();
        session->slots().take_uploads();
        session->light().take_uploads();  // the light work of the same frame
    }
}
BENCHMARK(BM_FillUndo)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(5);

// The baseline: the same cells, one WorldSession::edit each (in region order), then the
// world put back by one batch (untimed).
void BM_FillSingleBlocks(benchmark::State& state) {
    auto session = flat_session();
    std::size_t writes = 0;
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        for (int y = kRegion.min.y; y <= kRegion.max.y; ++y)
            for (int z = kRegion.min.z; z <= kRegion.max.z; ++z)
                for (int x = kRegion.min.x; x <= kRegion.max.x; ++x) session->edit({x, y, z}, BlockType::kStone);
        state.SetIterationTime(ms_since(start) / 1000.0);
        writes = session->slots().take_uploads().writes.size();
        session->light().take_uploads();  // the light work of the same frame
        state.counters["cells"] = static_cast<double>(kRegion.cells());
        state.counters["slot_writes"] = static_cast<double>(writes);
        state.counters["upload_bytes"] = static_cast<double>(writes * kInstanceBytes);
        state.counters["undo_bytes"] = static_cast<double>(session->journal().bytes());
        session->fill(kRegion, BlockType::kAir);
        session->slots().take_uploads();
        session->light().take_uploads();  // the light work of the same frame
    }
}
BENCHMARK(BM_FillSingleBlocks)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(2);

}  // namespace
}  // namespace slotcraft

BENCHMARK_MAIN();
