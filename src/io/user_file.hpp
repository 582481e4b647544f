#pragma once
// The one way to open a file the user names (a script, the settings file, a shader, a
// texture, a world file; imports): a folder or a special file (a pipe, a device, a socket) is
// refused with its own message, the bytes read are bounded, and a pipe is never waited on
// (docs/errors.md "Files the user names"). Outputs written through (a pipe, a device) open
// without waiting for a reader too. Standard library and POSIX only; no other part of Slotcraft.
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace slotcraft {

// Why a named file cannot be used.
enum class UserFileProblem {
    kMissing,     // nothing at the path (a dangling symlink says so)
    kFolder,      // a folder
    kSpecial,     // a pipe, a device or a socket
    kTooLarge,    // more bytes than the caller reads
    kUnreadable,  // no permission, a symlink loop, an I/O error
};

// A named file refused: what() is the whole message ("cannot read the settings file '...':
// it is a pipe (a FIFO), not a file; name a regular file").
struct UserFileError : std::runtime_error {
    UserFileError(UserFileProblem problem, std::string reason, const std::string& message);
    UserFileProblem problem;
    std::string reason;  // the part after the path ("it is a folder; name a file in it")
};

// How a caller reads a file: what it is called in messages and the most bytes it takes.
struct UserFileRules {
    std::string_view what;  // "the settings file", "script", "shader"
    std::size_t max_bytes;
};

// A path quoted for a message: control bytes escaped, at most 1024 bytes (shown_text.hpp).
std::string quoted_path(std::string_view path);

// The whole content of the regular file at `path` (symlinks followed). Opens without
// blocking (O_NONBLOCK), checks what was opened with fstat, then reads at most
// rules.max_bytes bytes. Throws UserFileError.
std::string read_user_file(const std::string& path, const UserFileRules& rules);
// The same, but nullopt when no file is at the path yet: nothing there, or a symlink to a file
// not made yet (a symlink loop or an unsearchable folder is still refused).
std::optional<std::string> read_user_file_if_exists(const std::string& path, const UserFileRules& rules);

// Opens an existing non-regular output (a pipe, a device) for writing without waiting for a
// reader: a pipe nobody reads fails at once (ENXIO) instead of blocking. Returns the
// descriptor (blocking again for the writes) or -errno.
int open_output_no_wait(const std::string& path);

// A short text for an output's open error: ENXIO says "a pipe with no reader".
std::string output_open_reason(int error);

}  // namespace slotcraft
