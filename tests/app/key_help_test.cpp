// The key help lists every key with the keys as bound in the settings file's [keys] table.
#include <gtest/gtest.h>

#include <algorithm>

#include "app/controls.hpp"
#include "config/key_names.hpp"

namespace slotcraft {
namespace {

bool has_row(const std::vector<std::pair<std::string, std::string>>& rows, const std::string& keys,
             const std::string& action) {
    return std::find(rows.begin(), rows.end(), std::pair{keys, action}) != rows.end();
}

TEST(KeyHelp, ListsEveryKeyWithTheDefaultBindings) {
    const auto rows = key_help_rows(default_key_bindings());
    EXPECT_TRUE(has_row(rows, "W A S D", "move"));
    EXPECT_TRUE(has_row(rows, "SPACE / LEFT_SHIFT", "up / down (SPACE: jump)"));
    EXPECT_TRUE(has_row(rows, "F1", "this help"));
    EXPECT_TRUE(has_row(rows, "F2", "screenshot"));
    EXPECT_TRUE(has_row(rows, "F3", "overlay"));
    EXPECT_TRUE(has_row(rows, "F11", "fullscreen"));
    EXPECT_TRUE(has_row(rows, "Ctrl+Q", "quit"));
    EXPECT_TRUE(has_row(rows, "Ctrl+Z", "undo"));
    EXPECT_TRUE(has_row(rows, "Ctrl+Y, Ctrl+Shift+Z", "redo"));
    EXPECT_TRUE(has_row(rows, "Ctrl+C / Ctrl+V", "copy region / paste"));
    EXPECT_TRUE(has_row(rows, "Ctrl+E", "export region (Edit panel's file)"));
    EXPECT_TRUE(has_row(rows, "B / N", "first / second region corner"));
    for (const auto& [keys, action] : rows) EXPECT_EQ(keys.find('{'), std::string::npos) << keys;
}

TEST(KeyHelp, ShowsTheKeysAsRebound) {
    KeyBindings keys = default_key_bindings();
    keys[static_cast<size_t>(Binding::kForward)] = *key_code("Z");
    keys[static_cast<size_t>(Binding::kLeft)] = *key_code("Q");
    keys[static_cast<size_t>(Binding::kScreenshot)] = *key_code("F12");
    const auto rows = key_help_rows(keys);
    EXPECT_TRUE(has_row(rows, "Z Q S D", "move"));
    EXPECT_TRUE(has_row(rows, "F12", "screenshot"));
    EXPECT_FALSE(has_row(rows, "F2", "screenshot"));
}

TEST(KeyHelp, ShowsTheCornersAndTheCtrlChordsAsRebound) {
    KeyBindings keys = default_key_bindings();
    keys[static_cast<size_t>(Binding::kCornerOne)] = *key_code("COMMA");
    keys[static_cast<size_t>(Binding::kCornerTwo)] = *key_code("PERIOD");
    keys[static_cast<size_t>(Binding::kUndo)] = *key_code("U");
    keys[static_cast<size_t>(Binding::kCopy)] = *key_code("K");
    const auto rows = key_help_rows(keys);
    EXPECT_TRUE(has_row(rows, "COMMA / PERIOD", "first / second region corner"));
    EXPECT_TRUE(has_row(rows, "Ctrl+U", "undo"));
    EXPECT_TRUE(has_row(rows, "Ctrl+Y, Ctrl+Shift+U", "redo"));
    EXPECT_TRUE(has_row(rows, "Ctrl+K / Ctrl+V", "copy region / paste"));
}

}  // namespace
}  // namespace slotcraft
