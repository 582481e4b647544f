// The program's figures (app/figures.cpp) against the committed docs/stats.md: every key
// declared once, with its row on the page, and the page's table the one the declarations make.
#include "app/figures.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "support/program.hpp"

namespace slotcraft {
namespace {

constexpr std::string_view kTableBegin = "<!-- The key table is generated";
constexpr std::string_view kTableEnd = "<!-- End of the generated key table. -->";

struct Page {
    std::string before;  // up to and with the begin marker's line
    std::string table;   // the lines between the markers
    std::string after;   // from the end marker's line on
};

// docs/stats.md cut at the markers around its key table; an empty table when they are missing.
Page read_page() {
    const std::string text = test::read_text(std::string(SLOTCRAFT_SOURCE_DIR) + "/docs/stats.md");
    const std::size_t begin = text.find(kTableBegin);
    const std::size_t end = text.find(kTableEnd);
    if (begin == std::string::npos || end == std::string::npos || end < begin) return {text, "", ""};
    const std::size_t table = text.find('\n', begin) + 1;
    return {text.substr(0, table), text.substr(table, end - table), text.substr(end)};
}

// The keys a row names: the `quoted` words of its first cell.
std::set<std::string> keys_named(const std::string& table) {
    std::set<std::string> out;
    std::size_t at = 0;
    while (at < table.size()) {
        const std::size_t line_end = std::min(table.find('\n', at), table.size());
        const std::string line = table.substr(at, line_end - at);
        at = line_end + 1;
        if (!line.starts_with("| `")) continue;
        const std::string cell = line.substr(2, line.find(" | ", 2) - 2);
        for (std::size_t q = cell.find('`'); q != std::string::npos; q = cell.find('`', q)) {
            const std::size_t close = cell.find('`', q + 1);
            if (close == std::string::npos) break;
            out.insert(cell.substr(q + 1, close - q - 1));
            q = close + 1;
        }
    }
    return out;
}

TEST(Figures, DocsPageListsExactlyTheDeclaredKeys) {
    const Page page = read_page();
    ASSERT_FALSE(page.table.empty()) << "docs/stats.md lost its markers around the key table ('" << kTableBegin
                                     << "...' and '" << kTableEnd << "')";
    std::set<std::string> declared;
    for (const StatDecl& d : declarations(program_figures())) declared.insert(std::string(d.key));
    const std::set<std::string> named = keys_named(page.table);
    for (const std::string& key : declared) {
        EXPECT_TRUE(named.contains(key)) << "the key '" << key
                                         << "' is declared in src/app/figures.cpp without its row in docs/stats.md";
    }
    for (const std::string& key : named) {
        EXPECT_TRUE(declared.contains(key))
            << "a row of docs/stats.md names '" << key << "', which src/app/figures.cpp does not declare";
    }
    const std::string table = stats_doc_table(declarations(program_figures()));
    if (page.table != table) {
        // The page as it should be, for the one who changed the keys to copy over the old one.
        const std::filesystem::path out = std::filesystem::path(SLOTCRAFT_TEST_OUT) / "stats.md";
        std::filesystem::create_directories(out.parent_path());
        std::ofstream(out) << page.before << table << page.after;
        ADD_FAILURE() << "docs/stats.md's key table is not the one made from src/app/figures.cpp: "
                      << "the page with the table made from the declarations is " << out.string()
                      << "; copy it over docs/stats.md";
    }
}

TEST(Figures, EachKeyIsDeclaredOnceAndObjectsHoldOnlyKeys) {
    std::set<std::string_view> seen;
    const std::vector<StatDecl> decls = declarations(program_figures());
    for (const StatDecl& d : decls) {
        EXPECT_TRUE(seen.insert(d.key).second) << "declared twice: " << d.key;
        EXPECT_FALSE(d.doc.empty()) << d.key << " has no doc line";
        // A key below another (target.x below target) needs that one to be an object.
        for (std::size_t dot = d.key.find('.'); dot != std::string_view::npos; dot = d.key.find('.', dot + 1)) {
            for (const StatDecl& parent : decls) {
                if (parent.key == d.key.substr(0, dot)) {
                    EXPECT_EQ(parent.type, StatType::kObjectOrNull) << d.key << " sits below a value";
                }
            }
        }
    }
}

TEST(Figures, TheTableGroupsNeighboursWithOneDocLine) {
    const std::string table = stats_doc_table(declarations(program_figures()));
    EXPECT_TRUE(table.starts_with("| key | type | meaning |\n| --- | --- | --- |\n"));
    EXPECT_NE(table.find("| `camera.x`, `camera.y`, `camera.z` | number | eye position in blocks |\n"),
              std::string::npos)
        << table;
    EXPECT_NE(table.find("| `target` | object or null | "), std::string::npos);
}

}  // namespace
}  // namespace slotcraft
