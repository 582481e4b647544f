// The edit batch (edit_batch.hpp): refusals, the cells of a region changed, the relight,
// and the exposure and shade recomputed once per dirty cell.
//
// Index: [SECTION] refusals, scratch, apply, reading.
#include "world/edit_batch.hpp"

#include "world/around.hpp"
#include "world/change_tracker.hpp"

#include <tsl/robin_map.h>

#include <array>
#include <bit>
#include <cassert>
#include <chrono>
#include <deque>

namespace slotcraft {

// [SECTION] refusals

std::string_view describe(EditError error) {
    switch (error) {
        case EditError::kOutOfHeight: return "y is outside the world (-64..319)";
        case EditError::kChunkNotLoaded: return "the block's chunk is not loaded";
        case EditError::kUnknownType: return "unknown block type";
        case EditError::kOutOfBound: return "x or z is beyond the world's bound (-1e9 .. 1e9)";
    }
    return "unknown error";
}

EditRefused::EditRefused(const BlockPos& p, EditError why)
    : Refused("cannot set the block at " + to_string(p) + ": " + std::string(describe(why))), reason(why) {}

EditBatch::EditBatch(const TerrainGenerator& terrain, LoadedChunks& chunks, KeptEdits& kept, LightBoxes& boxes,
                     const StreamPlanner& planner)
    : terrain_(terrain), chunks_(chunks), kept_(kept), boxes_(boxes), planner_(planner) {}

EditBatch::~EditBatch() = default;

EditChanges EditBatch::set_block(const BlockPos& p, std::string_view type_name) {
    const std::optional<BlockType> type = block_from_name(type_name);
    if (!type) {
        ++refused_;
        throw EditRefused(p, EditError::kUnknownType);
    }
    return set_block(p, *type);
}

EditChanges EditBatch::set_block(const BlockPos& p, BlockType type) {
    std::optional<EditError> refused;
    if (!is_valid_block_type(static_cast<uint8_t>(type))) {
        refused = EditError::kUnknownType;
    } else if (!block_y_in_world(p.y)) {
        refused = EditError::kOutOfHeight;
    } else if (!block_xz_in_bound(p.x, p.z)) {
        refused = EditError::kOutOfBound;
    } else if (chunks_.find(chunk_of(p)) == nullptr) {
        refused = EditError::kChunkNotLoaded;
    }
    if (refused) {
        ++refused_;
        throw EditRefused(p, *refused);
    }
    EditResult result = apply(
        Region{p, p}, [type](std::size_t, BlockType) { return type; }, ListEdits::kNo, "edit");
    return EditChanges(std::move(result.changes), std::move(result.light));
}

// [SECTION] scratch

namespace {
// A 4096-bit set of a chunk's cells.
struct CellBits {
    std::array<uint64_t, kChunkVolume / 64> words{};
    void set(uint16_t i) { words[i >> 6] |= uint64_t{1} << (i & 63); }
    bool test(uint16_t i) const { return (words[i >> 6] >> (i & 63)) & 1; }
    template <class F>
    void for_each(F&& f) const {
        for (std::size_t w = 0; w < words.size(); ++w) {
            for (uint64_t bits = words[w]; bits != 0; bits &= bits - 1) {
                f(static_cast<uint16_t>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits))));
            }
        }
    }
};
}  // namespace

// The cells whose exposure must be recomputed (changed cells and the neighbours of cells
// whose opacity changed) and the cells that changed type.
struct EditBatch::TouchedChunk {
    Chunk* chunk = nullptr;
    CellBits dirty;
    CellBits retyped;
};

// Kept between batches so a batch of one allocates almost nothing: the touched chunks' masks
// (a deque: references stay valid as it grows; entries past `used` are spare) and their index.
struct EditBatch::Scratch {
    std::deque<TouchedChunk> touched;
    std::size_t used = 0;
    tsl::robin_map<ChunkCoord, uint32_t, ChunkCoordHash> index;
    std::vector<InstanceChange> others;  // the changes that are not removals, appended last
    struct Changed {
        Chunk* chunk;
        uint16_t index;
        BlockType old;
    };
    std::vector<Changed> changed;  // cells of loaded chunks that changed type, for the relight
};

EditBatch::TouchedChunk& EditBatch::touch(Chunk* c) {
    Scratch& scratch = *scratch_;
    const auto [it, inserted] = scratch.index.insert({c->coord(), static_cast<uint32_t>(scratch.used)});
    if (inserted) {
        if (scratch.used == scratch.touched.size()) scratch.touched.emplace_back();
        scratch.touched[scratch.used++] = {c, {}, {}};
    }
    return scratch.touched[it->second];
}

// [SECTION] apply

EditResult EditBatch::apply(const Region& region, const CellRule& rule, ListEdits list_edits, const std::string& what) {
    EditResult out;
    start(region, what, out);
    for_each_chunk_part(region, [&](const ChunkCoord& cc, const glm::ivec3& from, const glm::ivec3& to) {
        change_part(region, rule, list_edits, cc, from, to, out);
    });
    LightTrack track;
    relight(track);
    recompute_exposure(region, out);
    boxes_.emit(track, out.changes, out.light);
    applied_ += out.cells_changed;
    return out;
}

// Refuses a bad region (having changed nothing) and empties the scratch.
void EditBatch::start(const Region& region, const std::string& what, EditResult& out) {
    try {
        check_region(region, what);
    } catch (const RegionRefused&) {
        ++refused_;
        throw;
    }
    out.before.assign(region.cells(), kUnchangedCell);
    if (!scratch_) scratch_ = std::make_unique<Scratch>();
    scratch_->used = 0;
    scratch_->index.clear();
    scratch_->others.clear();
    scratch_->changed.clear();
}

// The cells of one chunk's part of the region get rule(index, old): in a loaded chunk they
// change and are marked dirty; in an unloaded one they become kept edits.
void EditBatch::change_part(const Region& region, const CellRule& rule, ListEdits list_edits, const ChunkCoord& cc,
                            const glm::ivec3& from, const glm::ivec3& to, EditResult& out) {
    const BlockPos origin = chunk_origin(cc);
    Chunk* c = chunks_.find(cc);
    std::unique_ptr<Chunk> unloaded = c ? nullptr : kept_.materialize(terrain_, cc);
    Chunk& blocks = c ? *c : *unloaded;
    TouchedChunk* t = nullptr;
    std::vector<BlockEdit> new_kept;
    for (int y = from.y; y <= to.y; ++y) {
        for (int z = from.z; z <= to.z; ++z) {
            std::size_t ri = region.index_of(origin + glm::ivec3(from.x, y, z));
            for (int x = from.x; x <= to.x; ++x, ++ri) {
                const uint16_t i = local_index(x, y, z);
                const BlockType old = blocks.block(i);
                const BlockType type = rule(ri, old);
                if (type == old) continue;
                assert(is_valid_block_type(static_cast<uint8_t>(type)) && "a batch rule gave a bad type");
                out.before[ri] = static_cast<uint8_t>(old);
                ++out.cells_changed;
                if (list_edits == ListEdits::kYes) out.edits.push_back({cc, i, type});
                if (!c) {
                    unloaded->set_block(i, type);
                    new_kept.push_back({i, type});
                    continue;
                }
                c->set_block(i, type);
                c->record_edit(i, type);
                if (!t) t = &touch(c);
                t->dirty.set(i);
                t->retyped.set(i);
                scratch_->changed.push_back({c, i, old});
                if (changes_neighbour_faces(old, type)) mark_around(cc, glm::ivec3(x, y, z), *t);
            }
        }
    }
    // Kept edits, applied when the chunk loads; a cell's newest edit wins.
    kept_.merge(cc, new_kept, planner_.requested(cc));
}

// The neighbours' faces toward cell p of chunk cc, and the occlusion of every cube that
// touches it, change with its opacity (and faces with water): all 27 cells are dirty.
void EditBatch::mark_around(const ChunkCoord& cc, const glm::ivec3& p, TouchedChunk& t) {
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dz = -1; dz <= 1; ++dz) {
            for (int dx = -1; dx <= 1; ++dx) {
                const glm::ivec3 q = p + glm::ivec3(dx, dy, dz);
                if (q.x >= 0 && q.x < kChunkSize && q.y >= 0 && q.y < kChunkSize && q.z >= 0 && q.z < kChunkSize) {
                    t.dirty.set(local_index(q.x, q.y, q.z));
                    continue;
                }
                const glm::ivec3 step{floor_div(q.x, kChunkSize), floor_div(q.y, kChunkSize),
                                      floor_div(q.z, kChunkSize)};
                const ChunkCoord nc{cc.x + step.x, cc.y + step.y, cc.z + step.z};
                if (!chunk_y_in_world(nc.y)) continue;
                Chunk* n = chunks_.find(nc);
                if (!n) continue;
                const glm::ivec3 lq = q - step * kChunkSize;
                touch(n).dirty.set(local_index(lq.x, lq.y, lq.z));
            }
        }
    }
}

// Light: the changed cells (and, for a lamp, its neighbours) go through the removal and
// add passes. The instances carry no light (only the occlusion, rewritten with the opacity):
// the changed cells, and the retyped ones, go to the light events.
void EditBatch::relight(LightTrack& track) {
    const Scratch& scratch = *scratch_;
    if (scratch.changed.empty()) return;
    const auto start = std::chrono::steady_clock::now();
    if (!light_) light_ = std::make_unique<LightPropagator>(chunks_.finder(), true);
    LightPropagator& lp = *light_;
    lp.reset();
    for (const Scratch::Changed& ch : scratch.changed) {
        lp.remove(ch.chunk, ch.index);
        if (light_emission(ch.old) != light_emission(ch.chunk->block(ch.index))) {
            lp.remove_neighbours(ch.chunk, ch.index);
        }
    }
    lp.run();
    light_ms_last_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    light_cells_last_ = lp.cells_changed();
    track.take_changes(lp);
    for (const Scratch::Changed& ch : scratch.changed) track.cells.push_back({ch.chunk->coord(), ch.index});
}

// Exposure and shade, once per dirty cell: the new mask from the blocks, one change per
// cube (a dirty cube that keeps its instance is rewritten: its shade may have changed).
void EditBatch::recompute_exposure(const Region& region, EditResult& out) {
    Scratch& scratch = *scratch_;
    for (std::size_t k = 0; k < scratch.used; ++k) recompute_chunk(scratch.touched[k], region, out);
    out.changes.insert(out.changes.end(), scratch.others.begin(), scratch.others.end());  // removals first
}

void EditBatch::recompute_chunk(const TouchedChunk& t, const Region& region, EditResult& out) {
    Chunk& c = *t.chunk;
    // A chunk not shown yet has no list out: its masks change, and its list goes out
    // whole when it is shown (the worker's list of its cubes is stale now).
    LoadedChunks::ChunkEntry& entry = chunks_.entry(chunks_.table().find(c.coord()));
    if (!entry.shown) std::vector<CubeInstance>().swap(entry.inner);
    std::vector<InstanceChange>& others = scratch_->others;
    t.dirty.for_each([&](uint16_t i) {
        const BlockType type = c.block(i);
        const uint8_t old_mask = c.mask(i);
        const uint8_t new_mask = is_solid(type) ? chunks_.full_mask(c, i) : uint8_t{0};
        const bool retyped = t.retyped.test(i);
        if (new_mask == 0 && old_mask == 0) return;
        c.set_mask(i, new_mask);
        if (!entry.shown) return;
        BlockType shown = type;
        if (new_mask == 0 && retyped) {  // a removal names the type the cube had
            shown = static_cast<BlockType>(out.before[region.index_of(world_position(c.coord(), i))]);
        }
        auto change = instance_change(c.coord(), i, shown, old_mask, new_mask);
        if (new_mask != 0) change->shade = shade_of(chunks_, c, i, new_mask);
        (change->kind == InstanceChange::Kind::kRemoved ? out.changes : others).push_back(*change);
    });
}

// [SECTION] reading

std::vector<BlockType> EditBatch::read_region(const Region& region, const std::string& what) const {
    check_region(region, what);
    std::vector<BlockType> out(region.cells(), BlockType::kAir);
    for_each_chunk_part(region, [&](const ChunkCoord& cc, const glm::ivec3& from, const glm::ivec3& to) {
        const BlockPos origin = chunk_origin(cc);
        const Chunk* c = chunks_.find(cc);
        std::unique_ptr<Chunk> unloaded = c ? nullptr : kept_.materialize(terrain_, cc);
        const Chunk& blocks = c ? *c : *unloaded;
        for (int y = from.y; y <= to.y; ++y) {
            for (int z = from.z; z <= to.z; ++z) {
                std::size_t ri = region.index_of(origin + glm::ivec3(from.x, y, z));
                for (int x = from.x; x <= to.x; ++x, ++ri) out[ri] = blocks.block(local_index(x, y, z));
            }
        }
    });
    return out;
}

}  // namespace slotcraft
