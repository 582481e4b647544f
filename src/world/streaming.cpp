// Streaming plan and the generation worker pool.
#include "world/streaming.hpp"

#include "world/light.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <tuple>

namespace slotcraft {

// [SECTION] planning

bool column_in_view(int32_t camera_x, int32_t camera_z, int32_t column_x, int32_t column_z, int view_distance) {
    const int64_t dx = static_cast<int64_t>(column_x) - camera_x;
    const int64_t dz = static_cast<int64_t>(column_z) - camera_z;
    const int64_t r = view_distance;
    return dx * dx + dz * dz <= r * r;
}

std::size_t columns_in_view(int view_distance) {
    std::size_t n = 0;
    for (int dz = -view_distance; dz <= view_distance; ++dz) {
        for (int dx = -view_distance; dx <= view_distance; ++dx) {
            if (column_in_view(0, 0, dx, dz, view_distance)) ++n;
        }
    }
    return n;
}

std::size_t max_loaded_chunks(int view_distance) { return columns_in_view(view_distance) * kChunksPerColumn; }

ChunkCoord camera_chunk(const glm::dvec3& camera) {
    // Clamped in double before the cast: a camera far outside the world streams its edge.
    auto axis = [](double v, double lo, double hi) {
        return static_cast<int32_t>(std::clamp(std::floor(v / kChunkSize), lo, hi));
    };
    const double lo = -double{kMaxChunkXZ}, hi = double{kMaxChunkXZ} - 1;
    return {axis(camera.x, lo, hi), axis(camera.y, 0, kChunksPerColumn - 1), axis(camera.z, lo, hi)};
}

StreamPlan plan_streaming(ChunkCoord camera, int view_distance, const std::function<bool(ChunkCoord)>& known,
                          std::span<const ChunkCoord> loaded) {
    StreamPlan plan;
    const int r = view_distance;
    for (int dz = -r; dz <= r; ++dz) {
        for (int dx = -r; dx <= r; ++dx) {
            if (!column_in_view(0, 0, dx, dz, r)) continue;
            if (!chunk_xz_in_world(camera.x + dx, camera.z + dz)) continue;
            for (int y = 0; y < kChunksPerColumn; ++y) {
                const ChunkCoord c{camera.x + dx, y, camera.z + dz};
                if (!known(c)) plan.to_load.push_back(c);
            }
        }
    }
    auto key = [&camera](const ChunkCoord& c) {
        const int64_t dx = c.x - camera.x;
        const int64_t dy = c.y - camera.y;
        const int64_t dz = c.z - camera.z;
        return std::make_tuple(dx * dx + dy * dy + dz * dz, c.x, c.z, c.y);
    };
    std::sort(plan.to_load.begin(), plan.to_load.end(),
              [&key](const ChunkCoord& a, const ChunkCoord& b) { return key(a) < key(b); });
    for (const ChunkCoord& c : loaded) {
        if (!column_in_view(camera.x, camera.z, c.x, c.z, r)) plan.to_drop.push_back(c);
    }
    return plan;
}

// [SECTION] generation workers

std::unique_ptr<Chunk> build_chunk(const TerrainGenerator& terrain, const GenerationJob& job) {
    std::unique_ptr<Chunk> chunk = terrain.generate(job.coord);
    chunk->apply_edits(job.edits);
    chunk->compute_interior_masks();
    LightPropagator::light_alone(*chunk);
    return chunk;
}

GenerationPool::GenerationPool(const TerrainGenerator& terrain, int threads) : terrain_(terrain) {
    assert(threads >= 1 && "GenerationPool needs at least one worker thread");
    workers_.reserve(static_cast<std::size_t>(threads));
    for (int i = 0; i < threads; ++i) {
        workers_.emplace_back([this](std::stop_token stop) { work(stop); });
    }
}

GenerationPool::~GenerationPool() {
    {
        const std::lock_guard lock(mutex_);
        queue_.clear();
    }
    for (auto& w : workers_) w.request_stop();
    wake_.notify_all();
    workers_.clear();  // joins; a running job finishes its chunk first
}

void GenerationPool::submit(std::vector<GenerationJob> jobs) {
    if (jobs.empty()) return;
    {
        const std::lock_guard lock(mutex_);
        for (auto& job : jobs) queue_.push_back(std::move(job));
    }
    wake_.notify_all();
}

std::vector<ChunkCoord> GenerationPool::cancel_queued() {
    std::deque<GenerationJob> taken;
    {
        const std::lock_guard lock(mutex_);
        taken.swap(queue_);
    }
    std::vector<ChunkCoord> coords;
    coords.reserve(taken.size());
    for (const auto& job : taken) coords.push_back(job.coord);
    return coords;
}

std::vector<GenerationResult> GenerationPool::take_results() {
    const std::lock_guard lock(mutex_);
    if (!failure_.empty()) throw GenerationError(failure_);
    std::vector<GenerationResult> out;
    out.swap(results_);
    return out;
}

std::size_t GenerationPool::queued() const {
    const std::lock_guard lock(mutex_);
    return queue_.size();
}

void GenerationPool::work(std::stop_token stop) {
    for (;;) {
        GenerationJob job;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, stop, [this] { return !queue_.empty(); });
            if (stop.stop_requested()) return;  // the world is going away: leave the queue
            job = std::move(queue_.front());
            queue_.pop_front();
        }
        try {
            GenerationResult result{job.coord, build_chunk(terrain_, job)};
            const std::lock_guard lock(mutex_);
            results_.push_back(std::move(result));
        } catch (const std::exception& e) {
            const std::lock_guard lock(mutex_);
            if (failure_.empty()) {
                failure_ = "generating chunk " + std::to_string(job.coord.x) + " " + std::to_string(job.coord.y) + " " +
                           std::to_string(job.coord.z) + " failed: " + e.what();
            }
        }
    }
}

}  // namespace slotcraft
