#pragma once
// Dear ImGui's context, its GLFW platform backend and (through gfx/) its OpenGL renderer
// backend, for the window's lifetime.
#include <memory>
#include <string>

struct GLFWwindow;

namespace slotcraft {

namespace gfx {
class ImGuiGlBackend;
}

class ImGuiLayer {
public:
    // ini_path: where ImGui keeps its imgui.ini (the panels' fold state), read at the start
    // and written while the program runs; empty (scripted runs): none is read or written.
    ImGuiLayer(GLFWwindow* window, std::string ini_path);
    ~ImGuiLayer();
    ImGuiLayer(const ImGuiLayer&) = delete;
    ImGuiLayer& operator=(const ImGuiLayer&) = delete;

    void begin_frame();
    void end_frame();  // renders the draw data into the current framebuffer
    bool wants_mouse() const;
    bool wants_keyboard() const;
    void set_mouse_enabled(bool enabled);

private:
    std::string ini_path_;  // ImGui keeps a pointer to it
    std::unique_ptr<gfx::ImGuiGlBackend> gl_;
};

}  // namespace slotcraft
