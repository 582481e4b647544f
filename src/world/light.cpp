// The light passes: removal, re-sourcing, add (breadth-first, across chunk borders).
#include "world/light.hpp"

#include "world/shade.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace slotcraft {

namespace {
constexpr int kTopY = kChunkSize - 1;
// Light going down from a full-sky cell keeps its level (the sky column); every other step
// loses one.
constexpr bool keeps_sky(int channel, Face face, uint8_t level) {
    return channel == kSkyChannel && face == kNegY && level == kMaxLight;
}
}  // namespace

LightPropagator::LightPropagator(ChunkFinder find, bool track) : find_(std::move(find)), track_(track) {}

void LightPropagator::reset() {
    for (int ch = 0; ch < 2; ++ch) {
        removals_[ch].clear();
        reconsider_[ch].clear();
        adds_[ch].clear();
    }
    // clear() walks every bucket (thousands after one big relight): erase what was added.
    if (touched_.size() * 4 < touched_at_.bucket_count()) {
        for (const Touched& t : touched_) touched_at_.erase(touched_key(t.chunk, t.index));
    } else {
        touched_at_.clear();
    }
    touched_.clear();
}

LightPropagator::Cell LightPropagator::across(Chunk* chunk, uint16_t index, Face face) const {
    glm::ivec3 p = local_position(index) + kFaceNormals[face];
    const int a = face_axis(face);
    if (p[a] >= 0 && p[a] < kChunkSize) return {chunk, local_index(p.x, p.y, p.z)};
    const ChunkCoord nc = neighbour(chunk->coord(), face);
    if (!chunk_y_in_world(nc.y)) return {};
    Chunk* n = find_(nc);
    if (n == nullptr) return {};
    p[a] = (p[a] + kChunkSize) % kChunkSize;
    return {n, local_index(p.x, p.y, p.z)};
}

uint8_t LightPropagator::source(Chunk* chunk, uint16_t index, int channel) const {
    if (!lets_light_through(chunk->block(index))) return 0;
    if (channel == kSkyChannel) {
        if (local_position(index).y != kTopY) return 0;
        const ChunkCoord above = neighbour(chunk->coord(), kPosY);
        // The top of the world, or a chunk above that is not loaded: open sky.
        return (!chunk_y_in_world(above.y) || find_(above) == nullptr) ? kMaxLight : uint8_t{0};
    }
    uint8_t best = 0;
    for (int f = 0; f < kFaceCount; ++f) {
        const Cell n = across(chunk, index, static_cast<Face>(f));
        if (n.chunk != nullptr) best = std::max(best, light_emission(n.chunk->block(n.index)));
    }
    return best;
}

void LightPropagator::set_level(Chunk* chunk, uint16_t index, int channel, uint8_t level) {
    const uint8_t old = chunk->light(index);
    const uint8_t now = channel == kSkyChannel ? pack_light(level, block_level(old))
                                               : pack_light(sky_level(old), level);
    if (now == old) return;
    if (track_) {
        if (touched_at_.insert({touched_key(chunk, index), static_cast<uint32_t>(touched_.size())}).second) {
            touched_.push_back({chunk, index, old});
        }
    }
    chunk->set_light(index, now);
}

// [SECTION] seeds

void LightPropagator::remove(Chunk* chunk, uint16_t index, uint8_t channels) {
    for (int ch = 0; ch < 2; ++ch) {
        if ((channels >> ch & 1) == 0) continue;
        const uint8_t old = channel_level(chunk->light(index), ch);
        if (old > 0) {
            set_level(chunk, index, ch, 0);
            removals_[ch].push_back({chunk, index, old});
        }
        reconsider_[ch].push_back({chunk, index});
    }
}

void LightPropagator::reconsider(Chunk* chunk, uint16_t index) {
    for (int ch = 0; ch < 2; ++ch) reconsider_[ch].push_back({chunk, index});
}

void LightPropagator::remove_neighbours(Chunk* chunk, uint16_t index) {
    for (int f = 0; f < kFaceCount; ++f) {
        const Cell m = across(chunk, index, static_cast<Face>(f));
        if (m.chunk != nullptr) remove(m.chunk, m.index, 2);
    }
}

void LightPropagator::remove_across(const Chunk& gone, uint16_t index, Face face, Chunk& other) {
    glm::ivec3 p = local_position(index) + kFaceNormals[face];
    const int a = face_axis(face);
    p[a] = (p[a] + kChunkSize) % kChunkSize;
    const uint16_t j = local_index(p.x, p.y, p.z);
    if (!lets_light_through(other.block(j))) return;
    for (int ch = 0; ch < 2; ++ch) {
        uint8_t old = channel_level(gone.light(index), ch);
        // A light-giving block gave its neighbours its light: as if it held one more.
        if (ch == kBlockChannel && light_emission(gone.block(index)) > 0) {
            old = std::max<uint8_t>(old, light_emission(gone.block(index)) + 1);
        }
        if (old == 0) continue;
        const uint8_t l = channel_level(other.light(j), ch);
        if (l == 0 || !(l < old || keeps_sky(ch, face, old))) continue;
        // (A cell lit from elsewhere keeps its light; the removal pass finds it as the
        // boundary of whatever it darkens next to it.)
        set_level(&other, j, ch, 0);
        removals_[ch].push_back({&other, j, l});
    }
}

namespace {
// A chunk of one block type that neither lets light through nor gives any (deep stone): no
// light crosses a border with it, either way.
bool closed_to_light(const Chunk& c) {
    return c.uniform() && !lets_light_through(c.block(0)) && light_emission(c.block(0)) == 0;
}
}  // namespace

void LightPropagator::join_border(Chunk& a, Face face, Chunk& b) {
    if (closed_to_light(a) || closed_to_light(b)) return;
    // Neither side can hold a lamp, and the kept answers (Chunk::open_light) say every open
    // cell of both holds one light, the same, or one side has no open cell: no pair of
    // border cells seeds anything (light only flows from a higher level to a lower one).
    // Terrain in daylight, most of the time: the cells across are cold in the cache by now.
    if (!a.may_emit() && !b.may_emit()) {
        const int oa = a.known_open_light(), ob = b.known_open_light();
        auto value = [](int o) { return o >= 0 && o < Chunk::kNoOpenCell; };
        if (oa == Chunk::kNoOpenCell || ob == Chunk::kNoOpenCell || (value(oa) && oa == ob)) return;
    }
    // One block type and one light on each side (open sky over open sky): every pair of
    // border cells is the same pair, so when the first seeds nothing, none does.
    const bool same_everywhere = a.uniform() && b.uniform() && !a.has_light_array() && !b.has_light_array();
    const std::size_t seeds = adds_[kSkyChannel].size() + adds_[kBlockChannel].size();
    const Face back = opposite(face);
    for (int v = 0; v < kChunkSize; ++v) {
        for (int u = 0; u < kChunkSize; ++u) {
            if (same_everywhere && (u | v) == 1 && adds_[kSkyChannel].size() + adds_[kBlockChannel].size() == seeds) {
                return;
            }
            const uint16_t i = border_cell(face, u, v);
            const uint16_t j = border_cell(back, u, v);
            const BlockType ta = a.block(i), tb = b.block(j);
            const bool open_a = lets_light_through(ta), open_b = lets_light_through(tb);
            if (open_a && light_emission(tb) > 0) raise(&a, i, kBlockChannel, light_emission(tb));
            if (open_b && light_emission(ta) > 0) raise(&b, j, kBlockChannel, light_emission(ta));
            if (!open_a || !open_b) continue;
            const uint8_t la = a.light(i), lb = b.light(j);
            for (int ch = 0; ch < 2; ++ch) {
                const uint8_t va = channel_level(la, ch), vb = channel_level(lb, ch);
                // From a into b (b lies across `face`), and from b into a.
                const uint8_t into_b = keeps_sky(ch, face, va) ? va : static_cast<uint8_t>(va > 0 ? va - 1 : 0);
                const uint8_t into_a = keeps_sky(ch, back, vb) ? vb : static_cast<uint8_t>(vb > 0 ? vb - 1 : 0);
                if (into_b > vb) adds_[ch].push_back({&a, i, va});
                if (into_a > va) adds_[ch].push_back({&b, j, vb});
            }
        }
    }
}

void LightPropagator::raise(Chunk* chunk, uint16_t index, int channel, uint8_t level) {
    if (channel_level(chunk->light(index), channel) >= level) return;
    set_level(chunk, index, channel, level);
    adds_[channel].push_back({chunk, index, level});
}

// [SECTION] passes

void LightPropagator::remove_pass(int ch) {
    std::vector<Node>& queue = removals_[ch];
    for (std::size_t k = 0; k < queue.size(); ++k) {
        const Node node = queue[k];
        for (int f = 0; f < kFaceCount; ++f) {
            const auto face = static_cast<Face>(f);
            const Cell m = across(node.chunk, node.index, face);
            if (m.chunk == nullptr || !lets_light_through(m.chunk->block(m.index))) continue;
            const uint8_t l = channel_level(m.chunk->light(m.index), ch);
            if (l == 0) continue;
            if (l < node.level || keeps_sky(ch, face, node.level)) {
                set_level(m.chunk, m.index, ch, 0);
                queue.push_back({m.chunk, m.index, l});
            } else {
                adds_[ch].push_back({m.chunk, m.index, l});  // lit from elsewhere: spreads again
            }
        }
    }
}

void LightPropagator::add_pass(int ch) {
    std::vector<Node>& queue = adds_[ch];
    for (std::size_t k = 0; k < queue.size(); ++k) {
        const Node node = queue[k];
        const uint8_t level = channel_level(node.chunk->light(node.index), ch);
        if (level <= 1) continue;
        for (int f = 0; f < kFaceCount; ++f) {
            const auto face = static_cast<Face>(f);
            const Cell m = across(node.chunk, node.index, face);
            if (m.chunk == nullptr || !lets_light_through(m.chunk->block(m.index))) continue;
            const uint8_t next = keeps_sky(ch, face, level) ? level : static_cast<uint8_t>(level - 1);
            if (channel_level(m.chunk->light(m.index), ch) >= next) continue;
            set_level(m.chunk, m.index, ch, next);
            queue.push_back({m.chunk, m.index, next});
        }
    }
}

void LightPropagator::run() {
    for (int ch = 0; ch < 2; ++ch) {
        // Removal: every zeroed cell (the seeds' and the pass's) gets its own source back.
        remove_pass(ch);
        for (const Node& n : removals_[ch]) {
            const uint8_t s = source(n.chunk, n.index, ch);
            if (s > channel_level(n.chunk->light(n.index), ch)) set_level(n.chunk, n.index, ch, s);
            if (s > 0) adds_[ch].push_back({n.chunk, n.index, s});
        }
        // Reconsidered cells: their source, and their neighbours' light flowing in.
        for (const Cell& c : reconsider_[ch]) {
            const uint8_t s = source(c.chunk, c.index, ch);
            if (s > channel_level(c.chunk->light(c.index), ch)) set_level(c.chunk, c.index, ch, s);
            adds_[ch].push_back({c.chunk, c.index, s});
            for (int f = 0; f < kFaceCount; ++f) {
                const Cell m = across(c.chunk, c.index, static_cast<Face>(f));
                if (m.chunk != nullptr && channel_level(m.chunk->light(m.index), ch) > 1) {
                    adds_[ch].push_back({m.chunk, m.index, 0});
                }
            }
        }
        add_pass(ch);
        removals_[ch].clear();
        reconsider_[ch].clear();
        adds_[ch].clear();
    }
}

std::size_t LightPropagator::cells_changed() const {
    std::size_t n = 0;
    for (const Touched& t : touched_) n += t.chunk->light(t.index) != t.old_light ? 1 : 0;
    return n;
}

void LightPropagator::light_alone(Chunk& chunk, bool sky_above) {
    if (!chunk.has_blocks()) {
        chunk.fill_light(kOpenSkyLight);  // all air under an open sky
        return;
    }
    chunk.fill_light(0);
    bool any_open = false;
    for (int i = 0; i < kChunkVolume && !any_open; ++i)
        any_open = lets_light_through(chunk.block(static_cast<uint16_t>(i)));
    if (!any_open) return;  // solid: dark, no array
    LightPropagator lp([](ChunkCoord) -> Chunk* { return nullptr; }, false);
    for (int z = 0; z < kChunkSize && sky_above; ++z) {
        for (int x = 0; x < kChunkSize; ++x) lp.reconsider_[kSkyChannel].push_back({&chunk, local_index(x, kTopY, z)});
    }
    for (int i = 0; i < kChunkVolume; ++i) {
        const auto index = static_cast<uint16_t>(i);
        if (light_emission(chunk.block(index)) == 0) continue;
        for (int f = 0; f < kFaceCount; ++f) {
            const Cell m = lp.across(&chunk, index, static_cast<Face>(f));
            if (m.chunk != nullptr) lp.reconsider_[kBlockChannel].push_back(m);
        }
    }
    lp.run();
    chunk.compact_light();
}

// [SECTION] shading off the main thread

std::vector<CubeInstance> inner_instances(const Chunk& chunk) {
    std::vector<CubeInstance> all;
    chunk.append_instances(all);
    for (CubeInstance& cube : all) {
        const glm::ivec3 p = local_position(cube.index);
        // Off the border: the bits its mask reads; on it, every bit whose cell is inside.
        const uint32_t need = off_border(cube.index) ? kOccludersOfMask[cube.face_mask & kAllFaces]
                                                     : ((1u << kOccluderCount) - 1) & ~outside_occluders(cube.index);
        for (uint32_t left = need; left != 0; left &= left - 1) {
            const int b = std::countr_zero(left);
            const glm::ivec3 q = p + kOccluderOffsets[static_cast<std::size_t>(b)];
            if (is_opaque(chunk.block(local_index(q.x, q.y, q.z)))) cube.shade.occluders |= 1u << b;
        }
    }
    return all;
}

}  // namespace slotcraft
