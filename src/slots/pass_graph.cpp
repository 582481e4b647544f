// The pass graph: declared passes, Kahn's order, timed runs. See pass_graph.hpp.
#include "slots/pass_graph.hpp"

#include "world/cpu_clock.hpp"

#include <algorithm>
#include <cassert>
#include <functional>
#include <queue>
#include <unordered_map>

namespace slotcraft {

PassGraph::PassId PassGraph::add(std::string name, std::vector<std::string> reads, std::vector<std::string> writes,
                                 std::function<void()> run) {
    compiled_ = false;
    passes_.push_back({std::move(name), std::move(reads), std::move(writes), std::move(run), true});
    return passes_.size() - 1;
}

void PassGraph::compile() {
    const std::size_t n = passes_.size();
    std::unordered_map<std::string, PassId> writer;
    std::unordered_map<std::string, PassId> by_name;
    for (PassId p = 0; p < n; ++p) {
        if (!by_name.emplace(passes_[p].name, p).second) {
            throw PassGraphError("the frame's passes cannot be ordered: two passes are named '" + passes_[p].name +
                                 "'; give each pass its own name");
        }
        for (const std::string& r : passes_[p].writes) {
            const auto [it, fresh] = writer.emplace(r, p);
            if (!fresh) {
                throw PassGraphError("the frame's passes cannot be ordered: '" + passes_[it->second].name + "' and '" +
                                     passes_[p].name + "' both write '" + r +
                                     "'; name each state of a resource apart (one writer each)");
            }
        }
    }
    // Edges writer -> reader; a pass reading what it writes is a cycle of one.
    std::vector<std::vector<PassId>> after(n);
    std::vector<std::size_t> waiting(n, 0);  // in-degree: writers not yet placed
    for (PassId p = 0; p < n; ++p) {
        for (const std::string& r : passes_[p].reads) {
            const auto it = writer.find(r);
            if (it == writer.end()) continue;  // an input made before the graph runs
            after[it->second].push_back(p);
            ++waiting[p];
        }
    }
    // Kahn: take a pass with no writer left to wait for; the lowest declaration index first.
    std::priority_queue<PassId, std::vector<PassId>, std::greater<>> ready;
    for (PassId p = 0; p < n; ++p) {
        if (waiting[p] == 0) ready.push(p);
    }
    order_.clear();
    while (!ready.empty()) {
        const PassId p = ready.top();
        ready.pop();
        order_.push_back(p);
        for (PassId q : after[p]) {
            if (--waiting[q] == 0) ready.push(q);
        }
    }
    if (order_.size() != n) {
        order_.clear();
        throw PassGraphError("the frame's passes cannot be ordered: they form a cycle " +
                             describe_cycle(after, waiting) + "; a pass must not read what a later pass writes");
    }
    compiled_ = true;
}

// Every pass left after Kahn's algorithm waits for another pass left: walking backwards
// from one of them along such waits must come back to a pass already seen.
std::string PassGraph::describe_cycle(const std::vector<std::vector<PassId>>& after,
                                      const std::vector<std::size_t>& waiting) const {
    const std::size_t n = passes_.size();
    std::vector<std::vector<PassId>> before(n);
    for (PassId p = 0; p < n; ++p) {
        for (PassId q : after[p]) before[q].push_back(p);
    }
    PassId at = n;
    for (PassId p = 0; p < n && at == n; ++p) {
        if (waiting[p] > 0) at = p;
    }
    assert(at < n && "describe_cycle needs a pass left over by Kahn's algorithm");
    std::vector<PassId> path;
    std::vector<std::size_t> seen_at(n, n);
    while (seen_at[at] == n) {
        seen_at[at] = path.size();
        path.push_back(at);
        const auto& from = before[at];
        const auto next = std::find_if(from.begin(), from.end(), [&](PassId q) { return waiting[q] > 0; });
        assert(next != from.end() && "a pass left over waits for another one left over");
        at = *next;
    }
    // path[seen_at[at]..] walks against the edges: reverse it to read writer -> reader.
    std::vector<PassId> cycle(path.begin() + static_cast<std::ptrdiff_t>(seen_at[at]), path.end());
    std::reverse(cycle.begin(), cycle.end());
    // Start at the pass declared first, so the same cycle always reads the same.
    std::rotate(cycle.begin(), std::min_element(cycle.begin(), cycle.end()), cycle.end());
    std::string text;
    for (PassId p : cycle) text += passes_[p].name + " -> ";
    return text + passes_[cycle.front()].name;
}

void PassGraph::set_enabled(PassId pass, bool on) { passes_.at(pass).enabled = on; }

void PassGraph::run() {
    assert(compiled_ && "PassGraph::run: call compile() after the last add()");
    last_run_.clear();
    for (PassId p : order_) {
        Pass& pass = passes_[p];
        if (!pass.enabled) continue;
        const double start = thread_cpu_ms();  // this thread's CPU time, as the frame's stages
        pass.run();
        last_run_.push_back({pass.name, thread_cpu_ms() - start});
    }
}

std::vector<std::string> PassGraph::order() const {
    std::vector<std::string> names;
    for (PassId p : order_) names.push_back(passes_[p].name);
    return names;
}

}  // namespace slotcraft
