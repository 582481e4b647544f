#pragma once
// Dear ImGui's context and its GLFW + OpenGL 3 backends, for the window's lifetime.
struct GLFWwindow;

namespace slotcraft {

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
};

}  // namespace slotcraft
