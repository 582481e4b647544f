// The change tracker and the light track (change_tracker.hpp).
#include "world/change_tracker.hpp"

#include "world/around.hpp"

#include <algorithm>

namespace slotcraft {

void LightTrack::take_changes(const LightPropagator& lp) {
    lp.for_each_changed([&](Chunk* c, uint16_t i, uint8_t) { cells.push_back({c->coord(), i}); });
    std::vector<Chunk*> lit;
    lp.for_each_changed([&](Chunk* c, uint16_t, uint8_t) {
        if (lit.empty() || lit.back() != c) lit.push_back(c);
    });
    std::sort(lit.begin(), lit.end());
    lit.erase(std::unique(lit.begin(), lit.end()), lit.end());
    for (Chunk* c : lit) c->compact_light();
}

void ChangeTracker::emit(const LoadedChunks& chunks, std::vector<InstanceChange>& out) const {
    std::optional<Around> around;  // the last chunk's (notes come in runs of one chunk)
    for (const Noted& n : noted_) {
        const LoadedChunks::ChunkEntry& e = chunks.entry(n.entry);
        if (e.generation != n.generation || !e.chunk) continue;  // unloaded since
        const uint8_t now = e.chunk->mask(n.index);
        if (now == n.old_mask && !(n.shade && now != 0)) continue;
        InstanceChange change = *instance_change(e.chunk->coord(), n.index, e.chunk->block(n.index), n.old_mask, now);
        if (now != 0) {
            if (!around || &around->chunk() != e.chunk.get()) around.emplace(chunks, n.entry);
            change.shade = shade_of(*around, n.index, now);
        }
        out.push_back(change);
    }
}

}  // namespace slotcraft
