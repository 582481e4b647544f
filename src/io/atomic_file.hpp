#pragma once
// The one atomic file write: a file is replaced by a temporary file in its own folder that was
// written in full, flushed to disk and renamed over it, so a reader sees the old file or the
// whole new one (docs/settings.md "Writing back"). POSIX and the standard library only.
// write_atomically reports the failed step for callers that word their own message (the
// settings write-back); write_file_atomically words it for an output file (stats, screenshots,
// exports, layout records).
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace slotcraft {

// The step a write failed at, for the caller's message.
enum class AtomicWriteStep {
    kCreateFolder,  // making the missing folder (only when asked to)
    kOpen,          // making the temporary file (or opening a device written through)
    kWrite,         // writing the text
    kReplace,       // giving it the mode, flushing, closing and renaming it over the file
};

struct AtomicWriteFailure {
    AtomicWriteStep step;
    int error;           // the errno of the failed call
    std::string folder;  // kCreateFolder: the folder that could not be made
};

struct AtomicWriteOptions {
    bool create_folder = false;  // make the file's folder (and its parents) when missing
};

// The file a write to `path` replaces: a symlink's target (the link itself stays), else `path`.
std::string atomic_write_target(const std::string& path);

// Writes `text` as the whole content of `path`. A regular file, or a new one, is replaced
// through a temporary file ".NAME.XXXXXX" in the same folder (so rename never crosses file
// systems), which keeps the old file's mode (0644 for a new file), is fsync'ed before the
// rename and is removed when any step fails. A symlink's target is replaced, the link kept.
// Anything else that exists under `path` (a device such as /dev/stdout or /dev/full, a pipe,
// a symlink to one) is written through, never renamed over. nullopt when the write is done.
std::optional<AtomicWriteFailure> write_atomically(const std::string& path, std::string_view text,
                                                   const AtomicWriteOptions& options = {});

// An output file (a screenshot, a stats file) that could not be written: what() names the
// file and the reason ("cannot write the screenshot '/dev/full': No space left on device").
struct OutputFileError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Writes text to path with write_atomically (above): a regular file that no one may write (a
// read-only file) is refused, not replaced; a failure never leaves part
// of a file under the final name, and a device such as /dev/stdout or /dev/full is written
// through. `what` names the file in the message ("the screenshot"). Throws OutputFileError.
void write_file_atomically(const std::string& path, const std::string& text, const char* what = "the file");

// Checks, before a run, that the folder `path` will be written into exists and is writable.
// Throws OutputFileError: "cannot write into 'DIR' (reason): choose a writable folder".
void check_output_folder(const std::string& path);

}  // namespace slotcraft
