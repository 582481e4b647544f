// Global operator new/delete over malloc/free with a counter (see heap_count.hpp).
#include "alloc/heap_count.hpp"

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

namespace {

std::atomic<std::uint64_t> g_news{0};

void* counted_new(std::size_t size, std::size_t alignment) {
  g_news.fetch_add(1, std::memory_order_relaxed);
  const std::size_t bytes = size == 0 ? 1 : size;
  void* p = nullptr;
  if (alignment <= alignof(std::max_align_t)) {
    p = std::malloc(bytes);
  } else if (posix_memalign(&p, alignment, bytes) != 0) {
    p = nullptr;
  }
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

}  // namespace

std::uint64_t slotcraft::alloc_test::heap_allocations() noexcept {
  return g_news.load(std::memory_order_relaxed);
}

void* operator new(std::size_t size) { return counted_new(size, alignof(std::max_align_t)); }
void* operator new[](std::size_t size) { return counted_new(size, alignof(std::max_align_t)); }
void* operator new(std::size_t size, std::align_val_t a) { return counted_new(size, static_cast<std::size_t>(a)); }
void* operator new[](std::size_t size, std::align_val_t a) { return counted_new(size, static_cast<std::size_t>(a)); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
