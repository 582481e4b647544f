// Keys from events (app/key_events.hpp): a tap between two steps moves for one step; a press
// and its release reach ImGui in different frames, whatever else is queued.
#include "app/key_events.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>

namespace slotcraft {
namespace {

TEST(TapLatch, ATapBetweenTwoStepsCountsForTheNextStepOnly) {
    TapLatch latch;
    EXPECT_FALSE(latch.down(3, false));
    latch.press(3);  // pressed and released before the step: the key is up when it is sampled
    EXPECT_TRUE(latch.down(3, false)) << "the tap was lost";
    EXPECT_FALSE(latch.down(4, false)) << "another key";
    latch.stepped();
    EXPECT_FALSE(latch.down(3, false)) << "a tap moves one step, not forever";
    EXPECT_TRUE(latch.down(3, true)) << "a held key is down whatever the latch";
    latch.press(-1);
    latch.press(TapLatch::kKeys);
    EXPECT_FALSE(latch.down(TapLatch::kKeys, false));
}

TEST(FrameKeyEvents, APressAndItsReleaseLandInTwoFrames) {
    // Ctrl+A tapped within one frame: Ctrl down, A down, A up, Ctrl up.
    const std::vector<KeyEvent> ctrl_a = {{341, true}, {65, true}, {65, false}, {341, false}};
    EXPECT_EQ(frame_key_events(ctrl_a), 2u) << "this frame: Ctrl and A down together";
    EXPECT_EQ(frame_key_events(std::span(ctrl_a).subspan(2)), 2u) << "next frame: both up";
    // A release of a key pressed in an earlier frame goes at once.
    EXPECT_EQ(frame_key_events(std::vector<KeyEvent>{{257, false}, {257, true}}), 2u);
    EXPECT_EQ(frame_key_events({}), 0u);
}

// Random queues fed frame by frame: every event goes, in order, and no frame takes a press and
// the release of the same key.
TEST(FrameKeyEvents, RandomQueuesGoInOrderNeverAPressAndItsReleaseInOneFrame) {
    std::mt19937 rng(11);
    for (int round = 0; round < 200; ++round) {
        std::vector<KeyEvent> queue;
        for (int i = 0; i < 30; ++i) queue.push_back({static_cast<int>(rng() % 4), rng() % 2 == 0});
        std::size_t at = 0;
        int frames = 0;
        while (at < queue.size()) {
            const std::size_t n = frame_key_events(std::span(queue).subspan(at));
            ASSERT_GT(n, 0u) << "a frame takes at least one event";
            std::set<int> pressed;
            for (std::size_t k = at; k < at + n; ++k) {
                if (queue[k].press) pressed.insert(queue[k].key);
                else EXPECT_FALSE(pressed.contains(queue[k].key)) << "a press and its release in one frame";
            }
            at += n;
            ASSERT_LT(++frames, 100);
        }
    }
}

}  // namespace
}  // namespace slotcraft
