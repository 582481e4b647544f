#pragma once
// Counts operator new calls in the test_alloc program (heap_count.cpp replaces the global
// operators), so a test can show that a warm allocator does not touch the heap.
// Test support only.

#include <cstdint>

namespace slotcraft::alloc_test {

// operator new calls so far; tests compare two readings.
std::uint64_t heap_allocations() noexcept;

}  // namespace slotcraft::alloc_test
