// bench_occlusion: the occlusion walk's time against the frustum's query, in the same run, on
// a settled terrain world (seed 1) at view distance 32 (docs/benchmarks.md "Occlusion
// culling"). Poses: above the hills (the demo's start), in a room dug 50 blocks under them,
// and looking along the ground from a hill. BM_CullFrustum is CullView::cull with the walk off
// (the octree's query, the far rings' filter, the draw order); BM_CullWithOcclusion the same
// with the walk on. The counters say what each drew and hid.
#include <benchmark/benchmark.h>

#include <array>
#include <memory>

#include "draw/cull_view.hpp"
#include "slots/instance_slots.hpp"
#include "world/world.hpp"

namespace {

using namespace slotcraft;

constexpr int kViewDistance = 32;

struct Pose {
    glm::dvec3 position;
    double yaw, pitch;
};
constexpr std::array<Pose, 3> kPoses = {{
    {{0.5, 100.0, 0.5}, 30.0, -20.0},  // above the hills
    {{0.5, 21.6, 1.5}, 30.0, 25.0},    // a room in the rock, looking up toward the hills
    {{0.5, 90.0, 0.5}, 120.0, 0.0},    // along the ground
}};

// One settled world for every benchmark of the run (settling takes seconds).
struct Scene {
    World world{[] {
        WorldConfig config;
        config.seed = 1;
        config.view_distance = kViewDistance;
        return config;
    }()};
    InstanceSlots slots;
    CullView cull;

    Scene() {
        const glm::dvec3 camera = kPoses[0].position;
        while (!world.idle()) slots.apply(world.update(camera));
        // The room of pose 1: 5 x 4 x 5 cells of air around it.
        for (int y = 20; y <= 23; ++y)
            for (int z = -2; z <= 2; ++z)
                for (int x = -2; x <= 2; ++x) slots.apply_changes(world.set_block({x, y, z}, BlockType::kAir));
        cull.track(slots);
    }
    Eye eye(const Pose& pose) const {
        Camera camera;
        camera.position = pose.position;
        camera.yaw = pose.yaw;
        camera.pitch = pose.pitch;
        return eye_of(camera, kViewDistance, 16.0f / 9.0f);
    }
};

Scene& scene() {
    static Scene s;
    return s;
}

void run(benchmark::State& state, bool occlusion) {
    Scene& s = scene();
    const Eye eye = s.eye(kPoses[static_cast<std::size_t>(state.range(0))]);
    s.cull.set_occlusion(occlusion);
    const OcclusionSource source{s.world.loaded_table(), kViewDistance};
    std::size_t runs = 0;
    for (auto _ : state) {
        runs = s.cull.cull(eye, s.slots, {}, &source).size();
        benchmark::ClobberMemory();
    }
    const CullView::Stats stats = s.cull.stats();
    state.counters["runs"] = static_cast<double>(runs);
    state.counters["visible"] = static_cast<double>(stats.octree.chunks_visible);
    state.counters["hidden"] = static_cast<double>(stats.occluded_chunks);
    state.counters["hidden_cubes"] = static_cast<double>(stats.occluded_instances);
    state.counters["reached"] = static_cast<double>(stats.walk_reached);
}

void BM_CullFrustum(benchmark::State& state) { run(state, false); }
void BM_CullWithOcclusion(benchmark::State& state) { run(state, true); }

}  // namespace

BENCHMARK(BM_CullFrustum)->ArgName("pose")->DenseRange(0, 2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CullWithOcclusion)->ArgName("pose")->DenseRange(0, 2)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
