#pragma once
// The player's body: a 0.6 x 1.8 x 0.6 box that walks (gravity, jumps) or flies (no
// gravity) through the block grid at a fixed step, swept axis by axis against solid cells.
// Pure C++20 and GLM: blocks come through a BlockQuery, so it never depends on GL, on
// windows or input devices, nor on how the world stores its chunks.
#include "world/coords.hpp"
#include "world/names.hpp"
#include "world/refused.hpp"

#include <glm/glm.hpp>

#include <cstdint>
#include <functional>
#include <stdexcept>

namespace slotcraft {

class World;

// A position that is not finite or too far out for block coordinates (bad input: a script's
// camera line, a saved eye). what() gives the coordinate and the allowed range.
struct PositionOutOfRange : Refused {
    using Refused::Refused;
};

// [SECTION] constants (blocks, seconds)

inline constexpr double kPlayerWidth = 0.6;        // x and z extent of the box
inline constexpr double kPlayerHeight = 1.8;       // y extent of the box
inline constexpr double kEyeHeight = 1.62;         // eye above the feet
inline constexpr double kGravity = 28.0;           // blocks / s^2, walk mode only
inline constexpr double kTerminalVelocity = 50.0;  // fastest fall, blocks / s
inline constexpr double kJumpHeight = 1.25;        // apex of a jump above the take-off
// sqrt(2 g h): the take-off speed whose apex is kJumpHeight (checked in player.cpp).
inline constexpr double kJumpVelocity = 8.366600265340756;
inline constexpr double kWalkSpeed = 4.3;         // blocks / s
inline constexpr double kSprintFactor = 1.3;      // walk speed multiplier with sprint
inline constexpr double kFlySpeed = 11.0;         // horizontal, blocks / s
inline constexpr double kFlyVerticalSpeed = 8.0;  // Space / Shift in fly mode
inline constexpr double kFlySprintFactor = 2.0;   // fly speed multiplier with sprint
// How fast the velocity follows the keys: the gap to the target shrinks by e every 1/k s.
inline constexpr double kGroundControl = 25.0;
inline constexpr double kAirControl = 6.0;  // less grip in the air: momentum carries
inline constexpr double kFlyControl = 12.0;
// Gap kept between the box and a block it collided with, so rounding (even at x = 1e6,
// where a double still resolves 1e-10) never puts the box inside the block.
inline constexpr double kSkin = 1e-6;
inline constexpr double kMaxSubStepDistance = 0.5;  // longer moves are split into sub-steps
inline constexpr double kMaxStepSeconds = 0.25;     // a longer dt (a stalled frame) is clamped
inline constexpr double kStepSeconds = 1.0 / 60.0;  // the fixed simulation step

// Is the cell at BlockPos solid for the player's body? Tests pass a lambda over a set of
// cells; the app passes solid_for_player(world).
using BlockQuery = std::function<bool(const BlockPos&)>;

// The World as a BlockQuery: a cell is solid when its block is solid OR when its chunk is
// not loaded (and below y = -64), so the player never falls or walks into a void that has
// not been generated yet; it waits at the edge until the chunk arrives. Above y = 319 is air.
// The world must outlive the returned query.
BlockQuery solid_for_player(const World& world);

// [SECTION] water (walk mode): the player sinks, Space swims up, and water is never stood on
// (it is not solid for the player); horizontal moves are slower.
inline constexpr double kSinkSpeed = 2.0;     // blocks / s down, without Space
inline constexpr double kSwimUpSpeed = 3.5;   // blocks / s up, Space held
inline constexpr double kSwimFactor = 0.6;    // walk speed multiplier in water
inline constexpr double kWaterControl = 5.0;  // how fast the velocity follows in water

// The World's water as a BlockQuery: true where the cell holds water. The world must outlive
// the returned query.
BlockQuery water_for_player(const World& world);

enum class MoveMode : uint8_t {
    kWalk,  // gravity, jump, walk / sprint speed
    kFly,   // no gravity, Space / Shift move up / down, faster; still collides with blocks
};
// The names of the move modes (script, stats, the HUD, the world file).
inline constexpr NameTable<MoveMode, 2> kMoveModeNames{{{
    {MoveMode::kFly, "fly"},
    {MoveMode::kWalk, "walk"},
}}};
inline std::string_view move_mode_name(MoveMode mode) { return kMoveModeNames.name(mode); }

// One step's keys. Walk mode reads `jump` and ignores up/down; fly mode the reverse.
struct PlayerInput {
    bool forward = false;  // W
    bool back = false;     // S
    bool left = false;     // A
    bool right = false;    // D
    bool up = false;       // Space in fly mode
    bool down = false;     // Shift in fly mode
    bool jump = false;     // Space in walk mode (jumps only from the ground)
    bool sprint = false;   // Ctrl
    double yaw = 0.0;      // degrees; 0 looks towards -z, 90 towards +x (as the Camera)
};

// An axis-aligned box; a block (x, y, z) is the box [x, x+1) x [y, y+1) x [z, z+1).
struct PlayerBox {
    glm::dvec3 min{0.0};
    glm::dvec3 max{0.0};
};

class Player {
public:
    struct Stats {
        uint64_t steps = 0;          // calls to step()
        uint64_t sub_steps = 0;      // pieces simulated (no move longer than kMaxSubStepDistance)
        uint64_t blocked_moves = 0;  // axis moves cut short by a block
        uint64_t cells_queried = 0;  // BlockQuery calls
        uint64_t edge_stops = 0;     // axis moves stopped at the world's bound (kWorldBound)
    };

    explicit Player(const glm::dvec3& eye = {0.0, 80.0, 0.0}, MoveMode mode = MoveMode::kFly);

    // Advances the simulation by dt seconds (clamped to kMaxStepSeconds; dt >= 0).
    // Never leaves the box inside a solid cell it was not already inside.
    void step(const PlayerInput& input, const BlockQuery& solid, double dt = kStepSeconds);
    // The same, in a world with water: where the box is in water, walk mode swims.
    void step(const PlayerInput& input, const BlockQuery& solid, const BlockQuery& water, double dt = kStepSeconds);
    // True when the box shared volume with a water cell at the start of the last sub-step.
    bool in_water() const { return in_water_; }

    MoveMode mode() const { return mode_; }
    // Switching mode stops vertical motion (no fall carried over from fly to walk).
    void set_mode(MoveMode mode);

    glm::dvec3 eye() const { return feet_ + glm::dvec3(0.0, kEyeHeight, 0.0); }
    glm::dvec3 feet() const { return feet_; }  // bottom centre of the box
    // Teleports the eye there and stops all motion. Throws PositionOutOfRange for a
    // non-finite position or one too far out for block coordinates (|coordinate| > 1e9).
    void set_eye(const glm::dvec3& eye);
    // The same, placing the feet (exact: no eye height added and taken off again).
    void set_feet(const glm::dvec3& feet);

    glm::dvec3 velocity() const { return velocity_; }
    // True when a solid cell touches the bottom of the box (as of the last step; false
    // after set_eye until the next step looks).
    bool on_ground() const { return on_ground_; }

    PlayerBox box() const;
    // True when block p's cube shares volume with the box; touching faces do not count.
    // The app refuses to place a block where this is true.
    bool overlaps_block(const BlockPos& p) const;

    const Stats& stats() const { return stats_; }

private:
    void sub_step(const PlayerInput& input, const BlockQuery& solid, double h);
    glm::dvec3 wish_velocity(const PlayerInput& input) const;
    double sweep(int axis, double delta, const BlockQuery& solid, bool& blocked);
    bool layer_has_solid(int axis, int layer, const PlayerBox& box, const BlockQuery& solid);
    bool touches_ground(const BlockQuery& solid);
    bool touches_water(const BlockQuery& water) const;
    double swim_vertical(double before_y, bool up, double h) const;

    glm::dvec3 feet_{0.0};
    glm::dvec3 velocity_{0.0};
    MoveMode mode_ = MoveMode::kFly;
    bool on_ground_ = false;
    bool in_water_ = false;
    const BlockQuery* water_ = nullptr;  // during step(): where water is (null: none)
    Stats stats_;
};

}  // namespace slotcraft
