// See imgui_backend.hpp.
#include "gfx/imgui_backend.hpp"

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

namespace slotcraft::gfx {

ImGuiGlBackend::ImGuiGlBackend() {
    IM_ASSERT(ImGui::GetCurrentContext() != nullptr && "create the ImGui context before its GL backend");
    ImGui_ImplOpenGL3_Init("#version 450 core");
}

ImGuiGlBackend::~ImGuiGlBackend() { ImGui_ImplOpenGL3_Shutdown(); }

void ImGuiGlBackend::new_frame() { ImGui_ImplOpenGL3_NewFrame(); }

void ImGuiGlBackend::render() { ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData()); }

}  // namespace slotcraft::gfx
