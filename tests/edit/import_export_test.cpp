// Export and import through the real WorldSession and Editor over a flat world: the region
// (or the clipboard) to .vox and .schem and back into the clipboard, pasted as one undo step;
// the messages the user sees; bad files, folders, special files and files over the limit
// refused with nothing changed.
#include "edit/import_export.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <string>
#include <vector>

#include "edit/editor.hpp"
#include "edit/world_session.hpp"
#include "formats/format_error.hpp"
#include "support/files.hpp"
#include "support/refusal.hpp"

namespace slotcraft {
namespace {

class BuildFilesTest : public ::testing::Test {
protected:
    explicit BuildFilesTest(std::size_t undo_bytes = EditJournal::kDefaultMiB * 1024 * 1024)
        : session_(config(undo_bytes)),
          editor_(session_, eye_, player_, hotbar_, 7, [this](std::string m) { said_.push_back(std::move(m)); }),
          files_(session_, editor_, undo_bytes, [this](std::string m) { said_.push_back(std::move(m)); }),
          dir_(test::test_folder("slotcraft-build-files")) {
        std::vector<ChunkCoord> chunks;
        for (int x = -1; x <= 4; ++x)
            for (int y = kMinChunkY; y <= kTopChunkY; ++y) chunks.push_back({x, y, 0});
        session_.load_now(chunks);
    }
    static WorldSessionConfig config(std::size_t undo_bytes) {
        WorldSessionConfig c;
        c.type = WorldType::kFlat;
        c.view_distance = 1;
        c.undo_bytes = undo_bytes;
        return c;
    }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    // A small castle of every block at x 0..56, y 64..66, z 0..2.
    void build_castle() {
        for (int t = 1; t < kBlockTypeCount; ++t) {
            for (int y = 64; y < 64 + t % 3 + 1; ++y) session_.edit({t, y, t % 3}, static_cast<BlockType>(t));
        }
        editor_.set_region(Region{{0, 64, 0}, {kBlockTypeCount - 1, 66, 2}});
    }
    template <typename F>
    static std::string refusal(F&& action) {
        return test::refusal_of(action);
    }

    WorldSession session_;
    Camera eye_;
    Player player_{{0.5, 80.0, 0.5}};
    Hotbar hotbar_;
    std::vector<std::string> said_;  // what the editor and the build files said, in order
    Editor editor_;
    BuildFiles files_;
    std::filesystem::path dir_;
};

TEST_F(BuildFilesTest, TheRegionTravelsThroughBothFormatsAndPastesAsOneUndoStep) {
    build_castle();
    const std::vector<BlockType> region = session_.world().read_region(*editor_.region());
    for (const char* name : {"castle.vox", "castle.schem"}) {
        said_.clear();
        files_.export_to(path(name));
        ASSERT_EQ(said_.size(), 1u);
        // Once wrong: the message names the whole path, as F2's does, not only the file name.
        EXPECT_EQ(said_[0], "exported 57 by 3 by 3 (513 cells, 56 block types) to " + path(name));
        files_.import_from(path(name));
        EXPECT_EQ(session_.clipboard().size, glm::ivec3(kBlockTypeCount, 3, 3));
        EXPECT_EQ(session_.clipboard().cells, region);
        EXPECT_EQ(said_.back(), "imported 57 by 3 by 3 (513 cells, 56 block types) from " + path(name) +
                                    "; paste it with Ctrl+V or `paste X Y Z`");
        const std::size_t undo_before = session_.journal().undo_depth();
        editor_.paste({0, 70, 0});  // above the castle, in the air
        EXPECT_EQ(session_.journal().undo_depth(), undo_before + 1) << "one paste, one undo step";
        EXPECT_EQ(session_.world().read_region(Region{{0, 70, 0}, {kBlockTypeCount - 1, 72, 2}}), region);
        editor_.undo();
    }
    EXPECT_EQ(files_.stats().message, "imported 57 by 3 by 3 (513 cells, 56 block types) from " + path("castle.schem"));
}

TEST_F(BuildFilesTest, WithoutARegionTheClipboardIsExported) {
    build_castle();
    editor_.copy();
    editor_.set_region(std::nullopt);
    files_.export_to(path("clip.vox"));
    EXPECT_EQ(said_.back(), "exported 57 by 3 by 3 (513 cells, 56 block types) to " + path("clip.vox"));
    Clipboard empty;
    session_.set_clipboard(empty);
    EXPECT_NE(refusal([&] { files_.export_to(path("none.vox")); }).find("the clipboard is empty"), std::string::npos);
}

TEST_F(BuildFilesTest, BadFilesAreRefusedAndChangeNothing) {
    build_castle();
    editor_.copy();
    const Clipboard before = session_.clipboard();
    std::ofstream(path("bad.vox"), std::ios::binary) << "VOX \x96\0\0\0MAIN";
    std::ofstream(path("bad.schem"), std::ios::binary) << "not gzip";
    std::filesystem::create_directory(path("folder.vox"));
    mkfifo(path("pipe.schem").c_str(), 0600);
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"bad.vox", "cannot import 'bad.vox': at byte"},
        {"bad.schem", "wrong magic"},
        {"missing.vox", "it does not exist"},
        {"folder.vox", "it is a folder"},
        {"pipe.schem", "a special file, not a regular file"},
        {"castle.txt", "must end in .vox (MagicaVoxel) or .schem (Sponge schematic), not .txt"},
    };
    for (const auto& [name, expected] : cases) {
        const std::string why = refusal([&] { files_.import_from(path(name)); });
        EXPECT_NE(why.find(expected), std::string::npos) << name << ": " << why;
        EXPECT_EQ(session_.clipboard().cells, before.cells);
    }
    EXPECT_NE(refusal([&] { files_.export_to(path("x.png")); }).find("must end in .vox"), std::string::npos);
    EXPECT_NE(refusal([&] { files_.export_to((dir_ / "no" / "such" / "x.vox").string()); }).find("cannot write"),
              std::string::npos);
}

class SmallBudgetTest : public BuildFilesTest {
protected:
    SmallBudgetTest() : BuildFilesTest(4096) {}
};

TEST_F(SmallBudgetTest, ABuildOverTheMemoryLimitIsRefusedBeforeReading) {
    Clipboard big;
    big.size = {20, 20, 20};
    big.cells.assign(8000, BlockType::kStone);
    session_.set_clipboard(big);
    files_.export_to(path("big.vox"));
    files_.export_to(path("big.schem"));
    session_.set_clipboard({});
    for (const char* name : {"big.vox", "big.schem"}) {
        const std::string why = refusal([&] { files_.import_from(path(name)); });
        EXPECT_NE(why.find("8,000 cells), more than the memory limit (--undo-mib 0, a byte a cell) of 4,096 cells"),
                  std::string::npos)
            << why;
        EXPECT_TRUE(session_.clipboard().empty());
    }
    // A file larger than any build within the limit is refused before it is read.
    std::ofstream(path("huge.vox"), std::ios::binary) << std::string(files_.max_file_bytes() + 1, 'x');
    EXPECT_NE(refusal([&] { files_.import_from(path("huge.vox")); }).find("more than any build within the import"),
              std::string::npos);
}

}  // namespace
}  // namespace slotcraft
