// Benchmarks of the world file (save/save.*): edits committed per second by the batched
// writer against one transaction per edit (saving each edit as it happens, with and without
// an fsync), what record_edit costs the main thread, and loading a world with 100k edits
// (open with the read-only checks, read the edits, hand them to the World), plus generating
// the edited chunks with their edits applied against generating them bare.
// Run: build/<dir>/tests/bench/bench_save (Release). Files go to $TMPDIR (or /tmp): put it
// on a real disk, not tmpfs, for honest fsync figures.
#include "save/save.hpp"
#include "world/streaming.hpp"
#include "world/world.hpp"

#include <benchmark/benchmark.h>
#include <sqlite3.h>

#include <cstdlib>
#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace slotcraft {
namespace {
namespace fs = std::filesystem;

class TempDir {
public:
    TempDir() {
        std::string pattern = (fs::temp_directory_path() / "slotcraft-bench-save-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    std::string file(const std::string& name) const { return path_ + "/" + name; }

private:
    std::string path_;
};

std::unique_ptr<WorldStore> open_or_die(const std::string& path) {
    return WorldStore::open(path).store;  // throws WorldFileError
}

// Edit n: a distinct cell in the sky (air in the flat world), so each one is a stored row.
ChunkCoord edit_chunk(uint64_t n) { return {static_cast<int32_t>(n / kChunkVolume), 10, 0}; }
uint16_t edit_index(uint64_t n) { return static_cast<uint16_t>(n % kChunkVolume); }
BlockType edit_type(uint64_t n) { return static_cast<BlockType>(1 + n % (kBlockTypeCount - 1)); }

// [SECTION] committing

// Record N edits, then flush: the writer commits them in one transaction (WAL, no fsync).
// Wall-clock time: the work is on the writer thread, not the benchmark's.
void BM_CommitBatched(benchmark::State& state) {
    TempDir dir;
    auto store = open_or_die(dir.file("w.db"));
    const auto n = static_cast<uint64_t>(state.range(0));
    uint64_t next = 0;
    for (auto _ : state) {
        for (uint64_t i = 0; i < n; ++i, ++next) {
            store->record_edit(edit_chunk(next), edit_index(next), edit_type(next), BlockType::kAir);
        }
        if (!store->flush()) state.SkipWithError("commit failed");
    }
    state.SetItemsProcessed(static_cast<int64_t>(next));
    state.counters["commits"] = static_cast<double>(store->stats().commits);
    state.SetLabel("edits committed");
}
BENCHMARK(BM_CommitBatched)->Arg(100)->Arg(10000)->Arg(100000)->UseRealTime()->Unit(benchmark::kMillisecond);

// The contender: one autocommit INSERT per edit on the same schema and pragmas, as saving
// each edit as it happens would do. Arg: PRAGMA synchronous (1 NORMAL: no fsync per commit,
// 2 FULL: an fsync per commit).
void BM_CommitEachEdit(benchmark::State& state) {
    TempDir dir;
    const std::string path = dir.file("w.db");
    open_or_die(path).reset();  // an empty world with the real schema
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    const std::string pragmas = "PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = WAL; PRAGMA synchronous = " +
                                std::to_string(state.range(0));
    sqlite3_exec(db, pragmas.c_str(), nullptr, nullptr, nullptr);
    sqlite3_stmt* insert = nullptr;
    sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO edits(cx, cy, cz, idx, type) VALUES(?, ?, ?, ?, ?)", -1, &insert,
                       nullptr);
    uint64_t next = 0;
    for (auto _ : state) {
        const ChunkCoord c = edit_chunk(next);
        sqlite3_bind_int64(insert, 1, c.x);
        sqlite3_bind_int64(insert, 2, c.y);
        sqlite3_bind_int64(insert, 3, c.z);
        sqlite3_bind_int64(insert, 4, edit_index(next));
        sqlite3_bind_int64(insert, 5, static_cast<int>(edit_type(next)));
        if (sqlite3_step(insert) != SQLITE_DONE) state.SkipWithError(sqlite3_errmsg(db));
        sqlite3_reset(insert);
        ++next;
    }
    sqlite3_finalize(insert);
    sqlite3_close(db);
    state.SetItemsProcessed(static_cast<int64_t>(next));
    state.SetLabel(state.range(0) == 2 ? "one transaction per edit, synchronous=FULL"
                                       : "one transaction per edit, synchronous=NORMAL");
}
BENCHMARK(BM_CommitEachEdit)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMicrosecond);

// What the main thread pays per edit: a push under a mutex (the writer commits meanwhile).
void BM_RecordEdit(benchmark::State& state) {
    TempDir dir;
    auto store = open_or_die(dir.file("w.db"));
    uint64_t next = 0;
    for (auto _ : state) {
        store->record_edit(edit_chunk(next), edit_index(next), edit_type(next), BlockType::kAir);
        ++next;
    }
    state.SetItemsProcessed(static_cast<int64_t>(next));
    store->flush();
}
BENCHMARK(BM_RecordEdit)->Unit(benchmark::kNanosecond);

// [SECTION] loading a world with 100k edits

constexpr int kLoadEdits = 100000;
constexpr int kColumns = 16;  // a 16 x 16 column area, chunks y 3..7: 1280 chunks

WorldConfig flat_config() {
    WorldConfig config;
    config.type = WorldType::kFlat;
    config.view_distance = 0;
    config.worker_threads = 1;
    return config;
}

// A world file with kLoadEdits distinct edited cells around the flat world's surface, made
// once per process; every cell differs from the terrain, so every edit is a row.
const std::string& world_100k() {
    static TempDir dir;
    static const std::string path = [] {
        const std::string p = dir.file("100k.db");
        auto store = open_or_die(p);
        const TerrainGenerator terrain(WorldType::kFlat, 1);
        std::mt19937 rng(5);
        std::vector<bool> taken(static_cast<std::size_t>(kColumns * kColumns * 5) * kChunkVolume, false);
        for (int made = 0; made < kLoadEdits;) {
            const std::size_t cell = rng() % taken.size();
            if (taken[cell]) continue;
            taken[cell] = true;
            const auto chunk = static_cast<int32_t>(cell / kChunkVolume);
            const ChunkCoord c{chunk % kColumns - kColumns / 2, 3 + chunk / (kColumns * kColumns),
                               (chunk / kColumns) % kColumns - kColumns / 2};
            const auto index = static_cast<uint16_t>(cell % kChunkVolume);
            const BlockType generated = terrain.block_at(world_position(c, index));
            auto type = static_cast<BlockType>(rng() % kBlockTypeCount);
            if (type == generated) type = generated == BlockType::kAir ? BlockType::kBrick : BlockType::kAir;
            store->record_edit(c, index, type, generated);
            ++made;
        }
        store->save_meta(WorldMeta{});
        return p;
    }();
    return path;
}

// Everything a start does before the first frame: open (read-only checks with quick_check,
// then the read-write connection), read the metadata and all edits, import them into a World.
void BM_LoadWorld100k(benchmark::State& state) {
    const std::string& path = world_100k();
    std::size_t edits = 0;
    for (auto _ : state) {
        auto store = open_or_die(path);
        benchmark::DoNotOptimize(store->load_meta());
        World world(flat_config());
        edits = 0;
        for (const ChunkEdits& c : store->load_edits()) {
            world.import_edits(c.coord, c.edits);
            edits += c.edits.size();
        }
    }
    state.counters["edits"] = static_cast<double>(edits);
    state.counters["file_MiB"] = static_cast<double>(fs::file_size(path)) / (1 << 20);
    state.SetLabel("open + checks + load_edits + import_edits");
}
BENCHMARK(BM_LoadWorld100k)->UseRealTime()->Unit(benchmark::kMillisecond);

// The parts: 0 = open and close (the checks), 1 = load_edits, 2 = import_edits.
void BM_LoadWorld100kPart(benchmark::State& state) {
    const std::string& path = world_100k();
    auto keep = state.range(0) == 0 ? nullptr : open_or_die(path);
    const std::vector<ChunkEdits> loaded = keep ? keep->load_edits() : std::vector<ChunkEdits>{};
    for (auto _ : state) {
        if (state.range(0) == 0) {
            benchmark::DoNotOptimize(open_or_die(path));
        } else if (state.range(0) == 1) {
            benchmark::DoNotOptimize(keep->load_edits());
        } else {
            World world(flat_config());
            for (const ChunkEdits& c : loaded) world.import_edits(c.coord, c.edits);
        }
    }
    static const char* const kLabels[] = {"open + read-only checks + close", "load_edits", "import_edits"};
    state.SetLabel(kLabels[state.range(0)]);
}
BENCHMARK(BM_LoadWorld100kPart)->DenseRange(0, 2)->UseRealTime()->Unit(benchmark::kMillisecond);

// Applying the edits happens when their chunks generate: build the 1280 edited chunks with
// their edits (arg 1) against bare (arg 0). The difference is the cost of applying 100k edits.
void BM_BuildEditedChunks(benchmark::State& state) {
    auto store = open_or_die(world_100k());
    std::vector<GenerationJob> jobs;
    for (ChunkEdits& c : store->load_edits()) {
        jobs.push_back({c.coord, state.range(0) == 1 ? std::move(c.edits) : std::vector<BlockEdit>{}});
    }
    const TerrainGenerator terrain(WorldType::kFlat, 1);
    for (auto _ : state) {
        for (const GenerationJob& job : jobs) benchmark::DoNotOptimize(build_chunk(terrain, job));
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(jobs.size()));
    state.SetLabel(state.range(0) == 1 ? "1280 chunks with 100k edits" : "1280 chunks bare");
}
BENCHMARK(BM_BuildEditedChunks)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace slotcraft

BENCHMARK_MAIN();
