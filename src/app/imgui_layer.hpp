#pragma once
// Dear ImGui's context, its GLFW platform backend and (through gfx/) its OpenGL renderer
// backend, for the window's lifetime.
#include <memory>

struct GLFWwindow;

namespace slotcraft {

namespace gfx {
class ImGuiGlBackend;
}

class ImGuiLayer {
public:
    // save_settings: keep imgui.ini (interactive runs); scripted runs write nothing.
    ImGuiLayer(GLFWwindow* window, bool save_settings);
    ~ImGuiLayer();
    ImGuiLayer(const ImGuiLayer&) = delete;
    ImGuiLayer& operator=(const ImGuiLayer&) = delete;

    void begin_frame();
    void end_frame();  // renders the draw data into the current framebuffer
    bool wants_mouse() const;
    bool wants_keyboard() const;
    void set_mouse_enabled(bool enabled);

private:
    std::unique_ptr<gfx::ImGuiGlBackend> gl_;
};

}  // namespace slotcraft
