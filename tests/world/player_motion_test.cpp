// Player motion: directions from yaw, speeds, jump height, fly mode, the same behaviour
// at negative coordinates and far from the origin, teleports, and the World adapter.
#include "world/player_scene.hpp"
#include "world/world.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

namespace slotcraft {
namespace {

using test::overlapping_solid;
using test::player_at_feet;
using test::Scene;
using test::walk_towards;

constexpr double kTol = 1e-5;

Scene flat_ground() {
    Scene scene;
    scene.set_floor(64);
    return scene;
}

// Feet displacement over `seconds` of `in` after one second to reach full speed.
glm::dvec3 steady_move(MoveMode mode, const PlayerInput& in, double seconds) {
    const Scene scene = flat_ground();
    Player player = player_at_feet({0.5, 64.0, 0.5}, mode);
    for (int i = 0; i < 60; ++i) player.step(in, scene.query());
    const glm::dvec3 start = player.feet();
    for (int i = 0; i < static_cast<int>(std::lround(seconds * 60.0)); ++i) player.step(in, scene.query());
    return player.feet() - start;
}

// [SECTION] the world's bound

// Once wrong: flying with W went past x = 1e9, the bound a script's `camera` is refused at.
TEST(PlayerMotion, FlyingStopsAtTheWorldsBoundTheScriptsShare) {
    for (const double direction : {90.0, -90.0}) {
        const double start = direction > 0 ? kWorldBound - 3.0 : -kWorldBound + 3.0;
        Player player({start, 100.0, 0.5}, MoveMode::kFly);
        const Scene empty;  // nothing solid anywhere: only the bound stops the player
        const PlayerInput in = walk_towards(direction);
        for (int i = 0; i < 120; ++i) player.step(in, empty.query());
        EXPECT_EQ(std::abs(player.feet().x), kWorldBound) << direction;
        EXPECT_EQ(player.velocity().x, 0.0);
        EXPECT_GT(player.stats().edge_stops, 0u);
    }
    EXPECT_NO_THROW(Player({kWorldBound, 100.0, 0.5}));  // a script's `camera 1e9 ...` is inside
    EXPECT_THROW(Player({std::nextafter(kWorldBound, 2e9), 100.0, 0.5}), PositionOutOfRange);
}

// [SECTION] directions and speeds

TEST(PlayerMotion, YawZeroWalksTowardsMinusZAndNinetyTowardsPlusX) {
    const glm::dvec3 north = steady_move(MoveMode::kWalk, walk_towards(0.0), 1.0);
    EXPECT_NEAR(north.z, -kWalkSpeed, 1e-3);
    EXPECT_NEAR(north.x, 0.0, 1e-9);
    const glm::dvec3 east = steady_move(MoveMode::kWalk, walk_towards(90.0), 1.0);
    EXPECT_NEAR(east.x, kWalkSpeed, 1e-3);
    EXPECT_NEAR(east.z, 0.0, 1e-9);
    PlayerInput strafe;
    strafe.right = true;  // looking towards -z, right is +x
    EXPECT_NEAR(steady_move(MoveMode::kWalk, strafe, 1.0).x, kWalkSpeed, 1e-3);
    PlayerInput back = walk_towards(90.0);
    back.forward = false;
    back.back = true;
    EXPECT_NEAR(steady_move(MoveMode::kWalk, back, 1.0).x, -kWalkSpeed, 1e-3);
}

TEST(PlayerMotion, DiagonalKeysAreNotFaster) {
    PlayerInput in = walk_towards(0.0);
    in.right = true;
    const glm::dvec3 moved = steady_move(MoveMode::kWalk, in, 1.0);
    EXPECT_NEAR(glm::length(moved), kWalkSpeed, 1e-3);
    EXPECT_NEAR(moved.x, -moved.z, 1e-9);
}

TEST(PlayerMotion, SprintAndFlyAreFaster) {
    PlayerInput sprint = walk_towards(90.0);
    sprint.sprint = true;
    const double walk = steady_move(MoveMode::kWalk, walk_towards(90.0), 1.0).x;
    const double run = steady_move(MoveMode::kWalk, sprint, 1.0).x;
    const double fly = steady_move(MoveMode::kFly, walk_towards(90.0), 1.0).x;
    const double fly_fast = steady_move(MoveMode::kFly, sprint, 1.0).x;
    EXPECT_NEAR(run / walk, kSprintFactor, 1e-3);
    EXPECT_NEAR(fly, kFlySpeed, 1e-3);
    EXPECT_NEAR(fly_fast / fly, kFlySprintFactor, 1e-3);
}

TEST(PlayerMotion, ReleasingTheKeysStopsAWalkerQuickly) {
    const Scene scene = flat_ground();
    Player player = player_at_feet({0.5, 64.0, 0.5}, MoveMode::kWalk);
    for (int i = 0; i < 60; ++i) player.step(walk_towards(90.0), scene.query());
    for (int i = 0; i < 30; ++i) player.step({}, scene.query());
    EXPECT_LT(std::abs(player.velocity().x), 0.01 * kWalkSpeed) << "within half a second";
}

TEST(PlayerMotion, MomentumCarriesThroughTheAirWhenTheKeysAreReleased) {
    const Scene scene = flat_ground();
    Player player = player_at_feet({0.5, 64.0, 0.5}, MoveMode::kWalk);
    for (int i = 0; i < 60; ++i) player.step(walk_towards(90.0), scene.query());
    player.step(walk_towards(90.0, /*jump=*/true), scene.query());
    for (int i = 0; i < 12; ++i) player.step({}, scene.query());  // 0.2 s, still in the air
    ASSERT_FALSE(player.on_ground());
    EXPECT_GT(player.velocity().x, 0.25 * kWalkSpeed) << "little grip in the air";
    EXPECT_LT(player.velocity().x, 0.5 * kWalkSpeed);
    for (int i = 0; i < 60; ++i) player.step({}, scene.query());
    EXPECT_LT(std::abs(player.velocity().x), 0.01) << "the ground's grip stops it";
}

TEST(PlayerMotion, AJumpPeaksAtTheJumpHeightWhateverTheStepLength) {
    const Scene scene = flat_ground();
    for (const double dt : {1.0 / 240.0, 1.0 / 60.0, 0.05}) {
        Player player = player_at_feet({0.5, 64.0, 0.5}, MoveMode::kWalk);
        player.step({}, scene.query(), dt);
        ASSERT_TRUE(player.on_ground());
        PlayerInput jump;
        jump.jump = true;
        player.step(jump, scene.query(), dt);
        EXPECT_FALSE(player.on_ground());
        double peak = player.feet().y;
        int airborne = 1;
        while (!player.on_ground() && airborne < 1000) {
            player.step({}, scene.query(), dt);
            peak = std::max(peak, player.feet().y);
            ++airborne;
        }
        // Sampling every dt misses the true apex by at most g (dt / 2)^2 / 2.
        const double sampling = kGravity * dt * dt / 8.0;
        EXPECT_LE(peak - 64.0, kJumpHeight + kTol) << "dt " << dt;
        EXPECT_GE(peak - 64.0, kJumpHeight - sampling - kTol) << "dt " << dt;
        const double flight = 2.0 * kJumpVelocity / kGravity;  // 0.6 s
        EXPECT_NEAR(airborne * dt, flight, 1.5 * dt) << "dt " << dt;
    }
}

// [SECTION] fly mode

TEST(PlayerFly, HoversWithoutInput) {
    const Scene scene = flat_ground();
    Player player = player_at_feet({0.5, 100.25, 0.5}, MoveMode::kFly);
    for (int i = 0; i < 600; ++i) player.step({}, scene.query());
    EXPECT_EQ(player.feet(), glm::dvec3(0.5, 100.25, 0.5));
    EXPECT_EQ(player.velocity(), glm::dvec3(0.0));
    EXPECT_FALSE(player.on_ground());
}

TEST(PlayerFly, SpaceRisesShiftSinksToTheGround) {
    const Scene scene = flat_ground();
    Player player = player_at_feet({0.5, 70.0, 0.5}, MoveMode::kFly);
    PlayerInput up;
    up.up = true;
    for (int i = 0; i < 60; ++i) player.step(up, scene.query());
    const double y0 = player.feet().y;
    for (int i = 0; i < 60; ++i) player.step(up, scene.query());
    EXPECT_NEAR(player.feet().y - y0, kFlyVerticalSpeed, 1e-3);
    PlayerInput down;
    down.down = true;
    for (int i = 0; i < 600; ++i) player.step(down, scene.query());
    EXPECT_NEAR(player.feet().y, 64.0, kTol);
    EXPECT_TRUE(player.on_ground());
}

TEST(PlayerFly, SwitchingToWalkFallsFromRestSwitchingToFlyHangs) {
    const Scene scene = flat_ground();
    Player player = player_at_feet({0.5, 90.0, 0.5}, MoveMode::kWalk);
    for (int i = 0; i < 30; ++i) player.step({}, scene.query());
    ASSERT_LT(player.velocity().y, -5.0);
    player.set_mode(MoveMode::kFly);
    EXPECT_EQ(player.velocity().y, 0.0);
    const double y = player.feet().y;
    for (int i = 0; i < 60; ++i) player.step({}, scene.query());
    EXPECT_EQ(player.feet().y, y);
    player.set_mode(MoveMode::kWalk);
    for (int i = 0; i < 300; ++i) player.step({}, scene.query());
    EXPECT_NEAR(player.feet().y, 64.0, kTol);
}

// [SECTION] anywhere in the world

// A course with a floor, a one-block step and a wall, walked by a fixed random input
// sequence; returns the feet relative to the course after every step.
std::vector<glm::dvec3> run_course(const BlockPos& offset) {
    Scene scene;
    scene.set_floor(64);
    scene.fill({4, 64, -6}, {8, 64, 6});    // a step
    scene.fill({12, 64, -6}, {12, 67, 6});  // a wall
    scene.fill({-6, 64, 3}, {4, 65, 3});    // a low wall along x
    const BlockQuery solid = scene.query(offset);
    const glm::dvec3 start = glm::dvec3(offset) + glm::dvec3(0.5, 64.0, 0.5);
    Player player = player_at_feet(start, MoveMode::kWalk);
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> yaw(0.0, 360.0);
    std::bernoulli_distribution press(0.5);
    PlayerInput in;
    std::vector<glm::dvec3> path;
    for (int i = 0; i < 1200; ++i) {
        if (i % 20 == 0) {
            in = walk_towards(yaw(rng), press(rng));
            in.sprint = press(rng);
            in.left = press(rng);
        }
        player.step(in, solid);
        EXPECT_FALSE(overlapping_solid(player, solid)) << "step " << i;
        path.push_back(player.feet() - glm::dvec3(offset));
    }
    return path;
}

TEST(PlayerAnywhere, FarFromTheOriginAndAtNegativeCoordinatesMovesTheSame) {
    const std::vector<glm::dvec3> home = run_course({0, 0, 0});
    double spread = 0.0;
    for (const glm::dvec3& p : home) spread = std::max(spread, glm::length(p - home.front()));
    ASSERT_GT(spread, 5.0) << "the course must go somewhere";
    for (const BlockPos offset :
         {BlockPos{-37, 0, -53}, BlockPos{-1000000, 0, 1000000}, BlockPos{1000000, 0, -1000000}}) {
        const std::vector<glm::dvec3> away = run_course(offset);
        ASSERT_EQ(away.size(), home.size());
        double worst = 0.0;
        for (std::size_t i = 0; i < home.size(); ++i) worst = std::max(worst, glm::length(away[i] - home[i]));
        // Rounding at 1e6 is 1e-10 per operation: the paths must not diverge.
        EXPECT_LT(worst, 1e-6) << offset.x << " " << offset.z;
    }
}

TEST(PlayerAnywhere, SetEyeRejectsPositionsOutsideBlockCoordinates) {
    Player player;
    EXPECT_THROW(player.set_eye({std::nan(""), 70.0, 0.0}), PositionOutOfRange);
    EXPECT_THROW(player.set_eye({0.0, 70.0, 3e9}), PositionOutOfRange);
    EXPECT_THROW(player.set_feet({0.0, INFINITY, 0.0}), PositionOutOfRange);
    player.set_eye({1e6, 70.0, -1e6});
    EXPECT_EQ(player.eye(), glm::dvec3(1e6, 70.0, -1e6));
    EXPECT_DOUBLE_EQ(player.feet().y, 70.0 - kEyeHeight);
    EXPECT_EQ(player.velocity(), glm::dvec3(0.0));
}

TEST(PlayerAnywhere, LongFramesAreClampedNotFlung) {
    const Scene scene = flat_ground();
    Player player = player_at_feet({0.5, 64.0, 0.5}, MoveMode::kFly);
    player.step(walk_towards(90.0), scene.query(), 1.0);
    player.step(walk_towards(90.0), scene.query(), 5.0);
    EXPECT_LE(player.feet().x - 0.5, 2.0 * kMaxStepSeconds * kFlySpeed);
    player.step(walk_towards(90.0), scene.query(), 0.0);
    EXPECT_EQ(player.stats().steps, 3u);
}

// [SECTION] the World as a BlockQuery

TEST(PlayerWorld, UnloadedChunksAreWallsAndLoadedGroundCarries) {
    WorldConfig config;
    config.type = WorldType::kFlat;
    config.view_distance = 1;
    World world(config);
    std::vector<ChunkCoord> column;
    for (int y = kMinChunkY; y <= kTopChunkY; ++y) column.push_back({0, y, 0});
    world.load_now(column);  // blocks x 0..15, z 0..15; grass top at y = 63
    const BlockQuery solid = solid_for_player(world);

    Player player({8.5, 80.0, 8.5}, MoveMode::kWalk);
    for (int i = 0; i < 120; ++i) player.step({}, solid);
    EXPECT_NEAR(player.feet().y, 64.0, kTol) << "lands on the flat world's grass";
    for (int i = 0; i < 180; ++i) player.step(walk_towards(90.0), solid);
    EXPECT_NEAR(player.box().max.x, 16.0, kTol) << "the unloaded chunk at x = 16 is a wall";
    for (int i = 0; i < 180; ++i) player.step(walk_towards(180.0), solid);
    EXPECT_NEAR(player.box().max.z, 16.0, kTol);
    EXPECT_NEAR(player.feet().y, 64.0, kTol);

    // Flying up leaves the loaded column through its top: above y = 255 is air.
    player.set_mode(MoveMode::kFly);
    PlayerInput up;
    up.up = true;
    up.sprint = true;
    for (int i = 0; i < 1200; ++i) player.step(up, solid);  // 16 blocks/s for 20 s
    EXPECT_GT(player.feet().y, 256.0);
}

}  // namespace
}  // namespace slotcraft
