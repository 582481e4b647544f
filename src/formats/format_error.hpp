#pragma once
// The refusal of a build file (.vox, .schem) that cannot be read or written: the message names
// the file, the byte offset or field and the reason (docs/formats.md "Refusals"). Standard
// library only (and the Refused base); never depends on zlib, GL or the app.
#include <cstdint>
#include <string>

#include "world/refused.hpp"

namespace slotcraft {

// A bad or too large build file, or a build that a format cannot hold: nothing was imported
// or written. One of the Refused family (docs/errors.md), so a script line stops with exit
// code 2 and a key or the Edit panel shows it on the HUD.
struct FormatError : Refused {
    using Refused::Refused;
};

// 163840 -> "163,840": how the formats' messages write counts.
std::string with_commas(uint64_t n);

// "cannot import 'castle.vox': at byte 1,234 (XYZI chunk): REASON": a refusal at a place.
FormatError refuse_at(const std::string& file, uint64_t offset, const std::string& where, const std::string& reason);
// "cannot import 'castle.schem': FIELD: REASON": a refusal of a named field or of the whole file.
FormatError refuse_field(const std::string& file, const std::string& field, const std::string& reason);

}  // namespace slotcraft
