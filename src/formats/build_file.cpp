// The format of a file name, the dispatch to each format, and the messages (see build_file.hpp).
#include "formats/build_file.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <utility>

#include "formats/format_error.hpp"
#include "formats/schem.hpp"
#include "formats/vox.hpp"

namespace slotcraft {

std::string with_commas(uint64_t n) {
    std::string digits = std::to_string(n);
    for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3)
        digits.insert(static_cast<std::size_t>(at), ",");
    return digits;
}

FormatError refuse_at(const std::string& file, uint64_t offset, const std::string& where, const std::string& reason) {
    return FormatError("cannot import '" + file + "': at byte " + with_commas(offset) + " (" + where + "): " + reason);
}

FormatError refuse_field(const std::string& file, const std::string& field, const std::string& reason) {
    return FormatError("cannot import '" + file + "': " + field + ": " + reason);
}

BuildFormat format_of(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char ch) { return std::tolower(ch); });
    if (ext == ".vox") return BuildFormat::kVox;
    if (ext == ".schem") return BuildFormat::kSchem;
    throw FormatError("'" + path + "': the file name must end in .vox (MagicaVoxel) or .schem (Sponge schematic)" +
                      (ext.empty() ? std::string() : ", not " + ext));
}

std::vector<uint8_t> write_build(const Clipboard& clipboard, BuildFormat format) {
    return format == BuildFormat::kVox ? write_vox(clipboard) : write_schem(clipboard);
}

ImportedBuild read_build(std::span<const uint8_t> bytes, const std::string& file, BuildFormat format,
                         const ImportLimits& limits) {
    return format == BuildFormat::kVox ? read_vox(bytes, file, limits) : read_schem(bytes, file, limits);
}

std::string describe_build(const Clipboard& c) {
    std::array<bool, kBlockTypeCount> seen{};
    for (const BlockType t : c.cells) seen[static_cast<uint8_t>(t)] = true;
    const auto types = std::count(seen.begin() + 1, seen.end(), true);  // air is not a block type here
    const uint64_t cells = uint64_t(c.size.x) * uint64_t(c.size.y) * uint64_t(c.size.z);
    return std::to_string(c.size.x) + " by " + std::to_string(c.size.y) + " by " + std::to_string(c.size.z) + " (" +
           with_commas(cells) + (cells == 1 ? " cell, " : " cells, ") + std::to_string(types) + " block type" +
           (types == 1 ? "" : "s") + ")";
}

std::string describe_export(const Clipboard& clipboard, const std::string& file) {
    return "exported " + describe_build(clipboard) + " to " + file;
}

namespace {

// "minecraft:diorite x200, minecraft:andesite x50 and 3 more": the largest first.
std::string listed(std::vector<const MappedEntry*> entries) {
    constexpr std::size_t kShown = 4;
    std::sort(entries.begin(), entries.end(), [](const MappedEntry* a, const MappedEntry* b) {
        return a->cells != b->cells ? a->cells > b->cells : a->source < b->source;
    });
    std::string out;
    for (std::size_t i = 0; i < entries.size() && i < kShown; ++i) {
        out += (i ? ", " : "") + entries[i]->source + " x" + with_commas(entries[i]->cells);
    }
    if (entries.size() > kShown) out += " and " + std::to_string(entries.size() - kShown) + " more";
    return out;
}

}  // namespace

std::string describe_import(const ImportedBuild& build, const std::string& file) {
    std::string out = "imported " + describe_build(build.clipboard) + " from " + file;
    // Entries that did not map exactly, grouped by the block they became.
    std::map<BlockType, std::vector<const MappedEntry*>> inexact;
    for (const MappedEntry& e : build.mapped) {
        if (!e.exact) inexact[e.type].push_back(&e);
    }
    const bool colours = !build.model_voxels.empty();
    const char* separator = ": ";
    for (const auto& [type, entries] : inexact) {
        out += std::exchange(separator, "; ") + std::to_string(entries.size()) +
               (colours ? " colour" : " unknown block type") + (entries.size() == 1 ? "" : "s") + " became " +
               std::string(block_name(type)) + ": " + listed(entries);
    }
    if (colours && !inexact.empty()) out += " (nearest block colour in OKLab)";
    return out;
}

}  // namespace slotcraft
