// Streaming plan and the generation worker pool.
#include "world/streaming.hpp"

#include "world/light.hpp"
#include "world/shade.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace slotcraft {

// [SECTION] planning

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
    return {axis(camera.x, lo, hi), axis(camera.y, kMinChunkY, kTopChunkY), axis(camera.z, lo, hi)};
}

void StreamOrder::build(int view_distance) {
    assert(view_distance >= 0 && view_distance <= kMaxViewDistance && "StreamOrder: view distance out of 0..64");
    if (view_distance == view_distance_) return;
    view_distance_ = view_distance;
    const int r = view_distance;
    constexpr int kDy = kChunksPerColumn - 1;
    // Counting sort on d = dx^2 + dy^2 + dz^2; offsets enter in (dx, dz, dy) order, so
    // ties keep the coordinate order plan_streaming promises.
    const std::size_t max_d = static_cast<std::size_t>(2 * r * r + kDy * kDy);
    std::vector<uint32_t> start(max_d + 2, 0);
    auto each = [r](auto&& f) {
        for (int dx = -r; dx <= r; ++dx)
            for (int dz = -r; dz <= r; ++dz) {
                if (!column_in_view(0, 0, dx, dz, r)) continue;
                for (int dy = -kDy; dy <= kDy; ++dy)
                    f(dx, dy, dz, static_cast<std::size_t>(dx * dx + dy * dy + dz * dz));
            }
    };
    each([&start](int, int, int, std::size_t d) { ++start[d + 1]; });
    for (std::size_t d = 1; d < start.size(); ++d) start[d] += start[d - 1];
    offsets_.assign(start.back(), Offset{0, 0, 0});
    each([this, &start](int dx, int dy, int dz, std::size_t d) {
        offsets_[start[d]++] = {static_cast<int8_t>(dx), static_cast<int8_t>(dy), static_cast<int8_t>(dz)};
    });
}

std::optional<ChunkCoord> offset_chunk(ChunkCoord camera, StreamOrder::Offset o) {
    const ChunkCoord c{camera.x + o.dx, camera.y + o.dy, camera.z + o.dz};
    if (!chunk_y_in_world(c.y) || !chunk_xz_in_world(c.x, c.z)) return std::nullopt;
    return c;
}

StreamPlan plan_streaming(ChunkCoord camera, int view_distance, const std::function<bool(ChunkCoord)>& known,
                          std::span<const ChunkCoord> loaded) {
    StreamPlan plan;
    StreamOrder order;
    order.build(view_distance);
    for (const StreamOrder::Offset& o : order.offsets()) {
        const std::optional<ChunkCoord> c = offset_chunk(camera, o);
        if (c && !known(*c)) plan.to_load.push_back(*c);
    }
    for (const ChunkCoord& c : loaded) {
        if (!column_in_view(camera.x, camera.z, c.x, c.z, view_distance)) plan.to_drop.push_back(c);
    }
    return plan;
}

// [SECTION] generation workers

std::unique_ptr<Chunk> build_chunk(const TerrainGenerator& terrain, const GenerationJob& job, SurfaceCache* cache) {
    std::unique_ptr<Chunk> chunk = terrain.generate(job.coord, cache);
    chunk->apply_edits(job.edits);
    chunk->make_uniform_if_possible();  // an edit may have made it uniform (or the terrain did)
    chunk->compute_interior_masks();
    (void)chunk->face_links();  // the occlusion walk's graph, worked out here off the main thread
    LightPropagator::light_alone(*chunk, !terrain.under_ground(job.coord, cache));
    chunk->open_light();  // worked out here, off the main thread; kept while the light agrees
    // Packed last: masks and light above read the 8-bit cells the generator wrote.
    chunk->compact_blocks();
    return chunk;
}

GenerationPool::GenerationPool(const TerrainGenerator& terrain, int threads)
    : WorkerPool(
          threads,
          [&terrain](const GenerationJob& job, SurfaceCache& surfaces) {
              GenerationResult result{job.coord, build_chunk(terrain, job, &surfaces), {}};
              result.inner = inner_instances(*result.chunk);
              return result;
          },
          [](const GenerationJob& job) { return "generating chunk " + to_string(job.coord); }) {}

}  // namespace slotcraft
