#pragma once
// Sponge schematic .schem (docs/formats.md "Sponge schematic"): gzip-compressed NBT, a palette
// of Minecraft block states and varint block data in x + z * Width + y * Width * Length order.
// Written as version 2 with a real Minecraft DataVersion; read in versions 2 and 3.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/build_file.hpp"

namespace slotcraft {

// Minecraft 1.20.1's data version: a release every reader of version 2 files knows.
inline constexpr int32_t kSchemDataVersion = 3465;

std::vector<uint8_t> write_schem(const Clipboard& clipboard);
ImportedBuild read_schem(std::span<const uint8_t> bytes, const std::string& file, const ImportLimits& limits);

}  // namespace slotcraft
