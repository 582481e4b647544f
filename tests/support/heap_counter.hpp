#pragma once
// Counts the heap allocations made through operator new in this test program (heap_counter.cpp
// replaces the global operators), so a test can show that a warm structure allocates nothing.
// Test support only: never GL, GLFW or ImGui. heap_counter.cpp must be linked into the test
// executable itself (the slotcraft_heap_counter OBJECT library), never through a static
// library, where the linker could drop the replacement operators.

#include <cstdint>

namespace slotcraft::test {

// operator new calls so far, in every thread.
std::uint64_t heap_allocations();

// True when an operator new call made now is counted: the replacement operators are the
// ones in use. A test that shows "no allocation" checks this first, or a counter that
// never counts would make it pass whatever the code does.
bool heap_counter_counts();

}  // namespace slotcraft::test
