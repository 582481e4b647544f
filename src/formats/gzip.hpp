#pragma once
// gzip in memory, through zlib: what a .schem is wrapped in. Inflating stops at a size limit,
// so a small file that would inflate to gigabytes (a gzip bomb) is refused, not unpacked.
// Never depends on GL or the app.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace slotcraft {

std::vector<uint8_t> gzip_compress(std::span<const uint8_t> data);

// The inflated bytes of one gzip stream; throws FormatError naming `file` when the bytes are
// not gzip, are damaged or truncated, go on past the stream, or inflate past `max_bytes`.
std::vector<uint8_t> gzip_decompress(std::span<const uint8_t> gz, const std::string& file, uint64_t max_bytes);

}  // namespace slotcraft
