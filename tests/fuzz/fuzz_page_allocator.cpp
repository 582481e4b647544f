// PageAllocator under any sequence of allocate, free, release_owner and compaction, against a
// model (slot -> owner): every slot the model holds is taken by its owner, compaction moves
// keep each instance with its owner, and the invariants hold after every operation.
#include "alloc/page_allocator.hpp"
#include "fuzz/fuzz_input.hpp"

#include <map>
#include <stdexcept>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    using namespace slotcraft;
    using Slot = PageAllocator::Slot;
    fuzz::FuzzInput in(data, size);
    PageAllocator pages;
    std::map<Slot, PageAllocator::OwnerId> model;
    const auto apply = [&](const PageAllocator::Compaction& c) {
        for (const PageAllocator::Move& m : c.moves) {
            const auto it = model.find(m.from);
            fuzz::check(it != model.end(), "compaction moved a free slot " + std::to_string(m.from));
            fuzz::check(!model.contains(m.to), "compaction moved onto a taken slot " + std::to_string(m.to));
            const auto owner = it->second;
            model.erase(it);
            model[m.to] = owner;
        }
    };
    for (int op = 0; op < 1500 && !in.done(); ++op) {
        const auto owner = static_cast<PageAllocator::OwnerId>(in.range(0, 7));
        switch (in.byte() % 6) {
            case 0:
            case 1: {
                const PageAllocator::Allocation a = pages.allocate(owner);
                fuzz::check(!model.contains(a.slot), "allocate gave a taken slot");
                model[a.slot] = owner;
                break;
            }
            case 2: {
                if (model.empty()) break;
                auto it = model.begin();
                std::advance(it, static_cast<long>(in.range(0, static_cast<int64_t>(model.size()) - 1)));
                (void)pages.free(it->first);
                model.erase(it);
                break;
            }
            case 3: {
                const auto slot = static_cast<Slot>(in.range(0, 4096));
                if (model.contains(slot)) break;
                bool refused = false;
                try {
                    (void)pages.free(slot);
                } catch (const std::invalid_argument&) {
                    refused = true;
                }
                fuzz::check(refused, "freeing a free slot was accepted");
                break;
            }
            case 4:
                (void)pages.release_owner(owner);
                std::erase_if(model, [&](const auto& kv) { return kv.second == owner; });
                break;
            case 5:
                apply(in.byte() % 2 ? pages.compact(owner, static_cast<std::size_t>(in.range(0, 80)))
                                    : pages.compact_all(static_cast<std::size_t>(in.range(0, 80))));
                break;
        }
        if (const auto broken = pages.find_invariant_violation()) fuzz::fail("PageAllocator invariant: " + *broken);
        fuzz::check(pages.stats().slots_taken == model.size(), "slots_taken disagrees with the model");
    }
    std::map<PageAllocator::OwnerId, std::uint64_t> per_owner;
    for (const auto& [slot, owner] : model) {
        fuzz::check(pages.is_taken(slot), "a slot of the model is free");
        ++per_owner[owner];
        const auto page_owner = pages.owner_of_page(slot / PageAllocator::kSlotsPerPage);
        fuzz::check(page_owner && *page_owner == owner, "a slot sits in another owner's page");
    }
    for (const auto& [owner, n] : per_owner) fuzz::check(pages.owner_slots(owner) == n, "owner_slots disagrees");
    return 0;
}
