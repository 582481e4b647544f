// Far terrain (see far_terrain.hpp; docs/world.md "Far terrain").
//
// Index: [SECTION] workers, planning, arrivals and drops, edits, state.
#include "world/far_terrain.hpp"

#include "world/cpu_clock.hpp"
#include "world/streaming.hpp"

#include <algorithm>
#include <cassert>

namespace slotcraft {

// [SECTION] workers

CoarsePool::CoarsePool(const TerrainGenerator& terrain, int threads)
    : WorkerPool(
          threads,
          [&terrain](const CoarseJob& job, std::monostate&) {
              const double start = thread_cpu_ms();
              CoarseResult r{job.key, build_coarse_chunk(terrain, job), 0.0};
              r.cpu_ms = thread_cpu_ms() - start;
              return r;
          },
          [](const CoarseJob& job) { return "making far chunk " + to_string(job.key); }) {}

// [SECTION] planning

FarTerrain::FarTerrain(const TerrainGenerator& terrain, int far_distance, int worker_threads)
    : terrain_(terrain),
      far_distance_(std::clamp(far_distance, 0, kMaxFarDistance)),
      threads_(std::max(worker_threads, 1)) {}

FarTerrain::~FarTerrain() = default;

void FarTerrain::set_far_distance(int chunks) {
    const int clamped = std::clamp(chunks, 0, kMaxFarDistance);
    if (clamped == far_distance_) return;
    far_distance_ = clamped;
    replan_ = true;
}

namespace {
LodColumn column_of_key(const ChunkCoord& key) { return {key_level(key), key.x, key.z}; }
}  // namespace

void FarTerrain::plan(ChunkCoord camera, int view_distance) {
    replan_ = false;
    planned_camera_ = camera;
    planned_view_ = view_distance;
    rings_ = LodRings(camera.x, camera.z, view_distance, far_distance_);
    std::vector<LodColumn> leaves;
    rings_.leaves(leaves);
    wanted_.clear();
    order_.clear();
    struct Near {
        double d2;
        ChunkCoord key;
    };
    std::vector<Near> near;
    const double cx = (camera.x + 0.5) * kChunkSize, cz = (camera.z + 0.5) * kChunkSize;
    for (const LodColumn& c : leaves) {
        const double span = double(kChunkSize) * double(1 << c.level);
        const double dx = (c.x + 0.5) * span - cx, dz = (c.z + 0.5) * span - cz;
        for (int y = 0; y < level_column_chunks(c.level); ++y) {
            const ChunkCoord key = lod_key(c.level, {c.x, y, c.z});
            wanted_.insert(key);
            near.push_back({dx * dx + dz * dz, key});
        }
    }
    std::sort(near.begin(), near.end(), [](const Near& a, const Near& b) {
        if (a.d2 != b.d2) return a.d2 < b.d2;
        return std::tie(a.key.x, a.key.y, a.key.z) < std::tie(b.key.x, b.key.y, b.key.z);
    });
    for (const Near& n : near) order_.push_back(n.key);
    // A kept chunk whose neighbours are now drawn at other levels needs other skirts or walls.
    for (const ChunkCoord& key : order_) {
        const auto it = entries_.find(key);
        if (it == entries_.end() || !it->second.made) continue;
        uint8_t skirts = 0, walls = 0;
        rings_.border_sides(column_of_key(key), skirts, walls);
        if (skirts != it->second.skirt_sides || walls != it->second.wall_sides) it.value().stale = true;
    }
    cursor_ = 0;
    drops_due_ = true;
    // Queued jobs the new rings may not want go back; the walk asks again for those it does.
    if (pool_) {
        for (const CoarseJob& job : pool_->cancel_queued()) {
            const ChunkCoord& key = job.key;
            auto it = entries_.find(key);
            assert(it != entries_.end() && "a queued far chunk has an entry");
            it.value().in_flight = false;
            --in_flight_;
            if (!it->second.made) entries_.erase(it);
        }
    }
}

void FarTerrain::feed(const EditsOf& edits_of) {
    // A coarse chunk takes a worker about 0.14 ms and a frame under far terrain 100 ms or
    // more: a short queue would leave the workers idle for most of each frame. A plan that
    // moves takes the queued jobs back, so a long queue costs nothing when the camera moves.
    const std::size_t target = static_cast<std::size_t>(threads_) * 512;
    if (cursor_ >= order_.size()) return;
    if (!pool_) pool_ = std::make_unique<CoarsePool>(terrain_, threads_);
    while (in_flight_ < target && cursor_ < order_.size()) {
        const ChunkCoord key = order_[cursor_++];
        Entry& e = entries_[key];
        if (e.in_flight || (e.made && !e.stale)) continue;
        e.in_flight = true;
        e.stale = false;  // an edit from now on makes it stale again
        ++in_flight_;
        CoarseJob job = job_for(key, edits_of);
        e.skirt_sides = job.skirt_sides;
        e.wall_sides = job.wall_sides;
        pool_->submit(std::move(job));
    }
}

void FarTerrain::update(ChunkCoord camera, int view_distance, const EditsOf& edits_of, WorldEvents& events) {
    const bool moved = camera.x != planned_camera_.x || camera.z != planned_camera_.z;
    if (replan_ || moved || view_distance != planned_view_) plan(camera, view_distance);
    feed(edits_of);
    collect(events);
    if (drops_due_) drop_replaced(events);
}

// [SECTION] arrivals and drops

void FarTerrain::collect(WorldEvents& events) {
    if (!pool_) return;
    for (CoarseResult& r : pool_->take_results()) {
        auto it = entries_.find(r.key);
        assert(it != entries_.end() && it->second.in_flight && "a far chunk arrives for its entry");
        Entry& e = it.value();
        e.in_flight = false;
        --in_flight_;
        ++made_;
        cpu_ms_ += r.cpu_ms;
        drops_due_ = true;
        if (!wanted_.contains(r.key)) {
            if (!e.made) entries_.erase(it);  // an old version (if any) waits for drop_replaced
            continue;
        }
        if (e.shown) events.unloaded.push_back(r.key);  // the new version replaces the old
        e.shown = !r.instances.empty();
        e.made = true;
        e.instances = static_cast<uint32_t>(r.instances.size());
        if (e.shown) {
            events.loaded.push_back({ChunkHandle{}, r.key, std::move(r.instances)});
            events.light.boxes.push_back({r.key, kCoarseLight, {}});
        }
    }
}

bool FarTerrain::column_made(const LodColumn& c) const {
    for (int y = 0; y < level_column_chunks(c.level); ++y) {
        const auto it = entries_.find(lod_key(c.level, {c.x, y, c.z}));
        if (it == entries_.end() || !it->second.made) return false;
    }
    return true;
}

// Whether what the rings draw over column c's area is all there: its own chunks where it is
// a leaf, its children's where it is split, the leaf above it where it lies inside a coarser
// leaf. Level-0 leaves count as there (the world's streaming fills them).
bool FarTerrain::area_ready(const LodColumn& c) const {
    if (!rings_.active()) return true;
    const int top = rings_.top_level();
    if (c.level > top) return true;  // above the rings' top: nothing of them to wait for
    const auto up = [](const LodColumn& col, int level) {
        return LodColumn{level, floor_div(col.x, int32_t{1} << (level - col.level)),
                         floor_div(col.z, int32_t{1} << (level - col.level))};
    };
    if (!rings_.qualifies(up(c, top))) return true;  // outside the far disc
    for (int level = top; level > c.level; --level) {
        const LodColumn a = up(c, level);
        bool split = true;
        for (int d = 0; d < 4 && split; ++d)
            split = rings_.qualifies({level - 1, a.x * 2 + (d & 1), a.z * 2 + (d >> 1)});
        if (!split) return column_made(a);  // inside a coarser leaf
    }
    if (c.level == 0) return true;
    bool split = true;
    for (int d = 0; d < 4 && split; ++d) split = rings_.qualifies({c.level - 1, c.x * 2 + (d & 1), c.z * 2 + (d >> 1)});
    if (!split) return column_made(c);
    for (int d = 0; d < 4; ++d) {
        if (!area_ready({c.level - 1, c.x * 2 + (d & 1), c.z * 2 + (d >> 1)})) return false;
    }
    return true;
}

void FarTerrain::drop_replaced(WorldEvents& events) {
    drops_due_ = false;
    std::vector<ChunkCoord> gone;
    for (const auto& [key, e] : entries_) {
        if (wanted_.contains(key) || e.in_flight) continue;
        if (!e.made || area_ready(column_of_key(key))) gone.push_back(key);
        else drops_due_ = true;  // look again when more has arrived
    }
    for (const ChunkCoord& key : gone) {
        if (entries_[key].shown) events.unloaded.push_back(key);
        entries_.erase(key);
    }
}

// [SECTION] edits

void FarTerrain::mark_edited(ChunkCoord c) {
    edited_.insert(c);
    bool any = false;
    // The coarse chunks over c and over its neighbours (their aprons read c's cells).
    for (int level = 1; level <= kMaxLodLevel; ++level) {
        for (int dy = -1; dy <= 1; ++dy)
            for (int dz = -1; dz <= 1; ++dz)
                for (int dx = -1; dx <= 1; ++dx) {
                    const int32_t y = c.y + dy;
                    if (!chunk_y_in_world(y)) continue;
                    const ChunkCoord key = lod_key(level, {floor_div(c.x + dx, int32_t{1} << level),
                                                           level_chunk_over(level, y),
                                                           floor_div(c.z + dz, int32_t{1} << level)});
                    const auto it = entries_.find(key);
                    if (it == entries_.end() || (!it->second.made && !it->second.in_flight)) continue;
                    it.value().stale = true;
                    any = true;
                }
    }
    if (any) cursor_ = 0;  // the walk asks for the stale ones again, nearest first
}

CoarseJob FarTerrain::job_for(const ChunkCoord& key, const EditsOf& edits_of) const {
    CoarseJob job;
    job.key = key;
    rings_.border_sides(column_of_key(key), job.skirt_sides, job.wall_sides);
    if (edited_.empty()) return job;
    const int level = key_level(key);
    const ChunkCoord c = key_chunk(key);
    const int64_t span = int64_t{1} << level;  // level-0 chunks a side
    // The apron: one cell on each side and kSkirtCells more above, in level-0 chunks.
    const int64_t margin = std::max<int64_t>(1, (span * kChunkSize * (kSkirtCells + 1) + kChunkSize - 1) / kChunkSize);
    const int64_t x0 = c.x * span - margin, x1 = (c.x + 1) * span - 1 + margin;
    const int64_t z0 = c.z * span - margin, z1 = (c.z + 1) * span - 1 + margin;
    const int64_t y0 = level_chunk_bottom(level, c.y) - margin, y1 = level_chunk_bottom(level, c.y + 1) - 1 + margin;
    for (const ChunkCoord& e : edited_) {
        if (e.x < x0 || e.x > x1 || e.z < z0 || e.z > z1 || e.y < y0 || e.y > y1) continue;
        std::vector<BlockEdit> edits = edits_of(e);
        if (!edits.empty()) job.edited.push_back({e, std::move(edits)});
    }
    return job;
}

// [SECTION] state

bool FarTerrain::idle() const {
    if (replan_) return far_distance_ == 0 && entries_.empty();
    if (in_flight_ > 0 || drops_due_) return false;
    for (const ChunkCoord& key : wanted_) {
        const auto it = entries_.find(key);
        if (it == entries_.end() || !it->second.made || it->second.stale) return false;
    }
    return true;
}

bool FarTerrain::holds(const ChunkCoord& key) const {
    const auto it = entries_.find(key);
    return it != entries_.end() && it->second.made;
}

FarTerrain::Stats FarTerrain::stats() const {
    Stats s;
    s.far_distance = far_distance_;
    s.levels = rings_.active() ? rings_.top_level() + 1 : 1;
    for (const auto& [key, e] : entries_) {
        const auto level = static_cast<std::size_t>(key_level(key));
        if (e.shown) {
            ++s.chunks[level];
            s.instances[level] += e.instances;
        }
        if (e.stale || (e.made && e.in_flight)) ++s.stale;
    }
    for (const ChunkCoord& key : wanted_) {
        const auto it = entries_.find(key);
        if (it == entries_.end() || !it->second.made) ++s.pending;
    }
    s.made = made_;
    s.cpu_ms_per_chunk = made_ > 0 ? cpu_ms_ / static_cast<double>(made_) : 0.0;
    return s;
}

}  // namespace slotcraft
