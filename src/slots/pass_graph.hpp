#pragma once
// The frame as a pass graph (seed 003): each pass declares the resources it reads and
// writes; a writer runs before every reader, and the order comes from Kahn's algorithm.
// Plain C++20 (never GL or gfx/): the app declares the frame's passes, unit tests declare
// their own.
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace slotcraft {

// The passes cannot be ordered: a cycle (the message names its passes in order), two
// passes writing one resource, or a name used twice. Thrown by PassGraph::compile.
struct PassGraphError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Resources are names. A resource has at most one writer, so a target that several passes
// draw into in turn is a chain of names, one per state ("colour.opaque" after the opaque
// pass, "colour.water" after the water pass, ...). A name nobody writes is an input made
// before the graph runs (the instance buffer, uploaded before the frame's passes).
class PassGraph {
public:
    using PassId = std::size_t;

    // A pass that ran in the last run(), in execution order, with its CPU time.
    struct RanPass {
        std::string name;
        double cpu_ms = 0.0;
    };

    // Declares a pass; the order is computed by compile(). Passes start switched on.
    PassId add(std::string name, std::vector<std::string> reads, std::vector<std::string> writes,
               std::function<void()> run);
    // Kahn's algorithm over writer -> reader edges; ready passes are taken in declaration
    // order, so the order is deterministic. Throws PassGraphError (see above).
    void compile();

    // A switched-off pass keeps its place in the order but is skipped by run().
    void set_enabled(PassId pass, bool on);
    bool enabled(PassId pass) const { return passes_.at(pass).enabled; }

    // Runs the switched-on passes in order, timing each (compile() first).
    void run();

    // The names of all passes in execution order (switched off or not).
    std::vector<std::string> order() const;
    const std::vector<RanPass>& last_run() const { return last_run_; }
    std::size_t size() const { return passes_.size(); }

private:
    struct Pass {
        std::string name;
        std::vector<std::string> reads, writes;
        std::function<void()> run;
        bool enabled = true;
    };
    std::string describe_cycle(const std::vector<std::vector<PassId>>& after,
                               const std::vector<std::size_t>& waiting) const;

    std::vector<Pass> passes_;
    std::vector<PassId> order_;
    bool compiled_ = false;
    std::vector<RanPass> last_run_;
};

}  // namespace slotcraft
