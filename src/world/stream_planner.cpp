// The stream planner (stream_planner.hpp): planning, drops, requests and arrivals.
#include "world/stream_planner.hpp"

#include "world/cpu_clock.hpp"

#include <algorithm>

namespace slotcraft {

namespace {
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

StreamPlanner::StreamPlanner(const TerrainGenerator& terrain, const ChunkTable& loaded, KeptEdits& kept,
                             int view_distance, int worker_threads)
    : terrain_(terrain), loaded_(loaded), kept_(kept), worker_threads_(worker_threads) {
    view_.view_distance = std::clamp(view_distance, 0, StreamOrder::kMaxViewDistance);
    order_.build(view_.view_distance);
    ensure_pool();
}

StreamPlanner::~StreamPlanner() = default;

void StreamPlanner::ensure_pool() {
    if (!pool_) pool_ = std::make_unique<GenerationPool>(terrain_, worker_threads_);
}

void StreamPlanner::set_view_distance(int chunks) {
    const int d = std::clamp(chunks, 0, StreamOrder::kMaxViewDistance);
    if (d == view_.view_distance) return;
    view_.view_distance = d;
    replan_needed_ = true;
    drop_scan_needed_ = true;
}

void StreamPlanner::replan(bool rescan_drops) {
    replan_needed_ = true;
    drop_scan_needed_ = drop_scan_needed_ || rescan_drops;
}

bool StreamPlanner::idle() const {
    return view_.camera && !replan_needed_ && to_drop_.empty() && cursor_ == order_.offsets().size() &&
           in_flight_.empty();
}

std::size_t StreamPlanner::queued() const { return pool_ ? pool_->queued() : 0; }

bool StreamPlanner::must_replan(ChunkCoord camera) const {
    return replan_needed_ || !view_.camera || !(camera == *view_.camera);
}

bool StreamPlanner::restart(ChunkCoord camera) {
    const std::optional<ChunkCoord>& last = view_.camera;
    if (last && (last->x != camera.x || last->z != camera.z)) drop_scan_needed_ = true;
    view_.camera = camera;
    replan_needed_ = false;
    if (view_resized()) order_.build(view_.view_distance);
    cursor_ = 0;
    for (const GenerationJob& job : pool_->cancel_queued()) in_flight_.erase(job.coord);
    if (!drop_scan_needed_) return false;
    drop_scan_needed_ = false;
    to_drop_.clear();
    loaded_.for_each([&](const ChunkCoord& c, uint32_t) {
        if (!column_in_view(camera.x, camera.z, c.x, c.z, view_.view_distance)) to_drop_.push_back(c);
    });
    // Dropped from the back, bottom up: a chunk's light mostly comes from above, so dropping
    // a column from the bottom takes nothing from the chunks above that still wait to go.
    std::sort(to_drop_.begin(), to_drop_.end(), [](const ChunkCoord& a, const ChunkCoord& b) { return a.y > b.y; });
    return true;
}

std::optional<ChunkCoord> StreamPlanner::next_drop(std::size_t done, CpuDeadline deadline) {
    if (to_drop_.empty()) return std::nullopt;
    if (done >= kMinDropsPerUpdate && done % kDropsPerClockCheck == 0 && deadline.passed()) {
        return std::nullopt;
    }
    const ChunkCoord c = to_drop_.back();
    to_drop_.pop_back();
    return c;
}

void StreamPlanner::feed_workers(CpuDeadline deadline) {
    const std::span<const StreamOrder::Offset> offsets = order_.offsets();
    const std::size_t queued = pool_->queued();
    std::vector<GenerationJob> jobs;
    std::size_t steps = 0;
    // Finished chunks that wait for integration count too: while the main thread is the
    // slower side (view distance 64 under llvmpipe), the workers must not run ahead and
    // pile up tens of thousands of finished chunks in memory.
    const std::size_t waiting = queued + ready_.size();
    while (cursor_ < offsets.size() && waiting + jobs.size() < queue_target_ && jobs.size() < kMaxJobsPerUpdate) {
        if (++steps % kStepsPerClockCheck == 0 && deadline.passed()) break;
        const std::optional<ChunkCoord> c = offset_chunk(*view_.camera, offsets[cursor_++]);
        if (!c || loaded_.contains(*c) || in_flight_.contains(*c)) continue;
        jobs.push_back(kept_.job_for(*c));
        in_flight_.insert(*c);
    }
    pool_->submit(std::move(jobs));
}

void StreamPlanner::collect_results() {
    std::vector<GenerationResult> results = pool_->take_results();
    // Twice what either side moved in the last update: what the workers delivered, and what
    // the main thread integrated. With the first alone, an update whose workers had run dry
    // (their queue held back while finished chunks waited) set a small target, no jobs went
    // out until the finished ones were gone, and the next updates had nothing to integrate.
    queue_target_ = std::max(kMinQueueTarget, 2 * std::max(results.size(), handed_out_));
    handed_out_ = 0;
    for (GenerationResult& r : results) ready_.push_back(std::move(r));
}

std::vector<GenerationResult> StreamPlanner::next_slice() {
    std::vector<GenerationResult> slice;
    std::size_t cubes = 0;
    while (!ready_.empty() && slice.size() < kChunksPerSlice && cubes < kCubesPerSlice) {
        GenerationResult r = std::move(ready_.front());
        ready_.pop_front();
        in_flight_.erase(r.coord);
        if (!view_.wants(r.coord) || loaded_.contains(r.coord)) {
            kept_.forget_stale(r.coord);  // its next job carries the kept edits
            ++discarded_;
            continue;
        }
        cubes += r.chunk->instance_count();
        slice.push_back(std::move(r));
    }
    handed_out_ += slice.size();
    return slice;
}

}  // namespace slotcraft
