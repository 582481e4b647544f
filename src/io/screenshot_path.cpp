// Where F2 saves a screenshot (see screenshot_path.hpp).
#include "io/screenshot_path.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace slotcraft {

namespace {

std::string_view trim(std::string_view s) {
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    const auto last = s.find_last_not_of(" \t\r\n");
    return s.substr(first, last - first + 1);
}

// The same folder, ignoring trailing slashes.
bool same_folder(std::string_view a, std::string_view b) {
    while (a.size() > 1 && a.back() == '/') a.remove_suffix(1);
    while (b.size() > 1 && b.back() == '/') b.remove_suffix(1);
    return a == b;
}

// A folder to use: absolute, and not $HOME itself (the XDG way of saying "not set").
std::optional<std::string> usable(std::optional<std::string> folder, std::string_view home) {
    if (!folder || folder->empty() || folder->front() != '/' || same_folder(*folder, home)) return std::nullopt;
    return folder;
}

// The standard output of a command (through the shell), or nullopt when it fails.
std::optional<std::string> command_output(const char* command) {
    FILE* pipe = ::popen(command, "r");
    if (!pipe) return std::nullopt;
    std::string out;
    char buffer[256];
    size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
    if (::pclose(pipe) != 0) return std::nullopt;
    return std::string(trim(out));
}

}  // namespace

std::optional<std::string> user_dirs_value(std::string_view text, std::string_view key, std::string_view home) {
    std::optional<std::string> found;
    while (!text.empty()) {
        const auto end = text.find('\n');
        const std::string_view line = trim(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        if (line.empty() || line.front() == '#') continue;
        const auto eq = line.find('=');
        if (eq == std::string_view::npos || trim(line.substr(0, eq)) != key) continue;
        std::string_view value = trim(line.substr(eq + 1));
        if (value.size() < 2 || value.front() != '"' || value.back() != '"') {
            found.reset();  // a later line wins, as when the shell sources the file
            continue;
        }
        value = value.substr(1, value.size() - 2);
        if (value == "$HOME" || value.starts_with("$HOME/")) {
            found = std::string(home) + std::string(value.substr(5));
        } else if (value.starts_with("/")) {
            found = std::string(value);
        } else {
            found.reset();
        }
    }
    return found;
}

std::filesystem::path pictures_folder(const PicturesLookup& lookup) {
    if (auto folder = usable(lookup.xdg_user_dir, lookup.home)) return *folder;
    if (lookup.user_dirs) {
        if (auto folder = usable(user_dirs_value(*lookup.user_dirs, "XDG_PICTURES_DIR", lookup.home), lookup.home)) {
            return *folder;
        }
    }
    return std::filesystem::path(lookup.home) / "Pictures";
}

std::filesystem::path screenshot_folder(const PicturesLookup& lookup) { return pictures_folder(lookup) / "slotcraft"; }

std::string screenshot_name(const std::tm& local, int millis, int counter) {
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
    char name[64];
    if (counter > 1) {
        std::snprintf(name, sizeof name, "slotcraft-%s-%03d-%d.png", stamp, millis, counter);
    } else {
        std::snprintf(name, sizeof name, "slotcraft-%s-%03d.png", stamp, millis);
    }
    return name;
}

std::filesystem::path unique_screenshot_path(const std::filesystem::path& folder, const std::tm& local, int millis,
                                             const std::function<bool(const std::filesystem::path&)>& exists) {
    for (int counter = 1;; ++counter) {
        std::filesystem::path path = folder / screenshot_name(local, millis, counter);
        if (!exists(path)) return path;
    }
}

PicturesLookup lookup_pictures() {
    PicturesLookup lookup;
    const char* home = std::getenv("HOME");
    if (!home || !*home) throw std::runtime_error("HOME is not set, so there is no pictures folder: set HOME");
    lookup.home = home;
    lookup.xdg_user_dir = command_output("xdg-user-dir PICTURES 2>/dev/null");
    const char* config = std::getenv("XDG_CONFIG_HOME");
    // The XDG spec: a relative XDG_CONFIG_HOME is invalid and must be ignored.
    const std::filesystem::path config_dir = config && config[0] == '/' ? std::filesystem::path(config)
                                                                        : std::filesystem::path(home) / ".config";
    if (std::ifstream in(config_dir / "user-dirs.dirs"); in) {
        std::ostringstream text;
        text << in.rdbuf();
        lookup.user_dirs = text.str();
    }
    return lookup;
}

}  // namespace slotcraft
