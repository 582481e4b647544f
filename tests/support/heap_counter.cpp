// Replaces the global operator new/delete with counting versions over malloc/free. Linked into
// a test program once; the count only ever grows, tests compare two readings.
#include "support/heap_counter.hpp"

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

namespace {

std::atomic<std::uint64_t> g_allocations{0};

void* counted_allocate(std::size_t size, std::size_t alignment) {
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (size == 0) size = 1;
    void* p = nullptr;
    if (alignment <= alignof(std::max_align_t)) {
        p = std::malloc(size);
    } else if (posix_memalign(&p, alignment, size) != 0) {
        p = nullptr;
    }
    if (p == nullptr) throw std::bad_alloc();
    return p;
}

}  // namespace

std::uint64_t slotcraft::test::heap_allocations() { return g_allocations.load(std::memory_order_relaxed); }

bool slotcraft::test::heap_counter_counts() {
    const std::uint64_t before = heap_allocations();
    void* volatile probe = ::operator new(1);  // volatile: the call cannot be optimised away
    ::operator delete(probe);
    return heap_allocations() > before;
}

void* operator new(std::size_t size) { return counted_allocate(size, alignof(std::max_align_t)); }
void* operator new[](std::size_t size) { return counted_allocate(size, alignof(std::max_align_t)); }
void* operator new(std::size_t size, std::align_val_t alignment) {
    return counted_allocate(size, static_cast<std::size_t>(alignment));
}
void* operator new[](std::size_t size, std::align_val_t alignment) {
    return counted_allocate(size, static_cast<std::size_t>(alignment));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
