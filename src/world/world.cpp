// The world: chunk table with versioned handles, edits, border fix-ups and streaming.
//
// Index: [SECTION] change tracking, construction, streaming, integration, blocks and edits,
// chunks and instances.
#include "world/world.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
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
    return InstanceChange{kind, chunk, index, type, new_mask};
}
}  // namespace

// Border fix-ups in one batch may touch a cube several times (an unload, then a load on
// another side). The tracker remembers each cube's mask before the batch and emits one
// change per cube at the end, only for chunks that were loaded before and still are.
class World::ChangeTracker {
public:
    void note(uint32_t entry, uint32_t generation, uint16_t index, uint8_t old_mask) {
        const uint64_t key = (static_cast<uint64_t>(entry) << 16) | index;
        if (seen_.insert({key, static_cast<uint32_t>(noted_.size())}).second) {
            noted_.push_back({entry, generation, index, old_mask});
        }
    }

    void emit(const std::vector<ChunkEntry>& entries, std::vector<InstanceChange>& out) const {
        for (const Noted& n : noted_) {
            const ChunkEntry& e = entries[n.entry];
            if (e.generation != n.generation || !e.chunk) continue;  // unloaded since
            const uint8_t now = e.chunk->mask(n.index);
            if (now == n.old_mask) continue;
            out.push_back(*instance_change(e.chunk->coord(), n.index, e.chunk->block(n.index), n.old_mask, now));
        }
    }

private:
    struct Noted {
        uint32_t entry;  // in the chunk table
        uint32_t generation;
        uint16_t index;
        uint8_t old_mask;
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
    : std::runtime_error("cannot set the block at " + std::to_string(p.x) + " " + std::to_string(p.y) + " " +
                         std::to_string(p.z) + ": " + std::string(describe(why))),
      reason(why) {}

// [SECTION] construction

namespace {
// Every hardware thread but one (the main thread's), at least one.
int default_worker_threads() {
    const int hw = static_cast<int>(std::thread::hardware_concurrency());
    return std::max(hw - 1, 1);
}

// Planning and drops look at the clock once per this many steps, integration once per
// slice of this many chunks (a chunk with nothing to draw costs about a microsecond).
constexpr std::size_t kStepsPerClockCheck = 64;
constexpr std::size_t kChunksPerSlice = 4;
constexpr std::size_t kMinDropsPerUpdate = 256;  // a drop slice: about 0.3 ms of uniform chunks
// The workers' queue: at least this many jobs, else twice what they delivered since the
// last update; at most kMaxJobsPerUpdate new jobs an update (queueing costs about a
// microsecond a job, so a slow frame's big delivery cannot make the next one slow).
constexpr std::size_t kMinQueueTarget = 512;
constexpr std::size_t kMaxJobsPerUpdate = 2048;
}  // namespace

World::World(const WorldConfig& config)
    : terrain_(config.type, config.seed),
      view_distance_(std::clamp(config.view_distance, 0, StreamOrder::kMaxViewDistance)),
      worker_threads_(config.worker_threads > 0 ? config.worker_threads : default_worker_threads()),
      budget_ms_(std::max(0.0, config.stream_budget_ms)) {
    prepare_view();  // before the first frame, so no frame pays for it
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
    to_drop_.clear();
    for (const auto& [c, entry] : index_) {
        if (!column_in_view(camera.x, camera.z, c.x, c.z, view_distance_)) to_drop_.push_back(c);
    }
}

void World::drop_out_of_view(ChangeTracker& tracker, Deadline deadline, const EventSink& sink) {
    WorldEvents events;
    std::size_t done = 0;
    while (!to_drop_.empty()) {
        if (done >= kMinDropsPerUpdate && done % kStepsPerClockCheck == 0 && thread_cpu_ms() >= deadline) {
            break;
        }
        const ChunkCoord c = to_drop_.back();
        to_drop_.pop_back();
        if (!wanted(c)) unload(c, events, tracker);  // it may be back in view since the scan
        ++done;
    }
    if (!events.unloaded.empty()) sink(events);
}

// Walks the view's offsets nearest first and queues the chunks nobody has asked for, until
// the queue holds queue_target_ jobs, the walk ends or the deadline passes.
void World::feed_workers(Deadline deadline) {
    const std::span<const StreamOrder::Offset> offsets = order_.offsets();
    const std::size_t queued = pool_->queued();
    std::vector<GenerationJob> jobs;
    std::size_t steps = 0;
    while (cursor_ < offsets.size() && queued + jobs.size() < queue_target_ && jobs.size() < kMaxJobsPerUpdate) {
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
        std::vector<std::unique_ptr<Chunk>> slice;
        while (!ready_.empty() && slice.size() < kChunksPerSlice) {
            GenerationResult r = std::move(ready_.front());
            ready_.pop_front();
            in_flight_.erase(r.coord);
            if (!wanted(r.coord) || is_loaded(r.coord)) {
                stale_jobs_.erase(r.coord);  // its next job carries the kept edits
                ++counters_.chunks_discarded;
                continue;
            }
            slice.push_back(std::move(r.chunk));
        }
        WorldEvents events;
        integrate(std::move(slice), events, tracker);
        if (!events.loaded.empty()) sink(events);  // the caller's work counts against the deadline
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
    });
    return all;
}

void World::update(const glm::dvec3& camera, Deadline deadline, const EventSink& sink) {
    ensure_pool();
    ChangeTracker tracker;
    const ChunkCoord cam = camera_chunk(camera);
    if (replan_needed_ || !camera_ || !(cam == *camera_)) restart_plan(cam);
    drop_out_of_view(tracker, deadline, sink);
    // Loads wait for the drops, so the loaded chunks never exceed the view's bound.
    if (to_drop_.empty()) {
        feed_workers(deadline);
        integrate_ready(tracker, deadline, sink);
    }
    WorldEvents changes;
    tracker.emit(entries_, changes.changes);
    if (!changes.changes.empty()) sink(changes);
}

WorldEvents World::load_now(std::span<const ChunkCoord> coords) {
    WorldEvents events;
    ChangeTracker tracker;
    std::vector<std::unique_ptr<Chunk>> batch;
    tsl::robin_set<ChunkCoord, ChunkCoordHash> in_batch;
    for (const ChunkCoord& c : coords) {
        if (!chunk_in_world(c) || is_loaded(c) || !in_batch.insert(c).second) continue;
        batch.push_back(build_chunk(terrain_, job_for(c)));
    }
    integrate(std::move(batch), events, tracker);
    tracker.emit(entries_, events.changes);
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
    tracker.emit(entries_, events.changes);
    replan_needed_ = true;  // a chunk in view may have gone: the next update requests it
    return events;
}

// [SECTION] integration

// New chunks enter the table first, then every border between a new chunk and a loaded
// one is fixed up on both sides (a new chunk's own side once per new neighbour), so the
// lists emitted for new chunks are final and old chunks get tracked changes.
void World::integrate(std::vector<std::unique_ptr<Chunk>> chunks, WorldEvents& events, ChangeTracker& tracker) {
    std::vector<uint32_t> fresh;
    fresh.reserve(chunks.size());
    for (auto& chunk : chunks) {
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
        }
        entries_[s].chunk = std::move(chunk);
        entries_[s].fresh = true;
        index_.insert({c, s});
        kept_edits_.erase(c);  // the chunk holds its edits again
        fresh.push_back(s);
    }
    for (const uint32_t s : fresh) {
        Chunk& chunk = *entries_[s].chunk;
        for (int f = 0; f < kFaceCount; ++f) {
            const auto face = static_cast<Face>(f);
            const ChunkCoord nc = neighbour(chunk.coord(), face);
            const std::optional<uint32_t> ns = entry_of(nc);
            if (!ns) continue;
            ChunkEntry& other = entries_[*ns];
            chunk.fix_border(face, other.chunk.get(), [](uint16_t, uint8_t) {});
            if (other.fresh) continue;  // its side is fixed when its own turn comes
            other.chunk->fix_border(opposite(face), &chunk, [&](uint16_t i, uint8_t old_mask) {
                tracker.note(*ns, other.generation, i, old_mask);
            });
        }
    }
    for (const uint32_t s : fresh) {
        ChunkEntry& entry = entries_[s];
        entry.fresh = false;
        ChunkLoaded loaded{{s, entry.generation}, entry.chunk->coord(), {}};
        entry.chunk->append_instances(loaded.instances);
        events.loaded.push_back(std::move(loaded));
        ++counters_.chunks_integrated;
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
        const std::optional<uint32_t> ns = entry_of(neighbour(c, face));
        if (!ns) continue;
        ChunkEntry& other = entries_[*ns];
        other.chunk->fix_border(opposite(face), nullptr, [&](uint16_t i, uint8_t old_mask) {
            tracker.note(*ns, other.generation, i, old_mask);
        });
    }
    index_.erase(c);
    entry.chunk.reset();
    ++entry.generation;  // every handle to this chunk is stale from now on
    free_entries_.push_back(*s);
    events.unloaded.push_back(c);
    ++counters_.chunks_unloaded;
}

// [SECTION] blocks and edits

std::optional<uint32_t> World::entry_of(ChunkCoord c) const {
    const auto it = index_.find(c);
    if (it == index_.end()) return std::nullopt;
    return it->second;
}

Chunk* World::find(ChunkCoord c) {
    const auto it = index_.find(c);
    return it == index_.end() ? nullptr : entries_[it->second].chunk.get();
}

const Chunk* World::find(ChunkCoord c) const {
    const auto it = index_.find(c);
    return it == index_.end() ? nullptr : entries_[it->second].chunk.get();
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
        if (n && !is_opaque(n->block(local_index(q.x, q.y, q.z)))) m |= face_bit(face);
    }
    return m;
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
    const EditResult result = apply(Region{p, p}, [type](std::size_t, BlockType) { return type; });
    EditChanges changes;
    for (const InstanceChange& c : result.changes) changes.push(c);
    return changes;
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
                    if (is_opaque(old) == is_opaque(type)) continue;
                    // The neighbours' faces toward this cell change with its opacity.
                    for (int f = 0; f < kFaceCount; ++f) {
                        const glm::ivec3 q = glm::ivec3(x, y, z) + kFaceNormals[f];
                        if (q.x >= 0 && q.x < kChunkSize && q.y >= 0 && q.y < kChunkSize && q.z >= 0 &&
                            q.z < kChunkSize) {
                            t->dirty.set(local_index(q.x, q.y, q.z));
                            continue;
                        }
                        Chunk* n = find(neighbour(cc, static_cast<Face>(f)));
                        if (!n) continue;
                        const glm::ivec3 lq = (q + kChunkSize) % kChunkSize;
                        touch(n).dirty.set(local_index(lq.x, lq.y, lq.z));
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

    // Exposure, once per dirty cell: the new mask from the blocks, one change per cube.
    for (std::size_t k = 0; k < scratch.used; ++k) {
        const TouchedChunk& t = scratch.touched[k];
        Chunk& c = *t.chunk;
        t.dirty.for_each([&](uint16_t i) {
            const BlockType type = c.block(i);
            const uint8_t old_mask = c.mask(i);
            const uint8_t new_mask = is_solid(type) ? full_mask(c, i) : uint8_t{0};
            const bool retyped = t.retyped.test(i);
            if (new_mask == old_mask && !(retyped && new_mask != 0)) return;
            c.set_mask(i, new_mask);
            BlockType shown = type;
            if (new_mask == 0 && retyped) {  // a removal names the type the cube had
                shown = static_cast<BlockType>(out.before[region.index_of(world_position(c.coord(), i))]);
            }
            const auto change = instance_change(c.coord(), i, shown, old_mask, new_mask);
            if (!change) return;
            (change->kind == InstanceChange::Kind::kRemoved ? out.changes : scratch.others).push_back(*change);
        });
    }
    out.changes.insert(out.changes.end(), scratch.others.begin(), scratch.others.end());  // removals first
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
    for (const auto& [coord, entry] : index_) out.push_back(coord);
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
        if (next && !is_opaque(*next)) m |= face_bit(static_cast<Face>(f));
    }
    return m;
}

std::vector<CubeInstance> World::instances(ChunkCoord c) const {
    std::vector<CubeInstance> out;
    if (const Chunk* chunk = find(c)) chunk->append_instances(out);
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
    return out;
}

World::Stats World::stats() const {
    Stats s = counters_;
    s.chunks_loaded = index_.size();
    s.instances = 0;
    s.chunks_with_instances = 0;
    s.storage_bytes = 0;
    for (const ChunkEntry& entry : entries_) {
        if (!entry.chunk) continue;
        s.instances += entry.chunk->instance_count();
        s.chunks_with_instances += entry.chunk->instance_count() > 0 ? 1 : 0;
        s.storage_bytes += entry.chunk->storage_bytes();
        s.chunks_uniform += entry.chunk->uniform() ? 1 : 0;
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
