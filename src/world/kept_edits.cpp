// Kept edits of unloaded chunks (kept_edits.hpp).
#include "world/kept_edits.hpp"

#include "world/light.hpp"
#include "world/shade.hpp"

#include <array>

namespace slotcraft {

GenerationJob KeptEdits::job_for(ChunkCoord c) const {
    GenerationJob job{c, {}};
    if (const auto it = kept_.find(c); it != kept_.end()) job.edits = it->second;
    return job;
}

std::unique_ptr<Chunk> KeptEdits::materialize(const TerrainGenerator& terrain, ChunkCoord c) const {
    std::unique_ptr<Chunk> chunk = terrain.generate(c);
    if (const auto it = kept_.find(c); it != kept_.end()) chunk->apply_edits(it->second);
    return chunk;
}

void KeptEdits::keep(ChunkCoord c, std::vector<BlockEdit> edits) {
    if (!edits.empty()) kept_[c] = std::move(edits);
}

void KeptEdits::merge(ChunkCoord c, std::span<const BlockEdit> newest, bool requested) {
    if (newest.empty()) return;
    std::vector<BlockEdit>& kept = kept_[c];
    std::array<int32_t, kChunkVolume> at;
    at.fill(-1);
    for (std::size_t k = 0; k < kept.size(); ++k) at[kept[k].index] = static_cast<int32_t>(k);
    for (const BlockEdit& e : newest) {
        if (at[e.index] >= 0) {
            kept[static_cast<std::size_t>(at[e.index])].type = e.type;
        } else {
            at[e.index] = static_cast<int32_t>(kept.size());
            kept.push_back(e);
        }
    }
    if (requested) stale_jobs_.insert(c);
}

void KeptEdits::import(ChunkCoord c, std::span<const BlockEdit> edits) {
    if (edits.empty() || !chunk_y_in_world(c.y)) return;
    std::vector<BlockEdit>& kept = kept_[c];
    kept.insert(kept.begin(), edits.begin(), edits.end());  // applied in order: kept ones last
}

void KeptEdits::hand_over(GenerationResult& result) {
    Chunk& chunk = *result.chunk;
    const ChunkCoord c = chunk.coord();
    if (stale_jobs_.erase(c) > 0) {  // edited while it was being generated
        if (const auto it = kept_.find(c); it != kept_.end()) chunk.apply_edits(it->second);
        chunk.compute_interior_masks();
        LightPropagator::light_alone(chunk);
        chunk.open_light();  // as the worker does (build_chunk)
        result.inner = inner_instances(chunk);
    }
    kept_.erase(c);  // the chunk holds its edits again
}

}  // namespace slotcraft
