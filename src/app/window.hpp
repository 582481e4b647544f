#pragma once
// The GLFW window with its OpenGL 4.5 core context. The only GLFW user besides input.cpp.
// Failures the user can act on (no display, GL too old) throw WindowError with one line.
#include <stdexcept>
#include <string>

struct GLFWwindow;

namespace slotcraft {

struct WindowError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The X server went away under a running program (killed, the session ended): thrown out of
// Xlib's I/O error handler, which would otherwise exit(1) with edits not committed. After
// it no call may touch the display again: the run saves and ends (docs/errors.md).
struct DisplayLost : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct WindowConfig {
    int width = 1280;
    int height = 720;
    bool vsync = true;
    bool debug_context = false;
    bool visible = true;
    const char* title = "Slotcraft";
};

class Window {
public:
    explicit Window(const WindowConfig& config);
    ~Window();
    Window(const Window&) = delete;
    Window& operator=(const Window&) = delete;

    GLFWwindow* handle() const { return window_; }
    bool should_close() const;
    void request_close();
    void poll_events();
    void swap_buffers();
    // Framebuffer size in pixels; 0x0 while minimised.
    void framebuffer_size(int& width, int& height) const;
    void set_vsync(bool on);
    // Resizes the window; 0 x 0 minimises it. Without a window manager (Xvfb) nothing can
    // iconify a window, so a minimised window reports the 0x0 framebuffer GLFW gives for an
    // iconified one, and the loop's 0x0 path runs for real.
    void resize(int width, int height);
    void toggle_fullscreen();

private:
    GLFWwindow* window_ = nullptr;
    bool minimised_ = false;
    int windowed_x_ = 0, windowed_y_ = 0, windowed_w_ = 0, windowed_h_ = 0;
};

}  // namespace slotcraft
