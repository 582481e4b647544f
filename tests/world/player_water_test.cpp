// The player in water (walk mode): sinks at least half a block a second, Space swims up,
// water is never stood on, and the World adapter reports water where the world has it.
#include "world/player_scene.hpp"
#include "world/world.hpp"

#include <gtest/gtest.h>

#include <set>

namespace slotcraft {
namespace {

using test::player_at_feet;
using test::Scene;

// A pool: stone floor below y = 50, water in cells y 50..59 (a column wide enough for the
// box), air above.
struct Pool {
    Scene scene;
    Pool() { scene.set_floor(50); }
    static bool water(const BlockPos& p) { return p.y >= 50 && p.y <= 59; }
    BlockQuery water_query() const {
        return [](const BlockPos& p) { return water(p); };
    }
};

TEST(PlayerWater, SinksAtLeastHalfABlockASecondAndNeverStandsOnTheSurface) {
    const Pool pool;
    // Dropped onto the surface from a block above it.
    Player player = player_at_feet({0.5, 61.0, 0.5}, MoveMode::kWalk);
    const PlayerInput idle;
    double lowest_speed_seen = 1e9;
    for (int i = 0; i < 60 * 20 && !player.on_ground(); ++i) {
        const double before = player.feet().y;
        player.step(idle, pool.scene.query(), pool.water_query());
        // Steady sinking: a few seconds in, and not the step that lands on the floor.
        if (player.in_water() && i > 60 * 3 && !player.on_ground())
            lowest_speed_seen = std::min(lowest_speed_seen, (before - player.feet().y) * 60.0);
        ASSERT_FALSE(player.on_ground() && player.feet().y > 50.0 + 1e-3) << "stood on water at y " << player.feet().y;
    }
    EXPECT_TRUE(player.on_ground()) << "reached the floor of the pool";
    EXPECT_NEAR(player.feet().y, 50.0, 1e-3);
    EXPECT_GE(lowest_speed_seen, 0.5) << "sinks at least half a block a second";
    EXPECT_NEAR(lowest_speed_seen, kSinkSpeed, 0.05) << "at the steady sinking speed";
}

TEST(PlayerWater, SpaceSwimsUpAndOutOfTheWater) {
    const Pool pool;
    Player player = player_at_feet({0.5, 50.0, 0.5}, MoveMode::kWalk);  // on the pool's floor
    PlayerInput swim;
    swim.jump = true;
    for (int i = 0; i < 60; ++i) player.step(swim, pool.scene.query(), pool.water_query());
    EXPECT_GT(player.feet().y, 50.0 + 0.5 * kSwimUpSpeed) << "a second of Space rises by most of kSwimUpSpeed";
    EXPECT_GT(player.velocity().y, 0.9 * kSwimUpSpeed);
    // Held long enough, the head comes out: the box leaves the water at the top and bobs there.
    double highest = 0.0;
    for (int i = 0; i < 60 * 10; ++i) {
        player.step(swim, pool.scene.query(), pool.water_query());
        highest = std::max(highest, player.feet().y);
    }
    EXPECT_GT(highest, 59.0) << "the feet reach the top layer of water";
    EXPECT_LT(highest, 62.0) << "no flying out of the water";
    // Released, it sinks again.
    const double top = player.feet().y;
    for (int i = 0; i < 120; ++i) player.step(PlayerInput{}, pool.scene.query(), pool.water_query());
    EXPECT_LT(player.feet().y, top - 1.0);
}

TEST(PlayerWater, WithoutWaterWalkModeIsUnchanged) {
    // The same drop with no water falls under gravity: the water query changes nothing else.
    Scene scene;
    scene.set_floor(50);
    Player with = player_at_feet({0.5, 61.0, 0.5}, MoveMode::kWalk);
    Player without = player_at_feet({0.5, 61.0, 0.5}, MoveMode::kWalk);
    const BlockQuery dry = [](const BlockPos&) { return false; };
    for (int i = 0; i < 90; ++i) {
        with.step(PlayerInput{}, scene.query(), dry);
        without.step(PlayerInput{}, scene.query());
        ASSERT_EQ(with.feet(), without.feet());
    }
    EXPECT_FALSE(with.in_water());
}

TEST(PlayerWater, FlyModeIgnoresWater) {
    const Pool pool;
    Player player = player_at_feet({0.5, 55.0, 0.5}, MoveMode::kFly);
    for (int i = 0; i < 60; ++i) player.step(PlayerInput{}, pool.scene.query(), pool.water_query());
    EXPECT_NEAR(player.feet().y, 55.0, 1e-9) << "a flying player hovers in water";
}

TEST(PlayerWater, TheWorldAdapterSeesWaterAndTheSolidOneDoesNot) {
    World world({WorldType::kFlat, 1, 1, 1, 0});
    const std::vector<ChunkCoord> column = {{0, 3, 0}, {0, 4, 0}};
    world.load_now(column);
    world.set_block({2, 64, 2}, BlockType::kWater);
    const BlockQuery water = water_for_player(world);
    const BlockQuery solid = solid_for_player(world);
    EXPECT_TRUE(water({2, 64, 2}));
    EXPECT_FALSE(solid({2, 64, 2})) << "water is not solid for the player";
    EXPECT_FALSE(water({2, 65, 2}));
    EXPECT_TRUE(solid({2, 63, 2}));
}

}  // namespace
}  // namespace slotcraft
