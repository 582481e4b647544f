// The world's edits under any sequence of batch edits (loaded chunks or not), single block
// edits, loads and unloads, against a model of every cell of a small area: the world reads
// back what the model holds, kept edits survive their chunk streaming out and back in, and a
// refused edit changes nothing.
#include "fuzz/fuzz_input.hpp"
#include "world/world.hpp"

#include <map>
#include <vector>

namespace {

using namespace slotcraft;

// The area: chunks x, z in -1..0, y 3..4 (blocks x, z -16..15, y 48..79).
constexpr int kLo = -16, kHi = 15, kYLo = 48, kYHi = 79;

BlockType random_type(fuzz::FuzzInput& in) {
    return static_cast<BlockType>(in.range(0, static_cast<int64_t>(kBlockTypeCount) - 1));
}

BlockPos random_cell(fuzz::FuzzInput& in, int margin) {
    return {static_cast<int32_t>(in.range(kLo - margin, kHi + margin)),
            static_cast<int32_t>(in.range(kYLo - margin, kYHi + margin)),
            static_cast<int32_t>(in.range(kLo - margin, kHi + margin))};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    fuzz::FuzzInput in(data, size);
    WorldConfig config;
    config.type = in.byte() % 2 ? WorldType::kFlat : WorldType::kTerrain;
    config.seed = in.byte();
    config.view_distance = 1;
    World world(config);
    const Region area{{kLo, kYLo, kLo}, {kHi, kYHi, kHi}};
    std::vector<BlockType> model = world.read_region(area);
    const auto index = [&area](const BlockPos& p) { return area.index_of(p); };
    const auto inside = [](const BlockPos& p) {
        return p.x >= kLo && p.x <= kHi && p.y >= kYLo && p.y <= kYHi && p.z >= kLo && p.z <= kHi;
    };
    for (int op = 0; op < 60 && !in.done(); ++op) {
        switch (in.byte() % 4) {
            case 0: {  // a batch over a small region, clipped by the area only in the model
                const BlockPos a = random_cell(in, 2);
                const BlockPos b{a.x + static_cast<int32_t>(in.range(0, 6)), a.y + static_cast<int32_t>(in.range(0, 6)),
                                 a.z + static_cast<int32_t>(in.range(0, 6))};
                const BlockType type = random_type(in);
                const Region r = Region::between(a, b);
                world.apply(
                    r, [type](std::size_t, BlockType) { return type; }, ListEdits::kNo, "fuzz");
                for (int32_t y = r.min.y; y <= r.max.y; ++y) {
                    for (int32_t z = r.min.z; z <= r.max.z; ++z) {
                        for (int32_t x = r.min.x; x <= r.max.x; ++x) {
                            if (inside({x, y, z})) model[index({x, y, z})] = type;
                        }
                    }
                }
                break;
            }
            case 1: {  // one block where its chunk may not be loaded: applied or refused whole
                const BlockPos p = random_cell(in, 0);
                const BlockType type = random_type(in);
                try {
                    world.set_block(p, type);
                    model[index(p)] = type;
                } catch (const EditRefused&) {
                    fuzz::check(!world.chunk_loaded(chunk_of(p)), "an edit in a loaded chunk was refused");
                }
                break;
            }
            case 2:
            case 3: {
                const ChunkCoord c{static_cast<int32_t>(in.range(-1, 0)), static_cast<int32_t>(in.range(3, 4)),
                                   static_cast<int32_t>(in.range(-1, 0))};
                const ChunkCoord one[] = {c};
                if (in.byte() % 2) {
                    (void)world.load_now(one);
                } else {
                    (void)world.unload_now(one);
                }
                break;
            }
        }
        fuzz::check(world.read_region(area) == model,
                    "the world disagrees with the model after op " + std::to_string(op));
    }
    for (int i = 0; i < 64; ++i) {  // loaded cells read the same through block_at
        const BlockPos p = random_cell(in, 0);
        if (const auto held = world.block_at(p)) fuzz::check(*held == model[index(p)], "block_at disagrees");
    }
    return 0;
}
