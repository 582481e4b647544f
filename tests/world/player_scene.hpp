#pragma once
// Test scenes for the player: a set of solid cells plus an optional solid floor, seen
// through a BlockQuery that can translate the scene by an integer offset (to replay it at
// negative coordinates or far from the origin), and a brute-force overlap check.
#include "world/player.hpp"

#include <array>
#include <limits>
#include <optional>
#include <set>

namespace slotcraft::test {

class Scene {
public:
    // Every cell with y < top is solid.
    void set_floor(int top) { floor_top_ = top; }
    void add(const BlockPos& p) { cells_.insert({p.x, p.y, p.z}); }
    // Every cell of the box lo..hi (inclusive).
    void fill(const BlockPos& lo, const BlockPos& hi) {
        for (int x = lo.x; x <= hi.x; ++x)
            for (int y = lo.y; y <= hi.y; ++y)
                for (int z = lo.z; z <= hi.z; ++z) add({x, y, z});
    }
    void remove(const BlockPos& p) { cells_.erase({p.x, p.y, p.z}); }

    bool solid(const BlockPos& p) const { return p.y < floor_top_ || cells_.contains({p.x, p.y, p.z}); }
    // The scene moved by `offset`: cell p of the query is cell p - offset of the scene.
    BlockQuery query(const BlockPos& offset = BlockPos{0}) const {
        return [this, offset](const BlockPos& p) { return solid(p - offset); };
    }

private:
    std::set<std::array<int, 3>> cells_;
    int floor_top_ = std::numeric_limits<int>::min();
};

// The first solid cell that shares volume with the player's box, found by testing every
// cell around it with plain interval arithmetic (independent of Player::overlaps_block).
inline std::optional<BlockPos> overlapping_solid(const Player& player, const BlockQuery& solid) {
    const PlayerBox b = player.box();
    const auto lo = glm::ivec3(glm::floor(b.min)) - 1;
    const auto hi = glm::ivec3(glm::floor(b.max)) + 1;
    for (int x = lo.x; x <= hi.x; ++x)
        for (int y = lo.y; y <= hi.y; ++y)
            for (int z = lo.z; z <= hi.z; ++z) {
                const BlockPos p{x, y, z};
                bool inside = true;
                for (int a = 0; a < 3; ++a) inside = inside && b.min[a] < p[a] + 1.0 && b.max[a] > p[a];
                if (inside && solid(p)) return p;
            }
    return std::nullopt;
}

// A player standing with its feet at the centre of `feet` (feet.y on the ground).
inline Player player_at_feet(const glm::dvec3& feet, MoveMode mode) {
    Player player({0.0, 80.0, 0.0}, mode);
    player.set_feet(feet);
    return player;
}

inline PlayerInput walk_towards(double yaw, bool jump = false) {
    PlayerInput in;
    in.forward = true;
    in.yaw = yaw;
    in.jump = jump;
    return in;
}

}  // namespace slotcraft::test
