#pragma once
// Where F2 saves a screenshot: $XDG_PICTURES_DIR/slotcraft/ (the folder `xdg-user-dir
// PICTURES` names, else the one $XDG_CONFIG_HOME/user-dirs.dirs names, else ~/Pictures),
// under a name made of the local time to the millisecond and, when that is taken, a counter.
// The choices are pure functions (unit-tested); lookup_pictures() gathers their inputs.
#include <ctime>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace slotcraft {

// What the pictures folder is chosen from.
struct PicturesLookup {
    std::optional<std::string> xdg_user_dir;  // what `xdg-user-dir PICTURES` printed (nullopt: it failed or is missing)
    std::optional<std::string> user_dirs;     // the text of user-dirs.dirs (nullopt: no such file)
    std::string home;                         // $HOME
};

// The value of KEY (e.g. "XDG_PICTURES_DIR") in the text of a user-dirs.dirs file, with
// "$HOME" expanded: the file's lines are KEY="$HOME/sub" or KEY="/absolute". nullopt when
// the key is missing or its value has another form.
std::optional<std::string> user_dirs_value(std::string_view text, std::string_view key, std::string_view home);

// The user's pictures folder: xdg-user-dir's answer when it is an absolute path other than
// $HOME itself (xdg-user-dir prints $HOME for a folder that is not configured); else
// XDG_PICTURES_DIR of user-dirs.dirs when it is not $HOME; else $HOME/Pictures.
std::filesystem::path pictures_folder(const PicturesLookup& lookup);

// Where F2's screenshots go: the pictures folder's slotcraft/ subfolder.
std::filesystem::path screenshot_folder(const PicturesLookup& lookup);

// slotcraft-YYYYMMDD-HHMMSS-mmm.png for local time `local` and `millis` (0..999); a
// counter above 1 is added as -N before the extension.
std::string screenshot_name(const std::tm& local, int millis, int counter);

// The first of screenshot_name(local, millis, 1), (..., 2), ... in `folder` that `exists`
// says is free: two screenshots never share a name.
std::filesystem::path unique_screenshot_path(const std::filesystem::path& folder, const std::tm& local, int millis,
                                             const std::function<bool(const std::filesystem::path&)>& exists);

// Runs `xdg-user-dir PICTURES`, reads $XDG_CONFIG_HOME/user-dirs.dirs (or
// ~/.config/user-dirs.dirs) and $HOME. Throws std::runtime_error when HOME is not set.
PicturesLookup lookup_pictures();

}  // namespace slotcraft
