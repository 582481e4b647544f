#pragma once
// MagicaVoxel .vox (docs/formats.md "MagicaVoxel .vox"): written as version 150, models of at
// most 256 a side placed by a scene graph (nTRN/nGRP/nSHP) and a palette of the blocks'
// colours; read in versions 150 to 200, any number of models, the scene graph's translations
// and rotations applied, other chunks skipped. Never depends on GL or zlib.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/build_file.hpp"

namespace slotcraft {

inline constexpr int kVoxMaxModelSide = 256;

std::vector<uint8_t> write_vox(const Clipboard& clipboard);
ImportedBuild read_vox(std::span<const uint8_t> bytes, const std::string& file, const ImportLimits& limits);

}  // namespace slotcraft
