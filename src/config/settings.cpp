// The settings file (see settings.hpp): parsing and checking with toml++, and the write-back
// that edits the file's text in place so comments and other keys stay as the user wrote them.
#include "config/settings.hpp"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <toml++/toml.h>
#include <vector>

#include "io/atomic_file.hpp"
#include "config/key_names.hpp"
#include "io/shown_text.hpp"
#include "io/user_file.hpp"

namespace slotcraft {

namespace fs = std::filesystem;

// [SECTION] the bindings table

namespace {

constexpr BindingInfo kBindings[] = {
    {Binding::kForward, "forward", "W", "W"},
    {Binding::kLeft, "left", "A", "A"},
    {Binding::kBack, "back", "S", "S"},
    {Binding::kRight, "right", "D", "D"},
    {Binding::kUp, "up", "SPACE", "SPACE"},
    {Binding::kDown, "down", "LEFT_SHIFT", "SHIFT"},
    {Binding::kSprint, "sprint", "LEFT_CONTROL", "CTRL"},
    {Binding::kMode, "mode", "F", ""},
    {Binding::kOverlay, "overlay", "F3", ""},
    {Binding::kScreenshot, "screenshot", "F2", ""},
    {Binding::kFullscreen, "fullscreen", "F11", ""},
    {Binding::kQuit, "quit", "Q", "", true},
    {Binding::kFill, "fill", "G", ""},
    {Binding::kReplace, "replace", "H", ""},
    {Binding::kRotate, "rotate", "R", ""},
    {Binding::kClearRegion, "clear_region", "K", ""},
    {Binding::kPasteAir, "paste_air", "P", ""},
    {Binding::kPicker, "picker", "E", ""},
    {Binding::kCornerOne, "corner_one", "B", ""},
    {Binding::kCornerTwo, "corner_two", "N", ""},
    {Binding::kUndo, "undo", "Z", "", true},
    {Binding::kRedo, "redo", "Y", "", true},
    {Binding::kCopy, "copy", "C", "", true},
    {Binding::kPaste, "paste", "V", "", true},
    {Binding::kExport, "export", "E", "", true},
    {Binding::kExpand, "expand", "EQUAL", ""},
    {Binding::kContract, "contract", "MINUS", ""},
    {Binding::kShiftRegion, "shift_region", "PERIOD", ""},
    {Binding::kClearBlocks, "clear_blocks", "DELETE", ""},
    {Binding::kBrush, "brush", "T", ""},
    {Binding::kPastePreview, "paste_preview", "J", ""},
};
static_assert(std::size(kBindings) == kBindingCount, "one row of kBindings per Binding");

}  // namespace

std::span<const BindingInfo> binding_table() { return kBindings; }

const BindingInfo& binding_info(Binding binding) {
    const auto i = static_cast<size_t>(binding);
    assert(i < kBindingCount && kBindings[i].binding == binding && "binding_info: kBindings is out of enum order");
    return kBindings[i];
}

KeyBindings default_key_bindings() {
    KeyBindings keys{};
    for (const BindingInfo& b : kBindings) {
        const std::optional<int> code = key_code(b.default_key);
        assert(code && "default_key_bindings: a default key is missing from the key-name table");
        keys[static_cast<size_t>(b.binding)] = *code;
    }
    return keys;
}

// [SECTION] parsing and checking

namespace {

std::string join(std::span<const std::string_view> words, const char* separator) {
    std::string out;
    for (std::string_view w : words) {
        if (!out.empty()) out += separator;
        out += w;
    }
    return out;
}

[[noreturn]] void fail(const std::string& file, int64_t line, std::string_view key, const std::string& reason) {
    std::string where = file + ":" + std::to_string(line) + ": ";
    if (!key.empty()) where += "key '" + shown_bare(key) + "': ";
    throw SettingsError(where + reason);
}

// A value of the wrong type or out of range: what the key needs, and the way out.
[[noreturn]] void fail_value(const std::string& file, int64_t line, std::string_view key, const std::string& needs) {
    fail(file, line, key, needs + " (fix the value, or delete the line for the default)");
}

std::string_view trim(std::string_view s) {
    const auto first = s.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

// Line `line` (1-based) of `text`, without its line end.
std::string_view line_of(std::string_view text, int64_t line) {
    size_t begin = 0;
    for (int64_t i = 1; i < line; ++i) {
        begin = text.find('\n', begin);
        if (begin == std::string_view::npos) return {};
        ++begin;
    }
    const size_t end = text.find('\n', begin);
    return text.substr(begin, end == std::string_view::npos ? std::string_view::npos : end - begin);
}

// The key a line of TOML is about ("fov" in "fov = 7x", "keys" in "[keys"), for messages
// about a line toml++ could not parse; empty when the line names none.
std::string key_on_line(std::string_view line) {
    line = trim(line);
    if (line.empty() || line.front() == '#') return {};
    if (line.front() == '[') {
        line = trim(line.substr(line.find_first_not_of('[')));
        return std::string(trim(line.substr(0, line.find(']'))));
    }
    return std::string(trim(line.substr(0, line.find_first_of("= \t"))));
}

// A value or toml++'s message quoted on one line: control bytes escaped, cut when long.
std::string printable(std::string_view text) { return shown_bare(text); }

toml::table parse_toml(std::string_view text, const std::string& file) {
    try {
        return toml::parse(text, std::string_view(file));
    } catch (const toml::parse_error& e) {
        const int64_t line = e.source().begin.line;
        fail(file, line, key_on_line(line_of(text, line)),
             "not valid TOML: " + shown_bare(e.description(), 512) + " (fix the line; the format is https://toml.io)");
    }
}

// What a value is, for "got ..." in messages.
std::string describe(const toml::node& v) {
    if (const auto* s = v.as_string()) return "the string \"" + printable(s->get()) + "\"";
    if (const auto* i = v.as_integer()) return std::to_string(i->get());
    if (const auto* d = v.as_floating_point()) {
        std::ostringstream out;
        out << d->get();
        std::string text = out.str();
        // 16.0 as the file has it, not "16": the decimal point is what makes it refused.
        if (std::isfinite(d->get()) && text.find_first_of(".eE") == std::string::npos) text += ".0";
        return text;
    }
    if (const auto* b = v.as_boolean()) return b->get() ? "true" : "false";
    if (v.is_array()) return "an array";
    if (v.is_table()) return "a table";
    return "a date or time";
}

// One key of a table with the line it is written on, so checks run in the file's order and
// the first bad line is the one reported.
struct Entry {
    std::string key;
    const toml::node* value;
    int64_t line;
};

std::vector<Entry> entries_in_file_order(const toml::table& table) {
    std::vector<Entry> out;
    for (auto&& [key, value] : table) {
        int64_t line = key.source().begin.line;
        if (line == 0) line = value.source().begin.line;
        out.push_back({std::string(key.str()), &value, line});
    }
    std::stable_sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) { return a.line < b.line; });
    return out;
}

class Checker {
public:
    explicit Checker(const std::string& file) : file_(file) {}

    int64_t whole_number(const Entry& e, int64_t min, int64_t max) const {
        const auto* v = e.value->as_integer();
        if (!v || v->get() < min || v->get() > max) {
            std::string hint;
            if (const auto* d = e.value->as_floating_point();
                d && std::isfinite(d->get()) && std::abs(d->get()) < 1e15 && d->get() == std::floor(d->get())) {
                hint = " (a number with a decimal point: write " + std::to_string(static_cast<int64_t>(d->get())) + ")";
            }
            fail_value(file_, e.line, e.key,
                       "needs a whole number from " + std::to_string(min) + " to " + std::to_string(max) + ", got " +
                           describe(*e.value) + hint);
        }
        return v->get();
    }

    double number(const Entry& e, double min, double max, const char* unit) const {
        std::optional<double> value;
        if (const auto* i = e.value->as_integer()) value = static_cast<double>(i->get());
        if (const auto* d = e.value->as_floating_point()) value = d->get();
        if (!value || !std::isfinite(*value) || *value < min || *value > max) {
            std::ostringstream range;
            range << "needs a number from " << min << " to " << max << unit << ", got " << describe(*e.value);
            fail_value(file_, e.line, e.key, range.str());
        }
        return *value;
    }

    bool boolean(const Entry& e) const {
        const auto* v = e.value->as_boolean();
        if (!v) fail_value(file_, e.line, e.key, "needs true or false, got " + describe(*e.value));
        return v->get();
    }

    std::pair<int, int> window_size(const Entry& e) const {
        const auto* v = e.value->as_string();
        const auto size = v ? parse_size(v->get()) : std::nullopt;
        if (!size) {
            fail_value(file_, e.line, e.key,
                       "needs a string \"WIDTHxHEIGHT\", each 1..16384 (e.g. \"1280x720\"), got " + describe(*e.value));
        }
        return *size;
    }

    void keys(const Entry& e, KeyBindings& bindings) const {
        const auto* table = e.value->as_table();
        if (!table) fail_value(file_, e.line, e.key, "needs a table ([keys] with lines like forward = \"W\")");
        std::array<int64_t, kBindingCount> line_of_binding{};  // 0: the default
        for (const Entry& k : entries_in_file_order(*table)) {
            const std::string key = "keys." + k.key;
            const auto row = std::find_if(std::begin(kBindings), std::end(kBindings),
                                          [&](const BindingInfo& b) { return b.name == k.key; });
            if (row == std::end(kBindings)) {
                std::vector<std::string_view> names;
                for (const BindingInfo& b : kBindings) names.push_back(b.name);
                fail(file_, k.line, key, "unknown key (the [keys] table knows " + join(names, ", ") + ")");
            }
            const auto* name = k.value->as_string();
            if (!name)
                fail_value(file_, k.line, key, "needs a key name as a string (e.g. \"W\"), got " + describe(*k.value));
            const std::optional<int> code = key_code(name->get());
            if (!code) {
                fail_value(file_, k.line, key,
                           "unknown key name \"" + printable(name->get()) +
                               "\" (names are GLFW's: A..Z, 0, F1..F12, SPACE, LEFT_SHIFT, LEFT_CONTROL, TAB, UP, ...; "
                               "README, \"Settings\", lists them all)");
            }
            check_not_reserved(k, key, *code);
            const auto index = static_cast<size_t>(row->binding);
            bindings[index] = *code;
            line_of_binding[index] = k.line;
        }
        check_distinct(bindings, line_of_binding);
    }

private:
    void check_not_reserved(const Entry& k, const std::string& key, int code) const {
        if (code == *key_code("ESCAPE")) fail(file_, k.line, key, "ESCAPE is reserved: it always frees the mouse");
        for (char digit = '1'; digit <= '9'; ++digit) {
            if (code == *key_code(std::string(1, digit))) {
                fail(file_, k.line, key, "the keys 1 to 9 are reserved: they choose the hotbar slot");
            }
        }
    }

    // Two bindings on one key: reported at the later of the two lines (a default counts as
    // before every line). A Ctrl chord (quit, undo, copy, ...: Ctrl with its key, README
    // "Controls") shares no key with a plain binding: `left = "Q"` beside the default quit,
    // or the picker's E beside export's Ctrl+E, is no clash; two chords on one key are.
    void check_distinct(const KeyBindings& bindings, const std::array<int64_t, kBindingCount>& lines) const {
        for (size_t a = 0; a < kBindingCount; ++a) {
            for (size_t b = a + 1; b < kBindingCount; ++b) {
                if (bindings[a] != bindings[b] || kBindings[a].ctrl != kBindings[b].ctrl) continue;
                const size_t later = lines[a] > lines[b] ? a : b;
                const size_t other = later == a ? b : a;
                std::string reason = "\"" + std::string(key_name(bindings[later])) + "\" is bound to keys." +
                                     std::string(kBindings[other].name) + " as well";
                if (lines[other] == 0) reason += " (its default)";
                fail(file_, lines[later], "keys." + std::string(kBindings[later].name),
                     reason + ": give each action its own key");
            }
        }
    }

    const std::string& file_;
};

// [SECTION] the top-level keys

// A number as TOML writes it: the shortest form that reads back the same (after rounding away
// the slider's float noise past 4 decimals), always with a decimal point.
std::string toml_float(double v) {
    v = std::round(v * 1e4) / 1e4;
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
    std::string s(buffer, end);
    if (s.find_first_of(".e") == std::string::npos) s += ".0";
    return s;
}

// A live value's TOML text when it changed from the start of the run.
template <auto Member>
std::optional<std::string> changed_whole(const LiveSettings& start, const LiveSettings& now) {
    if (now.*Member == start.*Member) return std::nullopt;
    return std::to_string(now.*Member);
}
template <auto Member>
std::optional<std::string> changed_bool(const LiveSettings& start, const LiveSettings& now) {
    if (now.*Member == start.*Member) return std::nullopt;
    return now.*Member ? "true" : "false";
}
template <auto Member>
std::optional<std::string> changed_number(const LiveSettings& start, const LiveSettings& now) {
    if (now.*Member == start.*Member) return std::nullopt;
    return toml_float(now.*Member);
}

// One row per top-level key of the file, in the order the README lists them: the one place
// its name is written. `read` checks its value into Settings; `changed` (the values the
// Settings panel changes live) gives its text for the write-back when it changed.
struct TopKey {
    std::string_view name;
    void (*read)(const Checker& check, const Entry& e, Settings& s);
    std::optional<std::string> (*changed)(const LiveSettings& start, const LiveSettings& now) = nullptr;
};

constexpr TopKey kTopKeys[] = {
    {"view_distance",
     [](const Checker& check, const Entry& e, Settings& s) {
         s.view_distance = static_cast<int>(check.whole_number(e, kMinViewDistance, kMaxViewDistance));
     },
     changed_whole<&LiveSettings::view_distance>},
    {"far_distance",
     [](const Checker& check, const Entry& e, Settings& s) {
         s.far_distance = static_cast<int>(check.whole_number(e, 0, kMaxFarDistance));
     },
     changed_whole<&LiveSettings::far_distance>},
    {"fov",
     [](const Checker& check, const Entry& e, Settings& s) { s.fov = check.number(e, kMinFov, kMaxFov, " (degrees)"); },
     changed_number<&LiveSettings::fov>},
    {"mouse_sensitivity",
     [](const Checker& check, const Entry& e, Settings& s) {
         s.mouse_sensitivity = check.number(e, kMinMouseSensitivity, kMaxMouseSensitivity, "");
     },
     changed_number<&LiveSettings::mouse_sensitivity>},
    {"vsync", [](const Checker& check, const Entry& e, Settings& s) { s.vsync = check.boolean(e); }},
    {"overlay", [](const Checker& check, const Entry& e, Settings& s) { s.overlay = check.boolean(e); }},
    {"caves", [](const Checker& check, const Entry& e, Settings& s) { s.caves = check.boolean(e); }},
    {"window_size",
     [](const Checker& check, const Entry& e, Settings& s) { std::tie(s.width, s.height) = check.window_size(e); }},
    {"keys", [](const Checker& check, const Entry& e, Settings& s) { check.keys(e, s.keys); }},
    {"daylight", [](const Checker& check, const Entry& e, Settings& s) { s.daylight = check.number(e, 0.0, 1.0, ""); },
     changed_number<&LiveSettings::daylight>},
    {"key_help", [](const Checker& check, const Entry& e, Settings& s) { s.key_help = check.boolean(e); },
     changed_bool<&LiveSettings::key_help>},
};

}  // namespace

Settings Settings::parse(std::string_view text, const std::string& file) {
    const toml::table root = parse_toml(text, file);
    const Checker check(file);
    Settings s;
    for (const Entry& e : entries_in_file_order(root)) {
        const auto row = std::find_if(std::begin(kTopKeys), std::end(kTopKeys),
                                      [&](const TopKey& k) { return k.name == e.key; });
        if (row == std::end(kTopKeys)) {
            std::vector<std::string_view> names;
            for (const TopKey& k : kTopKeys) names.push_back(k.name);
            fail(file, e.line, e.key, "unknown key (known keys: " + join(names, ", ") + ")");
        }
        row->read(check, e, s);
    }
    return s;
}

namespace {

// The most bytes a settings file may hold: far more than every key written out needs.
constexpr std::size_t kMaxSettingsBytes = 1024 * 1024;

// The whole file through the one reader of named files (io/user_file.hpp): a folder, a pipe,
// a device, a symlink loop or a folder that cannot be searched is refused, never waited on or
// taken as "no file". nullopt when nothing is there yet (a dangling link included: the
// write-back makes its target). Throws SettingsError.
std::optional<std::string> read_if_exists(const std::string& path) {
    try {
        return read_user_file_if_exists(path, {"the settings file", kMaxSettingsBytes});
    } catch (const UserFileError& e) {
        throw SettingsError(std::string(e.what()) + " (or move it aside to start from the defaults)");
    }
}

}  // namespace

Settings Settings::load(const std::string& path) {
    if (path.empty()) return {};
    const std::optional<std::string> text = read_if_exists(path);
    return text ? parse(*text, path) : Settings{};
}

int default_far_distance(std::string_view gl_renderer) {
    std::string lower(gl_renderer);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const std::string_view software : {"llvmpipe", "softpipe", "swrast", "software", "gdi generic"}) {
        if (lower.find(software) != std::string::npos) return 0;
    }
    return kGpuFarDistance;
}

Options Settings::options_defaults() const {
    Options o;
    o.width = width;
    o.height = height;
    o.vsync = vsync;
    o.caves = caves;
    o.view_distance = view_distance;
    o.far_distance = far_distance;
    o.daylight = daylight;
    return o;
}

// [SECTION] write-back

namespace {

struct Change {
    std::string_view key;
    std::string value;  // as TOML text
};

std::vector<Change> changes_between(const LiveSettings& start, const LiveSettings& now) {
    std::vector<Change> out;
    for (const TopKey& key : kTopKeys) {
        if (!key.changed) continue;
        if (std::optional<std::string> value = key.changed(start, now)) out.push_back({key.name, std::move(*value)});
    }
    return out;
}

// The byte offset of 1-based column `column` in `line`; toml++ counts columns in code points.
size_t byte_offset(std::string_view line, int64_t column) {
    size_t i = 0;
    for (int64_t c = 1; c < column && i < line.size(); ++c) {
        ++i;
        while (i < line.size() && (static_cast<unsigned char>(line[i]) & 0xC0) == 0x80) ++i;
    }
    return i;
}

bool is_comment_line(std::string_view line) {
    line = trim(line);
    return !line.empty() && line.front() == '#';
}

// Where keys the file lacks go (a 0-based index into `lines`: they go before that line):
// after its last top-level key; in a file with none, before the first [table] and the
// comment lines right above it; in a file without tables either, at the end.
size_t insertion_line(const toml::table& root, const std::vector<std::string>& lines) {
    size_t after_last_key = 0;
    size_t first_table = lines.size() + 1;  // 1-based line of the first table header
    for (auto&& [key, value] : root) {
        if (const auto* t = value.as_table(); t && !t->is_inline()) {
            first_table = std::min<size_t>(first_table, key.source().begin.line);
            continue;
        }
        after_last_key = std::max<size_t>(after_last_key, value.source().end.line);
    }
    if (after_last_key > 0) return after_last_key;
    if (first_table > lines.size()) return lines.size();
    size_t at = first_table - 1;
    while (at > 0 && is_comment_line(lines[at - 1])) --at;
    return at;
}

}  // namespace

std::string update_settings_text(std::string_view text, const LiveSettings& start, const LiveSettings& now,
                                 const std::string& file) {
    Settings::parse(text, file);  // a file that went bad while the program ran is not touched
    const toml::table root = parse_toml(text, file);
    std::vector<std::string> lines;  // each with its '\n', the last one perhaps without
    for (size_t begin = 0; begin < text.size();) {
        const size_t end = text.find('\n', begin);
        const size_t next = end == std::string_view::npos ? text.size() : end + 1;
        lines.emplace_back(text.substr(begin, next - begin));
        begin = next;
    }
    const size_t insert_at = insertion_line(root, lines);
    std::vector<std::string> added;
    for (const Change& change : changes_between(start, now)) {
        const toml::node* node = root.get(change.key);
        if (!node) {
            added.push_back(std::string(change.key) + " = " + change.value + "\n");
            continue;
        }
        const toml::source_region& where = node->source();
        assert(where.begin.line == where.end.line && "update_settings_text: a checked number spans one line");
        std::string& line = lines[where.begin.line - 1];
        const size_t from = byte_offset(line, where.begin.column);
        const size_t to = byte_offset(line, where.end.column);
        line.replace(from, to - from, change.value);
    }
    if (!added.empty()) {
        if (insert_at > 0 && !lines[insert_at - 1].ends_with('\n')) lines[insert_at - 1] += '\n';
        lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(insert_at), added.begin(), added.end());
    }
    std::string out;
    for (const std::string& line : lines) out += line;
    return out;
}

namespace {

constexpr const char* kNewFileText =
    "# Slotcraft settings. Every key, its range and its default: README.md, \"Settings\".\n"
    "# fov, mouse_sensitivity, view_distance, far_distance and daylight are written back when the panels\n"
    "# change them, key_help when the key help is dismissed (F1 brings it back); the rest of\n"
    "# this file (comments too) is kept as you write it.\n";

// Replaces `target` with `text` through write_atomically (its folder made when missing):
// whoever reads it sees the old file or the whole new one.
void replace_file(const std::string& target, const std::string& text, const std::string& name) {
    const std::optional<AtomicWriteFailure> failure = write_atomically(target, text, {.create_folder = true});
    if (!failure) return;
    std::string what;
    switch (failure->step) {
        case AtomicWriteStep::kCreateFolder: what = "create the folder '" + failure->folder + "'"; break;
        case AtomicWriteStep::kOpen: what = "create a temporary file"; break;
        case AtomicWriteStep::kWrite: what = "write the temporary file"; break;
        case AtomicWriteStep::kReplace: what = "replace the file"; break;
    }
    throw SettingsError("settings not saved: cannot " + what + " for '" + name + "': " + std::strerror(failure->error) +
                        " (check the folder's permissions and free space)");
}

}  // namespace

void write_back_settings(const std::string& path, const LiveSettings& start, const LiveSettings& now) {
    if (changes_between(start, now).empty()) return;
    // A settings file that is a symlink (a dotfiles folder) keeps its link: its target is read
    // and replaced.
    const std::string target = atomic_write_target(path);
    const std::optional<std::string> text = read_if_exists(target);
    std::string updated;
    try {
        updated = update_settings_text(text ? *text : kNewFileText, start, now, path);
    } catch (const SettingsError& e) {
        throw SettingsError(std::string("settings not saved (the file changed while the program ran): ") + e.what());
    }
    replace_file(target, updated, path);
}

// [SECTION] where

std::optional<std::string> settings_dir(const char* xdg_config_home, const char* home) {
    // The XDG spec: a relative XDG_CONFIG_HOME is invalid and must be ignored.
    if (xdg_config_home && *xdg_config_home && fs::path(xdg_config_home).is_absolute()) {
        return (fs::path(xdg_config_home) / "slotcraft").string();
    }
    if (home && *home) return (fs::path(home) / ".config" / "slotcraft").string();
    return std::nullopt;
}

std::optional<std::string> settings_dir() { return settings_dir(std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME")); }

const std::vector<std::string>& script_key_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const BindingInfo& b : binding_table()) {
            if (!b.script_key.empty()) out.emplace_back(b.script_key);
        }
        return out;
    }();
    return names;
}

}  // namespace slotcraft
