// brute_force_cull: the same plane test as the octree, on every chunk box, no hierarchy.
#include "cull/brute_force.hpp"

#include <algorithm>
#include <limits>

#include "cull/plane_test.hpp"

namespace slotcraft {

namespace {

bool fits_int32(std::int64_t v) {
    return v >= std::numeric_limits<std::int32_t>::min() && v <= std::numeric_limits<std::int32_t>::max();
}

// The general path: any coordinates, one box at a time through the shared test.
void keep_visible_wide(const ChunkBoxArrays& boxes, const Frustum& frustum, std::vector<std::uint64_t>& out) {
    const glm::ivec3 origin = frustum.origin_chunk();
    for (std::size_t i = 0, n = boxes.size(); i < n; ++i) {
        glm::ivec3 chunk(boxes.xs()[i], boxes.ys()[i], boxes.zs()[i]);
        if (!frustum.culls(chunk_box(chunk, origin))) out.push_back(boxes.keys()[i]);
    }
}

// relative_block's value computed from 32 bits, valid when the true difference fits in an
// int32; wrapping unsigned arithmetic, because only the difference is meaningful.
inline float relative32(std::uint32_t c, std::uint32_t o) {
    return static_cast<float>(static_cast<std::int32_t>(c - o)) * static_cast<float>(kChunkBlocks);
}

// The narrow path, in batches: first the faces of each box as floats (low = relative_block(c),
// high = relative_block(c + 1)), then one plane at a time over the batch with no branch, so
// both loops vectorise; then the kept keys are packed. Each plane reads the faces
// cull_detail::farthest_distance picks and sums in its order, so the answer is the same.
void keep_visible_narrow(const ChunkBoxArrays& boxes, const Frustum& frustum, std::vector<std::uint64_t>& out) {
    constexpr std::size_t kBatch = 256;
    const glm::ivec3 origin = frustum.origin_chunk();
    const std::uint32_t low_origin[3] = {static_cast<std::uint32_t>(origin.x), static_cast<std::uint32_t>(origin.y),
                                         static_cast<std::uint32_t>(origin.z)};
    const std::uint32_t* coords[3] = {reinterpret_cast<const std::uint32_t*>(boxes.xs().data()),
                                      reinterpret_cast<const std::uint32_t*>(boxes.ys().data()),
                                      reinterpret_cast<const std::uint32_t*>(boxes.zs().data())};
    const std::uint64_t* keys = boxes.keys().data();
    float low[3][kBatch];
    float high[3][kBatch];
    std::int32_t visible[kBatch];
    std::uint64_t batch_keys[kBatch];
    for (std::size_t first = 0, n = boxes.size(); first < n; first += kBatch) {
        std::size_t count = std::min(kBatch, n - first);
        for (int axis = 0; axis < 3; ++axis) {
            const std::uint32_t* c = coords[axis] + first;
            std::uint32_t o = low_origin[axis];
            for (std::size_t j = 0; j < count; ++j) {
                low[axis][j] = relative32(c[j], o);
                high[axis][j] = relative32(c[j], o - 1u);  // c + 1 - o
            }
        }
        for (std::size_t j = 0; j < count; ++j) visible[j] = 1;
        for (const Plane& plane : frustum.planes()) {
            const float nx = plane.normal.x, ny = plane.normal.y, nz = plane.normal.z, offset = plane.offset;
            const float* px = nx >= 0.0f ? high[0] : low[0];
            const float* py = ny >= 0.0f ? high[1] : low[1];
            const float* pz = nz >= 0.0f ? high[2] : low[2];
            for (std::size_t j = 0; j < count; ++j) {
                float distance = nx * px[j] + ny * py[j] + nz * pz[j] + offset;
                visible[j] &= distance < 0.0f ? 0 : 1;
            }
        }
        std::size_t kept = 0;
        for (std::size_t j = 0; j < count; ++j) {
            batch_keys[kept] = keys[first + j];  // written always, counted only when visible: no branch
            kept += static_cast<std::size_t>(visible[j]);
        }
        out.insert(out.end(), batch_keys, batch_keys + kept);
    }
}

}  // namespace

bool ChunkBoxArrays::add(Key key, glm::ivec3 chunk) {
    if (!index_of_.try_emplace(key, keys_.size()).second) return false;
    keys_.push_back(key);
    xs_.push_back(chunk.x);
    ys_.push_back(chunk.y);
    zs_.push_back(chunk.z);
    if (!has_bounds_) {
        low_ = high_ = chunk;
        has_bounds_ = true;
    } else {
        low_ = glm::min(low_, chunk);
        high_ = glm::max(high_, chunk);
    }
    return true;
}

bool ChunkBoxArrays::remove(Key key) {
    auto it = index_of_.find(key);
    if (it == index_of_.end()) return false;
    std::size_t i = it->second;
    std::size_t last = keys_.size() - 1;
    index_of_.erase(it);
    if (i != last) {
        keys_[i] = keys_[last];
        xs_[i] = xs_[last];
        ys_[i] = ys_[last];
        zs_[i] = zs_[last];
        index_of_[keys_[i]] = i;
    }
    keys_.pop_back();
    xs_.pop_back();
    ys_.pop_back();
    zs_.pop_back();
    return true;
}

void ChunkBoxArrays::clear() {
    keys_.clear();
    xs_.clear();
    ys_.clear();
    zs_.clear();
    index_of_.clear();
    low_ = glm::ivec3(0);
    high_ = glm::ivec3(0);
    has_bounds_ = false;
}

void brute_force_cull(const ChunkBoxArrays& boxes, const Frustum& frustum, std::vector<std::uint64_t>& out) {
    out.clear();
    if (boxes.size() == 0) return;
    // When every coordinate difference fits 32 bits (any world a player can reach), convert
    // from int32, which vectorises; the value is the same as relative_block's int64 one.
    glm::ivec3 origin = frustum.origin_chunk();
    bool narrow = true;
    for (int axis = 0; axis < 3; ++axis) {
        narrow = narrow && fits_int32(std::int64_t{boxes.low()[axis]} - origin[axis]) &&
                 fits_int32(std::int64_t{boxes.high()[axis]} + 1 - origin[axis]);
    }
    if (narrow) {
        keep_visible_narrow(boxes, frustum, out);
    } else {
        keep_visible_wide(boxes, frustum, out);
    }
}

}  // namespace slotcraft
