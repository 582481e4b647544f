#pragma once
// Where the program's read-only data (shaders/ and assets/textures/) is found at run time:
// next to the executable in a build tree, in <prefix>/share/slotcraft once installed
// (`cmake --install`, the .deb). Plain C++ and std::filesystem: no GL, no GLFW.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace slotcraft {

// No data folder where the program looked. what() names every place and what to do.
struct DataDirError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The folder that holds the running executable (from /proc/self/exe).
std::filesystem::path executable_dir();

// The places searched for the data folder `name` ("shaders" or "assets") of an executable
// in `exe_dir`, in order: the build tree's copy (`exe_dir/name`), then the installed one
// (`exe_dir/../share/slotcraft/name`, the relative path taken from the install layout).
std::vector<std::filesystem::path> data_dir_candidates(const std::filesystem::path& exe_dir, std::string_view name);

// `flag_value` when the user named the folder (the flag `flag`, e.g. "--shaders"), used as
// given when it is a folder (else DataDirError naming the flag and the folder); otherwise the
// first candidate that is a folder. Throws DataDirError naming every candidate when none is.
std::filesystem::path find_data_dir(const std::string& flag_value, const std::filesystem::path& exe_dir,
                                    std::string_view name, std::string_view flag);

}  // namespace slotcraft
