// alloc_example: uses the installed slot tree the way an engine would. It takes slots,
// frees two, and checks that the lowest gap is handed out first; then does the same with
// pages of 64 slots. Prints what it checked; exits 1 at the first broken promise.
#include <slotcraft/alloc/page_allocator.hpp>
#include <slotcraft/alloc/slot_tree.hpp>

#include <cstdio>
#include <vector>

namespace {

int failures = 0;

void check(bool ok, const char* what) {
    std::printf("%s: %s\n", ok ? "ok" : "FAILED", what);
    if (!ok) ++failures;
}

}  // namespace

int main() {
    slotcraft::SlotTree tree;
    std::vector<slotcraft::SlotTree::Slot> slots;
    for (int i = 0; i < 200; ++i) slots.push_back(tree.allocate());
    check(slots.front() == 0 && slots.back() == 199, "200 allocations take slots 0..199 in order");

    tree.free(slots[150]);
    tree.free(slots[13]);
    check(!tree.is_taken(13) && !tree.is_taken(150), "freed slots 13 and 150 are free");
    check(tree.allocate() == 13, "the next allocation reuses the lowest gap, 13");
    check(tree.allocate() == 150, "then the gap at 150");
    check(tree.allocate() == 200, "then the end of the range, 200");
    check(tree.stats().gaps == 0 && tree.stats().high_water == 201, "no gap below the high-water mark of 201");

    auto slot = tree.allocate();
    tree.free(slot);
    check(!tree.is_taken(slot), "allocate then free leaves the slot free");

    // Pages: two owners fill pages of 64 slots; a page given back is the next one taken.
    slotcraft::PageAllocator pages;
    for (int i = 0; i < 64; ++i) pages.allocate(1);
    const auto second = pages.allocate(2);
    check(second.slot == 64 && second.new_page, "a second owner starts on a new page, slot 64");
    check(pages.release_owner(1).size() == 1, "owner 1 gives its one page back");
    check(pages.allocate(3).slot == 0, "owner 3 then gets the lowest page again, slot 0");

    std::printf("%s\n", failures == 0 ? "alloc_example: all checks passed" : "alloc_example: checks FAILED");
    return failures == 0 ? 0 : 1;
}
