// ImGui backend set-up (the one place in app/ that includes ImGui).
#include "app/imgui_layer.hpp"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

namespace slotcraft {

ImGuiLayer::ImGuiLayer(GLFWwindow* window, bool save_settings) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    if (!save_settings) io.IniFilename = nullptr;
    ImGui::StyleColorsDark();
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 450 core");
}

ImGuiLayer::~ImGuiLayer() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void ImGuiLayer::begin_frame() {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
}

void ImGuiLayer::end_frame() {
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

bool ImGuiLayer::wants_mouse() const { return ImGui::GetIO().WantCaptureMouse; }
bool ImGuiLayer::wants_keyboard() const { return ImGui::GetIO().WantCaptureKeyboard; }

void ImGuiLayer::set_mouse_enabled(bool enabled) {
    ImGuiIO& io = ImGui::GetIO();
    if (enabled) io.ConfigFlags &= ~ImGuiConfigFlags_NoMouse;
    else io.ConfigFlags |= ImGuiConfigFlags_NoMouse;
}

}  // namespace slotcraft
