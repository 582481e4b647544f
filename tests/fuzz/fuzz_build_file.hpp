#pragma once
// The check both build-file fuzz targets make (fuzz_vox.cpp, fuzz_schem.cpp): any bytes are
// a build or a FormatError, never another exception or a crash; a build fills its size with
// valid block types, keeps to the limit, and comes back cell for cell through our writer.
#include <string>

#include "formats/build_file.hpp"
#include "formats/format_error.hpp"
#include "fuzz/fuzz_input.hpp"

namespace slotcraft::fuzz {

inline void check_build_file(const uint8_t* data, std::size_t size, BuildFormat format) {
    ImportLimits limits;
    limits.max_cells = 1 << 18;  // small, so inputs that claim huge builds are refused cheaply
    limits.limit_name = "the fuzz limit";
    ImportedBuild build;
    try {
        build = read_build(std::span<const uint8_t>(data, size), "fuzz", format, limits);
    } catch (const FormatError& e) {
        check(std::string(e.what()).starts_with("cannot import 'fuzz'"), "a refusal that does not name the file");
        return;
    }
    const Clipboard& c = build.clipboard;
    check(c.size.x >= 1 && c.size.y >= 1 && c.size.z >= 1, "an imported build with an empty side");
    const uint64_t cells = uint64_t(c.size.x) * uint64_t(c.size.y) * uint64_t(c.size.z);
    check(cells <= limits.max_cells, "an imported build over the limit");
    check(cells == c.cells.size(), "an imported build whose cells do not fill its size");
    for (const BlockType t : c.cells) check(is_valid_block_type(static_cast<uint8_t>(t)), "an invalid block type");
    const ImportedBuild back = read_build(write_build(c, format), "again", format, limits);
    check(back.clipboard.size == c.size && back.clipboard.cells == c.cells, "a build that does not round-trip");
}

}  // namespace slotcraft::fuzz
