#pragma once
// The program's entry: options, script, App, and the mapping of errors to exit codes.
#include <string>
#include <vector>

namespace slotcraft {

int run_program(const std::vector<std::string>& args);

}  // namespace slotcraft
