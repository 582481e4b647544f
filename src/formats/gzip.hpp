#pragma once
// gzip and zlib in memory, through zlib: what a .schem and a Minecraft chunk are wrapped in. Inflating stops at a size limit,
// so a small file that would inflate to gigabytes (a gzip bomb) is refused, not unpacked.
// Never depends on GL or the app.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace slotcraft {

std::vector<uint8_t> gzip_compress(std::span<const uint8_t> data);

// The inflated bytes of one gzip stream; throws FormatError naming `file` when the bytes are
// not gzip, are damaged or truncated, go on past the stream, or inflate past `max_bytes`.
std::vector<uint8_t> gzip_decompress(std::span<const uint8_t> gz, const std::string& file, uint64_t max_bytes);

// One gzip or zlib stream, inflated, with the same refusals; `too_large` ends the message for
// data that inflates past `max_bytes` (what the limit is for).
enum class Wrapper : uint8_t { kGzip, kZlib };
std::vector<uint8_t> inflate_stream(std::span<const uint8_t> data, Wrapper wrapper, const std::string& file,
                                    uint64_t max_bytes, std::string_view too_large);

}  // namespace slotcraft
