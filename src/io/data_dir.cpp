// Finding shaders/ and assets/ (see data_dir.hpp).
#include "io/data_dir.hpp"

// The installed data folder relative to the installed executable, from the install layout
// (cmake/install.cmake passes it; "../share/slotcraft" with the default GNU dirs).
#ifndef SLOTCRAFT_DATA_FROM_BIN
#define SLOTCRAFT_DATA_FROM_BIN "../share/slotcraft"
#endif

namespace slotcraft {

namespace fs = std::filesystem;

fs::path executable_dir() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::current_path(ec) : exe.parent_path();
}

std::vector<fs::path> data_dir_candidates(const fs::path& exe_dir, std::string_view name) {
    return {(exe_dir / name).lexically_normal(), (exe_dir / SLOTCRAFT_DATA_FROM_BIN / name).lexically_normal()};
}

fs::path find_data_dir(const std::string& flag_value, const fs::path& exe_dir, std::string_view name,
                       std::string_view flag) {
    if (!flag_value.empty()) {
        std::error_code ec;
        if (fs::is_directory(flag_value, ec)) return flag_value;
        throw DataDirError(std::string(flag) + " " + flag_value + ": the " + std::string(name) + " folder '" +
                           flag_value + "' " + (fs::exists(flag_value, ec) ? "is not a folder" : "does not exist") +
                           "; name the folder that holds Slotcraft's " + std::string(name) + " (or leave out " +
                           std::string(flag) + ")");
    }
    const std::vector<fs::path> candidates = data_dir_candidates(exe_dir, name);
    std::string looked;
    for (const fs::path& dir : candidates) {
        std::error_code ec;
        if (fs::is_directory(dir, ec)) return dir;
        looked += (looked.empty() ? "'" : "' and '") + dir.string();
    }
    throw DataDirError("cannot find the " + std::string(name) + " folder: looked in " + looked +
                       "'; reinstall Slotcraft (or rebuild it), or name the folder with " + std::string(flag) + " DIR");
}

}  // namespace slotcraft
