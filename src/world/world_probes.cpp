// Probes of a World for benchmarks and tests (world_probes.hpp).
#include "world/world_probes.hpp"

#include "world/around.hpp"
#include "world/light_boxes.hpp"

namespace slotcraft {

std::vector<CubeInstance> rebuild_instances(const World& world, ChunkCoord c) {
    const LoadedChunks& chunks = world.loaded_table();
    std::vector<CubeInstance> out;
    const Chunk* chunk = chunks.find(c);
    if (!chunk || !chunk->has_blocks()) return out;
    const std::unique_ptr<Chunk> scratch = chunk->copy_blocks();
    scratch->compute_interior_masks();
    for (int f = 0; f < kFaceCount; ++f) {
        const auto face = static_cast<Face>(f);
        const ChunkCoord nc = neighbour(c, face);
        if (!chunk_y_in_world(nc.y)) continue;
        scratch->fix_border(face, chunks.find(nc), [](uint16_t, uint8_t) {});
    }
    scratch->append_instances(out);
    for (CubeInstance& cube : out) cube.shade = shade_of(chunks, *chunk, cube.index, cube.face_mask);
    return out;
}

std::optional<ChunkLightBox> light_box(const World& world, ChunkCoord c) {
    const LoadedChunks& chunks = world.loaded_table();
    const Chunk* chunk = chunks.find(c);
    if (chunk == nullptr) return std::nullopt;
    ChunkLightBox box{c, 0, {}};
    if (const std::optional<uint8_t> u = LightBoxes::build(Around(chunks, *chunk), box.cells)) {
        box.uniform = *u;
        box.cells.clear();
    }
    return box;
}

}  // namespace slotcraft
