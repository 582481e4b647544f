// The world: the one front of src/world, delegating to its parts (world.hpp; docs/world.md
// "The parts of the world" has the tour of one streamed chunk through them).
//
// Index: [SECTION] construction, streaming, blocks and edits, light, chunks and instances.
#include "world/world.hpp"

#include "world/around.hpp"
#include "world/change_tracker.hpp"

#include <algorithm>
#include <cassert>
#include <thread>

namespace slotcraft {

// [SECTION] construction

namespace {
// Every hardware thread but one (the main thread's), at least one.
int default_worker_threads() {
    const int hw = static_cast<int>(std::thread::hardware_concurrency());
    return std::max(hw - 1, 1);
}

int clamped_view_distance(int chunks) { return std::clamp(chunks, 0, StreamOrder::kMaxViewDistance); }
}  // namespace

// The entries and the tables of the whole view are made now (LoadedChunks, StreamPlanner),
// before the first frame, so no frame pays for them.
World::World(const WorldConfig& config)
    : terrain_(config.type, config.seed, config.generator_version, config.ground),
      far_(terrain_, config.far_distance, config.worker_threads > 0 ? config.worker_threads : default_worker_threads()),
      budget_ms_(std::max(0.0, config.stream_budget_ms)),
      chunks_(max_loaded_chunks(clamped_view_distance(config.view_distance))),
      planner_(terrain_, chunks_.table(), kept_, config.view_distance,
               config.worker_threads > 0 ? config.worker_threads : default_worker_threads()),
      boxes_(chunks_),
      batch_(terrain_, chunks_, kept_, boxes_, planner_) {}

World::~World() = default;

// [SECTION] streaming

bool World::idle() const { return planner_.idle() && far_.idle(); }

CpuDeadline World::budget_deadline() const { return CpuDeadline::after(budget_ms_); }

WorldEvents World::update(const glm::dvec3& camera) { return update(camera, budget_deadline()); }

WorldEvents World::update(const glm::dvec3& camera, CpuDeadline deadline) {
    WorldEvents all;
    update(camera, deadline, [&all](WorldEvents& part) {
        for (ChunkCoord& c : part.unloaded) all.unloaded.push_back(c);
        for (ChunkLoaded& l : part.loaded) all.loaded.push_back(std::move(l));
        for (const InstanceChange& c : part.changes) all.changes.push_back(c);
        all.light.append(std::move(part.light));
    });
    return all;
}

void World::update(const glm::dvec3& camera, CpuDeadline deadline, const EventSink& sink) {
    planner_.ensure_pool();
    ChangeTracker tracker;
    const ChunkCoord cam = camera_chunk(camera);
    if (planner_.must_replan(cam)) {
        if (planner_.view_resized()) chunks_.reserve(max_loaded_chunks(planner_.view_distance()));
        if (planner_.restart(cam)) chunks_.recheck_waiting();  // a neighbour in view may not be any more
    }
    if (chunks_.must_recheck_waiting()) show_waiting(tracker, sink);
    drop_out_of_view(tracker, deadline, sink);
    // Loads wait for the drops, so the loaded chunks never exceed the view's bound.
    if (planner_.drops_done()) {
        planner_.feed_workers(deadline);
        integrate_ready(tracker, deadline, sink);
    }
    // Nothing is left in the tracker: the drops and every slice emitted their own changes.
    assert(tracker.empty() && "every part of the update emits its own changes");
    // The far rings last: their chunks are the farthest and the least urgent.
    WorldEvents far_events;
    far_.update(
        cam, planner_.view_distance(), [this](ChunkCoord c) { return edits_of(c); }, far_events);
    if (!far_events.empty()) sink(far_events);
}

std::vector<BlockEdit> World::edits_of(ChunkCoord c) const {
    if (const Chunk* chunk = chunks_.find(c)) return chunk->edits();
    return kept_.job_for(c).edits;
}

void World::mark_edited(const Region& region) {
    const ChunkCoord lo = chunk_of(region.min), hi = chunk_of(region.max);
    for (int32_t y = std::max(lo.y, kMinChunkY); y <= std::min(hi.y, kTopChunkY); ++y)
        for (int32_t z = lo.z; z <= hi.z; ++z)
            for (int32_t x = lo.x; x <= hi.x; ++x) far_.mark_edited({x, y, z});
}

void World::flush(ChangeTracker& tracker, WorldEvents& events, const EventSink* sink) {
    tracker.emit(chunks_, events.changes);
    boxes_.emit(tracker.light, events.changes, events.light);
    tracker.clear();
    if (sink != nullptr && !events.empty()) (*sink)(events);
}

void World::show_waiting(ChangeTracker& tracker, const EventSink& sink) {
    WorldEvents events;
    chunks_.show_waiting(planner_.view(), events, tracker);
    flush(tracker, events, &sink);
}

void World::drop_out_of_view(ChangeTracker& tracker, CpuDeadline deadline, const EventSink& sink) {
    WorldEvents events;
    std::size_t done = 0;
    while (const std::optional<ChunkCoord> c = planner_.next_drop(done, deadline)) {
        if (!planner_.view().wants(*c)) unload(*c, events, tracker);  // it may be back in view since the scan
        ++done;
    }
    flush(tracker, events, &sink);
}

// Integrates what the workers finished a slice at a time until the deadline (one slice at
// least). Each slice's own border and shade rewrites go with it, so no work piles up for
// the end of the update, past the deadline; the caller's work on them counts too.
void World::integrate_ready(ChangeTracker& tracker, CpuDeadline deadline, const EventSink& sink) {
    planner_.collect_results();
    bool first = true;
    while (planner_.has_results() && (first || !deadline.passed())) {
        first = false;
        WorldEvents events;
        integrate(planner_.next_slice(), events, tracker);
        flush(tracker, events, &sink);
    }
}

void World::integrate(std::vector<GenerationResult> chunks, WorldEvents& events, ChangeTracker& tracker,
                      bool show_all) {
    for (GenerationResult& r : chunks) kept_.hand_over(r);
    chunks_.integrate(std::move(chunks), planner_.view(), events, tracker, show_all);
}

void World::unload(ChunkCoord c, WorldEvents& events, ChangeTracker& tracker) {
    const std::optional<uint32_t> e = chunks_.entry_of(c);
    if (!e) return;
    kept_.keep(c, chunks_.entry(*e).chunk->edits());
    chunks_.unload(*e, events, tracker);
}

WorldEvents World::load_now(std::span<const ChunkCoord> coords) {
    WorldEvents events;
    ChangeTracker tracker;
    std::vector<GenerationResult> batch;
    tsl::robin_set<ChunkCoord, ChunkCoordHash> in_batch;
    std::vector<uint32_t> waiting;  // loaded already, not shown yet: shown now too
    for (const ChunkCoord& c : coords) {
        if (const std::optional<uint32_t> e = chunks_.entry_of(c)) {
            if (!chunks_.entry(*e).shown && std::find(waiting.begin(), waiting.end(), *e) == waiting.end()) {
                waiting.push_back(*e);
            }
            continue;
        }
        if (!chunk_in_world(c) || !in_batch.insert(c).second) continue;
        GenerationResult r{c, build_chunk(terrain_, kept_.job_for(c)), {}};
        r.inner = inner_instances(*r.chunk);
        batch.push_back(std::move(r));
    }
    integrate(std::move(batch), events, tracker, true);
    for (const uint32_t e : waiting) {
        if (!chunks_.entry(e).shown) chunks_.show(e, events, tracker);  // the batch may have shown it
    }
    flush(tracker, events);
    planner_.replan(true);  // chunks loaded outside the view go at the next update
    return events;
}

WorldEvents World::unload_now(std::span<const ChunkCoord> coords) {
    WorldEvents events;
    ChangeTracker tracker;
    for (const ChunkCoord& c : coords) unload(c, events, tracker);
    flush(tracker, events);
    planner_.replan(false);  // a chunk in view may have gone: the next update requests it
    return events;
}

// [SECTION] blocks and edits

std::optional<BlockType> World::block_at(const BlockPos& p) const {
    if (p.y >= kWorldTop) return BlockType::kAir;
    if (p.y < kMinBlockY) return std::nullopt;
    const Chunk* c = chunks_.find(chunk_of(p));
    if (!c) return std::nullopt;
    return c->block(local_index(p));
}

EditChanges World::set_block(const BlockPos& p, BlockType type) {
    EditChanges changes = batch_.set_block(p, type);
    mark_edited(Region{p, p});
    return changes;
}

EditChanges World::set_block(const BlockPos& p, std::string_view type_name) {
    EditChanges changes = batch_.set_block(p, type_name);
    mark_edited(Region{p, p});
    return changes;
}

EditResult World::apply(const Region& region, const CellRule& rule, ListEdits list_edits, const std::string& what) {
    EditResult result = batch_.apply(region, rule, list_edits, what);
    if (result.cells_changed > 0) mark_edited(region);
    return result;
}

std::vector<BlockType> World::read_region(const Region& region, const std::string& what) const {
    return batch_.read_region(region, what);
}

void World::import_edits(ChunkCoord c, std::span<const BlockEdit> edits) {
    assert(!chunk_loaded(c) && !planner_.requested(c) && "import_edits: call before the chunk is loaded or requested");
    kept_.import(c, edits);
    if (!edits.empty()) far_.mark_edited(c);
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

// [SECTION] light

std::optional<uint8_t> World::light_at(const BlockPos& p) const {
    if (p.y >= kWorldTop) return kOpenSkyLight;
    if (p.y < kMinBlockY) return std::nullopt;
    const Chunk* c = chunks_.find(chunk_of(p));
    if (!c) return std::nullopt;
    return c->light(local_index(p));
}

CubeShade World::shade_at(const BlockPos& p) const {
    if (!block_y_in_world(p.y)) return {};
    const Chunk* c = chunks_.find(chunk_of(p));
    if (!c) return {};
    const uint16_t i = local_index(p);
    return shade_of(chunks_, *c, i, c->mask(i));
}

std::optional<std::string> World::check_light_box(ChunkCoord c, uint8_t uniform, std::span<const uint8_t> cells) const {
    if (key_level(c) > 0) {  // a far chunk: open sky everywhere (docs/world.md "Far terrain")
        if (cells.empty() && uniform == kCoarseLight) return std::nullopt;
        return "far chunk " + to_string(c) + " should hold the uniform light " + std::to_string(kCoarseLight);
    }
    return boxes_.check(c, uniform, cells);
}

std::optional<std::string> World::check_links() const {
    return chunks_.check_links(planner_.view(), planner_.plan_current());
}

// [SECTION] chunks and instances

std::optional<ChunkHandle> World::handle(ChunkCoord c) const { return chunks_.handle(c); }

const Chunk* World::chunk(ChunkHandle h) const { return chunks_.chunk(h); }

std::vector<ChunkCoord> World::loaded_coords() const {
    std::vector<ChunkCoord> out;
    out.reserve(chunks_.size());
    chunks_.table().for_each([&](const ChunkCoord& coord, uint32_t) { out.push_back(coord); });
    return out;
}

uint8_t World::face_mask(const BlockPos& p) const {
    if (!block_y_in_world(p.y)) return 0;
    const Chunk* c = chunks_.find(chunk_of(p));
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
    if (key_level(c) > 0) {  // a far chunk: made again from its job (build_coarse_chunk is pure)
        if (!far_.holds(c)) return {};
        return build_coarse_chunk(terrain_, far_.job_for(c, [this](ChunkCoord e) { return edits_of(e); }));
    }
    std::vector<CubeInstance> out;
    const Chunk* chunk = chunks_.find(c);
    if (chunk == nullptr) return out;
    chunk->append_instances(out);
    const Around around(chunks_, *chunk);
    for (CubeInstance& cube : out) cube.shade = shade_of(around, cube.index, cube.face_mask);
    return out;
}

World::Stats World::stats() const {
    Stats s;
    s.chunks_loaded = chunks_.size();
    for (const LoadedChunks::ChunkEntry& entry : chunks_.entries()) {
        if (!entry.chunk) continue;
        s.instances += entry.chunk->instance_count();
        s.chunks_with_instances += entry.chunk->instance_count() > 0 ? 1 : 0;
        s.storage_bytes += entry.chunk->storage_bytes();
        s.light_bytes += entry.chunk->light_bytes();
        s.chunks_with_light += entry.chunk->has_light_array() ? 1 : 0;
        s.chunks_uniform += entry.chunk->uniform() ? 1 : 0;
        s.chunks_unshown += entry.shown ? 0 : 1;
    }
    s.chunks_integrated = chunks_.integrated();
    s.chunks_unloaded = chunks_.unloaded();
    s.chunk_entries = chunks_.entries().size();
    s.chunks_discarded = planner_.discarded();
    s.plan_left = planner_.plan_left();
    s.drops_left = planner_.drops_left();
    s.order_bytes = planner_.order_bytes();
    s.stream_pending = planner_.pending();
    s.stream_queued = planner_.queued();
    s.view_distance = planner_.view_distance();
    s.worker_threads = planner_.worker_threads();
    s.stream_budget_ms = budget_ms_;
    s.edits_applied = batch_.applied();
    s.edits_refused = batch_.refused();
    s.light_cells_last = batch_.light_cells_last();
    s.light_ms_last = batch_.light_ms_last();
    s.edited_chunks_unloaded = kept_.chunks();
    return s;
}

}  // namespace slotcraft
