#pragma once
// What one batch of chunk work changed, gathered to be emitted once at its end: the change
// tracker (each cube's mask before the batch, one instance change per cube) and the light
// track (changed cells, fresh and shown chunks: what LightBoxes::emit turns into light
// events). Plain C++20; never depends on GL.
#include "world/chunk.hpp"
#include "world/coords.hpp"
#include "world/events.hpp"
#include "world/light.hpp"
#include "world/loaded_chunks.hpp"

#include <tsl/robin_map.h>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace slotcraft {

// What happens to a cube's instance when its face mask goes from old_mask to new_mask (a cube
// has an instance while its mask is not 0): the change, or nullopt when it had none and still
// has none. `type` is the instance's type (for a removal, the type it had).
inline std::optional<InstanceChange> instance_change(ChunkCoord chunk, uint16_t index, BlockType type, uint8_t old_mask,
                                                     uint8_t new_mask) {
    using Kind = InstanceChange::Kind;
    if (old_mask == 0 && new_mask == 0) return std::nullopt;
    const Kind kind = old_mask == 0 ? Kind::kAdded : new_mask == 0 ? Kind::kRemoved : Kind::kChanged;
    return InstanceChange{kind, chunk, index, type, new_mask, {}};
}

// The cells of a batch whose light or opacity changed, and the chunks it loaded and showed:
// what LightBoxes::emit turns into light events at the end of the batch.
struct LightTrack {
    std::vector<std::pair<ChunkCoord, uint16_t>> cells;
    std::vector<ChunkCoord> fresh;  // loaded: their cells enter the aprons of the boxes around
    std::vector<ChunkCoord> shown;  // shown: they get their whole box
    // The instances carry no light: the cells a light pass changed go to the light events
    // only, and the light arrays of the chunks it touched are compacted (a chunk whose light
    // became uniform drops its array).
    void take_changes(const LightPropagator& lp);
    void clear() {
        cells.clear();
        fresh.clear();
        shown.clear();
    }
    bool empty() const { return cells.empty() && fresh.empty() && shown.empty(); }
};

// Border fix-ups in one batch may touch a cube several times (an unload, then a load on
// another side). The tracker remembers each cube's mask before the batch and emits one
// change per cube at the end, only for chunks that were loaded before and still are.
class ChangeTracker {
public:
    // `shade`: the cube's light or occlusion may have changed (a rewrite even when its mask
    // did not change).
    void note(uint32_t entry, uint32_t generation, uint16_t index, uint8_t old_mask, bool shade = false) {
        const uint64_t key = (static_cast<uint64_t>(entry) << 16) | index;
        const auto [it, inserted] = seen_.insert({key, static_cast<uint32_t>(noted_.size())});
        if (inserted) {
            noted_.push_back({entry, generation, index, old_mask, shade});
        } else {
            noted_[it->second].shade |= shade;
        }
    }
    // One change per noted cube whose instance changed (or must be rewritten), shaded now.
    void emit(const LoadedChunks& chunks, std::vector<InstanceChange>& out) const;

    LightTrack light;  // the batch's light changes, for LightBoxes::emit

    void clear() {
        seen_.clear();
        noted_.clear();
    }
    bool empty() const { return noted_.empty() && light.empty(); }

private:
    struct Noted {
        uint32_t entry;  // in the chunk table
        uint32_t generation;
        uint16_t index;
        uint8_t old_mask;
        bool shade;
    };
    tsl::robin_map<uint64_t, uint32_t, MixHash> seen_;
    std::vector<Noted> noted_;
};

}  // namespace slotcraft
