#pragma once
// The edit batch: every edit of the world's blocks goes through EditBatch::apply (set_block
// is a batch of one, scripts' fills and the world file's regions are larger ones): the
// region's cells get their new types (kept edits for chunks that are not loaded), the light
// is relit once, and the exposure and shade of the dirty cells recomputed once, giving one
// list of instance changes and the batch's light events (docs/world.md "Batch edits").
// Plain C++20 and GLM; never depends on GL.
#include "world/block.hpp"
#include "world/chunk.hpp"
#include "world/coords.hpp"
#include "world/events.hpp"
#include "world/kept_edits.hpp"
#include "world/light.hpp"
#include "world/light_boxes.hpp"
#include "world/loaded_chunks.hpp"
#include "world/refused.hpp"
#include "world/region.hpp"
#include "world/stream_planner.hpp"
#include "world/terrain.hpp"

#include <cstddef>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace slotcraft {

// Why set_block refused an edit (which then changed nothing).
enum class EditError : uint8_t {
    kOutOfHeight,     // y outside -64..319
    kChunkNotLoaded,  // the block's chunk is not loaded (not generated yet, or out of view)
    kUnknownType,     // not a BlockType value
    kOutOfBound,      // x or z beyond the world's bound (kWorldCellBound)
};
std::string_view describe(EditError error);

// Errors, the house convention: bad input and failures from outside are exceptions derived
// from std::runtime_error whose what() is the whole message; misuse by our own code is an
// assert; an expected absence is a value (block_at of an unloaded chunk is nullopt).

// set_block refused an edit (bad input from a script or a player, not a bug): nothing changed.
// `reason` is for code and tests; what() names the block and says why.
struct EditRefused : Refused {
    EditRefused(const BlockPos& p, EditError why);
    EditError reason;
};

// A changed cell as the world file records it: chunk, local index, new type.
struct CellEdit {
    ChunkCoord chunk;
    uint16_t index = 0;
    BlockType type = BlockType::kAir;
};

// Whether a batch lists its changed cells (EditResult::edits), as the world file's records
// need; off, it only counts them.
enum class ListEdits : bool { kNo = false, kYes = true };

// What one batch (World::apply) did.
struct EditResult {
    // Every instance change of the batch, removals first, at most one per cube.
    std::vector<InstanceChange> changes;
    std::size_t cells_changed = 0;
    // Per cell of the region, in region order: the type it had, or kUnchangedCell.
    std::vector<uint8_t> before;
    // The changed cells, when asked for (the world file's records), grouped by chunk.
    std::vector<CellEdit> edits;
    // The light boxes the batch changed (apply after `changes`; see LightEvents).
    LightEvents light;
};

// The rule of a batch: the new type of cell `index` (region order) that holds `old`.
using CellRule = std::function<BlockType(std::size_t index, BlockType old)>;

class EditBatch {
public:
    // Every reference must outlive the batch; the planner only says which chunks are
    // requested (their jobs go stale when their kept edits change).
    EditBatch(const TerrainGenerator& terrain, LoadedChunks& chunks, KeptEdits& kept, LightBoxes& boxes,
              const StreamPlanner& planner);
    ~EditBatch();
    EditBatch(const EditBatch&) = delete;
    EditBatch& operator=(const EditBatch&) = delete;

    // The contracts are World's (world.hpp: apply, read_region, set_block).
    EditResult apply(const Region& region, const CellRule& rule, ListEdits list_edits, const std::string& what);
    std::vector<BlockType> read_region(const Region& region, const std::string& what) const;
    EditChanges set_block(const BlockPos& p, BlockType type);
    EditChanges set_block(const BlockPos& p, std::string_view type_name);

    std::size_t applied() const { return applied_; }  // cells changed, since start
    std::size_t refused() const { return refused_; }  // edits refused, since start
    std::size_t light_cells_last() const { return light_cells_last_; }
    double light_ms_last() const { return light_ms_last_; }

private:
    struct TouchedChunk;  // a loaded chunk the batch touched: its dirty and retyped cells
    struct Scratch;       // the touched chunks and changed cells, kept between batches

    // The phases of apply.
    void start(const Region& region, const std::string& what, EditResult& out);
    void change_part(const Region& region, const CellRule& rule, ListEdits list_edits, const ChunkCoord& cc,
                     const glm::ivec3& from, const glm::ivec3& to, EditResult& out);
    void mark_around(const ChunkCoord& cc, const glm::ivec3& p, TouchedChunk& t);
    void relight(LightTrack& track);
    void recompute_exposure(const Region& region, EditResult& out);
    void recompute_chunk(const TouchedChunk& t, const Region& region, EditResult& out);
    TouchedChunk& touch(Chunk* c);

    const TerrainGenerator& terrain_;
    LoadedChunks& chunks_;
    KeptEdits& kept_;
    LightBoxes& boxes_;
    const StreamPlanner& planner_;
    std::unique_ptr<Scratch> scratch_;
    std::unique_ptr<LightPropagator> light_;  // the relight, reset for each batch
    std::size_t applied_ = 0;
    std::size_t refused_ = 0;
    std::size_t light_cells_last_ = 0;  // cells whose light the last batch changed
    double light_ms_last_ = 0.0;        // main-thread ms of the last batch's relight
};

}  // namespace slotcraft
