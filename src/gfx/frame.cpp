// Framebuffer set-up for a frame.
#include "gfx/frame.hpp"

#include "gfx/gl.hpp"

namespace slotcraft::gfx {

void begin_frame(int width, int height, Rgb8 sky) {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, width, height);
    glClearColor(sky.r / 255.0f, sky.g / 255.0f, sky.b / 255.0f, 1.0f);
    glClearDepth(1.0);
    glDepthMask(GL_TRUE);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

void set_depth_range(double near_end, double far_end) { glDepthRange(near_end, far_end); }

void finish() { glFinish(); }

}  // namespace slotcraft::gfx
