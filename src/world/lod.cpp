// The rings of far terrain (see lod.hpp; docs/world.md "Far terrain").
#include "world/lod.hpp"

#include <algorithm>

namespace slotcraft {

namespace {
// The level-`level` column holding level-0 column v (floor division by 2^level).
int32_t up(int32_t v, int level) { return floor_div(v, int32_t{1} << level); }

// Whether every level-0 column under c lies inside the world's edges.
bool column_in_world(const LodColumn& c) {
    const int64_t lo_x = int64_t{c.x} << c.level, lo_z = int64_t{c.z} << c.level;
    const int64_t hi_x = lo_x + (int64_t{1} << c.level) - 1, hi_z = lo_z + (int64_t{1} << c.level) - 1;
    return lo_x >= -kMaxChunkXZ && lo_z >= -kMaxChunkXZ && hi_x < kMaxChunkXZ && hi_z < kMaxChunkXZ;
}
}  // namespace

LodRings::LodRings(int32_t camera_x, int32_t camera_z, int view_distance, int far_distance)
    : camera_x_(camera_x),
      camera_z_(camera_z),
      view_distance_(std::max(view_distance, 0)),
      far_distance_(std::clamp(far_distance, 0, kMaxFarDistance)) {
    if (far_distance_ <= view_distance_) return;
    top_level_ = 1;
    while (top_level_ < kMaxLodLevel && (int64_t{view_distance_} << top_level_) < far_distance_) ++top_level_;
}

bool LodRings::qualifies(const LodColumn& c) const {
    if (!column_in_world(c)) return false;
    const int32_t cx = up(camera_x_, c.level), cz = up(camera_z_, c.level);
    if (c.level == top_level_) {
        const int radius = (far_distance_ + (1 << top_level_) - 1) >> top_level_;  // rounded up
        return column_in_view(cx, cz, c.x, c.z, radius);
    }
    return column_in_view(cx, cz, c.x, c.z, view_distance_);
}

bool LodRings::splits(const LodColumn& c) const {
    for (int dz = 0; dz < 2; ++dz)
        for (int dx = 0; dx < 2; ++dx) {
            if (!qualifies({c.level - 1, c.x * 2 + dx, c.z * 2 + dz})) return false;
        }
    return true;
}

void LodRings::refine(const LodColumn& c, std::vector<LodColumn>& out) const {
    if (c.level == 0) return;  // full detail: the world's own streaming draws it
    if (!splits(c)) {
        out.push_back(c);
        return;
    }
    for (int dz = 0; dz < 2; ++dz)
        for (int dx = 0; dx < 2; ++dx) refine({c.level - 1, c.x * 2 + dx, c.z * 2 + dz}, out);
}

void LodRings::leaves(std::vector<LodColumn>& out) const {
    out.clear();
    if (!active()) return;
    const int32_t cx = up(camera_x_, top_level_), cz = up(camera_z_, top_level_);
    const int radius = ((far_distance_ + (1 << top_level_) - 1) >> top_level_) + 1;
    for (int32_t z = cz - radius; z <= cz + radius; ++z)
        for (int32_t x = cx - radius; x <= cx + radius; ++x) {
            const LodColumn top{top_level_, x, z};
            if (qualifies(top)) refine(top, out);
        }
}

int LodRings::level_at(const LodColumn& c) const {
    if (!active() || c.level > top_level_) return -1;
    const auto above = [&c](int level) {
        return LodColumn{level, floor_div(c.x, int32_t{1} << (level - c.level)),
                         floor_div(c.z, int32_t{1} << (level - c.level))};
    };
    if (!qualifies(above(top_level_))) return -1;
    for (int level = top_level_; level > c.level; --level) {
        if (!splits(above(level))) return level;  // inside a coarser leaf
    }
    if (c.level == 0) return 0;
    return splits(c) ? c.level - 1 : c.level;
}

void LodRings::border_sides(const LodColumn& c, uint8_t& skirts, uint8_t& walls) const {
    skirts = walls = 0;
    constexpr Face kSides[4] = {kPosX, kNegX, kPosZ, kNegZ};
    for (const Face f : kSides) {
        const glm::ivec3 n = kFaceNormals[f];
        const int drawn = level_at({c.level, c.x + n.x, c.z + n.z});
        if (drawn < 0) walls |= face_bit(f);
        else if (drawn < c.level) skirts |= face_bit(f);
    }
}

bool LodRings::draws_level0(int32_t x, int32_t z) const {
    if (!active()) return true;
    if (!qualifies({top_level_, up(x, top_level_), up(z, top_level_)})) return false;
    for (int level = top_level_; level >= 1; --level) {
        if (!splits({level, up(x, level), up(z, level)})) return false;
    }
    return true;
}

}  // namespace slotcraft
