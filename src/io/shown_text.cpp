// Text made safe for messages (see shown_text.hpp).
#include "io/shown_text.hpp"

#include <cstdio>

namespace slotcraft {

namespace {

constexpr char kHex[] = "0123456789abcdef";

void put_escaped(std::string& out, unsigned char byte) {
    out += "\\x";
    out += kHex[byte >> 4];
    out += kHex[byte & 0xf];
}

// The length of the UTF-8 sequence `text` starts with when it is well formed and not a C1
// control (U+0080..U+009F, which some terminals obey as escapes); 0 otherwise.
std::size_t printable_utf8(std::string_view text) {
    const auto b0 = static_cast<unsigned char>(text[0]);
    const std::size_t n = b0 >= 0xF0 && b0 <= 0xF4 ? 4 : b0 >= 0xE0 && b0 < 0xF0 ? 3 : b0 >= 0xC2 && b0 < 0xE0 ? 2 : 0;
    if (n == 0 || text.size() < n) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        if ((static_cast<unsigned char>(text[k]) & 0xC0) != 0x80) return 0;
    }
    if (b0 == 0xC2 && static_cast<unsigned char>(text[1]) < 0xA0) return 0;  // C1 controls
    return n;
}

std::string cut_note(std::size_t size) { return "... (" + std::to_string(size) + " bytes)"; }

}  // namespace

std::string shown_bare(std::string_view value, std::size_t max_bytes) {
    std::string out;
    for (std::size_t i = 0; i < value.size() && i < max_bytes; ++i) {
        const auto byte = static_cast<unsigned char>(value[i]);
        if (byte >= 0x20 && byte < 0x7f) {
            out += static_cast<char>(byte);
        } else {  // control bytes (an escape sequence would reach the terminal) and non-ASCII
            put_escaped(out, byte);
        }
    }
    if (value.size() > max_bytes) out += cut_note(value.size());
    return out;
}

std::string shown(std::string_view value) {
    std::string out = "'" + shown_bare(value.substr(0, kShownValueBytes)) + "'";
    if (value.size() > kShownValueBytes) out += cut_note(value.size());
    return out;
}

std::string safe_message(std::string_view text) {
    std::string out;
    const std::size_t end = text.size() < kShownMessageBytes ? text.size() : kShownMessageBytes;
    for (std::size_t i = 0; i < end;) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte == '\n' || (byte >= 0x20 && byte < 0x7f)) {
            out += static_cast<char>(byte);
        } else if (byte == '\t') {
            out += "\\t";
        } else if (const std::size_t n = printable_utf8(text.substr(i, end - i)); n > 0) {
            out += text.substr(i, n);  // UTF-8 in a message (a file name) stays readable
            i += n;
            continue;
        } else {
            put_escaped(out, byte);
        }
        ++i;
    }
    if (text.size() > kShownMessageBytes) out += cut_note(text.size());
    return out;
}

void print_message(std::string_view text) { std::fprintf(stderr, "slotcraft: %s\n", safe_message(text).c_str()); }

}  // namespace slotcraft
