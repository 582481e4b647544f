#pragma once
// Kept edits: the changed cells of chunks that are not loaded (edited while unloaded,
// unloaded after an edit, or read from the world file), applied whenever the chunk is
// generated again, and which requested chunks' jobs they made stale. Generation jobs, edits
// of unloaded regions and (later) coarse far chunks and region import read them here.
// Plain C++20; never depends on GL, the loaded chunks or the planner.
#include "world/chunk.hpp"
#include "world/coords.hpp"
#include "world/streaming.hpp"
#include "world/terrain.hpp"

#include <tsl/robin_map.h>
#include <tsl/robin_set.h>

#include <cstddef>
#include <memory>
#include <span>
#include <vector>

namespace slotcraft {

class KeptEdits {
public:
    // The job that generates c: its kept edits ride along (applied after the terrain).
    GenerationJob job_for(ChunkCoord c) const;
    // The blocks of unloaded chunk c: generated, then its kept edits (no masks, no light).
    std::unique_ptr<Chunk> materialize(const TerrainGenerator& terrain, ChunkCoord c) const;

    // A chunk unloads: its edits (when it has any) are kept until it loads again.
    void keep(ChunkCoord c, std::vector<BlockEdit> edits);
    // A batch changed cells of unloaded chunk c: a cell's newest edit wins. `requested`: c's
    // job is out already, so its result gets the edits again when it is integrated.
    void merge(ChunkCoord c, std::span<const BlockEdit> newest, bool requested);
    // Saved edits of chunk c (the world file): applied in order, so for a cell that already
    // has a kept edit the kept one wins.
    void import(ChunkCoord c, std::span<const BlockEdit> edits);
    // A finished chunk enters the chunk table: when its job went out before its latest kept
    // edits, they are applied again (and its masks, light and off-border list made again, as
    // the worker does); either way the chunk holds its edits from now on.
    void hand_over(GenerationResult& result);
    // A result that is not integrated (out of view on arrival): its next job carries the edits.
    void forget_stale(ChunkCoord c) { stale_jobs_.erase(c); }

    std::size_t chunks() const { return kept_.size(); }  // unloaded chunks with kept edits

private:
    tsl::robin_map<ChunkCoord, std::vector<BlockEdit>, ChunkCoordHash> kept_;
    // Requested chunks whose kept edits changed after their job was made.
    tsl::robin_set<ChunkCoord, ChunkCoordHash> stale_jobs_;
};

}  // namespace slotcraft
