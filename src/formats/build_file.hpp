#pragma once
// A build in a file: which format a file name asks for, what the limits of an import are,
// what an import brought in (the cells and what it mapped), and the messages that say so
// (docs/formats.md). The readers and writers of each format are in vox.hpp and schem.hpp.
// Plain C++20: bytes in memory in and out; never depends on GL, GLFW or the file system.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "world/region.hpp"

namespace slotcraft {

enum class BuildFormat { kVox, kSchem };

// The format a path's extension names (".vox" or ".schem", any case); throws FormatError
// for another, naming the path and the two that work.
BuildFormat format_of(const std::string& path);

// An import refuses a build of more cells than `max_cells` before allocating anything;
// `limit_name` says in the message where the limit comes from.
struct ImportLimits {
    uint64_t max_cells = kMaxRegionCells;
    std::string limit_name = "a paste's limit";
};

// What one entry of a file's palette became.
struct MappedEntry {
    std::string source;  // "minecraft:diorite", "colour 17 #8f6d54"
    BlockType type = BlockType::kAir;
    uint64_t cells = 0;  // cells of the build that it filled
    bool exact = false;  // a name of the table, or a colour that is a block's own
};

struct ImportedBuild {
    Clipboard clipboard;
    std::vector<MappedEntry> mapped;     // the palette entries the cells use
    std::vector<uint64_t> model_voxels;  // .vox: the voxels each model's XYZI chunk holds
    int version = 0;                     // the file's format version (150, 200; 2, 3)
};

// The bytes of a file of `format` holding the clipboard (size >= 1 on each axis); throws
// FormatError when the format cannot hold it (a .schem over 65,535 a side).
std::vector<uint8_t> write_build(const Clipboard& clipboard, BuildFormat format);
// The build in `bytes`; `file` names it in refusals (FormatError).
ImportedBuild read_build(std::span<const uint8_t> bytes, const std::string& file, BuildFormat format,
                         const ImportLimits& limits);

// "64 by 40 by 64 (163,840 cells, 12 block types)"
std::string describe_build(const Clipboard& clipboard);
// "exported 64 by 40 by 64 (163,840 cells, 12 block types) to castle.vox"
std::string describe_export(const Clipboard& clipboard, const std::string& file);
// "imported 40 by 40 by 40 (64,000 cells, 3 block types) from castle.schem: 3 unknown block
// types became stone: minecraft:diorite x200, ..."
std::string describe_import(const ImportedBuild& build, const std::string& file);

}  // namespace slotcraft
