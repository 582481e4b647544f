// The loaded chunks (loaded_chunks.hpp): the table and its entries, neighbour links,
// arrivals and departures, shown and waiting chunks, and the consistency check.
//
// Index: [SECTION] table, links, arrivals, shown and waiting, departures, check.
#include "world/loaded_chunks.hpp"

#include "world/around.hpp"
#include "world/change_tracker.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

namespace slotcraft {

// [SECTION] table

LoadedChunks::LoadedChunks(std::size_t entries) {
    reserve(entries);
    entries_.resize(entries);
    free_entries_.reserve(entries);
    for (std::size_t k = entries; k-- > 0;) free_entries_.push_back(static_cast<uint32_t>(k));
}

void LoadedChunks::reserve(std::size_t chunks) {
    index_.reserve(chunks);
    entries_.reserve(chunks);
}

ChunkFinder LoadedChunks::finder() {
    return [this](ChunkCoord c) { return find(c); };
}

std::optional<ChunkHandle> LoadedChunks::handle(ChunkCoord c) const {
    const std::optional<uint32_t> e = entry_of(c);
    if (!e) return std::nullopt;
    return ChunkHandle{*e, entries_[*e].generation};
}

const Chunk* LoadedChunks::chunk(ChunkHandle h) const {
    if (h.index >= entries_.size()) return nullptr;
    const ChunkEntry& entry = entries_[h.index];
    return entry.generation == h.generation ? entry.chunk.get() : nullptr;
}

uint8_t LoadedChunks::full_mask(const Chunk& c, uint16_t index) const {
    uint8_t m = c.interior_mask(index);
    if (m == 0 && !is_solid(c.block(index))) return 0;
    const glm::ivec3 p = local_position(index);
    for (int f = 0; f < kFaceCount; ++f) {
        const auto face = static_cast<Face>(f);
        const int a = face_axis(face);
        const bool at_border = face_is_positive(face) ? p[a] == kChunkSize - 1 : p[a] == 0;
        if (!at_border) continue;
        const ChunkCoord nc = neighbour(c.coord(), face);
        if (!chunk_y_in_world(nc.y)) continue;  // top of the world: interior_mask decided
        const Chunk* n = find(nc);
        const glm::ivec3 q = (p + kFaceNormals[f] + kChunkSize) % kChunkSize;
        if (n && face_shows(c.block(index), n->block(local_index(q.x, q.y, q.z)))) m |= face_bit(face);
    }
    return m;
}

// [SECTION] links

// One look-up per column around the chunk (9), three chunks from each.
void LoadedChunks::link_near(uint32_t e) {
    ChunkEntry& entry = entries_[e];
    const ChunkCoord c = entry.chunk->coord();
    for (int dz = -1; dz <= 1; ++dz)
        for (int dx = -1; dx <= 1; ++dx) {
            const ChunkTable::Column* column = index_.find_column(c.x + dx, c.z + dz);
            for (int dy = -1; dy <= 1; ++dy) {
                const auto k = static_cast<std::size_t>(near_link(dx, dy, dz));
                const int y = c.y + dy;
                const uint32_t n = column != nullptr && chunk_y_in_world(y)
                                       ? column->entries[static_cast<std::size_t>(column_slot(y))]
                                       : kNoEntry;
                assert((k != kNearSelf || n == e) && "link_near: the chunk must be in the table first");
                entry.near[k] = n;
                if (n == kNoEntry) continue;
                entry.loaded_near |= 1u << k;
                if (k == kNearSelf) continue;
                entries_[n].near[26 - k] = e;
                entries_[n].loaded_near |= 1u << (26 - k);
            }
        }
}

void LoadedChunks::unlink_near(uint32_t e) {
    NearEntries& near = entries_[e].near;
    for (std::size_t k = 0; k < near.size(); ++k) {
        if (k != kNearSelf && near[k] != kNoEntry) {
            entries_[near[k]].near[26 - k] = kNoEntry;
            entries_[near[k]].loaded_near &= ~(1u << (26 - k));
        }
        near[k] = kNoEntry;
    }
    entries_[e].loaded_near = 0;
}

// [SECTION] arrivals

// New chunks enter the table first, then every border between a new chunk and a loaded
// one is fixed up on both sides (a new chunk's own side once per new neighbour), so the
// lists emitted for new chunks are final and old chunks get tracked changes.
void LoadedChunks::integrate(std::vector<GenerationResult> chunks, const ViewDisc& view, WorldEvents& events,
                             ChangeTracker& tracker, bool show_all) {
    const std::vector<uint32_t> fresh = enter(chunks, tracker);
    for (const uint32_t e : fresh) link_near(e);
    fix_fresh_borders(fresh, tracker);
    relight_fresh(fresh, tracker);
    show_fresh(fresh, view, show_all, events, tracker);
}

std::vector<uint32_t> LoadedChunks::enter(std::vector<GenerationResult>& chunks, ChangeTracker& tracker) {
    std::vector<uint32_t> fresh;
    fresh.reserve(chunks.size());
    for (GenerationResult& result : chunks) {
        uint32_t e;
        if (free_entries_.empty()) {
            e = static_cast<uint32_t>(entries_.size());
            entries_.emplace_back();
        } else {
            e = free_entries_.back();
            free_entries_.pop_back();
        }
        const ChunkCoord c = result.chunk->coord();
        assert(!contains(c) && "integrate: chunk is already loaded");
        ChunkEntry& entry = entries_[e];
        entry.chunk = std::move(result.chunk);
        entry.coord = c;
        entry.fresh = true;
        entry.shown = false;
        entry.inner = std::move(result.inner);
        entry.light_box = kNoBox;
        index_.insert(c, e);
        tracker.light.fresh.push_back(c);
        fresh.push_back(e);
    }
    return fresh;
}

namespace {

// Both sides of a border between a fresh chunk and a loaded one start with that face's bits
// off (each side was worked out with the other missing), so a side facing an all-opaque
// plane has nothing to set: the fix-up is skipped (checked in debug builds).
bool faces_closed_plane(const Chunk& self, Face face, const Chunk& across) {
    if ((across.border_planes().all_opaque & face_bit(opposite(face))) == 0) return false;
    for (int v = 0; v < kChunkSize; ++v)
        for (int u = 0; u < kChunkSize; ++u)
            assert((self.mask(border_cell(face, u, v)) & face_bit(face)) == 0 &&
                   "fix_fresh_borders: a face toward a chunk just loaded had its bit set already");
    (void)self;
    return true;
}

}  // namespace

void LoadedChunks::fix_fresh_borders(const std::vector<uint32_t>& fresh, ChangeTracker& tracker) {
    for (const uint32_t e : fresh) {
        Chunk& chunk = *entries_[e].chunk;
        for (int f = 0; f < kFaceCount; ++f) {
            const auto face = static_cast<Face>(f);
            const uint32_t n = entries_[e].near[static_cast<std::size_t>(face_link(face))];
            if (n == kNoEntry) continue;
            ChunkEntry& other = entries_[n];
            if (!faces_closed_plane(chunk, face, *other.chunk)) {
                chunk.fix_border(face, other.chunk.get(), [](uint16_t, uint8_t) {});
            }
            if (other.fresh) continue;  // its side is fixed when its own turn comes
            if (faces_closed_plane(*other.chunk, opposite(face), chunk)) continue;
            // A chunk not shown yet has no list to change: its list goes out whole when shown.
            const bool shown = other.shown;
            other.chunk->fix_border(opposite(face), &chunk, [&](uint16_t i, uint8_t old_mask) {
                if (shown) tracker.note(n, other.generation, i, old_mask);
            });
        }
    }
}

// Fresh chunks arrive lit as if alone under an open sky. Against the loaded world that is
// wrong in two ways only: a column whose chunk above is loaded and does not pass full sky
// down (and, the other way, a loaded chunk below that counted on open sky above it), and
// light that now crosses the borders. The first goes through the removal pass, the
// second through the add pass; the changed cells go to the light events, and the cubes of
// older chunks whose occlusion reads the new chunk's cells are noted for a rewrite.
void LoadedChunks::relight_fresh(const std::vector<uint32_t>& fresh, ChangeTracker& tracker) {
    if (fresh.empty()) return;
    LightPropagator lp(finder(), true);
    auto passes_full_sky = [](const Chunk& c, uint16_t i) {
        return lets_light_through(c.block(i)) && sky_level(c.light(i)) == kMaxLight;
    };
    // The sky columns of chunk `upper` over chunk `lower`: the top cells of `lower` that hold
    // full sky while the bottom cell above does not pass it down lose their sky light. When
    // both chunks are one block and one light (no arrays: sky over sky, the most common pair),
    // every column is the first one, so one look decides for all 256.
    auto cut_sky = [&](Chunk& lower, const Chunk& upper) {
        const bool alike = lower.uniform() && !lower.has_light_array() && upper.uniform() && !upper.has_light_array();
        for (int z = 0; z < kChunkSize; ++z) {
            for (int x = 0; x < kChunkSize; ++x) {
                const uint16_t top = local_index(x, kChunkSize - 1, z);
                if (sky_level(lower.light(top)) == kMaxLight && !passes_full_sky(upper, local_index(x, 0, z))) {
                    lp.remove(&lower, top, 1);
                } else if (alike) {
                    return;
                }
            }
        }
    };
    // A chunk above that is not loaded counts as open sky (docs/light.md). A chunk lit alone
    // as roofed (under the ground: TerrainGenerator::under_ground) gets that sky now.
    auto open_sky_above = [&](Chunk& chunk) {
        if (chunk.uniform() && !lets_light_through(chunk.block(0))) return;
        if (!chunk.has_light_array() && sky_level(chunk.light(0)) == kMaxLight) return;  // lit under open sky
        for (int z = 0; z < kChunkSize; ++z) {
            for (int x = 0; x < kChunkSize; ++x) {
                const uint16_t top = local_index(x, kChunkSize - 1, z);
                if (lets_light_through(chunk.block(top)) && sky_level(chunk.light(top)) < kMaxLight) {
                    lp.raise(&chunk, top, kSkyChannel, kMaxLight);
                }
            }
        }
    };
    for (const uint32_t e : fresh) {
        Chunk& chunk = *entries_[e].chunk;
        if (const Chunk* above = near_chunk(e, face_link(kPosY))) cut_sky(chunk, *above);
        else open_sky_above(chunk);
        if (Chunk* below = near_chunk(e, face_link(kNegY))) cut_sky(*below, chunk);
        for (int f = 0; f < kFaceCount; ++f) {
            const auto face = static_cast<Face>(f);
            if (Chunk* other = near_chunk(e, face_link(face))) lp.join_border(chunk, face, *other);
        }
    }
    lp.run();
    tracker.light.take_changes(lp);
    for (const uint32_t e : fresh) {
        entries_[e].chunk->compact_light();
        note_around_chunk(e, tracker);
    }
}

// A chunk is shown once no neighbour in view is missing: its border cubes are shaded
// once, against final neighbours, and no later arrival rewrites them. The loads can
// make the fresh chunks and their waiting neighbours ready.
void LoadedChunks::show_fresh(const std::vector<uint32_t>& fresh, const ViewDisc& view, bool show_all,
                              WorldEvents& events, ChangeTracker& tracker) {
    for (const uint32_t e : fresh) {
        entries_[e].fresh = false;
        ++integrated_;
        ++waiting_count_;
        if (show_all || ready_to_show(e, view)) {
            show(e, events, tracker);
        } else {
            waiting_.push_back({e, entries_[e].generation});
        }
    }
    for (const uint32_t e : fresh) {
        for (const uint32_t n : entries_[e].near) {
            if (n != kNoEntry && !entries_[n].shown && ready_to_show(n, view)) show(n, events, tracker);
        }
    }
    // The list keeps shown and unloaded entries until it holds twice what still waits.
    if (waiting_.size() > 2 * waiting_count_ + 64) {
        std::erase_if(waiting_, [&](const std::pair<uint32_t, uint32_t>& w) {
            return entries_[w.first].generation != w.second || entries_[w.first].shown;
        });
    }
}

void LoadedChunks::note_around_chunk(uint32_t e, ChangeTracker& tracker) {
    // Around a chunk of one opaque type (deep stone) nothing changes: an unloaded chunk's
    // cells count as opaque too.
    const Chunk& chunk = *entries_[e].chunk;
    if (chunk.uniform() && is_opaque(chunk.block(0))) return;
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dz = -1; dz <= 1; ++dz) {
            for (int dx = -1; dx <= 1; ++dx) {
                const auto k = static_cast<std::size_t>(near_link(dx, dy, dz));
                if (k == kNearSelf) continue;
                const uint32_t n = entries_[e].near[k];
                // A list not out yet (a fresh neighbour's, or one not shown) is made whole
                // when the chunk is shown: nothing to note there.
                if (n == kNoEntry || !entries_[n].shown) continue;
                const Chunk& other = *entries_[n].chunk;
                if (other.instance_count() == 0) continue;
                const uint32_t generation = entries_[n].generation;
                // The cells of the neighbour that touch the chunk: its near layer on each axis that moved.
                auto range = [](int d) {
                    return d > 0 ? glm::ivec2(0, 0) : d < 0 ? glm::ivec2(15, 15) : glm::ivec2(0, 15);
                };
                const glm::ivec2 rx = range(dx), ry = range(dy), rz = range(dz);
                for (int y = ry.x; y <= ry.y; ++y)
                    for (int z = rz.x; z <= rz.y; ++z)
                        for (int x = rx.x; x <= rx.y; ++x) {
                            const uint16_t i = local_index(x, y, z);
                            if (const uint8_t mask = other.mask(i); mask != 0) {
                                tracker.note(n, generation, i, mask, true);
                            }
                        }
            }
        }
    }
}

// [SECTION] shown and waiting

bool LoadedChunks::ready_to_show(uint32_t e, const ViewDisc& view) const {
    const ChunkEntry& entry = entries_[e];
    const ChunkCoord c = entry.coord;
    for (uint32_t missing = ~entry.loaded_near & ((1u << 27) - 1); missing != 0; missing &= missing - 1) {
        const int k = std::countr_zero(missing);
        const int dx = k % 3 - 1, dz = k / 3 % 3 - 1, dy = k / 9 - 1;
        // Below or above the world, past its edge or out of view: it never loads.
        if (view.may_load({c.x + dx, c.y + dy, c.z + dz})) return false;
    }
    return true;
}

// The chunk's list goes out whole (the worker's off-border cubes, the border cubes shaded
// here), and its light box with it (LightBoxes::emit).
void LoadedChunks::show(uint32_t e, WorldEvents& events, ChangeTracker& tracker) {
    ChunkEntry& entry = entries_[e];
    assert(!entry.shown && !entry.fresh && "show: a chunk is shown once, after its integration");
    entry.shown = true;
    --waiting_count_;
    ChunkLoaded loaded{{e, entry.generation}, entry.coord, {}};
    if (entry.chunk->instance_count() > 0) append_loaded(e, entry.inner, loaded.instances);
    std::vector<CubeInstance>().swap(entry.inner);
    events.loaded.push_back(std::move(loaded));
    tracker.light.shown.push_back(entry.coord);
}

void LoadedChunks::show_waiting(const ViewDisc& view, WorldEvents& events, ChangeTracker& tracker) {
    recheck_waiting_ = false;
    std::erase_if(waiting_, [&](const std::pair<uint32_t, uint32_t>& w) {
        const ChunkEntry& entry = entries_[w.first];
        if (entry.generation != w.second || entry.shown) return true;
        // Out of view: the drops take it (wanted again later, it waits as before).
        if (!view.wants(entry.chunk->coord()) || !ready_to_show(w.first, view)) return false;
        show(w.first, events, tracker);
        return true;
    });
}

// A fresh chunk's list: the worker's shade for the cubes off the border (their occlusion
// reads only their own chunk, which the load does not change); for the border cubes the
// worker's bits inside the chunk and the cells outside it read here (inner_instances).
// Both lists ascend by index, so one walk pairs them.
void LoadedChunks::append_loaded(uint32_t e, const std::vector<CubeInstance>& inner,
                                 std::vector<CubeInstance>& out) const {
    const std::size_t first = out.size();
    entries_[e].chunk->append_instances(out);
    const Around around(*this, e);
    auto next = inner.begin();
    for (std::size_t k = first; k < out.size(); ++k) {
        CubeInstance& cube = out[k];
        while (next != inner.end() && next->index < cube.index) ++next;
        if (next != inner.end() && next->index == cube.index && off_border(cube.index)) {
            assert(next->face_mask == cube.face_mask && next->type == cube.type &&
                   "a cube off the border kept its mask");
            cube.shade = next->shade;
        } else if (next != inner.end() && next->index == cube.index) {
            // A border cube: the worker's bits inside the chunk, the cells outside read here.
            const uint32_t need = kOccludersOfMask[cube.face_mask & kAllFaces];
            const uint32_t outside = need & outside_occluders(cube.index);
            cube.shade.occluders = next->shade.occluders & need & ~outside;
            for (uint32_t left = outside; left != 0; left &= left - 1) {
                const int b = std::countr_zero(left);
                if (around.opaque(cube.index, kOccluderOffsets[static_cast<std::size_t>(b)])) {
                    cube.shade.occluders |= 1u << b;
                }
            }
        } else {
            cube.shade = shade_of(around, cube.index, cube.face_mask);
        }
    }
}

// [SECTION] departures

void LoadedChunks::unload(uint32_t e, WorldEvents& events, ChangeTracker& tracker) {
    unfix_borders(e, tracker);
    relight_without(e, tracker);
    note_around_chunk(e, tracker);
    release(e, events);
}

void LoadedChunks::unfix_borders(uint32_t e, ChangeTracker& tracker) {
    const ChunkEntry& entry = entries_[e];
    for (int f = 0; f < kFaceCount; ++f) {
        const auto face = static_cast<Face>(f);
        const uint32_t n = entry.near[static_cast<std::size_t>(face_link(face))];
        if (n == kNoEntry) continue;
        ChunkEntry& other = entries_[n];
        other.chunk->fix_border(opposite(face), nullptr, [&](uint16_t i, uint8_t old_mask) {
            if (other.shown) tracker.note(n, other.generation, i, old_mask);
        });
    }
}

// Light: what came through the chunk goes; the chunk below sees open sky again.
void LoadedChunks::relight_without(uint32_t e, ChangeTracker& tracker) {
    LightPropagator lp(finder(), true);
    const Chunk& gone = *entries_[e].chunk;
    for (int f = 0; f < kFaceCount; ++f) {
        const auto face = static_cast<Face>(f);
        Chunk* other = near_chunk(e, face_link(face));
        if (other == nullptr) continue;
        for (int v = 0; v < kChunkSize; ++v) {
            for (int u = 0; u < kChunkSize; ++u) lp.remove_across(gone, border_cell(face, u, v), face, *other);
        }
    }
    index_.erase(gone.coord());
    if (Chunk* below = near_chunk(e, face_link(kNegY))) {
        for (int z = 0; z < kChunkSize; ++z) {
            for (int x = 0; x < kChunkSize; ++x) {
                const uint16_t top = local_index(x, kChunkSize - 1, z);
                if (lets_light_through(below->block(top))) lp.raise(below, top, kSkyChannel, kMaxLight);
            }
        }
    }
    lp.run();
    tracker.light.take_changes(lp);
}

void LoadedChunks::release(uint32_t e, WorldEvents& events) {
    ChunkEntry& entry = entries_[e];
    const ChunkCoord c = entry.chunk->coord();
    unlink_near(e);
    entry.chunk.reset();
    entry.light_box = kNoBox;  // the renderer forgets the box with the chunk
    ++entry.generation;        // every handle to this chunk is stale from now on
    free_entries_.push_back(e);
    if (entry.shown) {
        events.unloaded.push_back(c);  // the renderer never heard of a chunk not shown
    } else {
        --waiting_count_;
        std::vector<CubeInstance>().swap(entry.inner);
    }
    entry.shown = false;
    ++unloaded_;
}

// [SECTION] check

std::optional<std::string> LoadedChunks::check_links(const ViewDisc& view, bool plan_current) const {
    std::optional<std::string> wrong;
    // The table itself: its count, and every chunk under the entry that holds it.
    std::size_t counted = 0;
    index_.for_each([&](const ChunkCoord& c, uint32_t e) {
        ++counted;
        if (!wrong) wrong = check_entry(c, e, view, plan_current);
    });
    if (wrong) return wrong;
    if (counted != index_.size()) {
        return "the chunk table counts " + std::to_string(index_.size()) + " chunks but holds " +
               std::to_string(counted);
    }
    std::size_t waiting = 0;
    for (const ChunkEntry& entry : entries_) waiting += entry.chunk && !entry.shown ? 1 : 0;
    if (waiting != waiting_count_) {
        return "the world counts " + std::to_string(waiting_count_) + " chunks not shown but holds " +
               std::to_string(waiting);
    }
    for (const uint32_t e : free_entries_) {
        for (const uint32_t n : entries_[e].near) {
            if (n != kNoEntry) return "free entry " + std::to_string(e) + " still links entry " + std::to_string(n);
        }
    }
    return std::nullopt;
}

std::optional<std::string> LoadedChunks::check_entry(const ChunkCoord& c, uint32_t e, const ViewDisc& view,
                                                     bool plan_current) const {
    const ChunkEntry& entry = entries_[e];
    if (!entry.chunk || !(entry.chunk->coord() == c)) {
        return "the chunk table holds entry " + std::to_string(e) + " for chunk " + to_string(c) + ", which holds " +
               (entry.chunk ? "chunk " + to_string(entry.chunk->coord()) : "no chunk");
    }
    // Shown once ready, and never left waiting when ready (while the plan is current).
    if (entry.shown && !entry.inner.empty())
        return "chunk " + to_string(c) + " is shown but still keeps the worker's list";
    if (!entry.shown && plan_current && !recheck_waiting_ && view.wants(c) && ready_to_show(e, view)) {
        return "chunk " + to_string(c) + " has every neighbour in view loaded but was never shown";
    }
    auto name = [](uint32_t n) { return n == kNoEntry ? std::string("none") : std::to_string(n); };
    for (int dy = -1; dy <= 1; ++dy)
        for (int dz = -1; dz <= 1; ++dz)
            for (int dx = -1; dx <= 1; ++dx) {
                const auto k = static_cast<std::size_t>(near_link(dx, dy, dz));
                const ChunkCoord nc{c.x + dx, c.y + dy, c.z + dz};
                const uint32_t want = k == kNearSelf ? e : entry_of(nc).value_or(kNoEntry);
                const bool bit = (entry.loaded_near >> k & 1) != 0;
                if (entry.near[k] == want && bit == (want != kNoEntry)) continue;
                if (entry.near[k] != want) {
                    return "chunk " + to_string(c) + " links entry " + name(entry.near[k]) + " as its neighbour " +
                           to_string(nc) + ", but the chunk table holds " + name(want) + " there";
                }
                return "chunk " + to_string(c) + " counts its neighbour " + to_string(nc) + " as " +
                       (bit ? "loaded" : "not loaded") + ", but the chunk table holds " + name(want);
            }
    return std::nullopt;
}

}  // namespace slotcraft
