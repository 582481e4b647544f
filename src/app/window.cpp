// GLFW set-up: display check, 4.5 core context, GL loading and the version check.
#include "app/window.hpp"

#include <GLFW/glfw3.h>
#include <X11/Xlib.h>

#include <cstdlib>

#include "gfx/debug.hpp"

namespace slotcraft {

namespace {

std::string last_glfw_error() {
    const char* text = nullptr;
    glfwGetError(&text);
    return text ? text : "unknown error";
}

// When a 4.5 core context is refused, learn what the driver does offer, for the message.
std::string probe_available_version() {
    glfwDefaultWindowHints();
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    GLFWwindow* probe = glfwCreateWindow(64, 64, "probe", nullptr, nullptr);
    if (!probe) return "no OpenGL context at all";
    glfwMakeContextCurrent(probe);
    const std::string version = gfx::probe_gl_version(glfwGetProcAddress);
    glfwDestroyWindow(probe);
    return version;
}

// Xlib calls this when the connection to the X server breaks; returning would make Xlib
// exit(1) at once. Throwing unwinds back to the loop (App::run), which saves and ends.
[[noreturn]] int on_display_lost(Display*) {
    throw DisplayLost("the X server closed the connection (the display went away)");
}

}  // namespace

Window::Window(const WindowConfig& config) {
    const char* display = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    if ((!display || !*display) && (!wayland || !*wayland)) {
        throw WindowError(
            "no display: set DISPLAY, or run headless with xvfb-run -a -s \"-screen 0 1280x720x24\" slotcraft ...");
    }
    if (!glfwInit())
        throw WindowError("cannot open the display (" + last_glfw_error() + "): try xvfb-run -a slotcraft ...");
    XSetIOErrorHandler(on_display_lost);  // this GLFW (3.3, X11) always talks to an X server
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 5);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, config.debug_context ? GLFW_TRUE : GLFW_FALSE);
    glfwWindowHint(GLFW_VISIBLE, config.visible ? GLFW_TRUE : GLFW_FALSE);
    glfwWindowHint(GLFW_SRGB_CAPABLE, GLFW_FALSE);
    window_ = glfwCreateWindow(config.width, config.height, config.title, nullptr, nullptr);
    if (!window_) {
        const std::string reason = last_glfw_error();
        const std::string found = probe_available_version();
        glfwTerminate();
        throw WindowError("OpenGL 4.5 core is needed, this display offers " + found + " (" + reason +
                          "): update the graphics driver or run with Mesa (llvmpipe)");
    }
    glfwMakeContextCurrent(window_);
    try {
        gfx::load_gl(glfwGetProcAddress);
    } catch (const gfx::GlLoadError& e) {
        glfwDestroyWindow(window_);
        glfwTerminate();
        throw WindowError(std::string(e.what()) + ": update the graphics driver or run with Mesa (llvmpipe)");
    }
    set_vsync(config.vsync);
}

Window::~Window() {
    if (window_) glfwDestroyWindow(window_);
    glfwTerminate();
}

bool Window::should_close() const { return glfwWindowShouldClose(window_); }
void Window::request_close() { glfwSetWindowShouldClose(window_, GLFW_TRUE); }
void Window::poll_events() { glfwPollEvents(); }
void Window::swap_buffers() { glfwSwapBuffers(window_); }
void Window::framebuffer_size(int& width, int& height) const {
    glfwGetFramebufferSize(window_, &width, &height);
    if (minimised_) width = height = 0;
}

void Window::resize(int width, int height) {
    minimised_ = width == 0 || height == 0;
    if (minimised_) {
        glfwIconifyWindow(window_);
        return;
    }
    glfwRestoreWindow(window_);
    glfwSetWindowSize(window_, width, height);
    // Wait (briefly) for the server to apply it, so the next frame renders at the new size.
    for (int i = 0; i < 100; ++i) {
        int w = 0, h = 0;
        glfwGetFramebufferSize(window_, &w, &h);
        if (w == width && h == height) return;
        glfwWaitEventsTimeout(0.01);
    }
}
void Window::set_vsync(bool on) { glfwSwapInterval(on ? 1 : 0); }

void Window::toggle_fullscreen() {
    if (glfwGetWindowMonitor(window_)) {
        glfwSetWindowMonitor(window_, nullptr, windowed_x_, windowed_y_, windowed_w_, windowed_h_, GLFW_DONT_CARE);
        return;
    }
    GLFWmonitor* monitor = glfwGetPrimaryMonitor();
    if (!monitor) return;
    glfwGetWindowPos(window_, &windowed_x_, &windowed_y_);
    glfwGetWindowSize(window_, &windowed_w_, &windowed_h_);
    const GLFWvidmode* mode = glfwGetVideoMode(monitor);
    glfwSetWindowMonitor(window_, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
}

}  // namespace slotcraft
