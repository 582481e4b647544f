// ImGui's context and its GLFW platform backend (the one place in app/ that includes ImGui);
// the OpenGL renderer backend is gfx::ImGuiGlBackend.
#include "app/imgui_layer.hpp"

#include <backends/imgui_impl_glfw.h>
#include <imgui.h>

#include <utility>

#include "gfx/imgui_backend.hpp"

namespace slotcraft {

ImGuiLayer::ImGuiLayer(GLFWwindow* window, std::string ini_path) : ini_path_(std::move(ini_path)) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    // Never ImGui's default, "imgui.ini" in the current folder.
    io.IniFilename = ini_path_.empty() ? nullptr : ini_path_.c_str();
    ImGui::StyleColorsDark();
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    gl_ = std::make_unique<gfx::ImGuiGlBackend>();
}

ImGuiLayer::~ImGuiLayer() {
    gl_.reset();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void ImGuiLayer::begin_frame() {
    gl_->new_frame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
}

void ImGuiLayer::end_frame() {
    ImGui::Render();
    gl_->render();
}

bool ImGuiLayer::wants_mouse() const { return ImGui::GetIO().WantCaptureMouse; }
bool ImGuiLayer::wants_keyboard() const { return ImGui::GetIO().WantCaptureKeyboard; }

void ImGuiLayer::set_mouse_enabled(bool enabled) {
    ImGuiIO& io = ImGui::GetIO();
    if (enabled) io.ConfigFlags &= ~ImGuiConfigFlags_NoMouse;
    else io.ConfigFlags |= ImGuiConfigFlags_NoMouse;
}

}  // namespace slotcraft
