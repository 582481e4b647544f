// bench_cull: frustum query time of the chunk octree against the brute-force baseline (every
// chunk box, stored as a structure of arrays, same plane test), with chunks loaded the way
// streaming loads them: every chunk (y 0..15) of the columns within radius R of the camera.
// Camera: 70 degrees vertical field of view, 16:9, far plane at R, eye 70 blocks up, pitched
// 10 degrees down; each iteration turns to the next of 32 headings, the same for both.
// Radii (argument radius_tenths): 4.5, 18 and 36 chunks give 1104, 16144 and 64848 chunks.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "cull/brute_force.hpp"
#include "cull/chunk_octree.hpp"
#include "cull/frustum.hpp"

namespace {

using slotcraft::ChunkBoxArrays;
using slotcraft::ChunkOctree;
using slotcraft::Frustum;

constexpr int kHeadings = 32;
// Far from the world origin on purpose: the camera-relative convention must keep it cheap.
const glm::ivec3 kCameraChunk(123456, 4, -654321);

struct Scene {
    std::vector<std::uint64_t> keys;
    std::vector<glm::ivec3> coords;
    std::vector<Frustum> frustums;  // one per heading
};

Scene make_scene(double radius) {
    Scene scene;
    int reach = static_cast<int>(std::ceil(radius));
    for (int dx = -reach; dx <= reach; ++dx) {
        for (int dz = -reach; dz <= reach; ++dz) {
            if (dx * dx + dz * dz > radius * radius) continue;
            for (int y = 0; y < 16; ++y) {
                glm::ivec3 coord(kCameraChunk.x + dx, y, kCameraChunk.z + dz);
                // Keys like a packed coordinate; the tree treats them as opaque.
                scene.keys.push_back((static_cast<std::uint64_t>(static_cast<std::uint32_t>(coord.x)) << 32) ^
                                     (static_cast<std::uint64_t>(static_cast<std::uint32_t>(coord.z)) << 4) ^
                                     static_cast<std::uint64_t>(y));
                scene.coords.push_back(coord);
            }
        }
    }
    // Eye at block height 70, in the middle of the camera's column (space of kCameraChunk).
    glm::vec3 eye(8.0f, 70.0f - 16.0f * static_cast<float>(kCameraChunk.y), 8.0f);
    float pitch = glm::radians(-10.0f);
    float far_plane = static_cast<float>(radius) * 16.0f;
    glm::mat4 projection = glm::perspective(glm::radians(70.0f), 16.0f / 9.0f, 0.1f, far_plane);
    for (int h = 0; h < kHeadings; ++h) {
        float yaw = glm::radians(360.0f * static_cast<float>(h) / kHeadings + 5.0f);
        glm::vec3 forward(std::cos(pitch) * std::cos(yaw), std::sin(pitch), std::cos(pitch) * std::sin(yaw));
        glm::mat4 view = glm::lookAt(eye, eye + forward, glm::vec3(0.0f, 1.0f, 0.0f));
        scene.frustums.emplace_back(projection * view, kCameraChunk);
    }
    return scene;
}

double radius_of(const benchmark::State& state) { return static_cast<double>(state.range(0)) / 10.0; }

void BM_CullOctree(benchmark::State& state) {
    Scene scene = make_scene(radius_of(state));
    ChunkOctree tree;
    for (std::size_t i = 0; i < scene.keys.size(); ++i) tree.insert(scene.keys[i], scene.coords[i]);
    std::vector<std::uint64_t> visible;
    visible.reserve(scene.keys.size());
    std::size_t heading = 0, seen = 0, nodes_visited = 0, boxes_tested = 0;
    for (auto _ : state) {
        tree.cull(scene.frustums[heading], visible);
        benchmark::DoNotOptimize(visible.data());
        heading = (heading + 1) % kHeadings;
        ChunkOctree::Stats stats = tree.stats();
        seen += stats.chunks_visible;
        nodes_visited += stats.nodes_visited;
        boxes_tested += stats.boxes_tested;
    }
    auto per_query = [&](std::size_t total) {
        return benchmark::Counter(static_cast<double>(total) / static_cast<double>(state.iterations()));
    };
    state.counters["chunks"] = static_cast<double>(scene.keys.size());
    state.counters["visible"] = per_query(seen);
    state.counters["nodes_visited"] = per_query(nodes_visited);
    state.counters["boxes_tested"] = per_query(boxes_tested);
}

void BM_CullBruteForce(benchmark::State& state) {
    Scene scene = make_scene(radius_of(state));
    ChunkBoxArrays boxes;
    for (std::size_t i = 0; i < scene.keys.size(); ++i) boxes.add(scene.keys[i], scene.coords[i]);
    std::vector<std::uint64_t> visible;
    visible.reserve(scene.keys.size());
    std::size_t heading = 0, seen = 0;
    for (auto _ : state) {
        slotcraft::brute_force_cull(boxes, scene.frustums[heading], visible);
        benchmark::DoNotOptimize(visible.data());
        heading = (heading + 1) % kHeadings;
        seen += visible.size();
    }
    state.counters["chunks"] = static_cast<double>(scene.keys.size());
    state.counters["visible"] = static_cast<double>(seen) / static_cast<double>(state.iterations());
    state.counters["boxes_tested"] = static_cast<double>(scene.keys.size());
}

// Streaming churn: the disc moves one chunk along x per iteration; the columns leaving at
// the back are removed and those entering at the front inserted. Reported per chunk moved.
void BM_OctreeStreamStep(benchmark::State& state) {
    double radius = radius_of(state);
    int reach = static_cast<int>(std::ceil(radius));
    ChunkOctree tree;
    auto key_of = [](int x, int y, int z) {
        return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(x)) << 32) ^
               (static_cast<std::uint64_t>(static_cast<std::uint32_t>(z)) << 4) ^ static_cast<std::uint64_t>(y);
    };
    auto in_disc = [&](int dx, int dz) { return dx * dx + dz * dz <= radius * radius; };
    int centre = 0;
    for (int dx = -reach; dx <= reach; ++dx) {
        for (int dz = -reach; dz <= reach; ++dz) {
            if (!in_disc(dx, dz)) continue;
            for (int y = 0; y < 16; ++y) tree.insert(key_of(dx, y, dz), {dx, y, dz});
        }
    }
    std::size_t moved = 0;
    for (auto _ : state) {
        // Columns in the old disc but not the new one leave; those in the new but not the old come.
        for (int dx = -reach - 1; dx <= reach + 1; ++dx) {
            for (int dz = -reach; dz <= reach; ++dz) {
                int x = centre + dx;
                bool was = in_disc(x - centre, dz);
                bool will = in_disc(x - centre - 1, dz);
                if (was == will) continue;
                for (int y = 0; y < 16; ++y) {
                    if (was) {
                        tree.remove(key_of(x, y, dz));
                    } else {
                        tree.insert(key_of(x, y, dz), {x, y, dz});
                    }
                    ++moved;
                }
            }
        }
        ++centre;
    }
    state.counters["chunks"] = static_cast<double>(tree.size());
    state.SetItemsProcessed(static_cast<std::int64_t>(moved));
}

}  // namespace

BENCHMARK(BM_CullOctree)->ArgName("radius_tenths")->Arg(45)->Arg(180)->Arg(360)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_CullBruteForce)->ArgName("radius_tenths")->Arg(45)->Arg(180)->Arg(360)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_OctreeStreamStep)->ArgName("radius_tenths")->Arg(180)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
