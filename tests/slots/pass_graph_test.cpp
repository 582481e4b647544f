// The pass graph: Kahn's order from declared reads and writes, cycles and double writers
// refused by name, switched-off passes skipped, every run timed.
#include "slots/pass_graph.hpp"
#include "world/cpu_clock.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace slotcraft {
namespace {

using Names = std::vector<std::string>;

// A graph whose passes append their names to `ran` when they run.
struct Recorder {
    PassGraph graph;
    Names ran;
    PassGraph::PassId add(const std::string& name, Names reads, Names writes) {
        return graph.add(name, std::move(reads), std::move(writes), [this, name] { ran.push_back(name); });
    }
};

Names names_of(const std::vector<PassGraph::RanPass>& ran) {
    Names out;
    for (const auto& r : ran) out.push_back(r.name);
    return out;
}

TEST(PassGraph, OrdersWritersBeforeReadersWhateverTheDeclarationOrder) {
    Recorder r;
    // Declared backwards: the order must come from the resources alone.
    r.add("capture", {"colour.ui"}, {"capture"});
    r.add("ui", {"colour.lines"}, {"colour.ui"});
    r.add("lines", {"depth", "colour.water"}, {"colour.lines"});
    r.add("water", {"instances", "depth", "colour.opaque"}, {"colour.water"});
    r.add("opaque", {"instances"}, {"depth", "colour.opaque"});
    r.graph.compile();
    const Names want{"opaque", "water", "lines", "ui", "capture"};
    EXPECT_EQ(r.graph.order(), want);
    r.graph.run();
    EXPECT_EQ(r.ran, want);
    EXPECT_EQ(names_of(r.graph.last_run()), want);
}

TEST(PassGraph, IndependentPassesKeepTheirDeclarationOrder) {
    Recorder r;
    r.add("b", {"x"}, {"y"});
    r.add("c", {}, {"z"});  // depends on nothing: ready at once, but declared after b
    r.add("a", {}, {"x"});
    r.add("d", {"y", "z"}, {});
    r.graph.compile();
    EXPECT_EQ(r.graph.order(), (Names{"c", "a", "b", "d"}));
}

// The message compile() refuses the graph with ("" when it accepts it).
std::string refusal(PassGraph& graph) {
    try {
        graph.compile();
        return "";
    } catch (const PassGraphError& e) {
        return e.what();
    }
}

TEST(PassGraph, RefusesACycleNamingItsPasses) {
    Recorder r;
    r.add("opaque", {"instances"}, {"colour.opaque"});
    r.add("water", {"colour.opaque", "colour.lines"}, {"colour.water"});
    r.add("lines", {"colour.water"}, {"colour.lines"});
    r.add("ui", {"colour.lines"}, {"colour.ui"});  // downstream of the cycle, not in it
    const std::string what = refusal(r.graph);
    EXPECT_NE(what.find("water -> lines -> water"), std::string::npos) << what;
    EXPECT_EQ(what.find("ui"), std::string::npos) << what;
    EXPECT_EQ(what.find("opaque"), std::string::npos) << what;
}

TEST(PassGraph, RefusesAPassThatReadsWhatItWrites) {
    Recorder r;
    r.add("blend", {"colour"}, {"colour"});
    EXPECT_NE(refusal(r.graph).find("blend -> blend"), std::string::npos) << refusal(r.graph);
}

TEST(PassGraph, RefusesTwoWritersOfOneResourceAndTwoPassesOfOneName) {
    Recorder twice;
    twice.add("opaque", {}, {"colour"});
    twice.add("water", {}, {"colour"});
    const std::string what = refusal(twice.graph);
    EXPECT_NE(what.find("'opaque' and 'water' both write 'colour'"), std::string::npos) << what;
    Recorder same;
    same.add("ui", {}, {"a"});
    same.add("ui", {}, {"b"});
    EXPECT_NE(refusal(same.graph).find("two passes are named 'ui'"), std::string::npos) << refusal(same.graph);
}

TEST(PassGraph, ASwitchedOffPassKeepsItsPlaceButDoesNotRun) {
    Recorder r;
    r.add("opaque", {}, {"colour.opaque"});
    const auto water = r.add("water", {"colour.opaque"}, {"colour.water"});
    r.add("lines", {"colour.water"}, {"colour.lines"});
    r.graph.compile();
    r.graph.set_enabled(water, false);
    EXPECT_FALSE(r.graph.enabled(water));
    r.graph.run();
    EXPECT_EQ(r.ran, (Names{"opaque", "lines"}));
    EXPECT_EQ(names_of(r.graph.last_run()), (Names{"opaque", "lines"}));
    EXPECT_EQ(r.graph.order(), (Names{"opaque", "water", "lines"}));
    r.graph.set_enabled(water, true);
    r.ran.clear();
    r.graph.run();
    EXPECT_EQ(r.ran, (Names{"opaque", "water", "lines"}));
}

TEST(PassGraph, TimesEveryPassThatRan) {
    PassGraph g;
    // The pass spins until its thread has used 3 ms of CPU (the clock the graph times with),
    // so a loaded machine that takes the CPU away makes it last longer, not count less.
    g.add("slow", {}, {"a"}, [] {
        const double start = thread_cpu_ms();
        while (thread_cpu_ms() - start < 3.0) {}
    });
    g.add("fast", {"a"}, {}, [] {});
    g.compile();
    g.run();
    ASSERT_EQ(g.last_run().size(), 2u);
    EXPECT_GE(g.last_run()[0].cpu_ms, 3.0);
    EXPECT_GE(g.last_run()[1].cpu_ms, 0.0);
    EXPECT_LT(g.last_run()[1].cpu_ms, g.last_run()[0].cpu_ms);
}

}  // namespace
}  // namespace slotcraft
