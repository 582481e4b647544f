// Tests of cull/frustum.hpp: plane extraction, the three-way box test, the camera-relative
// convention and the corners helper.
#include "cull/frustum.hpp"

#include <gtest/gtest.h>

#include <random>

#include <glm/gtc/matrix_transform.hpp>

#include "cull/cull_test_support.hpp"

namespace slotcraft {
namespace {

// Camera at (0, 0, 0) of chunk 0 looking down -z, 90 degrees, square, near 1, far 100.
Frustum looking_down_minus_z() {
    glm::mat4 projection = glm::perspective(glm::radians(90.0f), 1.0f, 1.0f, 100.0f);
    glm::mat4 view = glm::lookAt(glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, -1.0f), glm::vec3(0.0f, 1.0f, 0.0f));
    return Frustum(projection * view, glm::ivec3(0));
}

Box box_around(glm::vec3 centre, float half) { return Box{centre - half, centre + half}; }

float distance(const Plane& plane, glm::vec3 p) { return glm::dot(plane.normal, p) + plane.offset; }

TEST(Frustum, PlanesAreNormalised) {
    std::mt19937_64 rng(3);
    for (int i = 0; i < 100; ++i) {
        Frustum frustum = test::random_frustum(rng, glm::ivec3(0));
        for (const Plane& plane : frustum.planes()) EXPECT_NEAR(glm::length(plane.normal), 1.0f, 1e-5f);
    }
}

TEST(Frustum, PlanesFaceInward) {
    Frustum frustum = looking_down_minus_z();
    glm::vec3 centre(0.0f, 0.0f, -50.0f);
    for (const Plane& plane : frustum.planes()) EXPECT_GT(distance(plane, centre), 0.0f);
    EXPECT_NEAR(distance(frustum.planes()[Frustum::kNear], glm::vec3(0.0f, 0.0f, -1.0f)), 0.0f, 1e-5f);
    EXPECT_NEAR(distance(frustum.planes()[Frustum::kFar], glm::vec3(0.0f, 0.0f, -100.0f)), 0.0f, 1e-3f);
    EXPECT_NEAR(distance(frustum.planes()[Frustum::kLeft], glm::vec3(-10.0f, 0.0f, -10.0f)), 0.0f, 1e-5f);
}

TEST(Frustum, ClassifiesBoxesInsideOutsideAndIntersecting) {
    Frustum frustum = looking_down_minus_z();
    EXPECT_EQ(frustum.classify(box_around({0.0f, 0.0f, -50.0f}, 5.0f)), Containment::kInside);
    EXPECT_EQ(frustum.classify(box_around({0.0f, 0.0f, 50.0f}, 5.0f)), Containment::kOutside);     // behind
    EXPECT_EQ(frustum.classify(box_around({0.0f, 0.0f, -150.0f}, 5.0f)), Containment::kOutside);   // past far
    EXPECT_EQ(frustum.classify(box_around({-70.0f, 0.0f, -50.0f}, 5.0f)), Containment::kOutside);  // left
    EXPECT_EQ(frustum.classify(box_around({-50.0f, 0.0f, -50.0f}, 5.0f)), Containment::kIntersecting);
    EXPECT_EQ(frustum.classify(box_around({0.0f, 0.0f, -100.0f}, 5.0f)), Containment::kIntersecting);
    EXPECT_EQ(frustum.classify(box_around({0.0f, 0.0f, 0.0f}, 5.0f)), Containment::kIntersecting);
    // A box larger than the frustum contains it: intersecting, never inside or outside.
    EXPECT_EQ(frustum.classify(box_around({0.0f, 0.0f, 0.0f}, 1000.0f)), Containment::kIntersecting);
}

TEST(Frustum, CullsExactlyWhatClassifyCallsOutside) {
    std::mt19937_64 rng(5);
    for (int i = 0; i < 50; ++i) {
        Frustum frustum = test::random_frustum(rng, glm::ivec3(0));
        for (int j = 0; j < 200; ++j) {
            glm::vec3 centre(test::uniform(rng, -300.0f, 300.0f), test::uniform(rng, -300.0f, 300.0f),
                             test::uniform(rng, -300.0f, 300.0f));
            Box box = box_around(centre, test::uniform(rng, 0.5f, 60.0f));
            EXPECT_EQ(frustum.culls(box), frustum.classify(box) == Containment::kOutside);
        }
    }
}

TEST(Frustum, DefaultFrustumContainsEverything) {
    Frustum everything;
    EXPECT_EQ(everything.classify(box_around({1e6f, -1e6f, 3e5f}, 10.0f)), Containment::kInside);
    EXPECT_EQ(everything.origin_chunk(), glm::ivec3(0));
}

TEST(Frustum, InfiniteFarPlaneCutsNothing) {
    glm::mat4 projection = glm::infinitePerspective(glm::radians(70.0f), 1.5f, 0.1f);
    glm::mat4 view = glm::lookAt(glm::vec3(0.0f), glm::vec3(1.0f, 0.0f, 0.0f), glm::vec3(0.0f, 1.0f, 0.0f));
    Frustum frustum(projection * view, glm::ivec3(0));
    const Plane& far_plane = frustum.planes()[Frustum::kFar];
    EXPECT_EQ(far_plane.normal, glm::vec3(0.0f));
    EXPECT_GT(far_plane.offset, 0.0f);
    EXPECT_EQ(frustum.classify(box_around({1e7f, 0.0f, 0.0f}, 16.0f)), Containment::kInside);
    EXPECT_EQ(frustum.classify(box_around({-1e7f, 0.0f, 0.0f}, 16.0f)), Containment::kOutside);
}

TEST(Frustum, ChunkBoxesAreRelativeToTheOriginChunk) {
    Box box = chunk_box(glm::ivec3(1000003, 7, -2000001), glm::ivec3(1000000, 4, -2000000));
    EXPECT_EQ(box.min, glm::vec3(48.0f, 48.0f, -16.0f));
    EXPECT_EQ(box.max, glm::vec3(64.0f, 64.0f, 0.0f));
    // At the ends of the int32 range the difference still comes out exact.
    Box far = chunk_box(glm::ivec3(INT32_MAX), glm::ivec3(INT32_MAX - 2));
    EXPECT_EQ(far.min, glm::vec3(32.0f));
    EXPECT_EQ(far.max, glm::vec3(48.0f));
}

// The same camera pose near the world origin and a million chunks away, each expressed in the
// space of its own chunk, sees the same chunks.
TEST(Frustum, FarFromTheOriginTheAnswerIsTheSame) {
    glm::ivec3 near_origin(0, 4, 0);
    glm::ivec3 far_origin(1'000'000, 4, -1'000'000);
    std::mt19937_64 rng(11);
    for (int i = 0; i < 20; ++i) {
        std::mt19937_64 rng_copy = rng;
        Frustum near_frustum = test::random_frustum(rng, near_origin);
        Frustum far_frustum = test::random_frustum(rng_copy, far_origin);
        for (int dx = -12; dx <= 12; ++dx) {
            for (int y = 0; y < 16; ++y) {
                for (int dz = -12; dz <= 12; ++dz) {
                    bool near_culls = near_frustum.culls(
                        chunk_box(near_origin + glm::ivec3(dx, y - 4, dz), near_origin));
                    bool far_culls = far_frustum.culls(chunk_box(far_origin + glm::ivec3(dx, y - 4, dz), far_origin));
                    ASSERT_EQ(near_culls, far_culls) << dx << " " << y << " " << dz;
                }
            }
        }
    }
}

TEST(Frustum, CornersLieOnThreePlanesEach) {
    glm::mat4 projection = glm::perspective(glm::radians(70.0f), 16.0f / 9.0f, 0.5f, 300.0f);
    glm::mat4 view = glm::lookAt(glm::vec3(3.0f, 70.0f, 5.0f), glm::vec3(40.0f, 60.0f, -20.0f),
                                 glm::vec3(0.0f, 1.0f, 0.0f));
    Frustum frustum(projection * view, glm::ivec3(0));
    auto corners = frustum_corners(projection * view);
    for (std::size_t i = 0; i < corners.size(); ++i) {
        int on_plane = 0;
        for (const Plane& plane : frustum.planes()) {
            float d = distance(plane, corners[i]);
            EXPECT_GT(d, -0.05f) << "corner " << i << " lies outside a plane";
            if (std::abs(d) < 0.05f) ++on_plane;
        }
        EXPECT_EQ(on_plane, 3) << "corner " << i;
    }
}

}  // namespace
}  // namespace slotcraft
