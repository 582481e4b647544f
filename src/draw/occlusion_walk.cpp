// The occlusion walk (see occlusion_walk.hpp).
#include "draw/occlusion_walk.hpp"

#include <cassert>
#include <cstdlib>

namespace slotcraft {

bool OcclusionWalk::in_grid(glm::ivec3 c) const {
    return c.y >= kMinChunkY && c.y <= kTopChunkY && std::abs(c.x - eye_.x) <= radius_ &&
           std::abs(c.z - eye_.z) <= radius_;
}

std::size_t OcclusionWalk::cell(glm::ivec3 c) const {
    const auto x = static_cast<std::size_t>(c.x - eye_.x + radius_);
    const auto z = static_cast<std::size_t>(c.z - eye_.z + radius_);
    const auto y = static_cast<std::size_t>(c.y - kMinChunkY);
    const auto side = static_cast<std::size_t>(side_);
    return (y * side + z) * side + x;
}

bool OcclusionWalk::reached(glm::ivec3 c) const {
    if (!active_ || !in_grid(c)) return true;  // hides nothing, and nothing outside its grid
    const int64_t dx = c.x - eye_.x, dz = c.z - eye_.z;
    if (dx * dx + dz * dz > disc_ * disc_) return true;  // nor beyond the columns it walks
    return (state_[cell(c)] & kReached) != 0;
}

void OcclusionWalk::walk(glm::ivec3 eye_chunk, const Frustum& frustum, int view_distance, const WalkSource& source) {
    assert(eye_chunk.y >= kMinChunkY && eye_chunk.y <= kTopChunkY &&
           "OcclusionWalk::walk: an eye outside the world's layers is reach_everything()'s case");
    active_ = true;
    eye_ = eye_chunk;
    radius_ = view_distance + 2;
    side_ = 2 * radius_ + 1;
    state_.assign(static_cast<std::size_t>(side_) * static_cast<std::size_t>(side_) * kChunksPerColumn, uint16_t{0});
    queue_.clear();
    disc_ = view_distance + 1;
    const int64_t disc = disc_;
    state_[cell(eye_)] = kReached;
    queue_.push_back({eye_, source.find(ChunkCoord{eye_.x, eye_.y, eye_.z}, WalkSource::kNone, kPosX)});
    constexpr std::size_t kAhead = 8;  // chunks fetched ahead of the one being left
    // Every step goes one chunk farther from the eye (in |dx| + |dy| + |dz|), so the queue holds
    // the chunks in order of that distance: a chunk's every way in is known before it is left.
    for (std::size_t head = 0; head < queue_.size(); ++head) {
        // Fetch ahead: the entry of the chunk 2 kAhead places on, what it points to kAhead on
        // (fetched at once when found, a wide frontier would evict it before its turn).
        if (head + 2 * kAhead < queue_.size() && queue_[head + 2 * kAhead].id != WalkSource::kNone) {
            source.prefetch(queue_[head + 2 * kAhead].id, 0);
        }
        if (head + kAhead < queue_.size() && queue_[head + kAhead].id != WalkSource::kNone) {
            source.prefetch(queue_[head + kAhead].id, 1);
        }
        const glm::ivec3 c = queue_[head].coord;
        const uint32_t id = queue_[head].id;
        uint8_t exits = kAllFaces;
        // Sight passes a chunk that is not drawn, and what it enters from there (see
        // kThroughOpen); the eye's chunk is left by every face, its own blocks seen right.
        bool through_open = id == WalkSource::kNone || (state_[cell(c)] & kThroughOpen) != 0;
        if (!through_open) {
            const WalkChunk here = source.chunk(id, ChunkCoord{c.x, c.y, c.z});
            through_open = here.open;
            if (!here.open && c != eye_) {
                exits = faces_reached(here.links, static_cast<uint8_t>(state_[cell(c)] & kEntered));
            }
        }
        for (int f = 0; f < kFaceCount; ++f) {
            if ((exits & (1u << f)) == 0) continue;
            const glm::ivec3 n = kFaceNormals[static_cast<std::size_t>(f)];
            // Outward only: a line of sight never turns back toward the eye on any axis.
            const glm::ivec3 from_eye = c - eye_;
            if (n.x * from_eye.x < 0 || n.y * from_eye.y < 0 || n.z * from_eye.z < 0) continue;
            const glm::ivec3 d = c + n;
            if (d.y < kMinChunkY || d.y > kTopChunkY) continue;
            const int64_t dx = d.x - eye_.x, dz = d.z - eye_.z;
            if (dx * dx + dz * dz > disc * disc) continue;
            uint16_t& s = state_[cell(d)];
            const auto in = static_cast<uint16_t>(face_bit(opposite(static_cast<Face>(f))) |
                                                  (through_open ? kThroughOpen : 0));
            if ((s & kReached) != 0) {
                s = static_cast<uint16_t>(s | in);
                continue;
            }
            if ((s & kOutsideFrustum) != 0) continue;
            const glm::ivec3 rel = d - eye_;
            const bool near_eye = std::abs(rel.x) <= 1 && std::abs(rel.y) <= 1 && std::abs(rel.z) <= 1;
            if (!near_eye) {
                Box box;
                box.min = glm::vec3((d - frustum.origin_chunk()) * kChunkSize);
                box.max = box.min + glm::vec3(kChunkSize);
                if (frustum.culls(box)) {
                    s = static_cast<uint16_t>(s | kOutsideFrustum);
                    continue;
                }
            }
            s = static_cast<uint16_t>(s | kReached | in);
            queue_.push_back({d, source.find(ChunkCoord{d.x, d.y, d.z}, id, static_cast<Face>(f))});
        }
    }
}

}  // namespace slotcraft
