// Player collision: landing, walls, steps, gaps, corners, ceilings, and a randomized run
// that checks the box never ends a step inside a solid cell.
#include "world/player_scene.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace slotcraft {
namespace {

using test::overlapping_solid;
using test::player_at_feet;
using test::Scene;
using test::walk_towards;

constexpr double kTol = 1e-5;  // a few skins

// [SECTION] ground

TEST(PlayerGround, LandsOnFlatGroundAndStaysThere) {
    Scene scene;
    scene.set_floor(64);
    const BlockQuery solid = scene.query();
    Player player = player_at_feet({0.5, 70.0, 0.5}, MoveMode::kWalk);
    int landed_at = -1;
    for (int i = 0; i < 600; ++i) {
        player.step({}, solid);
        ASSERT_GE(player.feet().y, 64.0) << "fell into the ground at step " << i;
        if (landed_at < 0 && player.on_ground()) landed_at = i;
        if (landed_at >= 0) {
            EXPECT_NEAR(player.feet().y, 64.0, kTol) << "step " << i;
            EXPECT_TRUE(player.on_ground()) << "step " << i;
        }
    }
    // A 6-block fall takes sqrt(2 * 6 / 28) = 0.65 s: about 40 steps.
    EXPECT_GT(landed_at, 30);
    EXPECT_LT(landed_at, 50);
    EXPECT_EQ(player.velocity().y, 0.0);
    EXPECT_DOUBLE_EQ(player.feet().x, 0.5);
    EXPECT_DOUBLE_EQ(player.feet().z, 0.5);
}

TEST(PlayerGround, LandsOnTheGroundAtEveryStepLength) {
    Scene scene;
    scene.set_floor(64);
    for (const double dt : {1.0 / 240.0, 1.0 / 60.0, 0.05, 0.1}) {
        Player player = player_at_feet({-3.5, 200.0, 7.25}, MoveMode::kWalk);
        for (int i = 0; i < static_cast<int>(8.0 / dt); ++i) {
            player.step({}, scene.query(), dt);
            ASSERT_GE(player.feet().y, 64.0) << "dt " << dt << " step " << i;
        }
        EXPECT_NEAR(player.feet().y, 64.0, kTol) << "dt " << dt;
        EXPECT_TRUE(player.on_ground()) << "dt " << dt;
    }
}

TEST(PlayerGround, FallAtTerminalSpeedStopsOnAOneBlockPlatform) {
    Scene scene;  // one thin layer at y = 100 and nothing under it
    const BlockQuery solid = [](const BlockPos& p) { return p.y == 100; };
    Player player = player_at_feet({0.5, 400.0, 0.5}, MoveMode::kWalk);
    double fastest = 0.0;
    for (int i = 0; i < 200; ++i) {
        player.step({}, solid, 0.1);
        fastest = std::max(fastest, -player.velocity().y);
        ASSERT_GE(player.feet().y, 101.0 - kTol) << "went through the platform at step " << i;
    }
    EXPECT_NEAR(player.feet().y, 101.0, kTol);
    EXPECT_DOUBLE_EQ(fastest, kTerminalVelocity);
    EXPECT_GT(player.stats().sub_steps, player.stats().steps) << "long moves must be split";
}

// [SECTION] walls

// Floor below y = 64 and a wall of separate blocks filling x = 10, y 64..66, z -20..20.
Scene wall_scene(int wall_height) {
    Scene scene;
    scene.set_floor(64);
    scene.fill({10, 64, -20}, {10, 63 + wall_height, 20});
    return scene;
}

TEST(PlayerWalls, WalkingIntoAWallStopsAtTheWall) {
    const Scene scene = wall_scene(3);
    Player player = player_at_feet({5.5, 64.0, 0.5}, MoveMode::kWalk);
    for (int i = 0; i < 300; ++i) {
        player.step(walk_towards(90.0), scene.query());
        ASSERT_LT(player.box().max.x, 10.0) << "step " << i;
    }
    EXPECT_NEAR(player.box().max.x, 10.0, kTol);
    EXPECT_EQ(player.velocity().x, 0.0);
    EXPECT_NEAR(player.feet().z, 0.5, 1e-12);
    EXPECT_FALSE(overlapping_solid(player, scene.query()));
}

TEST(PlayerWalls, DiagonalWalkSlidesAlongTheWallWithoutCatchingOnSeams) {
    const Scene scene = wall_scene(3);
    Player player = player_at_feet({8.5, 64.0, 15.5}, MoveMode::kWalk);
    const PlayerInput in = walk_towards(45.0);  // towards +x and -z
    for (int i = 0; i < 60; ++i) player.step(in, scene.query());
    ASSERT_NEAR(player.box().max.x, 10.0, kTol) << "the first second reaches the wall";
    // Another second along the wall: the z part of the diagonal speed, undiminished by
    // the 3 block seams crossed on the way.
    const double z0 = player.feet().z;
    for (int i = 0; i < 60; ++i) {
        player.step(in, scene.query());
        ASSERT_NEAR(player.box().max.x, 10.0, kTol) << "step " << i;
    }
    const double expected = kWalkSpeed * std::sqrt(0.5);
    EXPECT_NEAR(z0 - player.feet().z, expected, 0.02 * expected);
    EXPECT_NEAR(-player.velocity().z, expected, 0.01 * expected);
}

TEST(PlayerWalls, AFlyingPlayerCollidesToo) {
    const Scene scene = wall_scene(3);
    Player player = player_at_feet({5.5, 64.5, 0.5}, MoveMode::kFly);
    for (int i = 0; i < 120; ++i) player.step(walk_towards(90.0), scene.query());
    EXPECT_NEAR(player.box().max.x, 10.0, kTol);
    PlayerInput down;
    down.down = true;
    for (int i = 0; i < 60; ++i) player.step(down, scene.query());
    EXPECT_NEAR(player.feet().y, 64.0, kTol);
    EXPECT_FALSE(overlapping_solid(player, scene.query()));
}

// [SECTION] steps, gaps and ceilings

TEST(PlayerSteps, JumpingClimbsAOneBlockStep) {
    const Scene scene = wall_scene(1);
    Player player = player_at_feet({5.5, 64.0, 0.5}, MoveMode::kWalk);
    for (int i = 0; i < 300; ++i) {
        player.step(walk_towards(90.0, /*jump=*/true), scene.query());
        ASSERT_FALSE(overlapping_solid(player, scene.query())) << "step " << i;
    }
    EXPECT_GT(player.box().min.x, 11.0) << "over the step and beyond";
}

TEST(PlayerSteps, WalkingWithoutJumpingStopsAtAOneBlockStep) {
    const Scene scene = wall_scene(1);
    Player player = player_at_feet({5.5, 64.0, 0.5}, MoveMode::kWalk);
    for (int i = 0; i < 300; ++i) player.step(walk_towards(90.0), scene.query());
    EXPECT_NEAR(player.box().max.x, 10.0, kTol);
    EXPECT_NEAR(player.feet().y, 64.0, kTol);
}

TEST(PlayerSteps, JumpingDoesNotClearATwoBlockWall) {
    const Scene scene = wall_scene(2);
    Player player = player_at_feet({5.5, 64.0, 0.5}, MoveMode::kWalk);
    double highest = 0.0;
    for (int i = 0; i < 600; ++i) {
        player.step(walk_towards(90.0, /*jump=*/true), scene.query());
        ASSERT_LT(player.box().max.x, 10.0) << "step " << i;
        highest = std::max(highest, player.feet().y);
    }
    EXPECT_GT(highest, 65.2) << "it did jump";
}

// A wall at x = 10 with a 1-wide hole at z = 0 of `height` blocks from the floor.
Scene hole_scene(int height) {
    Scene scene;
    scene.set_floor(64);
    scene.fill({10, 64, -10}, {10, 70, 10});
    for (int y = 64; y < 64 + height; ++y) scene.remove({10, y, 0});
    return scene;
}

TEST(PlayerSteps, CannotPassAOneWideHoleLowerThanItsHeight) {
    const Scene low = hole_scene(1);
    Player player = player_at_feet({5.5, 64.0, 0.5}, MoveMode::kWalk);
    for (int i = 0; i < 300; ++i) {
        player.step(walk_towards(90.0, /*jump=*/i % 2 == 0), low.query());
        ASSERT_LT(player.box().max.x, 10.0) << "step " << i;
    }
    // The same hole two blocks high lets it through.
    const Scene high = hole_scene(2);
    player = player_at_feet({5.5, 64.0, 0.5}, MoveMode::kWalk);
    for (int i = 0; i < 300; ++i) {
        player.step(walk_towards(90.0), high.query());
        ASSERT_FALSE(overlapping_solid(player, high.query())) << "step " << i;
    }
    EXPECT_GT(player.box().min.x, 11.0);
}

TEST(PlayerSteps, ACeilingStopsAJumpAndTheFallResumes) {
    Scene scene;
    scene.set_floor(64);
    scene.fill({-5, 66, -5}, {5, 66, 5});  // 0.2 above the head
    Player player = player_at_feet({0.5, 64.0, 0.5}, MoveMode::kWalk);
    player.step({}, scene.query());
    ASSERT_TRUE(player.on_ground());
    PlayerInput jump;
    jump.jump = true;
    player.step(jump, scene.query());
    EXPECT_GT(player.velocity().y, 0.0) << "0.14 up after the first step, still rising";
    player.step({}, scene.query());
    EXPECT_NEAR(player.box().max.y, 66.0, kTol) << "the second step reaches the ceiling";
    EXPECT_EQ(player.velocity().y, 0.0) << "the ceiling took the upward speed";
    for (int i = 0; i < 60; ++i) {
        player.step({}, scene.query());
        ASSERT_LT(player.box().max.y, 66.0);
    }
    EXPECT_NEAR(player.feet().y, 64.0, kTol);
    EXPECT_TRUE(player.on_ground());
}

// [SECTION] corners

TEST(PlayerCorners, DiagonalRunsIntoAnOutsideCornerNeverStick) {
    Scene scene;
    scene.set_floor(64);
    scene.fill({10, 64, 0}, {10, 70, 0});  // a one-block pillar
    // Yaw 135 walks towards +x and +z. Starting points spread around the line whose box
    // corner meets the pillar's corner (10, 0) exactly.
    for (double shift = -0.5; shift <= 0.5; shift += 0.0625) {
        const glm::dvec3 start{10.0 - 0.3 - 4.0 + shift, 64.0, 0.0 - 0.3 - 4.0 - shift};
        Player player = player_at_feet(start, MoveMode::kWalk);
        for (int i = 0; i < 180; ++i) {
            player.step(walk_towards(135.0), scene.query());
            ASSERT_FALSE(overlapping_solid(player, scene.query())) << "shift " << shift << " step " << i;
        }
        // Three seconds at 4.3 blocks/s along the diagonal: sliding along a face costs
        // speed, a stuck player makes no progress at all.
        const glm::dvec3 moved = player.feet() - start;
        EXPECT_GT(moved.x + moved.z, 8.0) << "shift " << shift;
        EXPECT_TRUE(player.box().min.x > 11.0 || player.box().min.z > 1.0) << "shift " << shift;
    }
}

TEST(PlayerCorners, InsideCornerHoldsThePlayerOutOfBothWalls) {
    Scene scene;
    scene.set_floor(64);
    scene.fill({10, 64, -10}, {10, 66, 10});  // wall at x = 10
    scene.fill({0, 64, 5}, {10, 66, 5});      // wall at z = 5
    Player player = player_at_feet({5.5, 64.0, 0.5}, MoveMode::kWalk);
    for (int i = 0; i < 240; ++i) player.step(walk_towards(135.0, i % 3 == 0), scene.query());
    EXPECT_NEAR(player.box().max.x, 10.0, kTol);
    EXPECT_NEAR(player.box().max.z, 5.0, kTol);
    EXPECT_FALSE(overlapping_solid(player, scene.query()));
}

// [SECTION] randomized

// A closed 20 x 20 x 14 room (floor below y = 62, roof at 76) with random blocks at 22%
// density in y 62..69: pillars, steps, overhangs, one-wide gaps.
Scene random_room(std::mt19937& rng) {
    Scene scene;
    scene.set_floor(62);
    scene.fill({0, 76, 0}, {19, 76, 19});
    scene.fill({-1, 62, -1}, {20, 75, -1});
    scene.fill({-1, 62, 20}, {20, 75, 20});
    scene.fill({-1, 62, 0}, {-1, 75, 19});
    scene.fill({20, 62, 0}, {20, 75, 19});
    std::bernoulli_distribution block(0.22);
    for (int x = 0; x < 20; ++x)
        for (int z = 0; z < 20; ++z)
            for (int y = 62; y < 70; ++y)
                if (block(rng)) scene.add({x, y, z});
    return scene;
}

// A random cell centre where the box overlaps nothing.
std::optional<glm::dvec3> free_spot(const Scene& scene, std::mt19937& rng, MoveMode mode) {
    std::uniform_int_distribution<int> xz(0, 19);
    std::uniform_int_distribution<int> y(62, 72);
    for (int attempt = 0; attempt < 1000; ++attempt) {
        const glm::dvec3 feet{xz(rng) + 0.5, y(rng), xz(rng) + 0.5};
        const Player probe = player_at_feet(feet, mode);
        if (!overlapping_solid(probe, scene.query())) return feet;
    }
    return std::nullopt;
}

PlayerInput random_input(std::mt19937& rng) {
    std::bernoulli_distribution often(0.5);
    std::bernoulli_distribution rarely(0.15);
    std::uniform_real_distribution<double> yaw(-360.0, 360.0);
    PlayerInput in;
    in.forward = often(rng);
    in.back = rarely(rng);
    in.left = rarely(rng);
    in.right = rarely(rng);
    in.up = rarely(rng);
    in.down = rarely(rng);
    in.jump = often(rng);
    in.sprint = often(rng);
    in.yaw = yaw(rng);
    return in;
}

TEST(PlayerRandom, RandomInputsNeverLeaveTheBoxInsideASolidBlock) {
    std::uniform_real_distribution<double> long_step(0.0, 0.1);
    std::bernoulli_distribution switch_mode(0.01);
    std::bernoulli_distribution keep_keys(0.8);
    std::bernoulli_distribution odd_dt(0.2);
    for (uint32_t seed = 1; seed <= 4; ++seed) {
        std::mt19937 rng(seed);
        const Scene scene = random_room(rng);
        const BlockQuery solid = scene.query();
        const std::optional<glm::dvec3> start = free_spot(scene, rng, MoveMode::kWalk);
        ASSERT_TRUE(start) << "seed " << seed;
        Player player = player_at_feet(*start, MoveMode::kWalk);
        PlayerInput in = random_input(rng);
        double travelled = 0.0;
        for (int i = 0; i < 2500; ++i) {
            if (!keep_keys(rng)) in = random_input(rng);  // keys are held for a while
            if (switch_mode(rng)) player.set_mode(player.mode() == MoveMode::kFly ? MoveMode::kWalk : MoveMode::kFly);
            const glm::dvec3 before = player.feet();
            player.step(in, solid, odd_dt(rng) ? long_step(rng) : kStepSeconds);
            const std::optional<BlockPos> hit = overlapping_solid(player, solid);
            ASSERT_FALSE(hit) << "seed " << seed << " step " << i << ": inside block " << hit->x << " " << hit->y << " "
                              << hit->z;
            travelled += glm::length(player.feet() - before);
        }
        // The run must have explored, or the check above proves nothing.
        EXPECT_GT(travelled, 100.0) << "seed " << seed;
        EXPECT_GT(player.stats().blocked_moves, 500u) << "seed " << seed;
    }
}

// [SECTION] overlaps_block

TEST(PlayerOverlap, TouchingFacesDoNotOverlapSharedVolumeDoes) {
    // Box: x 0.0 .. 0.6, y 64.0 .. 65.8, z -1.25 .. -0.65.
    const Player player = player_at_feet({0.3, 64.0, -0.95}, MoveMode::kWalk);
    ASSERT_EQ(player.box().min.x, 0.0);
    EXPECT_FALSE(player.overlaps_block({0, 63, -1})) << "the ground under the feet";
    EXPECT_TRUE(player.overlaps_block({0, 64, -1}));
    EXPECT_TRUE(player.overlaps_block({0, 65, -1})) << "the head reaches 65.8";
    EXPECT_FALSE(player.overlaps_block({0, 66, -1}));
    EXPECT_FALSE(player.overlaps_block({-1, 64, -1})) << "touches x = 0 from the left";
    EXPECT_FALSE(player.overlaps_block({1, 64, -1}));
    EXPECT_TRUE(player.overlaps_block({0, 64, -2})) << "z from -1.25";
    EXPECT_FALSE(player.overlaps_block({0, 64, 0}));
    EXPECT_FALSE(player.overlaps_block({-1, 64, -2}));
}

TEST(PlayerOverlap, TheSmallestStepOverABoundaryOverlaps) {
    for (const double base : {0.0, -37.0, 1.0e6}) {
        // Feet a few ulps either side of base + 0.3 put the box's -x face just on either
        // side of the boundary x = base (or on it): only the far side overlaps block b - 1.
        const int b = static_cast<int>(base);
        double feet_x = base + 0.3;
        for (int i = 0; i < 6; ++i) feet_x = std::nextafter(feet_x, 2e6);
        bool saw_touch = false;
        bool saw_overlap = false;
        for (int i = 0; i < 12; ++i, feet_x = std::nextafter(feet_x, -2e6)) {
            const Player player = player_at_feet({feet_x, 64.0, 0.5}, MoveMode::kWalk);
            const bool over = player.box().min.x < base;
            EXPECT_EQ(player.overlaps_block({b - 1, 64, 0}), over) << base << " ulp " << i;
            EXPECT_TRUE(player.overlaps_block({b, 64, 0}));
            (over ? saw_overlap : saw_touch) = true;
        }
        EXPECT_TRUE(saw_touch && saw_overlap) << base;
        // Feet one ulp under y = 64 share volume with the block under them.
        const glm::dvec3 feet{base + 0.5, std::nextafter(64.0, 0.0), 0.5};
        const Player sunk = player_at_feet(feet, MoveMode::kWalk);
        EXPECT_TRUE(sunk.overlaps_block({b, 63, 0})) << base;
    }
}

TEST(PlayerOverlap, AgreesWithTheBruteForceCheck) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> pos(-3.0, 3.0);
    std::uniform_int_distribution<int> cell(-4, 4);
    int overlaps = 0;
    for (int i = 0; i < 2000; ++i) {
        // Positions on a 1/20 grid hit the boundaries often.
        const glm::dvec3 feet = glm::round(glm::dvec3(pos(rng), pos(rng), pos(rng)) * 20.0) / 20.0;
        const Player player = player_at_feet(feet, MoveMode::kFly);
        const BlockPos p{cell(rng), cell(rng), cell(rng)};
        const BlockQuery only_p = [p](const BlockPos& q) { return q == p; };
        const bool brute = overlapping_solid(player, only_p).has_value();
        EXPECT_EQ(player.overlaps_block(p), brute) << feet.x << " " << feet.y << " " << feet.z;
        overlaps += brute;
    }
    // Both answers "no" for most random pairs: enough "yes" cases are needed for the
    // agreement to mean something.
    EXPECT_GT(overlaps, 10);
}

}  // namespace
}  // namespace slotcraft
