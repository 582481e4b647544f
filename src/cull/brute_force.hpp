#pragma once
// The brute-force culler: every chunk box tested against the frustum, boxes kept as a
// structure of arrays. It is the reference the octree's answer must equal, and the baseline
// its benchmark beats. C++, GLM and tsl::robin_map only: never GL, GLFW or ImGui.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>
#include <tsl/robin_map.h>

#include "cull/frustum.hpp"
#include "cull/key_hash.hpp"

namespace slotcraft {

// Chunk keys and chunk coordinates, one array per coordinate. Order is not kept on removal.
class ChunkBoxArrays {
public:
    using Key = std::uint64_t;

    // False (and no change) when the key is already present.
    bool add(Key key, glm::ivec3 chunk);
    // False when the key is absent.
    bool remove(Key key);
    void clear();

    std::size_t size() const { return keys_.size(); }
    std::span<const Key> keys() const { return keys_; }
    std::span<const std::int32_t> xs() const { return xs_; }
    std::span<const std::int32_t> ys() const { return ys_; }
    std::span<const std::int32_t> zs() const { return zs_; }
    // Per-axis bounds of every coordinate ever added since the last clear (never shrink).
    glm::ivec3 low() const { return low_; }
    glm::ivec3 high() const { return high_; }

private:
    std::vector<Key> keys_;
    std::vector<std::int32_t> xs_, ys_, zs_;
    tsl::robin_map<Key, std::size_t, ChunkKeyHash> index_of_;
    glm::ivec3 low_{0};
    glm::ivec3 high_{0};
    bool has_bounds_ = false;
};

// Replaces `out` with the keys of the boxes `frustum` does not cull (in storage order).
void brute_force_cull(const ChunkBoxArrays& boxes, const Frustum& frustum, std::vector<std::uint64_t>& out);

}  // namespace slotcraft
