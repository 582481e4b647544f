// The figure machinery (stats/stats_keys.hpp) on a small table of its own: values written
// under their keys, nulls, objects that are null, NAME keys, the type checks, the page's rows.
#include "stats/stats_keys.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "stats/stats_json.hpp"
#include "support/json.hpp"

namespace slotcraft {
namespace {

struct Source {
    int64_t count = 3;
    double x = 1.5;
    std::string mode = "walk";
    bool frozen = true;
    std::optional<int> target;
    std::optional<std::string> error;
    NamedNumbers panel_x{{"frame", 12.0}};
    NamedFlags panel_open{{"frame", false}};
};

// clang-format off
const Figure<Source> kTestFigures[] = {
    {{"frame.count", StatType::kInteger, "frames"}, [](const Source& s) -> FigureValue { return s.count; }},
    {{"camera.x", StatType::kNumber, "eye position"}, [](const Source& s) -> FigureValue { return s.x; }},
    {{"camera.y", StatType::kNumber, "eye position"}, [](const Source& s) -> FigureValue { return s.x; }},
    {{"player.mode", StatType::kString, "fly or walk"}, [](const Source& s) -> FigureValue { return s.mode; }},
    {{"cull.frozen", StatType::kBool, "frozen"}, [](const Source& s) -> FigureValue { return s.frozen; }},
    {{"target", StatType::kObjectOrNull, "the target"}, [](const Source& s) -> FigureValue { return s.target ? FigureValue{true} : FigureValue{}; }},
    {{"target.x", StatType::kInteger, "its x"}, [](const Source& s) -> FigureValue { return int64_t{*s.target}; }},
    {{"save.error", StatType::kStringOrNull, "the reason"}, [](const Source& s) -> FigureValue { return s.error ? FigureValue{*s.error} : FigureValue{}; }},
    {{"overlay.panels.NAME.x", StatType::kNumber, "where"}, [](const Source& s) -> FigureValue { return s.panel_x; }},
    {{"overlay.panels.NAME.open", StatType::kBool, "open"}, [](const Source& s) -> FigureValue { return s.panel_open; }},
};
// clang-format on

test::Json written(const Source& source) {
    StatsJson json;
    write_figures(json, std::span<const Figure<Source>>(kTestFigures), source);
    return test::Json::parse(json.dump());
}

TEST(Figures, EachIsWrittenUnderItsKeyAndNamesAreFilledIn) {
    const test::Json doc = written(Source{});
    EXPECT_EQ(doc.at("frame.count").integer, 3);
    EXPECT_DOUBLE_EQ(doc.at("camera.x").number, 1.5);
    EXPECT_EQ(doc.at("player.mode").string, "walk");
    EXPECT_TRUE(doc.at("cull.frozen").boolean);
    EXPECT_TRUE(doc.at("save.error").is_null());
    EXPECT_DOUBLE_EQ(doc.at("overlay.panels.frame.x").number, 12.0);
    EXPECT_FALSE(doc.at("overlay.panels.frame.open").boolean);
}

TEST(Figures, ANullObjectLeavesOutTheKeysBelowIt) {
    const test::Json absent = written(Source{});
    EXPECT_TRUE(absent.at("target").is_null()) << "target.x is not read while there is no target";
    Source with_target;
    with_target.target = 7;
    with_target.error = "disk full";
    const test::Json present = written(with_target);
    EXPECT_EQ(present.at("target.x").integer, 7);
    EXPECT_EQ(present.at("save.error").string, "disk full");
}

TEST(Figures, TheTableGroupsNeighboursWithOneDocLine) {
    const std::string table = stats_doc_table(declarations(std::span<const Figure<Source>>(kTestFigures)));
    EXPECT_TRUE(table.starts_with("| key | type | meaning |\n| --- | --- | --- |\n"));
    EXPECT_NE(table.find("| `camera.x`, `camera.y` | number | eye position |\n"), std::string::npos) << table;
    EXPECT_NE(table.find("| `target` | object or null | the target |\n"), std::string::npos) << table;
}

#ifndef NDEBUG
TEST(FiguresDeathTest, RefusesAValueOfAnotherTypeThanDeclared) {
    StatsJson json;
    const StatDecl count{"frame.count", StatType::kInteger, "frames"};
    EXPECT_DEATH(write_figure(json, count, 1.5), "declared type");
    EXPECT_DEATH(write_figure(json, count, FigureValue{}), "may be null");
}
#endif

}  // namespace
}  // namespace slotcraft
