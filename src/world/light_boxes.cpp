// The light boxes (light_boxes.hpp): building, the end-of-batch emit, and the check.
//
// Index: [SECTION] building, emit, check.
#include "world/light_boxes.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace slotcraft {

// [SECTION] building

// First the question the common case answers (at noon over open terrain every box of view
// distance 32 is uniform): do all open cells of the box hold one light? It stops at the
// first cell that differs and copies nothing: the chunk's own 16^3 cells are one run of its
// arrays, the apron is read a neighbour at a time. Only a box that is not uniform is then
// copied, a row part at a time: copying every box and then asking was the dearest step of
// streaming (docs/light.md "Light pages").
std::optional<uint8_t> LightBoxes::build(const Around& around, std::vector<uint8_t>& cells) {
    // The light all open cells seen so far hold: Chunk::kNoOpenCell (none yet), a light, or
    // Chunk::kMixedLight (they differ: the box is copied). First the chunk's own cells: its
    // kept answer (Chunk::open_light), worked out if need be.
    int u = around.chunk().open_light();
    // The apron, a neighbour at a time: its face (16 x 16 cells), edge (16) or corner (1)
    // next to the chunk. A neighbour of one block and one light, or whose kept answer says
    // its open cells hold the box's light (or that it has none), is not read further: its
    // cells are cold in the cache by now, and reading a face took 128 cache misses.
    for (int k = 0; k < 27 && u != Chunk::kMixedLight; ++k) {
        const glm::ivec3 d{k % 3 - 1, k / 9 - 1, k / 3 % 3 - 1};
        if (d == glm::ivec3(0)) continue;
        if (around.above_world(d)) {
            u = u == Chunk::kNoOpenCell || u == kOpenSkyLight ? kOpenSkyLight : Chunk::kMixedLight;
            continue;
        }
        const Chunk* n = around.near(d);
        if (n == nullptr) continue;  // not loaded, or below the world: opaque and dark
        if (n->uniform() && n->light_data() == nullptr) {
            u = n->open_light_in(0, 1, u);
            continue;
        }
        if (const int known = n->known_open_light(); known == Chunk::kNoOpenCell || known == u) continue;
        // The near layer on each axis that moved, the whole span on the others.
        auto lo = [](int v) { return v < 0 ? kChunkSize - 1 : 0; };
        auto hi = [](int v) { return v > 0 ? 0 : kChunkSize - 1; };
        const int run = hi(d.x) - lo(d.x) + 1;
        for (int y = lo(d.y); y <= hi(d.y) && u != Chunk::kMixedLight; ++y) {
            for (int z = lo(d.z); z <= hi(d.z) && u != Chunk::kMixedLight; ++z) {
                u = n->open_light_in(local_index(lo(d.x), y, z), run, u);
            }
        }
    }
    if (u == Chunk::kNoOpenCell) return uint8_t{0};  // no open cell: any value
    if (u != Chunk::kMixedLight) return static_cast<uint8_t>(u);
    cells.resize(kLightBoxVolume);
    around.for_each_box_row(glm::ivec3(-1), glm::ivec3(kChunkSize), [&](const Around::RowPart& part) {
        uint8_t* out = cells.data() + part.box0;
        if (part.above_world || part.chunk == nullptr) {
            std::fill_n(out, part.n, part.above_world ? kOpenSkyLight : uint8_t{0});
        } else if (const uint8_t* light = part.chunk->light_data()) {
            // Most parts are a whole row of 16 or one cell: a copy of a known size is a move,
            // where a copy of any size is a call.
            if (part.n == kChunkSize) {
                std::memcpy(out, light + part.i0, kChunkSize);
            } else {
                for (int k = 0; k < part.n; ++k) out[k] = light[part.i0 + k];
            }
        } else {
            std::fill_n(out, part.n, part.chunk->light(0));
        }
    });
    return std::nullopt;
}

// [SECTION] emit

void LightBoxes::emit(LightTrack& track, std::span<const InstanceChange> changes, LightEvents& out) {
    AffectedBoxes affected;
    note_changed_cells(track, affected);
    note_fresh_aprons(track, affected);
    note_shown(track, affected);
    for (const InstanceChange& ch : changes) {
        if (ch.kind != InstanceChange::Kind::kChanged) affected[ch.chunk];
    }
    BoxRegions aprons;
    for (const auto& [coord, a] : affected) update_box(coord, a, aprons, out);
    track.clear();
}

// A changed cell is in its own chunk's box and, on a border, in the aprons of the boxes
// next to it (up to 8 boxes at a corner).
void LightBoxes::note_changed_cells(const LightTrack& track, AffectedBoxes& affected) {
    auto axis_steps = [](int v, int* out_steps) {
        int n = 0;
        out_steps[n++] = 0;
        if (v == 0) out_steps[n++] = -1;
        if (v == kChunkSize - 1) out_steps[n++] = 1;
        return n;
    };
    for (const auto& [c, i] : track.cells) {
        const glm::ivec3 p = local_position(i);
        int sx[3], sy[3], sz[3];
        const int nx = axis_steps(p.x, sx), ny = axis_steps(p.y, sy), nz = axis_steps(p.z, sz);
        for (int a = 0; a < ny; ++a)
            for (int b = 0; b < nz; ++b)
                for (int d = 0; d < nx; ++d) {
                    const glm::ivec3 step{sx[d], sy[a], sz[b]};
                    const glm::ivec3 q = p - step * kChunkSize;
                    affected[ChunkCoord{c.x + step.x, c.y + step.y, c.z + step.z}].cells.push_back(
                        light_box_index(q.x, q.y, q.z));
                }
    }
}

// A chunk that loaded brings its cells into the aprons of the boxes around it.
void LightBoxes::note_fresh_aprons(const LightTrack& track, AffectedBoxes& affected) const {
    for (const ChunkCoord& f : track.fresh) {
        const std::optional<uint32_t> fe = chunks_.entry_of(f);
        if (!fe) continue;  // unloaded again in this batch
        const Chunk* chunk = chunks_.entry(*fe).chunk.get();
        // A chunk of one opaque type without light (deep stone) shows there as an unloaded
        // chunk did: nothing changes.
        if (chunk->uniform() && !chunk->has_light_array() && is_opaque(chunk->block(0)) && chunk->light(0) == 0) {
            continue;
        }
        for (int dy = -1; dy <= 1; ++dy)
            for (int dz = -1; dz <= 1; ++dz)
                for (int dx = -1; dx <= 1; ++dx) {
                    if (dx == 0 && dy == 0 && dz == 0) continue;
                    const ChunkCoord nc{f.x + dx, f.y + dy, f.z + dz};
                    // Only boxes the renderer holds get apron updates: a neighbour without
                    // one (no cubes, or fresh in this batch) builds its whole box when it needs one.
                    const uint32_t e =
                        chunks_.entry(*fe).near[static_cast<std::size_t>(LoadedChunks::near_link(dx, dy, dz))];
                    if (e == LoadedChunks::kNoEntry || chunks_.entry(e).light_box == LoadedChunks::kNoBox) continue;
                    // f lies at -d from its neighbour f + d.
                    affected[nc].fresh_dirs |= 1u << ((1 - dx) + 3 * (1 - dz) + 9 * (1 - dy));
                }
    }
}

// A chunk shown gets its whole box when it has cubes to draw.
void LightBoxes::note_shown(const LightTrack& track, AffectedBoxes& affected) const {
    for (const ChunkCoord& c : track.shown) {
        const std::optional<uint32_t> e = chunks_.entry_of(c);
        if (e && chunks_.entry(*e).chunk->instance_count() > 0) affected[c].fresh = true;
    }
}

void LightBoxes::update_box(const ChunkCoord& coord, const Affected& a, BoxRegions& aprons, LightEvents& out) {
    using Entry = LoadedChunks::ChunkEntry;
    const std::optional<uint32_t> e = chunks_.entry_of(coord);
    if (!e) return;
    Entry& entry = chunks_.entry(*e);
    if (!entry.shown) return;  // its whole box goes out when it is shown
    if (entry.chunk->instance_count() == 0) {
        if (entry.light_box != LoadedChunks::kNoBox) out.dropped.push_back(coord);
        entry.light_box = LoadedChunks::kNoBox;
        return;
    }
    const Around around(chunks_, *e);
    aprons.clear();
    if (!a.fresh && entry.light_box != LoadedChunks::kNoBox) fresh_aprons(a.fresh_dirs, aprons);
    const bool rebuild = a.fresh || entry.light_box == LoadedChunks::kNoBox;
    if (!rebuild && entry.light_box != LoadedChunks::kWholeBox) {
        // A uniform box stays uniform unless an open cell now has another value.
        if (uniform_broken(around, static_cast<uint8_t>(entry.light_box), a, aprons)) {
            send_box(coord, entry, around, out);
        }
        return;
    }
    if (rebuild) {
        send_box(coord, entry, around, out);
    } else {
        send_cells(coord, around, a, aprons, out);
    }
}

// The apron parts that neighbours loaded in this batch brought (box coordinates).
void LightBoxes::fresh_aprons(uint32_t fresh_dirs, BoxRegions& aprons) {
    for (uint32_t dirs = fresh_dirs; dirs != 0; dirs &= dirs - 1) {
        const int k = std::countr_zero(dirs);
        const glm::ivec3 d{k % 3 - 1, k / 9 - 1, (k / 3) % 3 - 1};
        auto lo = [](int v) { return v > 0 ? kChunkSize : v < 0 ? -1 : 0; };
        auto hi = [](int v) { return v > 0 ? kChunkSize : v < 0 ? -1 : kChunkSize - 1; };
        aprons.push_back({glm::ivec3(lo(d.x), lo(d.y), lo(d.z)), glm::ivec3(hi(d.x), hi(d.y), hi(d.z))});
    }
}

bool LightBoxes::uniform_broken(const Around& around, uint8_t value, const Affected& a, const BoxRegions& aprons) {
    auto breaks = [&](uint16_t b) {
        const glm::ivec3 q = light_box_position(b);
        const auto [type, light] = around.cell(0, q);
        return !is_opaque(type) && light != value;
    };
    bool broken = std::any_of(a.cells.begin(), a.cells.end(), breaks);
    for (const auto& [lo, hi] : aprons) {
        around.for_each_box_cell(lo, hi, [&](uint16_t, bool opaque, uint8_t light) {
            broken = broken || (!opaque && light != value);
        });
    }
    return broken;
}

// The whole box, or its uniform value unless the renderer holds that already.
void LightBoxes::send_box(const ChunkCoord& coord, LoadedChunks::ChunkEntry& entry, const Around& around,
                          LightEvents& out) {
    ChunkLightBox box{coord, 0, {}};
    if (const std::optional<uint8_t> u = build(around, box.cells)) {
        box.cells.clear();
        box.uniform = *u;
        if (entry.light_box == *u) return;  // the renderer holds this already
        entry.light_box = *u;
    } else {
        entry.light_box = LoadedChunks::kWholeBox;
    }
    out.boxes.push_back(std::move(box));
}

// A whole box: the bytes that changed.
void LightBoxes::send_cells(const ChunkCoord& coord, const Around& around, const Affected& a, const BoxRegions& aprons,
                            LightEvents& out) {
    auto send = [&](uint16_t b) { out.cells.push_back({coord, b, around.cell(0, light_box_position(b)).second}); };
    std::for_each(a.cells.begin(), a.cells.end(), send);
    for (const auto& [lo, hi] : aprons) {
        around.for_each_box_cell(lo, hi, [&](uint16_t b, bool, uint8_t light) {
            out.cells.push_back({coord, b, light});
        });
    }
}

// [SECTION] check

std::optional<std::string> LightBoxes::check(ChunkCoord c, uint8_t uniform, std::span<const uint8_t> cells) const {
    const Chunk* chunk = chunks_.find(c);
    if (chunk == nullptr) return "chunk " + to_string(c) + " is not loaded";
    if (!cells.empty() && cells.size() != kLightBoxVolume) {
        return "chunk " + to_string(c) + ": a light box of " + std::to_string(cells.size()) + " bytes";
    }
    std::optional<std::string> diff;
    // Cell by cell through Around::cell, not for_each_box_cell: the check must not share the
    // row arithmetic of the code that built the box it checks.
    const Around around(chunks_, *chunk);
    for (uint16_t b = 0; b < kLightBoxVolume && !diff; ++b) {
        const auto [type, light] = around.cell(0, light_box_position(b));
        if (is_opaque(type)) continue;
        const uint8_t held = cells.empty() ? uniform : cells[b];
        if (held == light) continue;
        const glm::ivec3 q = light_box_position(b);
        diff = "chunk " + to_string(c) + " box cell " + to_string(q) + (cells.empty() ? " (uniform)" : "") +
               ": light " + std::to_string(held) + " held, " + std::to_string(light) + " in the world";
    }
    return diff;
}

}  // namespace slotcraft
