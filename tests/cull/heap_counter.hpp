#pragma once
// Counts the heap allocations made through operator new in this test program (heap_counter.cpp
// replaces the global operators), so a test can show that a warm structure allocates nothing.
// Test support only: never GL, GLFW or ImGui.

#include <cstdint>

namespace slotcraft::test {

// operator new calls so far, in every thread.
std::uint64_t heap_allocations();

}  // namespace slotcraft::test
