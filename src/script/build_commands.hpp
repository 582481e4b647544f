#pragma once
// The building commands' entries of the script table (build_commands.cpp): script.cpp adds
// them to script_commands(). No GLFW, no GL.
#include <vector>

#include "script/script.hpp"

namespace slotcraft {

std::vector<ScriptCommandSpec> build_commands();

}  // namespace slotcraft
