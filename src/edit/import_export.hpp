#pragma once
// Builds that travel (docs/formats.md): `export PATH` writes the selected region (or the
// clipboard when none is selected) as .vox or .schem by the file name's extension; `import
// PATH`, a file dropped on the window and the Edit panel read one into the clipboard, to be
// pasted like any copy. The readers and writers are in src/formats; this part reads and writes
// the files and says what happened. No GLFW, no GL: unit-tested (tests/edit/import_export_test.cpp).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "formats/build_file.hpp"

namespace slotcraft {

class WorldSession;
class Editor;

// The bytes of a build file the user named, read through the one reader of named files
// (io/user_file.hpp): a path that does not exist, a folder, a special file (a device, a
// pipe, a socket) and a file over `max_bytes` are refused as a FormatError before reading.
std::vector<uint8_t> read_build_file(const std::string& path, uint64_t max_bytes);

class BuildFiles {
public:
    using Say = std::function<void(std::string)>;
    // undo_bytes: the undo journal's budget (--undo-mib), the memory limit an import keeps to.
    BuildFiles(WorldSession& session, const Editor& editor, uint64_t undo_bytes, Say say);

    // Writes the region (or the clipboard) to `path`; refuses an unknown extension, an empty
    // clipboard with no region, a region over the limit and a file that cannot be written.
    void export_to(const std::string& path);
    // Reads `path` into the clipboard; a refused file changes nothing.
    void import_from(const std::string& path);
    // What an import may hold, and the largest file it reads.
    const ImportLimits& limits() const { return limits_; }
    uint64_t max_file_bytes() const;

    // The stats' files.* keys (docs/stats.md).
    struct Stats {
        double import_ms = 0.0;  // wall milliseconds of the last import: read, parse, map
        double export_ms = 0.0;  // of the last export: read the region, encode, write
        std::string message;     // what the last export or import said (empty: none yet)
    };
    const Stats& stats() const { return stats_; }

private:
    WorldSession& session_;
    const Editor& editor_;
    ImportLimits limits_;
    Say say_;
    Stats stats_;
};

}  // namespace slotcraft
