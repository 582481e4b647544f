// SlotTree under any sequence of allocate, allocate_n, free and clear, against a model (the
// set of taken slots): allocate gives the lowest free slot, refusals change nothing, and
// the invariants hold at the end.
#include "alloc/slot_tree.hpp"
#include "fuzz/fuzz_input.hpp"

#include <set>
#include <stdexcept>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    using namespace slotcraft;
    fuzz::FuzzInput in(data, size);
    const auto limit = static_cast<std::uint64_t>(in.range(1, 5000));
    SlotTree tree(limit);
    std::set<std::uint64_t> taken;
    const auto lowest_free = [&] {
        std::uint64_t s = 0;
        for (const std::uint64_t t : taken) {
            if (t != s) break;
            ++s;
        }
        return s;
    };
    for (int op = 0; op < 2000 && !in.done(); ++op) {
        switch (in.byte() % 5) {
            case 0:
            case 1: {
                if (taken.size() == limit) {
                    bool refused = false;
                    try {
                        (void)tree.allocate();
                    } catch (const std::length_error&) {
                        refused = true;
                    }
                    fuzz::check(refused, "a full tree handed out a slot");
                    break;
                }
                const std::uint64_t expected = lowest_free();
                const auto slot = tree.allocate();
                fuzz::check(slot == expected, "allocate gave " + std::to_string(slot) + ", the lowest free is " +
                                                  std::to_string(expected));
                taken.insert(slot);
                break;
            }
            case 2: {
                const auto count = static_cast<std::size_t>(in.range(0, 300));
                std::vector<SlotTree::Slot> out(count);
                if (taken.size() + count > limit) {
                    bool refused = false;
                    try {
                        tree.allocate_n(count, out.data());
                    } catch (const std::length_error&) {
                        refused = true;
                    }
                    fuzz::check(refused, "allocate_n beyond the limit was not refused");
                    break;
                }
                tree.allocate_n(count, out.data());
                for (const auto s : out) {
                    fuzz::check(taken.insert(s).second, "allocate_n gave a taken slot " + std::to_string(s));
                }
                break;
            }
            case 3: {
                const auto pick = static_cast<std::uint64_t>(in.range(0, static_cast<int64_t>(limit) + 64));
                const bool was_taken = taken.contains(pick);
                bool refused = false;
                try {
                    tree.free(static_cast<SlotTree::Slot>(pick));
                } catch (const std::invalid_argument&) {
                    refused = true;
                }
                fuzz::check(refused != was_taken, "free of slot " + std::to_string(pick) + " disagrees with the model");
                taken.erase(pick);
                break;
            }
            case 4:
                if (in.byte() % 8 == 0) {
                    tree.clear();
                    taken.clear();
                }
                break;
        }
        fuzz::check(tree.taken() == taken.size(), "taken() disagrees with the model");
    }
    for (const std::uint64_t s : taken) fuzz::check(tree.is_taken(static_cast<SlotTree::Slot>(s)), "a slot lost");
    if (const auto broken = tree.find_invariant_violation()) fuzz::fail("SlotTree invariant: " + *broken);
    return 0;
}
