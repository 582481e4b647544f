// The cull view (see cull_view.hpp).
#include "draw/cull_view.hpp"

#include "world/loaded_chunks.hpp"

#include <algorithm>
#include <bit>
#include <tuple>

#include <tsl/robin_set.h>

#include <chrono>

namespace slotcraft {

void CullView::track(InstanceSlots& slots) {
    slots.take_chunk_changes(scratch_.gained, scratch_.emptied);
    for (const ChunkCoord& c : scratch_.emptied) {
        if (key_level(c) > 0) far_chunks_.erase(c);
        else octree_.remove(chunk_key(c));
    }
    for (const ChunkCoord& c : scratch_.gained) {
        if (!slots.has_instances(c)) continue;
        if (key_level(c) > 0) far_chunks_.insert(c);
        else octree_.insert(chunk_key(c), glm::ivec3(c.x, c.y, c.z));
    }
}

const std::vector<SlotRun>& CullView::cull(const Eye& eye, const InstanceSlots& slots, const LodRings& rings,
                                           const OcclusionSource* occlusion) {
    if (!frozen_) frustum_ = Frustum(eye.view_projection, eye.origin_chunk);
    octree_.cull(frustum_, visible_keys_);
    if (rings.active()) {  // the columns a far ring draws instead are left out
        std::erase_if(visible_keys_, [&](ChunkOctree::Key key) {
            const glm::ivec3 c = *octree_.coord_of(key);
            return !rings.draws_level0(c.x, c.z);
        });
    }
    occlusion_.hidden.clear();
    occlusion_.chunks = occlusion_.instances = 0;
    occlusion_.walk_ms = 0.0;
    occlusion_.walk.reach_everything();
    if (occlusion != nullptr && occlusion_.on) {
        walk_occlusion(eye, rings, *occlusion);
        if (occlusion_.walk.hides_anything()) {
            std::erase_if(visible_keys_, [&](ChunkOctree::Key key) {
                const glm::ivec3 c = *octree_.coord_of(key);
                if (occlusion_.walk.reached(c)) return false;
                occlusion_.hidden.push_back(key);
                ++occlusion_.chunks;
                if (const Chunk* chunk = occlusion->chunks.find(ChunkCoord{c.x, c.y, c.z})) {
                    occlusion_.instances += chunk->instance_count();
                }
                return true;
            });
        }
    }
    visible_coords_.clear();
    for (ChunkOctree::Key key : visible_keys_) visible_coords_.push_back(*octree_.coord_of(key));
    const auto start = std::chrono::steady_clock::now();
    sort_near_to_far(visible_coords_, eye.origin_chunk, eye.offset, scratch_.sort);
    sort_us_ = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    runs_.clear();
    runs_turned_away_ = axes_turned_away_ = 0;
    const float eye_y = static_cast<float>(eye.origin_chunk.y * kChunkSize) + eye.offset.y;
    for (const glm::ivec3& c : visible_coords_) {
        const std::size_t first = runs_.size();
        slots.chunk_runs(ChunkCoord{c.x, c.y, c.z}, runs_);
        const glm::vec3 box_min = glm::vec3((c - eye.origin_chunk) * kChunkSize) - eye.offset;
        keep_turned_to_eye(runs_, first, box_min, box_min + glm::vec3(kChunkSize));
        // A loaded chunk's cubes fill its pages by face axes group (tops alone first), each
        // group bottom layer first: seen from above, the pages are drawn last page first, a
        // page at a time, so within each group the upper cubes come before the lower ones (a
        // rough near-to-far order for the early depth test; InstanceSlots kLoadOrder says
        // why the groups are not in the order that would draw every top first).
        if (eye_y > static_cast<float>(c.y * kChunkSize + kChunkSize / 2)) top_pages_first(runs_, first);
    }
    order_translucent(eye, slots);
    cull_far(eye, slots);
    return runs_;
}

// [SECTION] occlusion

namespace {
// How far from the eye the near plane's corners lie (the eye at `offset` in the space of
// `view_projection`): 0.05 at its centre, more toward the corners, the more so the wider the
// field of view and the window's aspect. Unprojected from the projection the frame draws with.
float near_reach(const glm::mat4& view_projection, glm::vec3 offset) {
    const glm::mat4 to_world = glm::inverse(view_projection);
    float reach = 0.0f;
    for (const float x : {-1.0f, 1.0f}) {
        for (const float y : {-1.0f, 1.0f}) {
            const glm::vec4 p = to_world * glm::vec4(x, y, -1.0f, 1.0f);
            reach = std::max(reach, glm::length(glm::vec3(p) / p.w - offset));
        }
    }
    return reach + 0.01f;  // a margin for the rounding of the inverse
}

// Beyond this reach (a window thousands of times wider than high) the test would look at too
// many cells: the walk hides nothing.
constexpr float kMostNearReach = 4.0f;

// Whether a cell the near plane may cut (within `reach` of the eye) lies in an opaque block:
// then the picture sees into the rock past it, and the walk (which follows only open cells)
// must hide nothing.
bool eye_in_opaque_cell(const LoadedChunks& chunks, glm::ivec3 origin_chunk, glm::vec3 offset, float reach) {
    if (!(reach <= kMostNearReach)) return true;
    const glm::ivec3 lo = glm::ivec3(glm::floor(offset - glm::vec3(reach)));
    const glm::ivec3 hi = glm::ivec3(glm::floor(offset + glm::vec3(reach)));
    for (int y = lo.y; y <= hi.y; ++y) {
        for (int z = lo.z; z <= hi.z; ++z) {
            for (int x = lo.x; x <= hi.x; ++x) {
                const BlockPos p = origin_chunk * kChunkSize + glm::ivec3(x, y, z);
                if (!block_y_in_world(p.y)) continue;  // above and below the world: air
                const Chunk* chunk = chunks.find(chunk_of(p));
                if (chunk != nullptr && is_opaque(chunk->block(local_index(p)))) return true;
            }
        }
    }
    return false;
}

// The walk's chunks: the loaded chunks' entries. A chunk is open (sight passes it) unless it
// is shown (drawn) and its column is drawn at full detail.
class LoadedWalkSource final : public WalkSource {
public:
    LoadedWalkSource(const LoadedChunks& loaded, const LodRings& rings) : loaded_(loaded), rings_(rings) {}
    uint32_t find(const ChunkCoord& c, uint32_t from, Face face) const override {
        if (from == kNone) return loaded_.table().find(c);
        return loaded_.entry(from).near[static_cast<std::size_t>(LoadedChunks::face_link(face))];
    }
    void prefetch(uint32_t id, int depth) const override {
        const LoadedChunks::ChunkEntry& entry = loaded_.entry(id);
        if (depth == 0) {  // the whole entry: its flags, its chunk and its links
            const auto* bytes = reinterpret_cast<const char*>(&entry);
            for (std::size_t at = 0; at < sizeof(entry); at += 64) __builtin_prefetch(bytes + at);
        } else {
            __builtin_prefetch(entry.chunk.get());
        }
    }
    WalkChunk chunk(uint32_t id, const ChunkCoord& c) const override {
        const LoadedChunks::ChunkEntry& entry = loaded_.entry(id);
        WalkChunk w;
        if (!entry.shown || (rings_.active() && !rings_.draws_level0(c.x, c.z))) return w;
        w.open = false;
        w.links = entry.chunk->face_links();
        return w;
    }

private:
    const LoadedChunks& loaded_;
    const LodRings& rings_;
};
}  // namespace

void CullView::walk_occlusion(const Eye& eye, const LodRings& rings, const OcclusionSource& source) {
    const auto start = std::chrono::steady_clock::now();
    // Frozen, the walk stays where the frustum was frozen, from the eye it was frozen at.
    const glm::ivec3 chunk = frozen_ ? occlusion_.frozen_chunk : eye.origin_chunk;
    const glm::vec3 offset = frozen_ ? occlusion_.frozen_offset : eye.offset;
    const LoadedChunks& loaded = source.chunks;
    const float reach = near_reach(frozen_ ? frozen_view_projection_ : eye.view_projection, offset);
    if (chunk.y >= kMinChunkY && chunk.y <= kTopChunkY && !eye_in_opaque_cell(loaded, chunk, offset, reach)) {
        const LoadedWalkSource walk_source(loaded, rings);
        occlusion_.walk.walk(chunk, frustum_, source.view_distance, walk_source);
    }
    occlusion_.walk_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// [SECTION] far chunks

// Far chunks are few (thousands at most): each is tested alone against the far frustum
// and the kept ones sorted by the distance from the eye to their centres.
namespace {
// A far chunk's box (lod key: level in y) relative to the eye's chunk corner, exact far out.
Box far_box(const ChunkCoord& key, glm::ivec3 origin_chunk) {
    const int level = key_level(key);
    const ChunkCoord c = key_chunk(key);
    Box box;
    box.min = glm::vec3(relative_block(int64_t{c.x} << level, origin_chunk.x),
                        relative_block(level_chunk_bottom(level, c.y), origin_chunk.y),
                        relative_block(int64_t{c.z} << level, origin_chunk.z));
    box.max = box.min + glm::vec3(static_cast<float>(kChunkSize << level));
    return box;
}
}  // namespace

void CullView::cull_far(const Eye& eye, const InstanceSlots& slots) {
    far_runs_.clear();
    far_translucent_runs_.clear();
    scratch_.far_order.clear();
    if (!eye.has_far) return;
    const Frustum far_frustum(eye.far_view_projection, eye.origin_chunk);
    for (const ChunkCoord& key : far_chunks_) {
        const Box box = far_box(key, eye.origin_chunk);
        if (far_frustum.culls(box)) continue;
        const glm::vec3 d = (box.min + box.max) * 0.5f - eye.offset;
        scratch_.far_order.push_back({glm::dot(d, d), key});
    }
    const auto nearer = [](const ByDistance& a, const ByDistance& b) {
        if (a.distance_sq != b.distance_sq) return a.distance_sq < b.distance_sq;
        return std::tie(a.coord.x, a.coord.y, a.coord.z) < std::tie(b.coord.x, b.coord.y, b.coord.z);
    };
    std::sort(scratch_.far_order.begin(), scratch_.far_order.end(), nearer);
    for (const ByDistance& f : scratch_.far_order) {
        const std::size_t first = far_runs_.size();
        slots.chunk_runs(f.coord, far_runs_);
        const Box box = far_box(f.coord, eye.origin_chunk);
        keep_turned_to_eye(far_runs_, first, box.min - eye.offset, box.max - eye.offset);
    }
    for (auto it = scratch_.far_order.rbegin(); it != scratch_.far_order.rend(); ++it) {
        if (slots.has_water(it->coord)) slots.water_runs(it->coord, far_translucent_runs_);
    }
}

void CullView::order_translucent(const Eye& eye, const InstanceSlots& slots) {
    translucent_runs_.clear();
    scratch_.water_chunks.clear();
    for (ChunkOctree::Key key : visible_keys_) {
        const glm::ivec3 c = *octree_.coord_of(key);
        const ChunkCoord coord{c.x, c.y, c.z};
        if (!slots.has_water(coord)) continue;
        // Relative to the eye's chunk in integers first: exact anywhere in an endless world.
        const glm::vec3 centre = glm::vec3((c - eye.origin_chunk) * kChunkSize) + glm::vec3(kChunkSize / 2.0f);
        const glm::vec3 d = centre - eye.offset;
        scratch_.water_chunks.push_back({glm::dot(d, d), coord});
    }
    std::sort(scratch_.water_chunks.begin(), scratch_.water_chunks.end(), [](const ByDistance& a, const ByDistance& b) {
        if (a.distance_sq != b.distance_sq) return a.distance_sq > b.distance_sq;
        return std::tie(a.coord.x, a.coord.y, a.coord.z) < std::tie(b.coord.x, b.coord.y, b.coord.z);
    });
    for (const ByDistance& w : scratch_.water_chunks) slots.water_runs(w.coord, translucent_runs_);
}

void CullView::keep_turned_to_eye(std::vector<SlotRun>& runs, std::size_t first, glm::vec3 box_min, glm::vec3 box_max) {
    if (!turned_away_culling_) return;
    std::size_t kept = first;
    for (std::size_t i = first; i < runs.size(); ++i) {
        SlotRun run = runs[i];
        const uint8_t axes = axes_turned_to_eye(run.faces, box_min, box_max) & run.axes;
        axes_turned_away_ += static_cast<uint64_t>(std::popcount(unsigned{run.axes}) - std::popcount(unsigned{axes}));
        if (axes == 0) {
            ++runs_turned_away_;
            continue;
        }
        run.axes = axes;
        runs[kept++] = run;
    }
    runs.resize(kept);
}

void CullView::top_pages_first(std::vector<SlotRun>& runs, std::size_t first) {
    scratch_.pages.clear();
    for (std::size_t i = first; i < runs.size(); ++i) {
        for (uint32_t offset = 0; offset < runs[i].count; offset += kSlotsPerPage) {
            SlotRun page = runs[i];
            page.first_slot += offset;
            page.count = std::min<uint32_t>(kSlotsPerPage, runs[i].count - offset);
            scratch_.pages.push_back(page);
        }
    }
    runs.resize(first);
    runs.insert(runs.end(), scratch_.pages.rbegin(), scratch_.pages.rend());
}

void CullView::set_frozen(bool frozen, const Eye& eye) {
    if (frozen && !frozen_) {
        frozen_view_projection_ = eye.view_projection;
        occlusion_.frozen_chunk = eye.origin_chunk;
        occlusion_.frozen_offset = eye.offset;
    }
    frozen_ = frozen;
}

void CullView::chunk_boxes(std::vector<ChunkBox>& out) const {
    out.clear();
    const tsl::robin_set<ChunkOctree::Key> visible(visible_keys_.begin(), visible_keys_.end());
    const tsl::robin_set<ChunkOctree::Key> hidden(occlusion_.hidden.begin(), occlusion_.hidden.end());
    std::vector<ChunkOctree::Entry> chunks;
    octree_.list_chunks(chunks);
    for (const auto& c : chunks) out.push_back({c.coord, visible.contains(c.key), hidden.contains(c.key)});
}

std::optional<std::array<glm::vec3, 8>> CullView::frozen_frustum(glm::ivec3 origin_chunk) const {
    if (!frozen_) return std::nullopt;
    auto corners = frustum_corners(frozen_view_projection_);
    const glm::vec3 shift = glm::vec3((frustum_.origin_chunk() - origin_chunk) * kChunkSize);
    for (glm::vec3& c : corners) c += shift;
    return corners;
}

CullView::Stats CullView::stats() const {
    Stats s{octree_.stats(), sort_us_, frozen_, show_boxes_, runs_turned_away_, axes_turned_away_};
    s.occlusion = occlusion_.on;
    s.occluded_chunks = occlusion_.chunks;
    s.occluded_instances = occlusion_.instances;
    s.walk_reached = occlusion_.walk.chunks_reached();
    s.walk_ms = occlusion_.walk_ms;
    return s;
}

}  // namespace slotcraft
