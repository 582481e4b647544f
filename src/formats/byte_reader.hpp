#pragma once
// A cursor over bytes in memory that never reads past their end: every read checks what is
// left and refuses with the file's name, the offset and what was being read. Used by the .vox
// reader (little-endian) and the NBT reader (big-endian). Standard library only.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "formats/format_error.hpp"

namespace slotcraft {

class ByteReader {
public:
    // `base` is the offset of bytes[0] in the file (so messages give file offsets).
    ByteReader(std::span<const uint8_t> bytes, const std::string& file, uint64_t base = 0)
        : bytes_(bytes), file_(file), base_(base) {}

    std::size_t left() const { return bytes_.size() - at_; }
    bool done() const { return at_ == bytes_.size(); }
    // The file offset of the next byte.
    uint64_t offset() const { return base_ + at_; }
    const std::string& file() const { return file_; }

    // `n` bytes, or a refusal saying the file ends inside `what`.
    std::span<const uint8_t> bytes(std::size_t n, const char* what) {
        if (n > left()) {
            throw refuse_at(file_, offset(), what,
                            "the file is truncated: " + with_commas(n) + " byte(s) needed, " + with_commas(left()) +
                                " left");
        }
        const std::span<const uint8_t> out = bytes_.subspan(at_, n);
        at_ += n;
        return out;
    }
    uint8_t u8(const char* what) { return bytes(1, what)[0]; }
    uint32_t u32le(const char* what) {
        const std::span<const uint8_t> b = bytes(4, what);
        return uint32_t{b[0]} | uint32_t{b[1]} << 8 | uint32_t{b[2]} << 16 | uint32_t{b[3]} << 24;
    }
    int32_t i32le(const char* what) { return static_cast<int32_t>(u32le(what)); }
    uint16_t u16be(const char* what) {
        const std::span<const uint8_t> b = bytes(2, what);
        return static_cast<uint16_t>(b[0] << 8 | b[1]);
    }
    uint32_t u32be(const char* what) {
        const std::span<const uint8_t> b = bytes(4, what);
        return uint32_t{b[0]} << 24 | uint32_t{b[1]} << 16 | uint32_t{b[2]} << 8 | uint32_t{b[3]};
    }
    uint64_t u64be(const char* what) {
        const uint64_t high = u32be(what);
        return high << 32 | u32be(what);
    }
    // A refusal at the current offset.
    FormatError refuse(const std::string& where, const std::string& reason) const {
        return refuse_at(file_, offset(), where, reason);
    }

private:
    std::span<const uint8_t> bytes_;
    const std::string& file_;
    uint64_t base_;
    std::size_t at_ = 0;
};

}  // namespace slotcraft
