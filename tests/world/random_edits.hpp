#pragma once
// One step of the randomized light runs (tests/world/light_test.cpp against the brute-force
// light, tests/slots/light_pages_test.cpp against the light pages): every 25th step one chunk
// of `region` loads or unloads, every 50th (from the 10th) a small box of cells is set at
// once, the others set one cell in [lo, hi] to a random type (lamps included). Refused edits
// (unloaded chunk) change nothing. Returns what the world reported, as events: the edits'
// instance changes and light in `changes` and `light`.
#include <random>
#include <span>
#include <vector>

#include "world/world.hpp"

namespace slotcraft::test {

inline WorldEvents random_edit_step(World& world, std::mt19937& rng, std::span<const ChunkCoord> region, glm::ivec3 lo,
                                    glm::ivec3 hi, int step) {
    static const std::vector<BlockType> palette = {BlockType::kAir,   BlockType::kAir,    BlockType::kAir,
                                                   BlockType::kStone, BlockType::kStone,  BlockType::kLamp,
                                                   BlockType::kGlass, BlockType::kLeaves, BlockType::kDirt};
    auto in = [&rng](int a, int b) { return a + static_cast<int>(rng() % static_cast<unsigned>(b - a + 1)); };
    WorldEvents out;
    if (step % 25 == 24) {
        const ChunkCoord c = region[rng() % region.size()];
        return world.chunk_loaded(c) ? world.unload_now(std::span(&c, 1)) : world.load_now(std::span(&c, 1));
    }
    if (step % 50 == 10) {
        const BlockPos a{in(lo.x, hi.x), in(lo.y, hi.y), in(lo.z, hi.z)};
        const BlockType t = palette[rng() % palette.size()];
        try {
            EditResult r = world.apply(Region{a, a + glm::ivec3(in(0, 3), in(0, 3), in(0, 3))},
                                       [t](std::size_t, BlockType) { return t; });
            out.changes = std::move(r.changes);
            out.light = std::move(r.light);
        } catch (const RegionRefused&) {}
        return out;
    }
    const BlockPos p{in(lo.x, hi.x), in(lo.y, hi.y), in(lo.z, hi.z)};
    try {
        const EditChanges r = world.set_block(p, palette[rng() % palette.size()]);
        out.changes.assign(r.begin(), r.end());
        out.light = r.light();
    } catch (const EditRefused&) {}
    return out;
}

}  // namespace slotcraft::test
