#pragma once
// Streaming: which chunks the camera wants (every chunk of each column within the view
// distance, a disc in x/z), nearest first, and a small pool of worker threads that
// generates chunks off the main thread. Workers never touch the world: a job carries all
// it needs (coordinate and the chunk's past edits) and its result waits in a batch for
// the main thread. Plain C++20; never depends on GL.
#include "world/chunk.hpp"
#include "world/coords.hpp"
#include "world/terrain.hpp"
#include "world/worker_pool.hpp"

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace slotcraft {

// [SECTION] planning (pure functions)

// True when column (column_x, column_z) is within `view_distance` chunks of the camera's
// column: a disc, dx^2 + dz^2 <= r^2, so the view reaches as far in every direction.
inline bool column_in_view(int32_t camera_x, int32_t camera_z, int32_t column_x, int32_t column_z, int view_distance) {
    const int64_t dx = static_cast<int64_t>(column_x) - camera_x;
    const int64_t dz = static_cast<int64_t>(column_z) - camera_z;
    const int64_t r = view_distance;
    return dx * dx + dz * dz <= r * r;
}

// The view streaming serves: the camera's chunk of the last plan (none before the first
// update) and the view distance. The planner owns it; the loaded chunks read it to know which
// neighbours a chunk waits for before it is shown.
struct ViewDisc {
    std::optional<ChunkCoord> camera;
    int view_distance = 0;
    // Streaming wants c loaded: within the world's height and in the view's columns.
    bool wants(const ChunkCoord& c) const {
        return camera && chunk_y_in_world(c.y) && column_in_view(camera->x, camera->z, c.x, c.z, view_distance);
    }
    // c can still load for this view (inside the world's edges too): a chunk next to it
    // waits for it before it is shown.
    bool may_load(const ChunkCoord& c) const {
        return camera && chunk_in_world(c) && column_in_view(camera->x, camera->z, c.x, c.z, view_distance);
    }
};

// Number of columns in the disc, and the most chunks streaming ever keeps loaded.
std::size_t columns_in_view(int view_distance);
std::size_t max_loaded_chunks(int view_distance);

// The chunk the camera is in (y clamped into the world, so a camera above y = 319 still
// orders loads by how near they are).
ChunkCoord camera_chunk(const glm::dvec3& camera);

struct StreamPlan {
    std::vector<ChunkCoord> to_load;  // wanted, not loaded, not requested; nearest first
    std::vector<ChunkCoord> to_drop;  // loaded, outside the view disc
};

// `known(coord)` is true for chunks loaded or already requested; `loaded` lists the loaded
// chunks. Ordering is by squared distance between chunk centres, ties broken by
// coordinate, so the plan is deterministic.
StreamPlan plan_streaming(ChunkCoord camera, int view_distance, const std::function<bool(ChunkCoord)>& known,
                          std::span<const ChunkCoord> loaded);

// The view distance a world starts with unless a flag or the settings file says otherwise
// (chunks, the radius of the view disc).
inline constexpr int kDefaultViewDistance = 8;

// The chunks of a view disc as offsets from the camera's chunk, nearest first (the order
// plan_streaming gives): built once per view distance by a counting sort on the squared
// distance (no comparison sort of 400,000 entries at view distance 64), then walked a
// slice at a time so planning never takes a frame's whole budget. dy covers -15..15: the
// walk skips the offsets that leave the world for the camera's y.
class StreamOrder {
public:
    struct Offset {
        int8_t dx, dy, dz;
    };
    static constexpr int kMaxViewDistance = 64;  // offsets fit in int8_t

    // Rebuilds the table when `view_distance` differs from the one it was built for.
    void build(int view_distance);
    int view_distance() const { return view_distance_; }
    std::span<const Offset> offsets() const { return offsets_; }
    std::size_t bytes() const { return offsets_.capacity() * sizeof(Offset); }

private:
    int view_distance_ = -1;
    std::vector<Offset> offsets_;
};

// The chunk at `offset` from `camera`, or nullopt when it lies outside the world.
std::optional<ChunkCoord> offset_chunk(ChunkCoord camera, StreamOrder::Offset offset);

// [SECTION] generation workers

struct GenerationJob {
    ChunkCoord coord;
    std::vector<BlockEdit> edits;  // applied after terrain, so edits survive an unload
};

struct GenerationResult {
    ChunkCoord coord;
    std::unique_ptr<Chunk> chunk;     // blocks, interior masks, light alone; borders not fixed up yet
    std::vector<CubeInstance> inner;  // inner_instances(*chunk) (world/shade.hpp), shaded by the worker
};

// Generates one chunk: terrain, then its edits, then the masks inside the chunk and its
// light as if alone under an open sky (LightPropagator::light_alone). Pure.
// `cache`: the calling thread's own (a generation worker's), or none.
std::unique_ptr<Chunk> build_chunk(const TerrainGenerator& terrain, const GenerationJob& job,
                                   SurfaceCache* cache = nullptr);

// The generation workers: each builds chunks with its own SurfaceCache and shades their inner
// cubes (world/worker_pool.hpp: a stop drops the queued jobs).
class GenerationPool : public WorkerPool<GenerationJob, GenerationResult, SurfaceCache> {
public:
    // `terrain` must outlive the pool. threads >= 1.
    GenerationPool(const TerrainGenerator& terrain, int threads);
};

}  // namespace slotcraft
