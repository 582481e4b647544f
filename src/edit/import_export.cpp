// Export and import of builds (see import_export.hpp; docs/formats.md).
#include "edit/import_export.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>

#include "edit/editor.hpp"
#include "edit/world_session.hpp"
#include "formats/format_error.hpp"
#include "io/user_file.hpp"
#include "io/atomic_file.hpp"

namespace slotcraft {

std::vector<uint8_t> read_build_file(const std::string& path, uint64_t max_bytes) {
    try {
        const std::string text = read_user_file(path, {"the build file", max_bytes});
        return std::vector<uint8_t>(text.begin(), text.end());
    } catch (const UserFileError& e) {
        const std::string why = e.problem == UserFileProblem::kTooLarge
                                    ? "it is more than any build within the import limit can take (" +
                                          with_commas(max_bytes) + " bytes at most)"
                                    : e.reason;
        throw FormatError("cannot import " + quoted_path(path) + ": " + why);
    }
}

namespace {

ImportLimits limits_for(uint64_t undo_bytes) {
    ImportLimits limits;
    // One byte a cell in the clipboard and as much again in the paste's undo step: the undo
    // budget is the memory an import may take. A paste never takes more than 256^3 cells.
    if (undo_bytes < kMaxRegionCells) {
        limits.max_cells = undo_bytes;
        limits.limit_name = "the memory limit (--undo-mib " + std::to_string(undo_bytes >> 20) + ", a byte a cell)";
    } else {
        limits.max_cells = kMaxRegionCells;
        limits.limit_name = "the paste limit (256 by 256 by 256)";
    }
    return limits;
}

std::string file_name(const std::string& path) { return std::filesystem::path(path).filename().string(); }

// The file as the messages name it: the whole path, made absolute, so a relative path says
// where it went (relative to the folder the program was started in) as F2's message does.
std::string whole_path(const std::string& path) {
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
    return ec ? path : absolute.lexically_normal().string();
}

}  // namespace

BuildFiles::BuildFiles(WorldSession& session, const Editor& editor, uint64_t undo_bytes, Say say)
    : session_(session), editor_(editor), limits_(limits_for(undo_bytes)), say_(std::move(say)) {}

uint64_t BuildFiles::max_file_bytes() const {
    // A .vox holds 4 bytes a voxel; chunks, palettes and the scene graph are small beside that.
    return limits_.max_cells * 4 + (uint64_t{64} << 20);
}

namespace {
double ms_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}
}  // namespace

void BuildFiles::export_to(const std::string& path) {
    const auto start = std::chrono::steady_clock::now();
    const BuildFormat format = format_of(path);
    Clipboard build;
    if (const std::optional<Region>& region = editor_.region()) {
        check_region(*region, "export");
        build.cells = session_.world().read_region(*region, "export");
        const glm::i64vec3 e = region->extent();
        build.size = {static_cast<int>(e.x), static_cast<int>(e.y), static_cast<int>(e.z)};
    } else if (!session_.clipboard().empty()) {
        build = session_.clipboard();
    } else {
        throw ActionRefused(
            "cannot export: no region is selected and the clipboard is empty; select a region "
            "(`region`, or the B and N keys) or import or copy something first");
    }
    const std::vector<uint8_t> bytes = write_build(build, format);
    try {
        write_file_atomically(path, std::string(bytes.begin(), bytes.end()), "the export");
    } catch (const OutputFileError& e) {
        throw ActionRefused(e.what());
    }
    stats_.export_ms = ms_since(start);
    stats_.message = describe_export(build, whole_path(path));
    say_(stats_.message);
}

void BuildFiles::import_from(const std::string& path) {
    const auto start = std::chrono::steady_clock::now();
    const BuildFormat format = format_of(path);
    const std::vector<uint8_t> bytes = read_build_file(path, max_file_bytes());
    ImportedBuild build = read_build(bytes, file_name(path), format, limits_);
    const std::string message = describe_import(build, whole_path(path));
    session_.set_clipboard(std::move(build.clipboard));
    stats_.import_ms = ms_since(start);
    stats_.message = message;
    say_(message + "; paste it with Ctrl+V or `paste X Y Z`");
}

}  // namespace slotcraft
