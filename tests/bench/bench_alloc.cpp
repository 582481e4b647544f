// bench_alloc: the SlotTree against other lowest-first slot allocators on the same workloads
// at 1M slots, in one run; plus the PageAllocator under churn with hundreds of owners.
// The contenders other than SlotTree are baselines written here, not part of the product.
// Before timing anything, main() checks that every contender hands out the same slots.
#include <benchmark/benchmark.h>

#include <bit>
#include <cstdint>
#include <cstdio>
#include <algorithm>
#include <functional>
#include <memory>
#include <memory_resource>
#include <new>
#include <queue>
#include <set>
#include <string>
#include <vector>

#include "alloc/hash.hpp"
#include "alloc/page_allocator.hpp"
#include "alloc/slot_tree.hpp"

namespace slotcraft {
namespace {

using Slot = std::uint32_t;
constexpr std::uint64_t kFull = ~std::uint64_t{0};
constexpr Slot kSlots = 1u << 20;  // "1M slots"

// [SECTION] random numbers (the same stream for every contender)

class Rng {
public:
    explicit Rng(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() { return splitmix64_next(state_); }
    std::size_t below(std::size_t n) {  // n < 2^32; multiply-shift instead of a division
        return static_cast<std::size_t>(((next() >> 32) * n) >> 32);
    }

private:
    std::uint64_t state_;
};

// [SECTION] contenders: all hand out the lowest free slot

struct TreeContender {
    SlotTree tree;
    Slot allocate() { return tree.allocate(); }
    void free(Slot s) { tree.free(s); }
};

// Free slots below the high-water mark in a std::set; the lowest is the first element.
struct SetFreeList {
    std::set<Slot> holes;
    Slot top = 0;
    Slot allocate() {
        if (holes.empty()) return top++;
        const Slot s = *holes.begin();
        holes.erase(holes.begin());
        return s;
    }
    void free(Slot s) { holes.insert(s); }
};

// The same with a binary min-heap.
struct HeapFreeList {
    std::priority_queue<Slot, std::vector<Slot>, std::greater<>> holes;
    Slot top = 0;
    Slot allocate() {
        if (holes.empty()) return top++;
        const Slot s = holes.top();
        holes.pop();
        return s;
    }
    void free(Slot s) { holes.push(s); }
};

// One flat bitmap scanned linearly from the lowest word that may have a free bit.
struct FlatBitmap {
    std::vector<std::uint64_t> words;
    std::size_t cursor = 0;
    Slot allocate() {
        while (cursor < words.size() && words[cursor] == kFull) ++cursor;
        if (cursor == words.size()) words.push_back(0);
        const std::uint64_t w = words[cursor];
        words[cursor] = w | (w + 1);
        return static_cast<Slot>(cursor * 64 + static_cast<unsigned>(std::countr_one(w)));
    }
    void free(Slot s) {
        words[s >> 6] &= ~(std::uint64_t{1} << (s & 63));
        cursor = std::min<std::size_t>(cursor, s >> 6);
    }
};

// The seed's structure: 64-ary nodes behind pointers, each inner node owning an array of 64
// children taken from a std::pmr pool, parent pointers for propagation, escalate() to grow.
// Without the seed's "last terminal" hint, which breaks lowest-first.
class PointerTree {
public:
    PointerTree() = default;
    PointerTree(const PointerTree&) = delete;
    PointerTree& operator=(const PointerTree&) = delete;
    ~PointerTree() { release(root_); }

    Slot allocate() {
        if (root_.usage == kFull) escalate();
        Node* n = &root_;
        while (n->shift > 0) {
            const auto i = static_cast<unsigned>(std::countr_one(n->usage));
            while (n->built <= i) build_child(*n);
            n = &n->children[i];
        }
        const auto i = static_cast<unsigned>(std::countr_one(n->usage));
        n->usage |= std::uint64_t{1} << i;
        const auto slot = static_cast<Slot>(n->base + i);
        while (n->usage == kFull && n->parent != nullptr) {
            const auto index = static_cast<unsigned>(n - n->parent->children);
            n = n->parent;
            n->usage |= std::uint64_t{1} << index;
        }
        return slot;
    }

    void free(Slot slot) {
        Node* n = &root_;
        while (n->shift > 0) n = &n->children[(slot - n->base) >> n->shift];
        bool was_full = n->usage == kFull;
        n->usage &= ~(std::uint64_t{1} << (slot - n->base));
        while (was_full && n->parent != nullptr) {
            const auto index = static_cast<unsigned>(n - n->parent->children);
            n = n->parent;
            was_full = n->usage == kFull;
            n->usage &= ~(std::uint64_t{1} << index);
        }
    }

private:
    struct Node {
        std::uint64_t usage = 0;  // bit i: child i full (at a leaf: slot base + i taken)
        Node* parent = nullptr;
        Node* children = nullptr;  // 64 nodes from the pool; null at a leaf
        std::uint64_t base = 0;    // first slot covered
        unsigned shift = 0;        // child i covers base + (i << shift) ...; 0 at a leaf
        unsigned built = 0;        // children constructed so far
    };

    Node* new_children() { return static_cast<Node*>(pool_.allocate(64 * sizeof(Node), alignof(Node))); }
    void build_child(Node& n) {
        Node* child = ::new (&n.children[n.built]) Node{};
        child->parent = &n;
        child->base = n.base + (std::uint64_t{n.built} << n.shift);
        child->shift = n.shift - 6;
        if (child->shift > 0) child->children = new_children();
        ++n.built;
    }
    void escalate() {
        Node* kids = new_children();
        ::new (&kids[0]) Node(root_);
        kids[0].parent = &root_;
        for (unsigned j = 0; j < kids[0].built; ++j) kids[0].children[j].parent = &kids[0];
        root_ = Node{};
        root_.usage = 1;  // the old root, now child 0, is full
        root_.children = kids;
        root_.shift = kids[0].shift + 6;
        root_.built = 1;
    }
    void release(Node& n) {
        if (n.children == nullptr) return;
        for (unsigned j = 0; j < n.built; ++j) release(n.children[j]);
        pool_.deallocate(n.children, 64 * sizeof(Node), alignof(Node));
    }

    std::pmr::unsynchronized_pool_resource pool_;
    Node root_;
};

// [SECTION] workloads, each written once for every contender

// allocate_n where the contender has it, else single calls.
template <typename C>
void allocate_batch(C& c, std::size_t count, Slot* out) {
    if constexpr (requires { c.tree.allocate_n(count, out); }) {
        c.tree.allocate_n(count, out);
    } else {
        for (std::size_t i = 0; i < count; ++i) out[i] = c.allocate();
    }
}

template <typename C>
void fill(C& c, std::vector<Slot>& live, Slot count) {
    const std::size_t first = live.size();
    live.resize(first + count);
    Slot* out = live.data() + first;
    for (Slot i = 0; i < count; ++i) out[i] = c.allocate();
}

// Full to kSlots, then a random half freed: 50% occupancy with holes everywhere.
template <typename C>
void half_full(C& c, std::vector<Slot>& live, Rng& rng) {
    fill(c, live, kSlots);
    for (Slot i = 0; i < kSlots / 2; ++i) {
        const std::size_t at = rng.below(live.size());
        c.free(live[at]);
        live[at] = live.back();
        live.pop_back();
    }
}

// Free a random live slot, then take the lowest free one (two operations).
template <typename C>
std::uint64_t churn(C& c, std::vector<Slot>& live, Rng& rng, std::uint64_t pairs) {
    std::uint64_t sum = 0;
    for (std::uint64_t i = 0; i < pairs; ++i) {
        const std::size_t at = rng.below(live.size());
        c.free(live[at]);
        live[at] = c.allocate();
        sum += live[at];
    }
    return sum;
}

// A chunk's worth: 512 slots in one call, then 512 frees at random places.
template <typename C>
std::uint64_t chunk_batches(C& c, std::vector<Slot>& live, Rng& rng, int rounds, bool batch) {
    std::uint64_t sum = 0;
    Slot got[512];
    for (int r = 0; r < rounds; ++r) {
        if (batch) {
            allocate_batch(c, 512, got);
        } else {
            for (Slot& s : got) s = c.allocate();
        }
        for (const Slot s : got) {
            live.push_back(s);
            sum += s;
        }
        for (int i = 0; i < 512; ++i) {
            const std::size_t at = rng.below(live.size());
            c.free(live[at]);
            live[at] = live.back();
            live.pop_back();
        }
    }
    return sum;
}

void per_op(benchmark::State& state, double ops_per_iteration) {
    // An inverted rate: CPU seconds per operation, printed as e.g. "12.3ns".
    state.counters["per_op"] = benchmark::Counter(ops_per_iteration, benchmark::Counter::kIsIterationInvariantRate |
                                                                         benchmark::Counter::kInvert);
}

template <typename C>
void bm_fill(benchmark::State& state) {
    std::vector<Slot> live;
    live.reserve(kSlots);
    for (auto _ : state) {
        state.PauseTiming();
        auto c = std::make_unique<C>();
        live.clear();
        state.ResumeTiming();
        fill(*c, live, kSlots);
        benchmark::DoNotOptimize(live.data());
        state.PauseTiming();
        c.reset();
        state.ResumeTiming();
    }
    per_op(state, kSlots);
}

template <typename C>
void bm_fill_batch(benchmark::State& state) {
    std::vector<Slot> out(kSlots);
    const auto batch = static_cast<std::size_t>(state.range(0));
    for (auto _ : state) {
        state.PauseTiming();
        auto c = std::make_unique<C>();
        state.ResumeTiming();
        for (std::size_t at = 0; at < kSlots; at += batch) allocate_batch(*c, batch, out.data() + at);
        benchmark::DoNotOptimize(out.data());
        state.PauseTiming();
        c.reset();
        state.ResumeTiming();
    }
    per_op(state, kSlots);
}

template <typename C>
void bm_every_other(benchmark::State& state) {
    C c;
    std::vector<Slot> live;
    fill(c, live, kSlots);
    std::uint64_t sum = 0;
    for (auto _ : state) {
        for (Slot s = 0; s < kSlots; s += 2) c.free(s);
        for (Slot s = 0; s < kSlots; s += 2) sum += c.allocate();
    }
    benchmark::DoNotOptimize(sum);
    per_op(state, kSlots);
}

constexpr std::uint64_t kChurnOps = 10'000'000;

template <typename C>
void bm_churn(benchmark::State& state) {
    C c;
    std::vector<Slot> live;
    Rng rng(42);
    half_full(c, live, rng);
    std::uint64_t sum = 0;
    for (auto _ : state) sum += churn(c, live, rng, kChurnOps / 2);
    benchmark::DoNotOptimize(sum);
    per_op(state, kChurnOps);
}

template <typename C>
void bm_chunks(benchmark::State& state) {
    C c;
    std::vector<Slot> live;
    Rng rng(43);
    half_full(c, live, rng);
    constexpr int kRounds = 1000;
    std::uint64_t sum = 0;
    for (auto _ : state) sum += chunk_batches(c, live, rng, kRounds, state.range(0) != 0);
    benchmark::DoNotOptimize(sum);
    per_op(state, kRounds * 1024.0);
}

// [SECTION] the page allocator: churn with hundreds of owners

void bm_pages(benchmark::State& state) {
    const auto owners_count = static_cast<std::size_t>(state.range(0));
    const bool compacting = state.range(1) != 0;
    PageAllocator pages;
    Rng rng(44);
    std::vector<PageAllocator::OwnerId> owners(owners_count);
    for (auto& o : owners) o = rng.next();  // opaque ids, like chunk keys
    std::vector<Slot> live;
    std::vector<std::uint32_t> where;  // slot -> index in live, for compaction moves
    auto add = [&](Slot s) {
        if (s >= where.size()) where.resize(s + std::size_t{1} + s / 2);
        where[s] = static_cast<std::uint32_t>(live.size());
        live.push_back(s);
    };
    for (std::size_t i = 0; i < owners_count * 200; ++i) add(pages.allocate(owners[rng.below(owners_count)]).slot);
    constexpr int kPairs = 1 << 20;
    for (auto _ : state) {
        for (int i = 0; i < kPairs; ++i) {
            const std::size_t at = rng.below(live.size());
            pages.free(live[at]);
            live[at] = live.back();
            where[live[at]] = static_cast<std::uint32_t>(at);
            live.pop_back();
            add(pages.allocate(owners[rng.below(owners_count)]).slot);
            if (compacting && (i & 1023) == 0) {
                for (const PageAllocator::Move m : pages.compact_all(256).moves) {
                    const std::uint32_t index = where[m.from];  // moves go down, so m.to fits `where`
                    live[index] = m.to;
                    where[m.to] = index;
                }
            }
        }
    }
    state.counters["slack"] = static_cast<double>(pages.stats().slack);
    state.counters["pages"] = static_cast<double>(pages.stats().pages);
    per_op(state, 2.0 * kPairs);
}

// [SECTION] agreement check and registration

template <typename C>
std::vector<Slot> trace() {
    C c;
    std::vector<Slot> live;
    std::vector<Slot> out;
    Rng rng(7);
    fill(c, live, 70'000);
    for (int round = 0; round < 200; ++round) {
        out.push_back(static_cast<Slot>(churn(c, live, rng, 500)));
        out.push_back(static_cast<Slot>(chunk_batches(c, live, rng, 1, round % 2 == 0)));
        for (int i = 0; i < 300; ++i) {
            const std::size_t at = rng.below(live.size());
            c.free(live[at]);
            live[at] = live.back();
            live.pop_back();
        }
    }
    out.insert(out.end(), live.begin(), live.end());
    return out;
}

bool contenders_agree() {
    const std::vector<Slot> want = trace<TreeContender>();
    return trace<SetFreeList>() == want && trace<HeapFreeList>() == want && trace<FlatBitmap>() == want &&
           trace<PointerTree>() == want;
}

template <typename C>
void register_contender(const std::string& name) {
    benchmark::RegisterBenchmark(("fill/" + name).c_str(), bm_fill<C>)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("every_other/" + name).c_str(), bm_every_other<C>)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("churn/" + name).c_str(), bm_churn<C>)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("chunks/" + name).c_str(), bm_chunks<C>)->Arg(0)->Unit(benchmark::kMillisecond);
}

}  // namespace
}  // namespace slotcraft

int main(int argc, char** argv) {
    using namespace slotcraft;
    if (!contenders_agree()) {
        std::fprintf(stderr, "bench_alloc: the contenders disagree on the slots they hand out\n");
        return 1;
    }
    std::fprintf(stderr, "bench_alloc: all five contenders hand out identical (lowest-first) slots\n");
    register_contender<TreeContender>("SlotTree");
    register_contender<SetFreeList>("SetFreeList");
    register_contender<HeapFreeList>("HeapFreeList");
    register_contender<FlatBitmap>("FlatBitmap");
    register_contender<PointerTree>("PointerTree");
    benchmark::RegisterBenchmark("fill_batch/SlotTree", bm_fill_batch<TreeContender>)
        ->Arg(512)
        ->Arg(kSlots)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("chunks_batch/SlotTree", bm_chunks<TreeContender>)
        ->Arg(1)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("pages_churn/PageAllocator", bm_pages)
        ->Args({256, 0})
        ->Args({256, 1})
        ->Args({1024, 0})
        ->Unit(benchmark::kMillisecond);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
