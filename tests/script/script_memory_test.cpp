// How much memory a parsed script holds. The executable counts every byte `new` hands out
// (its own operator new and delete over malloc), so the peak of a parse is measured, not guessed.
#include <malloc.h>

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>

#include "script/script.hpp"

namespace {

std::atomic<std::size_t> g_live{0};  // bytes handed out by new and not yet deleted
std::atomic<std::size_t> g_peak{0};  // the most g_live has been since the last reset

void* counted_new(std::size_t size) {
    void* p = std::malloc(size == 0 ? 1 : size);
    if (!p) throw std::bad_alloc();
    const std::size_t live = g_live += malloc_usable_size(p);
    for (std::size_t peak = g_peak; live > peak && !g_peak.compare_exchange_weak(peak, live);) {}
    return p;
}

void counted_delete(void* p) {
    if (!p) return;
    g_live -= malloc_usable_size(p);
    std::free(p);
}

}  // namespace

void* operator new(std::size_t size) { return counted_new(size); }
void* operator new[](std::size_t size) { return counted_new(size); }
void operator delete(void* p) noexcept { counted_delete(p); }
void operator delete[](void* p) noexcept { counted_delete(p); }
void operator delete(void* p, std::size_t) noexcept { counted_delete(p); }
void operator delete[](void* p, std::size_t) noexcept { counted_delete(p); }

namespace slotcraft {
namespace {

// A script of a million lines is held as its text and 8 bytes a command; the parse never
// holds a command object per line (which took 28x the file: 2.5 GB for a 90 MB script).
TEST(ScriptMemory, AMillionLineScriptIsHeldInLittleMoreThanItsText) {
    std::string text;
    constexpr int kLines = 1'000'000;
    for (int i = 0; i < kLines; ++i) text += i % 10 == 9 ? "wait 1  # a frame\n" : "set 0 70 0 stone\n";
    const std::size_t text_bytes = text.size();
    const std::size_t before = g_live;
    g_peak = before;
    const Script script = parse_script(std::move(text));
    const std::size_t peak_growth = g_peak - before;
    // The text is moved in, the line table is 8 MB: a command object a line is 100+ MB more.
    EXPECT_LE(peak_growth, text_bytes) << "text " << text_bytes << " bytes, parse peak " << peak_growth;
    ASSERT_EQ(script.size(), static_cast<std::size_t>(kLines));
    EXPECT_EQ(script[kLines - 1].verb, "wait");
    EXPECT_EQ(script[kLines - 1].line, kLines);
    EXPECT_EQ(script[kLines - 2].arg(3), "stone");
}

}  // namespace
}  // namespace slotcraft
