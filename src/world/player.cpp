// The player's movement: velocity from the keys, gravity, then a swept move of the box
// through the block grid, one axis at a time, stopping kSkin short of the first solid cell.
#include "world/player.hpp"

#include "world/block.hpp"
#include "world/world.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace slotcraft {

static_assert(kJumpVelocity * kJumpVelocity - 2.0 * kGravity * kJumpHeight < 1e-9 &&
                  2.0 * kGravity * kJumpHeight - kJumpVelocity * kJumpVelocity < 1e-9,
              "kJumpVelocity must be sqrt(2 * kGravity * kJumpHeight)");
static_assert(kSkin * 1e4 < kMaxSubStepDistance, "the skin must be negligible next to a move");

namespace {

// A box within this distance of a cell counts as touching it, not inside it: rounding of
// the box's bounds (about 1e-10 at x = 1e6) never turns a touching block into an overlap.
constexpr double kTouch = kSkin / 2.0;
// Farthest coordinate the player may be at (block coordinates are 32-bit ints): the world's bound.
constexpr double kMaxCoordinate = kWorldBound;

int floor_cell(double v) {
    assert(std::abs(v) < 2.0 * kMaxCoordinate && "player coordinate beyond block coordinates");
    return static_cast<int>(std::floor(v));
}
int ceil_cell(double v) {
    assert(std::abs(v) < 2.0 * kMaxCoordinate && "player coordinate beyond block coordinates");
    return static_cast<int>(std::ceil(v));
}

// Cells that share more than kTouch of the open interval (lo, hi): [first, last].
struct CellRange {
    int first;
    int last;
};
CellRange cells_inside(double lo, double hi) { return {floor_cell(lo + kTouch), ceil_cell(hi - kTouch) - 1}; }

}  // namespace

BlockQuery solid_for_player(const World& world) {
    return [&world](const BlockPos& p) {
        const std::optional<BlockType> type = world.block_at(p);
        return !type.has_value() || is_firm(*type);  // not loaded (or below y = -64): a wall
    };
}

BlockQuery water_for_player(const World& world) {
    return [&world](const BlockPos& p) {
        const std::optional<BlockType> type = world.block_at(p);
        return type.has_value() && is_water(*type);
    };
}

Player::Player(const glm::dvec3& eye, MoveMode mode) : mode_(mode) { set_eye(eye); }

void Player::set_mode(MoveMode mode) {
    mode_ = mode;
    velocity_.y = 0.0;
}

void Player::set_eye(const glm::dvec3& eye) { set_feet(eye - glm::dvec3(0.0, kEyeHeight, 0.0)); }

void Player::set_feet(const glm::dvec3& feet) {
    for (int a = 0; a < 3; ++a) {
        if (!std::isfinite(feet[a]) || std::abs(feet[a]) > kMaxCoordinate) {
            char value[32];  // %g: 1e300 in a few characters, not three hundred digits
            std::snprintf(value, sizeof value, "%.6g", feet[a]);
            throw PositionOutOfRange("player position out of range: coordinate " + std::string(value) +
                                     " (|x|, |y|, |z| <= 1e9)");
        }
    }
    feet_ = feet;
    velocity_ = glm::dvec3(0.0);
    on_ground_ = false;
}

PlayerBox Player::box() const {
    const glm::dvec3 half{kPlayerWidth / 2.0, 0.0, kPlayerWidth / 2.0};
    return {feet_ - half, feet_ + half + glm::dvec3(0.0, kPlayerHeight, 0.0)};
}

bool Player::overlaps_block(const BlockPos& p) const {
    const PlayerBox b = box();
    for (int a = 0; a < 3; ++a) {
        const double lo = p[a];
        if (!(b.min[a] < lo + 1.0 && b.max[a] > lo)) return false;
    }
    return true;
}

// [SECTION] simulation

void Player::step(const PlayerInput& input, const BlockQuery& solid, const BlockQuery& water, double dt) {
    water_ = &water;
    step(input, solid, dt);
    water_ = nullptr;
}

void Player::step(const PlayerInput& input, const BlockQuery& solid, double dt) {
    assert(std::isfinite(dt) && dt >= 0.0 && "step() needs a finite, non-negative dt");
    assert(std::isfinite(input.yaw) && "PlayerInput::yaw must be finite");
    ++stats_.steps;
    dt = std::min(dt, kMaxStepSeconds);
    if (dt <= 0.0) return;

    // A bound on any velocity component during this step: the velocity blends between its
    // current value and the wished one, and gravity or a jump adds at most this much.
    double bound = std::max(glm::length(velocity_), glm::length(wish_velocity(input)));
    if (mode_ == MoveMode::kWalk) bound += kGravity * dt + (input.jump ? kJumpVelocity + kSwimUpSpeed : 0.0);
    const auto pieces = std::max(1, static_cast<int>(std::ceil(bound * dt / kMaxSubStepDistance)));
    for (int i = 0; i < pieces; ++i) sub_step(input, solid, dt / pieces);
    stats_.sub_steps += static_cast<uint64_t>(pieces);
}

glm::dvec3 Player::wish_velocity(const PlayerInput& input) const {
    const double yaw = glm::radians(input.yaw);
    const glm::dvec3 forward{std::sin(yaw), 0.0, -std::cos(yaw)};
    const glm::dvec3 right{std::cos(yaw), 0.0, std::sin(yaw)};
    const double ahead = (input.forward ? 1.0 : 0.0) - (input.back ? 1.0 : 0.0);
    const double side = (input.right ? 1.0 : 0.0) - (input.left ? 1.0 : 0.0);
    glm::dvec3 wish = forward * ahead + right * side;
    // Diagonal keys move at the same speed as straight ones.
    if (ahead != 0.0 || side != 0.0) wish = glm::normalize(wish);

    if (mode_ == MoveMode::kFly) {
        const double boost = input.sprint ? kFlySprintFactor : 1.0;
        wish *= kFlySpeed * boost;
        wish.y = ((input.up ? 1.0 : 0.0) - (input.down ? 1.0 : 0.0)) * kFlyVerticalSpeed * boost;
    } else {
        wish *= kWalkSpeed * (input.sprint ? kSprintFactor : 1.0);
    }
    return wish;
}

void Player::sub_step(const PlayerInput& input, const BlockQuery& solid, double h) {
    in_water_ = water_ != nullptr && touches_water(*water_);
    const bool swimming = mode_ == MoveMode::kWalk && in_water_;
    const glm::dvec3 wish = wish_velocity(input) * (swimming ? kSwimFactor : 1.0);
    glm::dvec3 before = velocity_;
    glm::dvec3 after;
    const double control = mode_ == MoveMode::kFly ? kFlyControl
                           : swimming              ? kWaterControl
                           : on_ground_            ? kGroundControl
                                                   : kAirControl;
    const double blend = 1.0 - std::exp(-control * h);  // the same feel at any step length
    after.x = before.x + (wish.x - before.x) * blend;
    after.z = before.z + (wish.z - before.z) * blend;
    if (mode_ == MoveMode::kFly) {
        after.y = before.y + (wish.y - before.y) * blend;
    } else if (swimming) {
        after.y = swim_vertical(before.y, input.jump, h);
    } else {
        if (input.jump && on_ground_) before.y = kJumpVelocity;
        after.y = std::max(before.y - kGravity * h, -kTerminalVelocity);
    }
    // The mean of both velocities: exact under constant gravity, so a jump reaches
    // kJumpHeight whatever the step length.
    const glm::dvec3 move = (before + after) * (0.5 * h);
    velocity_ = after;

    // Vertical first (landing and ceilings), then the longer horizontal move, so a
    // diagonal run into a corner slides along the direction it mostly goes.
    const int first = std::abs(move.x) >= std::abs(move.z) ? 0 : 2;
    for (const int axis : {1, first, 2 - first}) {
        bool blocked = false;
        feet_[axis] += sweep(axis, move[axis], solid, blocked);
        if (blocked) {
            velocity_[axis] = 0.0;
            ++stats_.blocked_moves;
        }
        if (std::abs(feet_[axis]) > kMaxCoordinate) {  // the world's bound: a wall like any other
            feet_[axis] = std::copysign(kMaxCoordinate, feet_[axis]);
            velocity_[axis] = 0.0;
            ++stats_.edge_stops;
        }
    }
    on_ground_ = touches_ground(solid);
}

// [SECTION] collision

// How far the box may move along `axis` towards `delta`: the whole way, or up to kSkin
// short of the first solid cell it would enter (then `blocked`). Cells the box already
// overlaps by more than kTouch are ignored, so a box caught inside blocks (a chunk that
// loaded around it) can always move out. The result may be a push back of at most
// kSkin + kTouch when the box is closer than kSkin to the cell ahead.
double Player::sweep(int axis, double delta, const BlockQuery& solid, bool& blocked) {
    blocked = false;
    if (delta == 0.0) return 0.0;
    const PlayerBox b = box();
    if (delta > 0.0) {
        const int first = ceil_cell(b.max[axis] - kTouch);
        const int last = ceil_cell(b.max[axis] + delta + kSkin) - 1;
        for (int layer = first; layer <= last; ++layer) {
            if (!layer_has_solid(axis, layer, b, solid)) continue;
            blocked = true;
            return std::min(delta, layer - kSkin - b.max[axis]);
        }
    } else {
        const int first = floor_cell(b.min[axis] + kTouch) - 1;
        const int last = floor_cell(b.min[axis] + delta - kSkin);
        for (int layer = first; layer >= last; --layer) {
            if (!layer_has_solid(axis, layer, b, solid)) continue;
            blocked = true;
            return std::max(delta, layer + 1.0 + kSkin - b.min[axis]);
        }
    }
    return delta;
}

// Is any cell of the slab `layer` along `axis`, under the box's cross-section, solid?
bool Player::layer_has_solid(int axis, int layer, const PlayerBox& box, const BlockQuery& solid) {
    const int u = (axis + 1) % 3;
    const int v = (axis + 2) % 3;
    const CellRange us = cells_inside(box.min[u], box.max[u]);
    const CellRange vs = cells_inside(box.min[v], box.max[v]);
    BlockPos cell{0};
    cell[axis] = layer;
    for (int i = us.first; i <= us.last; ++i) {
        for (int j = vs.first; j <= vs.last; ++j) {
            cell[u] = i;
            cell[v] = j;
            ++stats_.cells_queried;
            if (solid(cell)) return true;
        }
    }
    return false;
}

// A solid cell right under the feet: the layer whose top lies within 2 kSkin below them.
bool Player::touches_ground(const BlockQuery& solid) {
    const PlayerBox b = box();
    const int layer = floor_cell(b.min.y - 2.0 * kSkin);
    if (layer + 1.0 > b.min.y + kTouch) return false;  // the feet are inside that layer
    return layer_has_solid(1, layer, b, solid);
}

// [SECTION] water

// Does the box share volume with a water cell?
bool Player::touches_water(const BlockQuery& water) const {
    const PlayerBox b = box();
    const CellRange xs = cells_inside(b.min.x, b.max.x);
    const CellRange ys = cells_inside(b.min.y, b.max.y);
    const CellRange zs = cells_inside(b.min.z, b.max.z);
    for (int y = ys.first; y <= ys.last; ++y)
        for (int z = zs.first; z <= zs.last; ++z)
            for (int x = xs.first; x <= xs.last; ++x)
                if (water(BlockPos{x, y, z})) return true;
    return false;
}

// The vertical velocity in water: it eases towards sinking (kSinkSpeed) or, with Space,
// swimming up (kSwimUpSpeed); a fall into water is braked the same way.
double Player::swim_vertical(double before_y, bool up, double h) const {
    const double target = up ? kSwimUpSpeed : -kSinkSpeed;
    return before_y + (target - before_y) * (1.0 - std::exp(-kWaterControl * h));
}

}  // namespace slotcraft
