#pragma once
// The one table of key names: the names the settings file's [keys] table uses ("W", "F3",
// "LEFT_SHIFT", GLFW's own names without GLFW_KEY_) and the GLFW key codes they stand for.
// Only the codes come from GLFW's header (in key_names.cpp); nothing here opens a window.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace slotcraft {

// The GLFW key code of `name` (upper or lower case); nullopt for a name not in the table.
std::optional<int> key_code(std::string_view name);

// The table's name of a GLFW key code ("LEFT_SHIFT"); "?" for a code not in the table.
std::string_view key_name(int code);

// Every name of the table, in its order (letters, digits, F-keys, the rest).
std::vector<std::string_view> key_names();

}  // namespace slotcraft
