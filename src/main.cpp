// slotcraft: a voxel renderer and block editor. Everything happens in app/program.cpp.
#include <string>
#include <vector>

#include "app/program.hpp"

int main(int argc, char** argv) { return slotcraft::run_program(std::vector<std::string>(argv + 1, argv + argc)); }
