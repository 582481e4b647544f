// The world: chunk table with versioned handles, edits, border fix-ups and streaming.
//
// Index: [SECTION] change tracking, construction, streaming, integration, blocks and edits,
// chunks and instances.
#include "world/world.hpp"

#include "world/shade.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <chrono>
#include <cstring>
#include <deque>
#include <string>
#include <thread>

namespace slotcraft {

// [SECTION] change tracking

namespace {
// What happens to a cube's instance when its face mask goes from old_mask to new_mask (a cube
// has an instance while its mask is not 0): the change, or nullopt when it had none and still
// has none. `type` is the instance's type (for a removal, the type it had).
std::optional<InstanceChange> instance_change(ChunkCoord chunk, uint16_t index, BlockType type, uint8_t old_mask,
                                              uint8_t new_mask) {
    using Kind = InstanceChange::Kind;
    if (old_mask == 0 && new_mask == 0) return std::nullopt;
    const Kind kind = old_mask == 0 ? Kind::kAdded : new_mask == 0 ? Kind::kRemoved : Kind::kChanged;
    return InstanceChange{kind, chunk, index, type, new_mask, {}};
}
}  // namespace

// The chunks around one chunk (3 x 3 x 3, itself in the middle), each searched for in the
// table the first time one of its cells is read: shading a run of cubes of one chunk looks
// up each neighbour once instead of once per cell outside the chunk.
class World::Around {
public:
    Around(const World& world, const Chunk& c) : world_(world), c_(c) {}
    // With the chunk's entry: its neighbours come from the entry's links, no look-up.
    Around(const World& world, uint32_t entry) : world_(world), c_(*world.entries_[entry].chunk), entry_(entry) {}

    // The block and light of the cell at `offset` (-1..1 on each axis) from cell `index`:
    // another chunk's when the offset leaves the chunk; open sky above the world; opaque and
    // dark below it and in chunks that are not loaded.
    std::pair<BlockType, uint8_t> cell(uint16_t index, const glm::ivec3& offset) const {
        const Place at = locate(index, offset);
        if (at.above_world) return {BlockType::kAir, kOpenSkyLight};
        if (at.chunk == nullptr) return {BlockType::kStone, 0};
        return {at.chunk->block(at.index), at.chunk->light(at.index)};
    }
    // Whether that cell is opaque (the rule of cell(), without reading its light): what a
    // cube's occlusion reads, eight to eighteen times a cube.
    bool opaque(uint16_t index, const glm::ivec3& offset) const {
        const Place at = locate(index, offset);
        if (at.above_world) return false;
        return at.chunk == nullptr || is_opaque(at.chunk->block(at.index));
    }

    const Chunk& chunk() const { return c_; }

    // Where one row part of the light box reads from (for_each_box_row): a loaded chunk's
    // cells i0 .. i0 + n - 1, open sky above the world, or a chunk that is not loaded (or
    // below the world): opaque and dark.
    struct RowPart {
        uint16_t box0;       // box index of the first cell
        int n;               // cells, consecutive in x
        const Chunk* chunk;  // nullptr: sky or not loaded
        uint16_t i0;         // chunk's index of the first cell
        bool above_world;
    };

    // Calls f(RowPart) for every row part of the chunk's light box between lo and hi (box
    // coordinates -1..16, inclusive), the way the shader sees them (the rule of cell()). A
    // row of the box crosses at most three chunks: each is found once per row part.
    template <class F>
    void for_each_box_row(const glm::ivec3& lo, const glm::ivec3& hi, F&& f) const {
        auto step = [](int v) { return v < 0 ? -1 : v >= kChunkSize ? 1 : 0; };
        for (int y = lo.y; y <= hi.y; ++y) {
            for (int z = lo.z; z <= hi.z; ++z) {
                int x = lo.x;
                while (x <= hi.x) {
                    const int sx = step(x);
                    const int end = std::min(hi.x, sx < 0 ? -1 : sx == 0 ? kChunkSize - 1 : kChunkSize);
                    const glm::ivec3 s{sx, step(y), step(z)};
                    RowPart part{light_box_index(x, y, z), end - x + 1, nullptr, 0, false};
                    if (c_.coord().y + s.y >= kChunksPerColumn) {
                        part.above_world = true;
                    } else if ((part.chunk = near(s)) != nullptr) {
                        const glm::ivec3 q = glm::ivec3(x, y, z) - s * kChunkSize;
                        part.i0 = local_index(q.x, q.y, q.z);  // x is the fastest axis
                    }
                    f(part);
                    x = end + 1;
                }
            }
        }
    }

    // Calls f(box_index, opaque, light) for every cell of the chunk's light box between lo
    // and hi, a row part at a time (for_each_box_row).
    template <class F>
    void for_each_box_cell(const glm::ivec3& lo, const glm::ivec3& hi, F&& f) const {
        for_each_box_row(lo, hi, [&](const RowPart& part) {
            for (int k = 0; k < part.n; ++k) {
                const auto b = static_cast<uint16_t>(part.box0 + k);
                if (part.above_world) {
                    f(b, false, kOpenSkyLight);
                } else if (part.chunk == nullptr) {
                    f(b, true, uint8_t{0});
                } else {
                    const auto i = static_cast<uint16_t>(part.i0 + k);
                    f(b, is_opaque(part.chunk->block(i)), part.chunk->light(i));
                }
            }
        });
    }

    // The chunk at `step` (-1..1 on each axis) from this one, below the top of the world;
    // nullptr when it is not loaded or below the world.
    const Chunk* near(const glm::ivec3& step) const {
        const int k = (step.y + 1) * 9 + (step.z + 1) * 3 + step.x + 1;
        if ((looked_ >> k & 1) == 0) {
            const ChunkCoord nc{c_.coord().x + step.x, c_.coord().y + step.y, c_.coord().z + step.z};
            chunks_[k] = k == kNearSelf           ? &c_
                         : entry_ != kNoEntry     ? world_.near_chunk(entry_, k)
                         : chunk_y_in_world(nc.y) ? world_.find(nc)
                                                  : nullptr;
            looked_ |= 1u << k;
        }
        return chunks_[k];
    }
    // Whether the chunk at `step` lies above the top of the world (open sky).
    bool above_world(const glm::ivec3& step) const { return c_.coord().y + step.y >= kChunksPerColumn; }

private:
    struct Place {
        const Chunk* chunk;  // nullptr: not loaded, or below the world
        uint16_t index;      // in chunk
        bool above_world;
    };
    Place locate(uint16_t index, const glm::ivec3& offset) const {
        const int x = (index & 15) + offset.x, y = (index >> 8 & 15) + offset.y, z = (index >> 4 & 15) + offset.z;
        static_assert(kChunkSize == 16, "locate steps chunks with shifts by 4");
        if (((x | y | z) & ~15) == 0) return {&c_, local_index(x, y, z), false};
        // -1 >> 4 is -1 and 16 >> 4 is 1 (an arithmetic shift): the chunk step on each axis.
        const glm::ivec3 step{x >> 4, y >> 4, z >> 4};
        assert(glm::all(glm::lessThanEqual(glm::abs(step), glm::ivec3(1))) && "Around reads the next chunk at most");
        if (c_.coord().y + step.y >= kChunksPerColumn) return {nullptr, 0, true};
        return {near(step), local_index(x & 15, y & 15, z & 15), false};
    }

    const World& world_;
    const Chunk& c_;
    uint32_t entry_ = kNoEntry;
    mutable std::array<const Chunk*, 27> chunks_{};
    mutable uint32_t looked_ = 0;  // bit k: chunks_[k] was looked up
};

// Border fix-ups in one batch may touch a cube several times (an unload, then a load on
// another side). The tracker remembers each cube's mask before the batch and emits one
// change per cube at the end, only for chunks that were loaded before and still are.
class World::ChangeTracker {
public:
    // `shade`: the cube's light or occlusion may have changed (a rewrite even when its mask
    // did not change).
    void note(uint32_t entry, uint32_t generation, uint16_t index, uint8_t old_mask, bool shade = false) {
        const uint64_t key = (static_cast<uint64_t>(entry) << 16) | index;
        const auto [it, inserted] = seen_.insert({key, static_cast<uint32_t>(noted_.size())});
        if (inserted) {
            noted_.push_back({entry, generation, index, old_mask, shade});
        } else {
            noted_[it->second].shade |= shade;
        }
    }

    void emit(const World& world, std::vector<InstanceChange>& out) const {
        std::optional<Around> around;  // the last chunk's (notes come in runs of one chunk)
        for (const Noted& n : noted_) {
            const ChunkEntry& e = world.entries_[n.entry];
            if (e.generation != n.generation || !e.chunk) continue;  // unloaded since
            const uint8_t now = e.chunk->mask(n.index);
            if (now == n.old_mask && !(n.shade && now != 0)) continue;
            InstanceChange change = *instance_change(e.chunk->coord(), n.index, e.chunk->block(n.index), n.old_mask,
                                                     now);
            if (now != 0) {
                if (!around || &around->chunk() != e.chunk.get()) around.emplace(world, n.entry);
                change.shade = world.shade_of(*around, n.index, now);
            }
            out.push_back(change);
        }
    }

    LightTrack light;  // the batch's light changes, for emit_light

    void clear() {
        seen_.clear();
        noted_.clear();
    }
    bool empty() const { return noted_.empty() && light.cells.empty() && light.fresh.empty() && light.shown.empty(); }

private:
    struct Noted {
        uint32_t entry;  // in the chunk table
        uint32_t generation;
        uint16_t index;
        uint8_t old_mask;
        bool shade;
    };
    tsl::robin_map<uint64_t, uint32_t> seen_;
    std::vector<Noted> noted_;
};

std::string_view describe(EditError error) {
    switch (error) {
        case EditError::kOutOfHeight: return "y is outside the world (0..255)";
        case EditError::kChunkNotLoaded: return "the block's chunk is not loaded";
        case EditError::kUnknownType: return "unknown block type";
    }
    return "unknown error";
}

EditRefused::EditRefused(const BlockPos& p, EditError why)
    : Refused("cannot set the block at " + std::to_string(p.x) + " " + std::to_string(p.y) + " " + std::to_string(p.z) +
              ": " + std::string(describe(why))),
      reason(why) {}

// [SECTION] construction

namespace {
// Every hardware thread but one (the main thread's), at least one.
int default_worker_threads() {
    const int hw = static_cast<int>(std::thread::hardware_concurrency());
    return std::max(hw - 1, 1);
}

// Planning looks at the clock once per this many steps (a step costs one to two
// microseconds: table look-ups that miss the cache; a look at the clock costs about one).
constexpr std::size_t kStepsPerClockCheck = 64;
// Integration looks at the clock once per slice: at most kChunksPerSlice chunks, and no more
// chunks once the slice holds kCubesPerSlice cubes (a chunk with nothing to draw costs a few
// microseconds, one with a thousand cubes a few hundred: a slice stays well under 1 ms).
constexpr std::size_t kChunksPerSlice = 16;
constexpr std::size_t kCubesPerSlice = 512;
// Drops look at the clock once per this many unloads (an unload of a chunk with cubes
// relights its neighbours' borders: up to a few hundred microseconds), and make at least
// that many an update.
constexpr std::size_t kDropsPerClockCheck = 8;
constexpr std::size_t kMinDropsPerUpdate = kDropsPerClockCheck;
// The workers' queue: at least this many jobs, else twice what they delivered since the
// last update; at most kMaxJobsPerUpdate new jobs an update (queueing costs about a
// microsecond a job, so a slow frame's big delivery cannot make the next one slow).
constexpr std::size_t kMinQueueTarget = 512;
constexpr std::size_t kMaxJobsPerUpdate = 2048;
}  // namespace

World::World(const WorldConfig& config)
    : terrain_(config.type, config.seed, config.generator_version),
      view_distance_(std::clamp(config.view_distance, 0, StreamOrder::kMaxViewDistance)),
      worker_threads_(config.worker_threads > 0 ? config.worker_threads : default_worker_threads()),
      budget_ms_(std::max(0.0, config.stream_budget_ms)) {
    prepare_view();  // before the first frame, so no frame pays for it
    // The entries of the whole view are made now, lowest handed out first: a first touch of
    // their pages inside a frame cost a page fault every 27 entries, 58 of the 1,252 perf
    // samples of streaming at view distance 32.
    const std::size_t entries = max_loaded_chunks(view_distance_);
    entries_.resize(entries);
    free_entries_.reserve(entries);
    for (std::size_t k = entries; k-- > 0;) free_entries_.push_back(static_cast<uint32_t>(k));
    ensure_pool();
}

// The order table of the view, and room in the chunk tables for the whole view, so they
// never rehash (milliseconds at 50,000 chunks) in the middle of a frame while the view fills.
void World::prepare_view() {
    order_.build(view_distance_);
    index_.reserve(max_loaded_chunks(view_distance_));
    entries_.reserve(max_loaded_chunks(view_distance_));
}

World::~World() = default;

void World::ensure_pool() {
    if (!pool_) pool_ = std::make_unique<GenerationPool>(terrain_, worker_threads_);
}

// [SECTION] streaming

bool World::wanted(ChunkCoord c) const {
    return camera_ && chunk_y_in_world(c.y) && column_in_view(camera_->x, camera_->z, c.x, c.z, view_distance_);
}

GenerationJob World::job_for(ChunkCoord c) const {
    GenerationJob job{c, {}};
    if (const auto it = kept_edits_.find(c); it != kept_edits_.end()) job.edits = it->second;
    return job;
}

void World::set_view_distance(int chunks) {
    const int d = std::clamp(chunks, 0, StreamOrder::kMaxViewDistance);
    if (d == view_distance_) return;
    view_distance_ = d;
    replan_needed_ = true;
    drop_scan_needed_ = true;
}

bool World::idle() const {
    return camera_ && !replan_needed_ && to_drop_.empty() && cursor_ == order_.offsets().size() && in_flight_.empty();
}

// The camera changed chunk (or the view changed): queued jobs go back (the walk restarts
// from the nearest offset, so the queue stays nearest-first) and, when the view's column or
// size changed, the loaded chunks outside it are listed for dropping.
void World::restart_plan(ChunkCoord camera) {
    if (camera_ && (camera_->x != camera.x || camera_->z != camera.z)) drop_scan_needed_ = true;
    camera_ = camera;
    replan_needed_ = false;
    if (order_.view_distance() != view_distance_) prepare_view();
    cursor_ = 0;
    for (const ChunkCoord& c : pool_->cancel_queued()) in_flight_.erase(c);
    if (!drop_scan_needed_) return;
    drop_scan_needed_ = false;
    recheck_unshown_ = true;  // a neighbour that was in view may not be any more
    to_drop_.clear();
    index_.for_each([&](const ChunkCoord& c, uint32_t) {
        if (!column_in_view(camera.x, camera.z, c.x, c.z, view_distance_)) to_drop_.push_back(c);
    });
    // Dropped from the back, bottom up: a chunk's light mostly comes from above, so dropping
    // a column from the bottom takes nothing from the chunks above that still wait to go.
    std::sort(to_drop_.begin(), to_drop_.end(), [](const ChunkCoord& a, const ChunkCoord& b) { return a.y > b.y; });
}

void World::drop_out_of_view(ChangeTracker& tracker, Deadline deadline, const EventSink& sink) {
    WorldEvents events;
    std::size_t done = 0;
    while (!to_drop_.empty()) {
        if (done >= kMinDropsPerUpdate && done % kDropsPerClockCheck == 0 && thread_cpu_ms() >= deadline) {
            break;
        }
        const ChunkCoord c = to_drop_.back();
        to_drop_.pop_back();
        if (!wanted(c)) unload(c, events, tracker);  // it may be back in view since the scan
        ++done;
    }
    tracker.emit(*this, events.changes);
    emit_light(tracker.light, events.changes, events.light);
    tracker.clear();
    if (!events.empty()) sink(events);
}

// Walks the view's offsets nearest first and queues the chunks nobody has asked for, until
// the queue holds queue_target_ jobs, the walk ends or the deadline passes.
void World::feed_workers(Deadline deadline) {
    const std::span<const StreamOrder::Offset> offsets = order_.offsets();
    const std::size_t queued = pool_->queued();
    std::vector<GenerationJob> jobs;
    std::size_t steps = 0;
    // Finished chunks that wait for integration count too: while the main thread is the
    // slower side (view distance 64 under llvmpipe), the workers must not run ahead and
    // pile up tens of thousands of finished chunks in memory.
    const std::size_t waiting = queued + ready_.size();
    while (cursor_ < offsets.size() && waiting + jobs.size() < queue_target_ && jobs.size() < kMaxJobsPerUpdate) {
        if (++steps % kStepsPerClockCheck == 0 && thread_cpu_ms() >= deadline) break;
        const std::optional<ChunkCoord> c = offset_chunk(*camera_, offsets[cursor_++]);
        if (!c || is_loaded(*c) || in_flight_.contains(*c)) continue;
        jobs.push_back(job_for(*c));
        in_flight_.insert(*c);
    }
    pool_->submit(std::move(jobs));
}

// Takes what the workers finished and integrates it a slice at a time until the deadline
// (one slice at least). Late arrivals for chunks that left the view are dropped.
void World::integrate_ready(ChangeTracker& tracker, Deadline deadline, const EventSink& sink) {
    std::vector<GenerationResult> results = pool_->take_results();
    queue_target_ = std::max(kMinQueueTarget, 2 * results.size());
    for (GenerationResult& r : results) ready_.push_back(std::move(r));
    bool first = true;
    while (!ready_.empty() && (first || thread_cpu_ms() < deadline)) {
        first = false;
        std::vector<GenerationResult> slice;
        std::size_t cubes = 0;
        while (!ready_.empty() && slice.size() < kChunksPerSlice && cubes < kCubesPerSlice) {
            GenerationResult r = std::move(ready_.front());
            ready_.pop_front();
            in_flight_.erase(r.coord);
            if (!wanted(r.coord) || is_loaded(r.coord)) {
                stale_jobs_.erase(r.coord);  // its next job carries the kept edits
                ++counters_.chunks_discarded;
                continue;
            }
            cubes += r.chunk->instance_count();
            slice.push_back(std::move(r));
        }
        WorldEvents events;
        integrate(std::move(slice), events, tracker);
        // The slice's own border and shade rewrites go with it, so no work piles up for the
        // end of the update, past the deadline.
        tracker.emit(*this, events.changes);
        emit_light(tracker.light, events.changes, events.light);
        tracker.clear();
        if (!events.empty()) sink(events);  // the caller's work counts too
    }
}

World::Deadline World::budget_deadline() const { return thread_cpu_ms() + budget_ms_; }

WorldEvents World::update(const glm::dvec3& camera) { return update(camera, budget_deadline()); }

WorldEvents World::update(const glm::dvec3& camera, Deadline deadline) {
    WorldEvents all;
    update(camera, deadline, [&all](WorldEvents& part) {
        for (ChunkCoord& c : part.unloaded) all.unloaded.push_back(c);
        for (ChunkLoaded& l : part.loaded) all.loaded.push_back(std::move(l));
        for (const InstanceChange& c : part.changes) all.changes.push_back(c);
        all.light.append(std::move(part.light));
    });
    return all;
}

void World::update(const glm::dvec3& camera, Deadline deadline, const EventSink& sink) {
    ensure_pool();
    ChangeTracker tracker;
    const ChunkCoord cam = camera_chunk(camera);
    if (replan_needed_ || !camera_ || !(cam == *camera_)) restart_plan(cam);
    if (recheck_unshown_) show_waiting(tracker, sink);
    drop_out_of_view(tracker, deadline, sink);
    // Loads wait for the drops, so the loaded chunks never exceed the view's bound.
    if (to_drop_.empty()) {
        feed_workers(deadline);
        integrate_ready(tracker, deadline, sink);
    }
    // Nothing is left in the tracker: the drops and every slice emitted their own changes.
    assert(tracker.empty() && "every part of the update emits its own changes");
}

WorldEvents World::load_now(std::span<const ChunkCoord> coords) {
    WorldEvents events;
    ChangeTracker tracker;
    std::vector<GenerationResult> batch;
    tsl::robin_set<ChunkCoord, ChunkCoordHash> in_batch;
    std::vector<uint32_t> waiting;  // loaded already, not shown yet: shown now too
    for (const ChunkCoord& c : coords) {
        if (const uint32_t e = index_.find(c); e != kNoEntry) {
            if (!entries_[e].shown && std::find(waiting.begin(), waiting.end(), e) == waiting.end()) {
                waiting.push_back(e);
            }
            continue;
        }
        if (!chunk_in_world(c) || !in_batch.insert(c).second) continue;
        GenerationResult r{c, build_chunk(terrain_, job_for(c)), {}};
        r.inner = inner_instances(*r.chunk);
        batch.push_back(std::move(r));
    }
    integrate(std::move(batch), events, tracker, true);
    for (const uint32_t e : waiting) {
        if (!entries_[e].shown) show(e, events, tracker);  // the batch may have shown it
    }
    tracker.emit(*this, events.changes);
    emit_light(tracker.light, events.changes, events.light);
    drop_scan_needed_ = true;  // chunks loaded outside the view go at the next update
    replan_needed_ = true;
    return events;
}

WorldEvents World::unload_now(std::span<const ChunkCoord> coords) {
    WorldEvents events;
    ChangeTracker tracker;
    for (const ChunkCoord& c : coords) {
        if (is_loaded(c)) unload(c, events, tracker);
    }
    tracker.emit(*this, events.changes);
    emit_light(tracker.light, events.changes, events.light);
    replan_needed_ = true;  // a chunk in view may have gone: the next update requests it
    return events;
}

// [SECTION] integration

namespace {
constexpr int face_slot(Face f) {
    const glm::ivec3 n = kFaceNormals[f];
    return (n.x + 1) + 3 * (n.z + 1) + 9 * (n.y + 1);
}
}  // namespace

// One look-up per column around the chunk (9), three chunks from each.
void World::link_near(uint32_t s) {
    ChunkEntry& entry = entries_[s];
    const ChunkCoord c = entry.chunk->coord();
    for (int dz = -1; dz <= 1; ++dz)
        for (int dx = -1; dx <= 1; ++dx) {
            const ChunkTable::Column* column = index_.find_column(c.x + dx, c.z + dz);
            for (int dy = -1; dy <= 1; ++dy) {
                const auto k = static_cast<std::size_t>(near_slot(dx, dy, dz));
                const int y = c.y + dy;
                const uint32_t e = column != nullptr && chunk_y_in_world(y)
                                       ? column->entries[static_cast<std::size_t>(y)]
                                       : kNoEntry;
                assert((k != kNearSelf || e == s) && "link_near: the chunk must be in the table first");
                entry.near[k] = e;
                if (e == kNoEntry) continue;
                entry.loaded_near |= 1u << k;
                if (k == kNearSelf) continue;
                entries_[e].near[26 - k] = s;
                entries_[e].loaded_near |= 1u << (26 - k);
            }
        }
}

void World::unlink_near(uint32_t s) {
    NearEntries& near = entries_[s].near;
    for (std::size_t k = 0; k < near.size(); ++k) {
        if (k != kNearSelf && near[k] != kNoEntry) {
            entries_[near[k]].near[26 - k] = kNoEntry;
            entries_[near[k]].loaded_near &= ~(1u << (26 - k));
        }
        near[k] = kNoEntry;
    }
    entries_[s].loaded_near = 0;
}

// New chunks enter the table first, then every border between a new chunk and a loaded
// one is fixed up on both sides (a new chunk's own side once per new neighbour), so the
// lists emitted for new chunks are final and old chunks get tracked changes.
void World::integrate(std::vector<GenerationResult> chunks, WorldEvents& events, ChangeTracker& tracker,
                      bool show_all) {
    std::vector<uint32_t> fresh;
    fresh.reserve(chunks.size());
    for (GenerationResult& result : chunks) {
        std::unique_ptr<Chunk>& chunk = result.chunk;
        uint32_t s;
        if (free_entries_.empty()) {
            s = static_cast<uint32_t>(entries_.size());
            entries_.emplace_back();
        } else {
            s = free_entries_.back();
            free_entries_.pop_back();
        }
        const ChunkCoord c = chunk->coord();
        assert(!is_loaded(c) && "integrate: chunk is already loaded");
        if (stale_jobs_.erase(c) > 0) {  // edited while it was being generated
            if (const auto it = kept_edits_.find(c); it != kept_edits_.end()) chunk->apply_edits(it->second);
            chunk->compute_interior_masks();
            LightPropagator::light_alone(*chunk);
            chunk->open_light();  // as the worker does (build_chunk)
            result.inner = inner_instances(*chunk);
        }
        entries_[s].chunk = std::move(chunk);
        entries_[s].coord = c;
        entries_[s].fresh = true;
        entries_[s].shown = false;
        entries_[s].inner = std::move(result.inner);
        entries_[s].light_box = kNoBox;
        index_.insert(c, s);
        tracker.light.fresh.push_back(c);
        kept_edits_.erase(c);  // the chunk holds its edits again
        fresh.push_back(s);
    }
    for (const uint32_t s : fresh) link_near(s);
    for (const uint32_t s : fresh) {
        Chunk& chunk = *entries_[s].chunk;
        for (int f = 0; f < kFaceCount; ++f) {
            const auto face = static_cast<Face>(f);
            const uint32_t e = entries_[s].near[static_cast<std::size_t>(face_slot(face))];
            if (e == kNoEntry) continue;
            ChunkEntry& other = entries_[e];
            chunk.fix_border(face, other.chunk.get(), [](uint16_t, uint8_t) {});
            if (other.fresh) continue;  // its side is fixed when its own turn comes
            // A chunk not shown yet has no list to change: its list goes out whole when shown.
            const bool shown = other.shown;
            other.chunk->fix_border(opposite(face), &chunk, [&](uint16_t i, uint8_t old_mask) {
                if (shown) tracker.note(e, other.generation, i, old_mask);
            });
        }
    }
    relight_fresh(fresh, tracker);
    // A chunk is shown once no neighbour in view is missing: its border cubes are shaded
    // once, against final neighbours, and no later arrival rewrites them. The loads can
    // make the fresh chunks and their waiting neighbours ready.
    for (const uint32_t s : fresh) {
        entries_[s].fresh = false;
        ++counters_.chunks_integrated;
        ++unshown_count_;
        if (show_all || ready_to_show(s)) {
            show(s, events, tracker);
        } else {
            unshown_.push_back({s, entries_[s].generation});
        }
    }
    for (const uint32_t s : fresh) {
        for (const uint32_t e : entries_[s].near) {
            if (e != kNoEntry && !entries_[e].shown && ready_to_show(e)) show(e, events, tracker);
        }
    }
    // The list keeps shown and unloaded entries until it holds twice what still waits.
    if (unshown_.size() > 2 * unshown_count_ + 64) {
        std::erase_if(unshown_, [&](const std::pair<uint32_t, uint32_t>& w) {
            return entries_[w.first].generation != w.second || entries_[w.first].shown;
        });
    }
}

bool World::ready_to_show(uint32_t s) const {
    const ChunkEntry& entry = entries_[s];
    const ChunkCoord c = entry.coord;
    for (uint32_t missing = ~entry.loaded_near & ((1u << 27) - 1); missing != 0; missing &= missing - 1) {
        const int k = std::countr_zero(missing);
        const int dx = k % 3 - 1, dz = k / 3 % 3 - 1, dy = k / 9 - 1;
        // Below or above the world, past its edge or out of view: it never loads.
        if (camera_ && chunk_in_world({c.x + dx, c.y + dy, c.z + dz}) &&
            column_in_view(camera_->x, camera_->z, c.x + dx, c.z + dz, view_distance_)) {
            return false;
        }
    }
    return true;
}

// The chunk's list goes out whole (the worker's off-border cubes, the border cubes shaded
// here), and its light box with it (emit_light).
void World::show(uint32_t s, WorldEvents& events, ChangeTracker& tracker) {
    ChunkEntry& entry = entries_[s];
    assert(!entry.shown && !entry.fresh && "show: a chunk is shown once, after its integration");
    entry.shown = true;
    --unshown_count_;
    ChunkLoaded loaded{{s, entry.generation}, entry.chunk->coord(), {}};
    append_loaded(s, entry.inner, loaded.instances);
    std::vector<CubeInstance>().swap(entry.inner);
    events.loaded.push_back(std::move(loaded));
    tracker.light.shown.push_back(entry.chunk->coord());
}

void World::show_waiting(ChangeTracker& tracker, const EventSink& sink) {
    recheck_unshown_ = false;
    WorldEvents events;
    std::erase_if(unshown_, [&](const std::pair<uint32_t, uint32_t>& w) {
        const ChunkEntry& entry = entries_[w.first];
        if (entry.generation != w.second || entry.shown) return true;
        // Out of view: the drops take it (wanted again later, it waits as before).
        if (!wanted(entry.chunk->coord()) || !ready_to_show(w.first)) return false;
        show(w.first, events, tracker);
        return true;
    });
    tracker.emit(*this, events.changes);
    emit_light(tracker.light, events.changes, events.light);
    tracker.clear();
    if (!events.empty()) sink(events);
}

// Fresh chunks arrive lit as if alone under an open sky. Against the loaded world that is
// wrong in two ways only: a column whose chunk above is loaded and does not pass full sky
// down (and, the other way, a loaded chunk below that counted on open sky above it), and
// light that now crosses the borders. The first goes through the removal pass, the
// second through the add pass; the changed cells go to the light events, and the cubes of
// older chunks whose occlusion reads the new chunk's cells are noted for a rewrite.
void World::relight_fresh(const std::vector<uint32_t>& fresh, ChangeTracker& tracker) {
    if (fresh.empty()) return;
    LightPropagator lp(finder(), true);
    auto passes_full_sky = [](const Chunk& c, uint16_t i) {
        return lets_light_through(c.block(i)) && sky_level(c.light(i)) == kMaxLight;
    };
    // The sky columns of chunk `upper` over chunk `lower`: the top cells of `lower` that hold
    // full sky while the bottom cell above does not pass it down lose their sky light. When
    // both chunks are one block and one light (no arrays: sky over sky, the most common pair),
    // every column is the first one, so one look decides for all 256.
    auto cut_sky = [&](Chunk& lower, const Chunk& upper) {
        const bool alike = lower.uniform() && !lower.has_light_array() && upper.uniform() && !upper.has_light_array();
        for (int z = 0; z < kChunkSize; ++z) {
            for (int x = 0; x < kChunkSize; ++x) {
                const uint16_t top = local_index(x, kChunkSize - 1, z);
                if (sky_level(lower.light(top)) == kMaxLight && !passes_full_sky(upper, local_index(x, 0, z))) {
                    lp.remove(&lower, top, 1);
                } else if (alike) {
                    return;
                }
            }
        }
    };
    for (const uint32_t s : fresh) {
        Chunk& chunk = *entries_[s].chunk;
        if (const Chunk* above = near_chunk(s, face_slot(kPosY))) cut_sky(chunk, *above);
        if (Chunk* below = near_chunk(s, face_slot(kNegY))) cut_sky(*below, chunk);
        for (int f = 0; f < kFaceCount; ++f) {
            const auto face = static_cast<Face>(f);
            if (Chunk* other = near_chunk(s, face_slot(face))) lp.join_border(chunk, face, *other);
        }
    }
    lp.run();
    note_light_changes(lp, tracker);
    for (const uint32_t s : fresh) {
        entries_[s].chunk->compact_light();
        note_around_chunk(s, tracker);
    }
}

void World::unload(ChunkCoord c, WorldEvents& events, ChangeTracker& tracker) {
    const std::optional<uint32_t> s = entry_of(c);
    if (!s) return;
    ChunkEntry& entry = entries_[*s];
    if (std::vector<BlockEdit> edits = entry.chunk->edits(); !edits.empty()) {
        kept_edits_[c] = std::move(edits);
    }
    for (int f = 0; f < kFaceCount; ++f) {
        const auto face = static_cast<Face>(f);
        const uint32_t e = entry.near[static_cast<std::size_t>(face_slot(face))];
        if (e == kNoEntry) continue;
        ChunkEntry& other = entries_[e];
        other.chunk->fix_border(opposite(face), nullptr, [&](uint16_t i, uint8_t old_mask) {
            if (other.shown) tracker.note(e, other.generation, i, old_mask);
        });
    }
    // Light: what came through the chunk goes; the chunk below sees open sky again.
    LightPropagator lp(finder(), true);
    const Chunk& gone = *entry.chunk;
    for (int f = 0; f < kFaceCount; ++f) {
        const auto face = static_cast<Face>(f);
        Chunk* other = near_chunk(*s, face_slot(face));
        if (other == nullptr) continue;
        for (int v = 0; v < kChunkSize; ++v) {
            for (int u = 0; u < kChunkSize; ++u) lp.remove_across(gone, border_cell(face, u, v), face, *other);
        }
    }
    index_.erase(c);
    if (Chunk* below = near_chunk(*s, face_slot(kNegY))) {
        for (int z = 0; z < kChunkSize; ++z) {
            for (int x = 0; x < kChunkSize; ++x) {
                const uint16_t top = local_index(x, kChunkSize - 1, z);
                if (lets_light_through(below->block(top))) lp.raise(below, top, kSkyChannel, kMaxLight);
            }
        }
    }
    lp.run();
    note_light_changes(lp, tracker);
    note_around_chunk(*s, tracker);
    unlink_near(*s);
    entry.chunk.reset();
    entry.light_box = kNoBox;  // the renderer forgets the box with the chunk
    ++entry.generation;        // every handle to this chunk is stale from now on
    free_entries_.push_back(*s);
    if (entry.shown) {
        events.unloaded.push_back(c);  // the renderer never heard of a chunk not shown
    } else {
        --unshown_count_;
        std::vector<CubeInstance>().swap(entry.inner);
    }
    entry.shown = false;
    ++counters_.chunks_unloaded;
}

// [SECTION] blocks and edits

std::optional<uint32_t> World::entry_of(ChunkCoord c) const {
    const uint32_t e = index_.find(c);
    if (e == kNoEntry) return std::nullopt;
    return e;
}

Chunk* World::find(ChunkCoord c) {
    const uint32_t e = index_.find(c);
    return e == kNoEntry ? nullptr : entries_[e].chunk.get();
}

const Chunk* World::find(ChunkCoord c) const {
    const uint32_t e = index_.find(c);
    return e == kNoEntry ? nullptr : entries_[e].chunk.get();
}

std::optional<BlockType> World::block_at(const BlockPos& p) const {
    if (p.y >= kWorldHeight) return BlockType::kAir;
    if (p.y < 0) return std::nullopt;
    const Chunk* c = find(chunk_of(p));
    if (!c) return std::nullopt;
    return c->block(local_index(p));
}

// The mask of a cube from the stored blocks: faces inside the chunk from the chunk, faces
// across a border from the loaded neighbour (hidden when it is not loaded).
uint8_t World::full_mask(const Chunk& c, uint16_t index) const {
    uint8_t m = c.interior_mask(index);
    if (m == 0 && !is_solid(c.block(index))) return 0;
    const glm::ivec3 p = local_position(index);
    for (int f = 0; f < kFaceCount; ++f) {
        const auto face = static_cast<Face>(f);
        const int a = face_axis(face);
        const bool at_border = face_is_positive(face) ? p[a] == kChunkSize - 1 : p[a] == 0;
        if (!at_border) continue;
        const ChunkCoord nc = neighbour(c.coord(), face);
        if (!chunk_y_in_world(nc.y)) continue;  // top of the world: interior_mask decided
        const Chunk* n = find(nc);
        const glm::ivec3 q = (p + kFaceNormals[f] + kChunkSize) % kChunkSize;
        if (n && face_shows(c.block(index), n->block(local_index(q.x, q.y, q.z)))) m |= face_bit(face);
    }
    return m;
}

ChunkFinder World::finder() {
    return [this](ChunkCoord c) { return find(c); };
}

CubeShade World::shade_of(const Chunk& c, uint16_t index, uint8_t mask) const {
    return shade_of(Around(*this, c), index, mask);
}

CubeShade World::shade_of(const Around& around, uint16_t index, uint8_t mask) const {
    return shade_from(mask, [&](const glm::ivec3& d) { return around.opaque(index, d); });
}

void World::append_shaded(const Chunk& c, std::vector<CubeInstance>& out) const {
    const std::size_t first = out.size();
    c.append_instances(out);
    const Around around(*this, c);
    for (std::size_t k = first; k < out.size(); ++k) out[k].shade = shade_of(around, out[k].index, out[k].face_mask);
}

// A fresh chunk's list: the worker's shade for the cubes off the border (their occlusion
// reads only their own chunk, which the load does not change), shade_of for the border
// cubes. Both lists ascend by index, so one walk pairs them.
void World::append_loaded(uint32_t s, const std::vector<CubeInstance>& inner, std::vector<CubeInstance>& out) const {
    const std::size_t first = out.size();
    entries_[s].chunk->append_instances(out);
    const Around around(*this, s);
    auto next = inner.begin();
    for (std::size_t k = first; k < out.size(); ++k) {
        CubeInstance& cube = out[k];
        while (next != inner.end() && next->index < cube.index) ++next;
        if (next != inner.end() && next->index == cube.index) {
            assert(next->face_mask == cube.face_mask && next->type == cube.type &&
                   "a cube off the border kept its mask");
            cube.shade = next->shade;
        } else {
            cube.shade = shade_of(around, cube.index, cube.face_mask);
        }
    }
}

// The instances carry no light: the changed cells go to the light events only.
void World::note_light_changes(const LightPropagator& changed, ChangeTracker& tracker) {
    tracker.light.note_changed(changed);
    std::vector<Chunk*> lit;
    changed.for_each_changed([&](Chunk* c, uint16_t, uint8_t) {
        if (lit.empty() || lit.back() != c) lit.push_back(c);
    });
    std::sort(lit.begin(), lit.end());
    lit.erase(std::unique(lit.begin(), lit.end()), lit.end());
    for (Chunk* c : lit) c->compact_light();
}

// The cubes of the loaded chunks around entry s whose occlusion reads s's cells (those
// next to it): noted for a rewrite, with their mask unchanged.
void World::note_around_chunk(uint32_t s, ChangeTracker& tracker) {
    // Around a chunk of one opaque type (deep stone) nothing changes: an unloaded chunk's
    // cells count as opaque too.
    const Chunk& chunk = *entries_[s].chunk;
    if (chunk.uniform() && is_opaque(chunk.block(0))) return;
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dz = -1; dz <= 1; ++dz) {
            for (int dx = -1; dx <= 1; ++dx) {
                const auto k = static_cast<std::size_t>(near_slot(dx, dy, dz));
                if (k == kNearSelf) continue;
                const uint32_t e = entries_[s].near[k];
                // A list not out yet (a fresh neighbour's, or one not shown) is made whole
                // when the chunk is shown: nothing to note there.
                if (e == kNoEntry || !entries_[e].shown) continue;
                const Chunk& n = *entries_[e].chunk;
                if (n.instance_count() == 0) continue;
                const uint32_t generation = entries_[e].generation;
                // The cells of n that touch the chunk: its near layer on each axis that moved.
                auto range = [](int d) {
                    return d > 0 ? glm::ivec2(0, 0) : d < 0 ? glm::ivec2(15, 15) : glm::ivec2(0, 15);
                };
                const glm::ivec2 rx = range(dx), ry = range(dy), rz = range(dz);
                for (int y = ry.x; y <= ry.y; ++y)
                    for (int z = rz.x; z <= rz.y; ++z)
                        for (int x = rx.x; x <= rx.y; ++x) {
                            const uint16_t i = local_index(x, y, z);
                            if (const uint8_t mask = n.mask(i); mask != 0) tracker.note(e, generation, i, mask, true);
                        }
            }
        }
    }
}

// [SECTION] light boxes (docs/light.md "Light pages")

namespace {
std::string chunk_name(ChunkCoord c) {
    return std::to_string(c.x) + " " + std::to_string(c.y) + " " + std::to_string(c.z);
}
}  // namespace

// First the question the common case answers (at noon over open terrain every box of view
// distance 32 was uniform: 5,031 of 5,031): do all open cells of the box hold one light?
// It stops at the first cell that differs and copies nothing: the chunk's own 16^3 cells are
// one run of its arrays, the apron is read a neighbour at a time. Only a box that is not
// uniform is then copied, a row part at a time. Copying every box and then asking took
// 22% of streaming's perf samples at view distance 32; asking first, a row part at a time,
// still 17%.
std::optional<uint8_t> World::build_light_box(const Around& around, std::vector<uint8_t>& cells) {
    // The light all open cells seen so far hold: Chunk::kNoOpenCell (none yet), a light, or
    // Chunk::kMixedLight (they differ: the box is copied). First the chunk's own cells: its
    // kept answer (Chunk::open_light), worked out if need be.
    int u = around.chunk().open_light();
    // The apron, a neighbour at a time: its face (16 x 16 cells), edge (16) or corner (1)
    // next to the chunk. A neighbour of one block and one light, or whose kept answer says
    // its open cells hold the box's light (or that it has none), is not read further: its
    // cells are cold in the cache by now, and reading a face took 128 cache misses.
    for (int k = 0; k < 27 && u != Chunk::kMixedLight; ++k) {
        const glm::ivec3 d{k % 3 - 1, k / 9 - 1, k / 3 % 3 - 1};
        if (d == glm::ivec3(0)) continue;
        if (around.above_world(d)) {
            u = u == Chunk::kNoOpenCell || u == kOpenSkyLight ? kOpenSkyLight : Chunk::kMixedLight;
            continue;
        }
        const Chunk* n = around.near(d);
        if (n == nullptr) continue;  // not loaded, or below the world: opaque and dark
        if (n->block_data() == nullptr && n->light_data() == nullptr) {
            u = n->open_light_in(0, 1, u);
            continue;
        }
        if (const int known = n->known_open_light(); known == Chunk::kNoOpenCell || known == u) continue;
        // The near layer on each axis that moved, the whole span on the others.
        auto lo = [](int v) { return v < 0 ? kChunkSize - 1 : 0; };
        auto hi = [](int v) { return v > 0 ? 0 : kChunkSize - 1; };
        const int run = hi(d.x) - lo(d.x) + 1;
        for (int y = lo(d.y); y <= hi(d.y) && u != Chunk::kMixedLight; ++y) {
            for (int z = lo(d.z); z <= hi(d.z) && u != Chunk::kMixedLight; ++z) {
                u = n->open_light_in(local_index(lo(d.x), y, z), run, u);
            }
        }
    }
    if (u == Chunk::kNoOpenCell) return uint8_t{0};  // no open cell: any value
    if (u != Chunk::kMixedLight) return static_cast<uint8_t>(u);
    cells.resize(kLightBoxVolume);
    around.for_each_box_row(glm::ivec3(-1), glm::ivec3(kChunkSize), [&](const Around::RowPart& part) {
        uint8_t* out = cells.data() + part.box0;
        if (part.above_world || part.chunk == nullptr) {
            std::fill_n(out, part.n, part.above_world ? kOpenSkyLight : uint8_t{0});
        } else if (const uint8_t* light = part.chunk->light_data()) {
            // Most parts are a whole row of 16 or one cell: a copy of a known size is a move,
            // where a copy of any size is a call.
            if (part.n == kChunkSize) {
                std::memcpy(out, light + part.i0, kChunkSize);
            } else {
                for (int k = 0; k < part.n; ++k) out[k] = light[part.i0 + k];
            }
        } else {
            std::fill_n(out, part.n, part.chunk->light(0));
        }
    });
    return std::nullopt;
}

std::optional<ChunkLightBox> World::light_box(ChunkCoord c) const {
    const Chunk* chunk = find(c);
    if (chunk == nullptr) return std::nullopt;
    ChunkLightBox box{c, 0, {}};
    if (const std::optional<uint8_t> u = build_light_box(Around(*this, *chunk), box.cells)) {
        box.uniform = *u;
        box.cells.clear();
    }
    return box;
}

std::optional<std::string> World::check_light_box(ChunkCoord c, uint8_t uniform, std::span<const uint8_t> cells) const {
    const Chunk* chunk = find(c);
    if (chunk == nullptr) return "chunk " + chunk_name(c) + " is not loaded";
    if (!cells.empty() && cells.size() != kLightBoxVolume) {
        return "chunk " + chunk_name(c) + ": a light box of " + std::to_string(cells.size()) + " bytes";
    }
    std::optional<std::string> diff;
    // Cell by cell through Around::cell, not for_each_box_cell: the check must not share the
    // row arithmetic of the code that built the box it checks.
    const Around around(*this, *chunk);
    for (uint16_t b = 0; b < kLightBoxVolume && !diff; ++b) {
        const auto [type, light] = around.cell(0, light_box_position(b));
        if (is_opaque(type)) continue;
        const uint8_t held = cells.empty() ? uniform : cells[b];
        if (held == light) continue;
        const glm::ivec3 q = light_box_position(b);
        diff = "chunk " + chunk_name(c) + " box cell " + std::to_string(q.x) + " " + std::to_string(q.y) + " " +
               std::to_string(q.z) + (cells.empty() ? " (uniform)" : "") + ": light " + std::to_string(held) +
               " held, " + std::to_string(light) + " in the world";
    }
    return diff;
}

std::optional<std::string> World::check_links() const {
    std::optional<std::string> wrong;
    // The table itself: its count, and every chunk under the entry that holds it.
    std::size_t counted = 0;
    index_.for_each([&](const ChunkCoord& c, uint32_t s) {
        ++counted;
        if (wrong) return;
        const ChunkEntry& entry = entries_[s];
        if (!entry.chunk || !(entry.chunk->coord() == c)) {
            wrong = "the chunk table holds entry " + std::to_string(s) + " for chunk " + chunk_name(c) +
                    ", which holds " + (entry.chunk ? "chunk " + chunk_name(entry.chunk->coord()) : "no chunk");
            return;
        }
        // Shown once ready, and never left waiting when ready (while the plan is current).
        if (entry.shown && !entry.inner.empty()) {
            wrong = "chunk " + chunk_name(c) + " is shown but still keeps the worker's list";
            return;
        }
        if (!entry.shown && !replan_needed_ && !recheck_unshown_ && wanted(c) && ready_to_show(s)) {
            wrong = "chunk " + chunk_name(c) + " has every neighbour in view loaded but was never shown";
            return;
        }
        for (int dy = -1; dy <= 1 && !wrong; ++dy)
            for (int dz = -1; dz <= 1 && !wrong; ++dz)
                for (int dx = -1; dx <= 1 && !wrong; ++dx) {
                    const auto k = static_cast<std::size_t>(near_slot(dx, dy, dz));
                    const ChunkCoord nc{c.x + dx, c.y + dy, c.z + dz};
                    const uint32_t want = k == kNearSelf ? s : entry_of(nc).value_or(kNoEntry);
                    const bool bit = (entry.loaded_near >> k & 1) != 0;
                    if (entry.near[k] == want && bit == (want != kNoEntry)) continue;
                    auto name = [](uint32_t e) { return e == kNoEntry ? std::string("none") : std::to_string(e); };
                    wrong = entry.near[k] != want
                                ? "chunk " + chunk_name(c) + " links entry " + name(entry.near[k]) +
                                      " as its neighbour " + chunk_name(nc) + ", but the chunk table holds " +
                                      name(want) + " there"
                                : "chunk " + chunk_name(c) + " counts its neighbour " + chunk_name(nc) + " as " +
                                      (bit ? "loaded" : "not loaded") + ", but the chunk table holds " + name(want);
                }
    });
    if (wrong) return wrong;
    if (counted != index_.size()) {
        return "the chunk table counts " + std::to_string(index_.size()) + " chunks but holds " +
               std::to_string(counted);
    }
    std::size_t waiting = 0;
    for (const ChunkEntry& entry : entries_) waiting += entry.chunk && !entry.shown ? 1 : 0;
    if (waiting != unshown_count_) {
        return "the world counts " + std::to_string(unshown_count_) + " chunks not shown but holds " +
               std::to_string(waiting);
    }
    for (const uint32_t s : free_entries_) {
        for (const uint32_t e : entries_[s].near) {
            if (e != kNoEntry) return "free entry " + std::to_string(s) + " still links entry " + std::to_string(e);
        }
    }
    return std::nullopt;
}

// The end of a batch: which chunks' boxes the renderer must get again (chunks that gained
// cubes to draw, fresh chunks, uniform boxes a change broke), which it must forget (no cubes
// left), and which bytes of whole boxes changed (the batch's changed cells, and the apron
// of every box next to a chunk that loaded).
void World::emit_light(LightTrack& track, std::span<const InstanceChange> changes, LightEvents& out) {
    struct Affected {
        std::vector<uint16_t> cells;  // box indices of changed cells
        uint32_t fresh_dirs = 0;      // bit (dx+1) + 3 (dz+1) + 9 (dy+1): that neighbour loaded in this batch
        bool fresh = false;
    };
    tsl::robin_map<ChunkCoord, Affected, ChunkCoordHash> affected;
    auto axis_steps = [](int v, int* out_steps) {
        int n = 0;
        out_steps[n++] = 0;
        if (v == 0) out_steps[n++] = -1;
        if (v == kChunkSize - 1) out_steps[n++] = 1;
        return n;
    };
    for (const auto& [c, i] : track.cells) {
        const glm::ivec3 p = local_position(i);
        int sx[3], sy[3], sz[3];
        const int nx = axis_steps(p.x, sx), ny = axis_steps(p.y, sy), nz = axis_steps(p.z, sz);
        for (int a = 0; a < ny; ++a)
            for (int b = 0; b < nz; ++b)
                for (int d = 0; d < nx; ++d) {
                    const glm::ivec3 step{sx[d], sy[a], sz[b]};
                    const glm::ivec3 q = p - step * kChunkSize;
                    affected[ChunkCoord{c.x + step.x, c.y + step.y, c.z + step.z}].cells.push_back(
                        light_box_index(q.x, q.y, q.z));
                }
    }
    for (const ChunkCoord& f : track.fresh) {
        const std::optional<uint32_t> fe = entry_of(f);
        if (!fe) continue;  // unloaded again in this batch
        const Chunk* chunk = entries_[*fe].chunk.get();
        // Its cells enter the aprons of the boxes around it. A chunk of one opaque type
        // without light (deep stone) shows there as an unloaded chunk did: nothing changes.
        if (chunk->uniform() && !chunk->has_light_array() && is_opaque(chunk->block(0)) && chunk->light(0) == 0) {
            continue;
        }
        for (int dy = -1; dy <= 1; ++dy)
            for (int dz = -1; dz <= 1; ++dz)
                for (int dx = -1; dx <= 1; ++dx) {
                    if (dx == 0 && dy == 0 && dz == 0) continue;
                    const ChunkCoord nc{f.x + dx, f.y + dy, f.z + dz};
                    // Only boxes the renderer holds get apron updates: a neighbour without
                    // one (no cubes, or fresh in this batch) builds its whole box when it needs one.
                    const uint32_t e = entries_[*fe].near[static_cast<std::size_t>(near_slot(dx, dy, dz))];
                    if (e == kNoEntry || entries_[e].light_box == kNoBox) continue;
                    // f lies at -d from its neighbour f + d.
                    affected[nc].fresh_dirs |= 1u << ((1 - dx) + 3 * (1 - dz) + 9 * (1 - dy));
                }
    }
    for (const ChunkCoord& c : track.shown) {
        // A chunk shown gets its whole box below when it has cubes to draw.
        const std::optional<uint32_t> e = entry_of(c);
        if (e && entries_[*e].chunk->instance_count() > 0) affected[c].fresh = true;
    }
    for (const InstanceChange& ch : changes) {
        if (ch.kind != InstanceChange::Kind::kChanged) affected[ch.chunk];
    }
    std::vector<std::pair<glm::ivec3, glm::ivec3>> region;
    for (const auto& [coord, a] : affected) {
        const std::optional<uint32_t> e = entry_of(coord);
        if (!e) continue;
        ChunkEntry& entry = entries_[*e];
        if (!entry.shown) continue;  // its whole box goes out when it is shown
        const Chunk& chunk = *entry.chunk;
        if (chunk.instance_count() == 0) {
            if (entry.light_box != kNoBox) out.dropped.push_back(coord);
            entry.light_box = kNoBox;
            continue;
        }
        const Around around(*this, *e);
        // The apron parts that neighbours loaded in this batch brought (box coordinates).
        region.clear();
        if (!a.fresh && entry.light_box != kNoBox) {
            for (uint32_t dirs = a.fresh_dirs; dirs != 0; dirs &= dirs - 1) {
                const int k = std::countr_zero(dirs);
                const glm::ivec3 d{k % 3 - 1, k / 9 - 1, (k / 3) % 3 - 1};
                auto lo = [](int v) { return v > 0 ? kChunkSize : v < 0 ? -1 : 0; };
                auto hi = [](int v) { return v > 0 ? kChunkSize : v < 0 ? -1 : kChunkSize - 1; };
                region.push_back({glm::ivec3(lo(d.x), lo(d.y), lo(d.z)), glm::ivec3(hi(d.x), hi(d.y), hi(d.z))});
            }
        }
        bool rebuild = a.fresh || entry.light_box == kNoBox;
        if (!rebuild && entry.light_box != kWholeBox) {
            // A uniform box stays uniform unless an open cell now has another value.
            const auto v = static_cast<uint8_t>(entry.light_box);
            auto breaks = [&](uint16_t b) {
                const glm::ivec3 q = light_box_position(b);
                const auto [type, light] = around.cell(0, q);
                return !is_opaque(type) && light != v;
            };
            rebuild = std::any_of(a.cells.begin(), a.cells.end(), breaks);
            for (const auto& [lo, hi] : region) {
                around.for_each_box_cell(lo, hi, [&](uint16_t, bool opaque, uint8_t light) {
                    rebuild = rebuild || (!opaque && light != v);
                });
            }
            if (!rebuild) continue;
        }
        if (rebuild) {
            ChunkLightBox box{coord, 0, {}};
            if (const std::optional<uint8_t> u = build_light_box(around, box.cells)) {
                box.cells.clear();
                box.uniform = *u;
                if (entry.light_box == *u) continue;  // the renderer holds this already
                entry.light_box = *u;
            } else {
                entry.light_box = kWholeBox;
            }
            out.boxes.push_back(std::move(box));
            continue;
        }
        // A whole box: the bytes that changed.
        auto send = [&](uint16_t b) { out.cells.push_back({coord, b, around.cell(0, light_box_position(b)).second}); };
        std::for_each(a.cells.begin(), a.cells.end(), send);
        for (const auto& [lo, hi] : region) {
            around.for_each_box_cell(lo, hi, [&](uint16_t b, bool, uint8_t light) {
                out.cells.push_back({coord, b, light});
            });
        }
    }
    track.cells.clear();
    track.fresh.clear();
    track.shown.clear();
}

std::optional<uint8_t> World::light_at(const BlockPos& p) const {
    if (p.y >= kWorldHeight) return kOpenSkyLight;
    if (p.y < 0) return std::nullopt;
    const Chunk* c = find(chunk_of(p));
    if (!c) return std::nullopt;
    return c->light(local_index(p));
}

CubeShade World::shade_at(const BlockPos& p) const {
    if (!block_y_in_world(p.y)) return {};
    const Chunk* c = find(chunk_of(p));
    if (!c) return {};
    const uint16_t i = local_index(p);
    return shade_of(*c, i, c->mask(i));
}

EditChanges World::set_block(const BlockPos& p, std::string_view type_name) {
    const std::optional<BlockType> type = block_from_name(type_name);
    if (!type) {
        ++counters_.edits_refused;
        throw EditRefused(p, EditError::kUnknownType);
    }
    return set_block(p, *type);
}

EditChanges World::set_block(const BlockPos& p, BlockType type) {
    std::optional<EditError> refused;
    if (!is_valid_block_type(static_cast<uint8_t>(type))) {
        refused = EditError::kUnknownType;
    } else if (!block_y_in_world(p.y)) {
        refused = EditError::kOutOfHeight;
    } else if (find(chunk_of(p)) == nullptr) {
        refused = EditError::kChunkNotLoaded;
    }
    if (refused) {
        ++counters_.edits_refused;
        throw EditRefused(p, *refused);
    }
    EditResult result = apply(Region{p, p}, [type](std::size_t, BlockType) { return type; });
    return EditChanges(std::move(result.changes), std::move(result.light));
}

namespace {

// A 4096-bit set of a chunk's cells.
struct CellBits {
    std::array<uint64_t, kChunkVolume / 64> words{};
    void set(uint16_t i) { words[i >> 6] |= uint64_t{1} << (i & 63); }
    bool test(uint16_t i) const { return (words[i >> 6] >> (i & 63)) & 1; }
    template <class F>
    void for_each(F&& f) const {
        for (std::size_t w = 0; w < words.size(); ++w) {
            for (uint64_t bits = words[w]; bits != 0; bits &= bits - 1) {
                f(static_cast<uint16_t>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits))));
            }
        }
    }
};

// A loaded chunk a batch touched: the cells whose exposure must be recomputed (changed
// cells and the neighbours of cells whose opacity changed) and the cells that changed type.
struct TouchedChunk {
    Chunk* chunk = nullptr;
    CellBits dirty;
    CellBits retyped;
};

}  // namespace

// Kept between batches so a batch of one allocates almost nothing: the touched chunks' masks
// (a deque: references stay valid as it grows; entries past `used` are spare) and their index.
struct World::BatchScratch {
    std::deque<TouchedChunk> touched;
    std::size_t used = 0;
    tsl::robin_map<ChunkCoord, uint32_t, ChunkCoordHash> index;
    std::vector<InstanceChange> others;  // the changes that are not removals, appended last
    struct Changed {
        Chunk* chunk;
        uint16_t index;
        BlockType old;
    };
    std::vector<Changed> changed;  // cells of loaded chunks that changed type, for the relight
};

std::unique_ptr<Chunk> World::materialize(ChunkCoord c) const {
    std::unique_ptr<Chunk> chunk = terrain_.generate(c);
    if (const auto it = kept_edits_.find(c); it != kept_edits_.end()) chunk->apply_edits(it->second);
    return chunk;
}

EditResult World::apply(const Region& region, const CellRule& rule, bool list_edits, const std::string& what) {
    try {
        check_region(region, what);
    } catch (const RegionRefused&) {
        ++counters_.edits_refused;
        throw;
    }
    EditResult out;
    out.before.assign(region.cells(), kUnchangedCell);
    if (!scratch_) scratch_ = std::make_unique<BatchScratch>();
    BatchScratch& scratch = *scratch_;
    scratch.used = 0;
    scratch.index.clear();
    scratch.others.clear();
    scratch.changed.clear();
    auto touch = [&](Chunk* c) -> TouchedChunk& {
        const auto [it, inserted] = scratch.index.insert({c->coord(), static_cast<uint32_t>(scratch.used)});
        if (inserted) {
            if (scratch.used == scratch.touched.size()) scratch.touched.emplace_back();
            scratch.touched[scratch.used++] = {c, {}, {}};
        }
        return scratch.touched[it->second];
    };

    for_each_chunk_part(region, [&](const ChunkCoord& cc, const glm::ivec3& from, const glm::ivec3& to) {
        const BlockPos origin = chunk_origin(cc);
        Chunk* c = find(cc);
        std::unique_ptr<Chunk> unloaded = c ? nullptr : materialize(cc);
        Chunk& blocks = c ? *c : *unloaded;
        TouchedChunk* t = nullptr;
        std::vector<BlockEdit> new_kept;
        for (int y = from.y; y <= to.y; ++y) {
            for (int z = from.z; z <= to.z; ++z) {
                std::size_t ri = region.index_of(origin + glm::ivec3(from.x, y, z));
                for (int x = from.x; x <= to.x; ++x, ++ri) {
                    const uint16_t i = local_index(x, y, z);
                    const BlockType old = blocks.block(i);
                    const BlockType type = rule(ri, old);
                    if (type == old) continue;
                    assert(is_valid_block_type(static_cast<uint8_t>(type)) && "a batch rule gave a bad type");
                    out.before[ri] = static_cast<uint8_t>(old);
                    ++out.cells_changed;
                    if (list_edits) out.edits.push_back({cc, i, type});
                    if (!c) {
                        unloaded->set_block(i, type);
                        new_kept.push_back({i, type});
                        continue;
                    }
                    c->set_block(i, type);
                    c->record_edit(i, type);
                    if (!t) t = &touch(c);
                    t->dirty.set(i);
                    t->retyped.set(i);
                    scratch.changed.push_back({c, i, old});
                    if (!changes_neighbour_faces(old, type)) continue;
                    // The neighbours' faces toward this cell, and the occlusion of every cube
                    // that touches it, change with its opacity (and faces with water).
                    for (int dy = -1; dy <= 1; ++dy) {
                        for (int dz = -1; dz <= 1; ++dz) {
                            for (int dx = -1; dx <= 1; ++dx) {
                                const glm::ivec3 q = glm::ivec3(x + dx, y + dy, z + dz);
                                if (q.x >= 0 && q.x < kChunkSize && q.y >= 0 && q.y < kChunkSize && q.z >= 0 &&
                                    q.z < kChunkSize) {
                                    t->dirty.set(local_index(q.x, q.y, q.z));
                                    continue;
                                }
                                const glm::ivec3 step{floor_div(q.x, kChunkSize), floor_div(q.y, kChunkSize),
                                                      floor_div(q.z, kChunkSize)};
                                const ChunkCoord nc{cc.x + step.x, cc.y + step.y, cc.z + step.z};
                                if (!chunk_y_in_world(nc.y)) continue;
                                Chunk* n = find(nc);
                                if (!n) continue;
                                const glm::ivec3 lq = q - step * kChunkSize;
                                touch(n).dirty.set(local_index(lq.x, lq.y, lq.z));
                            }
                        }
                    }
                }
            }
        }
        if (new_kept.empty()) return;
        // Kept edits, applied when the chunk loads; a cell's newest edit wins.
        std::vector<BlockEdit>& kept = kept_edits_[cc];
        std::array<int32_t, kChunkVolume> at;
        at.fill(-1);
        for (std::size_t k = 0; k < kept.size(); ++k) at[kept[k].index] = static_cast<int32_t>(k);
        for (const BlockEdit& e : new_kept) {
            if (at[e.index] >= 0) {
                kept[static_cast<std::size_t>(at[e.index])].type = e.type;
            } else {
                at[e.index] = static_cast<int32_t>(kept.size());
                kept.push_back(e);
            }
        }
        if (in_flight_.contains(cc)) stale_jobs_.insert(cc);
    });

    // Light: the changed cells (and, for a lamp, its neighbours) go through the removal and
    // add passes.
    LightTrack track;
    if (!scratch.changed.empty()) {
        const auto start = std::chrono::steady_clock::now();
        if (!edit_light_) edit_light_ = std::make_unique<LightPropagator>(finder(), true);
        LightPropagator& lp = *edit_light_;
        lp.reset();
        for (const BatchScratch::Changed& ch : scratch.changed) {
            lp.remove(ch.chunk, ch.index);
            if (light_emission(ch.old) != light_emission(ch.chunk->block(ch.index))) {
                lp.remove_neighbours(ch.chunk, ch.index);
            }
        }
        lp.run();
        counters_.light_ms_last =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        counters_.light_cells_last = lp.cells_changed();
        // The instances carry no light (only the occlusion, rewritten with the opacity
        // above): the changed cells, and the retyped ones, go to the light events.
        track.note_changed(lp);
        for (const BatchScratch::Changed& ch : scratch.changed) track.cells.push_back({ch.chunk->coord(), ch.index});
        std::vector<Chunk*> lit;
        lp.for_each_changed([&](Chunk* c, uint16_t, uint8_t) {
            if (lit.empty() || lit.back() != c) lit.push_back(c);
        });
        std::sort(lit.begin(), lit.end());
        lit.erase(std::unique(lit.begin(), lit.end()), lit.end());
        for (Chunk* c : lit) c->compact_light();
    }

    // Exposure and shade, once per dirty cell: the new mask from the blocks, one change per
    // cube (a dirty cube that keeps its instance is rewritten: its shade may have changed).
    for (std::size_t k = 0; k < scratch.used; ++k) {
        const TouchedChunk& t = scratch.touched[k];
        Chunk& c = *t.chunk;
        // A chunk not shown yet has no list out: its masks change, and its list goes out
        // whole when it is shown (the worker's list of its cubes is stale now).
        ChunkEntry& entry = entries_[index_.find(c.coord())];
        if (!entry.shown) std::vector<CubeInstance>().swap(entry.inner);
        t.dirty.for_each([&](uint16_t i) {
            const BlockType type = c.block(i);
            const uint8_t old_mask = c.mask(i);
            const uint8_t new_mask = is_solid(type) ? full_mask(c, i) : uint8_t{0};
            const bool retyped = t.retyped.test(i);
            if (new_mask == 0 && old_mask == 0) return;
            c.set_mask(i, new_mask);
            if (!entry.shown) return;
            BlockType shown = type;
            if (new_mask == 0 && retyped) {  // a removal names the type the cube had
                shown = static_cast<BlockType>(out.before[region.index_of(world_position(c.coord(), i))]);
            }
            auto change = instance_change(c.coord(), i, shown, old_mask, new_mask);
            if (new_mask != 0) change->shade = shade_of(c, i, new_mask);
            (change->kind == InstanceChange::Kind::kRemoved ? out.changes : scratch.others).push_back(*change);
        });
    }
    out.changes.insert(out.changes.end(), scratch.others.begin(), scratch.others.end());  // removals first
    emit_light(track, out.changes, out.light);
    counters_.edits_applied += out.cells_changed;
    return out;
}

std::vector<BlockType> World::read_region(const Region& region, const std::string& what) const {
    check_region(region, what);
    std::vector<BlockType> out(region.cells(), BlockType::kAir);
    for_each_chunk_part(region, [&](const ChunkCoord& cc, const glm::ivec3& from, const glm::ivec3& to) {
        const BlockPos origin = chunk_origin(cc);
        const Chunk* c = find(cc);
        std::unique_ptr<Chunk> unloaded = c ? nullptr : materialize(cc);
        const Chunk& blocks = c ? *c : *unloaded;
        for (int y = from.y; y <= to.y; ++y) {
            for (int z = from.z; z <= to.z; ++z) {
                std::size_t ri = region.index_of(origin + glm::ivec3(from.x, y, z));
                for (int x = from.x; x <= to.x; ++x, ++ri) out[ri] = blocks.block(local_index(x, y, z));
            }
        }
    });
    return out;
}

void World::import_edits(ChunkCoord c, std::span<const BlockEdit> edits) {
    assert(!is_loaded(c) && !in_flight_.contains(c) && "import_edits: call before the chunk is loaded or requested");
    if (edits.empty() || !chunk_y_in_world(c.y)) return;
    std::vector<BlockEdit>& kept = kept_edits_[c];
    kept.insert(kept.begin(), edits.begin(), edits.end());  // applied in order: kept ones last
}

std::optional<RayHit> World::raycast(const glm::dvec3& origin, const glm::dvec3& direction, double reach) const {
    return cast_ray(origin, direction, reach,
                    [this](const BlockPos& p) { return block_at(p).value_or(BlockType::kAir); });
}

std::optional<RayHit> World::first_water(const glm::dvec3& origin, const glm::dvec3& direction, double reach) const {
    // The same walk, with water standing in for a firm block and everything else for air.
    auto hit = cast_ray(origin, direction, reach, [this](const BlockPos& p) {
        const std::optional<BlockType> type = block_at(p);
        return type && is_water(*type) ? BlockType::kStone : BlockType::kAir;
    });
    if (hit) hit->type = BlockType::kWater;
    return hit;
}

// [SECTION] chunks and instances

std::optional<ChunkHandle> World::handle(ChunkCoord c) const {
    const std::optional<uint32_t> s = entry_of(c);
    if (!s) return std::nullopt;
    return ChunkHandle{*s, entries_[*s].generation};
}

const Chunk* World::chunk(ChunkHandle h) const {
    if (h.index >= entries_.size()) return nullptr;
    const ChunkEntry& s = entries_[h.index];
    return s.generation == h.generation ? s.chunk.get() : nullptr;
}

std::vector<ChunkCoord> World::loaded_chunks() const {
    std::vector<ChunkCoord> out;
    out.reserve(index_.size());
    index_.for_each([&](const ChunkCoord& coord, uint32_t) { out.push_back(coord); });
    return out;
}

uint8_t World::face_mask(const BlockPos& p) const {
    if (!block_y_in_world(p.y)) return 0;
    const Chunk* c = find(chunk_of(p));
    return c ? c->mask(local_index(p)) : uint8_t{0};
}

uint8_t World::exposed_faces(const BlockPos& p) const {
    const std::optional<BlockType> here = block_at(p);
    if (!here || !is_solid(*here)) return 0;
    uint8_t m = 0;
    for (int f = 0; f < kFaceCount; ++f) {
        const std::optional<BlockType> next = block_at(p + kFaceNormals[f]);
        if (next && face_shows(*here, *next)) m |= face_bit(static_cast<Face>(f));
    }
    return m;
}

BlockType World::left_after_break(const BlockPos& p) const {
    const std::optional<BlockType> above = block_at(p + BlockPos{0, 1, 0});
    return above && is_water(*above) ? BlockType::kWater : BlockType::kAir;
}

std::vector<CubeInstance> World::instances(ChunkCoord c) const {
    std::vector<CubeInstance> out;
    if (const Chunk* chunk = find(c)) append_shaded(*chunk, out);
    return out;
}

// From scratch, the way a chunk is built when it loads: masks inside the chunk, then
// each border against its loaded neighbour, then the list.
std::vector<CubeInstance> World::rebuild_instances(ChunkCoord c) const {
    std::vector<CubeInstance> out;
    const Chunk* chunk = find(c);
    if (!chunk || !chunk->has_blocks()) return out;
    const std::unique_ptr<Chunk> scratch = chunk->copy_blocks();
    scratch->compute_interior_masks();
    for (int f = 0; f < kFaceCount; ++f) {
        const auto face = static_cast<Face>(f);
        const ChunkCoord nc = neighbour(c, face);
        if (!chunk_y_in_world(nc.y)) continue;
        scratch->fix_border(face, find(nc), [](uint16_t, uint8_t) {});
    }
    scratch->append_instances(out);
    for (CubeInstance& cube : out) cube.shade = shade_of(*chunk, cube.index, cube.face_mask);
    return out;
}

World::Stats World::stats() const {
    Stats s = counters_;
    s.chunks_loaded = index_.size();
    s.instances = 0;
    s.chunks_with_instances = 0;
    s.storage_bytes = 0;
    s.light_bytes = 0;
    s.chunks_with_light = 0;
    for (const ChunkEntry& entry : entries_) {
        if (!entry.chunk) continue;
        s.instances += entry.chunk->instance_count();
        s.chunks_with_instances += entry.chunk->instance_count() > 0 ? 1 : 0;
        s.storage_bytes += entry.chunk->storage_bytes();
        s.light_bytes += entry.chunk->light_bytes();
        s.chunks_with_light += entry.chunk->has_light_array() ? 1 : 0;
        s.chunks_uniform += entry.chunk->uniform() ? 1 : 0;
        s.chunks_unshown += entry.shown ? 0 : 1;
    }
    s.plan_left = order_.offsets().size() - cursor_;
    s.drops_left = to_drop_.size();
    s.order_bytes = order_.bytes();
    s.stream_budget_ms = budget_ms_;
    s.stream_pending = in_flight_.size();
    s.stream_queued = pool_ ? pool_->queued() : 0;
    s.edited_chunks_unloaded = kept_edits_.size();
    s.chunk_entries = entries_.size();
    s.view_distance = view_distance_;
    s.worker_threads = worker_threads_;
    return s;
}

}  // namespace slotcraft
