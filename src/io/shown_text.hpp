#pragma once
// The one way text from the user or from a file reaches a message: control bytes escaped as
// \xNN (an escape sequence never reaches the terminal) and long values cut (docs/errors.md
// "Messages"). Standard library only; never depends on any other part of Slotcraft.
#include <cstddef>
#include <string>
#include <string_view>

namespace slotcraft {

// The most bytes of one value (a word, a path, a setting) a message quotes.
inline constexpr std::size_t kShownValueBytes = 64;
// The most bytes of a whole message (values already cut); past it the message is cut too.
inline constexpr std::size_t kShownMessageBytes = 4096;

// A value quoted for a message: 'word', its first kShownValueBytes bytes with control bytes
// and non-ASCII as \xNN, then "... (N bytes)" when it was longer.
std::string shown(std::string_view value);
// A value as shown() writes it, without the quotes (for places that quote it themselves).
std::string shown_bare(std::string_view value, std::size_t max_bytes = kShownValueBytes);

// A whole message made safe to print: control bytes but the newline escaped as \xNN (tab as
// \t), cut after kShownMessageBytes bytes with "... (N bytes)". Every message printed on
// stderr or the HUD passes here (print_message and App::show_message).
std::string safe_message(std::string_view text);

// Prints "slotcraft: " + safe_message(text) and a newline on stderr: the one place the
// program's messages are written.
void print_message(std::string_view text);

}  // namespace slotcraft
