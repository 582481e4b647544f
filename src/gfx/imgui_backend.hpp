#pragma once
// Dear ImGui's OpenGL 3 renderer backend (imgui_impl_opengl3) for the current context. It
// lives in gfx/ because it calls gl*; app/ pairs it with the GLFW platform backend.
namespace slotcraft::gfx {

class ImGuiGlBackend {
public:
    // Needs a current ImGui context and a current GL 4.5 context.
    ImGuiGlBackend();
    ~ImGuiGlBackend();
    ImGuiGlBackend(const ImGuiGlBackend&) = delete;
    ImGuiGlBackend& operator=(const ImGuiGlBackend&) = delete;

    void new_frame();
    // Draws ImGui's draw data of the frame just ended (after ImGui::Render()).
    void render();
};

}  // namespace slotcraft::gfx
