// Command-line parsing for slotcraft: every flag is checked here, before a window opens.
#include "config/options.hpp"

#include <charconv>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <utility>

#include "io/shown_text.hpp"

namespace slotcraft {

std::optional<int64_t> parse_int(const std::string& text, int64_t min, int64_t max) {
    int64_t value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end || value < min || value > max) return std::nullopt;
    return value;
}

std::optional<double> parse_double(const std::string& text) {
    double value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(value)) return std::nullopt;
    return value;
}

std::optional<std::pair<int, int>> parse_size(const std::string& text) {
    const auto x = text.find('x');
    if (x == std::string::npos) return std::nullopt;
    auto w = parse_int(text.substr(0, x), 1, 16384);
    auto h = parse_int(text.substr(x + 1), 1, 16384);
    if (!w || !h) return std::nullopt;
    return std::pair{static_cast<int>(*w), static_cast<int>(*h)};
}

std::string usage_text() {
    std::string text = R"(usage: slotcraft [options]
  --help                 show this text and exit
  --frames N             quit after N frames (N >= 1)
  --screenshot PATH      write the last frame as a PNG
  --size WxH             window size in pixels (default 1280x720, or the settings file's)
  --vsync on|off         wait for the display's refresh (default on, or the settings file's)
  --occlusion on|off     leave out the chunks no line of sight reaches (default on)
  --gl-debug             turn on OpenGL debug output; any GL error makes the exit code 3
  --shaders DIR          read shaders from DIR (default: shaders/ next to the executable)
  --assets DIR           read textures from DIR (default: assets/ next to the executable)
  --script FILE          run the commands in FILE, one a line (see README, "Scripted runs")
  --stats-json PATH      write the stats of the last frame as JSON at exit
  --world TYPES          the generator (default terrain)
  --seed N               the world seed (default 1)
  --caves on|off         a new world with caves (generator 3) or without (generator 2); default on,
                         or the settings file's; a saved world keeps the generator it was made with
  --view-distance N      chunks loaded around the camera, VIEW_RANGE (default VIEW_DEFAULT, or the settings file's)
  --far-distance N       coarse far terrain out to N chunks, 0..FAR_MAX (0: off; default FAR_DEFAULT
                         on a GPU, 0 on a software renderer such as llvmpipe, or the settings file's)
  --clear-colour RRGGBB  clear each frame with this colour (hex) instead of the sky's; the fog keeps
                         the sky's (a test aid: a crack in the world shows this colour)
  --stream-budget-ms N   main-thread time a frame may spend streaming chunks in, 0.1..1000
                         milliseconds (default 4)
  --daylight F           sky light factor 0..1 (default 1: day; 0.1: night, the lamps show)
  --verify-every N       compare the GPU instance buffer with the CPU copy every N frames
  --ring-kib N           size of the upload staging ring in KiB, 1..1048576 (default 4096)
  --minecraft PATH       stand on a Minecraft Java world, read-only: a world folder (level.dat
                         and region/), a region folder or one r.X.Z.mca file; edits are saved
                         in Slotcraft's own world file, by default one named after it
  --world-name NAME      the saved world to play (default "default"; file
                         $XDG_DATA_HOME/slotcraft/worlds/NAME.db)
  --world-file PATH      the saved world at PATH instead
  --new                  start a fresh world; an existing file is moved aside, never deleted
  --undo-mib N           memory for undo and redo steps in MiB, 1..1048576 (default 512);
                         the oldest steps are dropped beyond it

Settings are read from $XDG_CONFIG_HOME/slotcraft/slotcraft.toml (or
~/.config/slotcraft/slotcraft.toml); the flags above win over it (README, "Settings").
)";
    // The view distance's range and default come from their constants.
    const auto put = [&text](std::string_view placeholder, const std::string& value) {
        text.replace(text.find(placeholder), placeholder.size(), value);
    };
    put("VIEW_RANGE", std::to_string(kMinViewDistance) + ".." + std::to_string(kMaxViewDistance));
    put("VIEW_DEFAULT", std::to_string(kDefaultViewDistance));
    put("FAR_MAX", std::to_string(kMaxFarDistance));
    put("FAR_DEFAULT", std::to_string(kGpuFarDistance));
    // The world types come from their table; the column stays aligned for any names.
    const std::string types = kWorldTypeNames.choices("|");
    text.replace(text.find("TYPES  "), 7, types + std::string(types.size() < 7 ? 7 - types.size() : 1, ' '));
    return text;
}

namespace {

using Setter = std::function<void(Options&, const std::string&)>;

// A flag that takes a value, with the setter that checks and stores it.
struct ValueFlag {
    std::string what;  // what the value must be, for the error message
    Setter set;
};

int64_t need_int(const std::string& flag, const std::string& value, int64_t min, int64_t max) {
    auto v = parse_int(value, min, max);
    if (!v) {
        throw OptionsError(flag + " needs a whole number from " + std::to_string(min) + " to " + std::to_string(max) +
                           ", got " + shown(value));
    }
    return *v;
}

bool need_on_off(const std::string& flag, const std::string& value) {
    if (value != "on" && value != "off") throw OptionsError(flag + " needs on or off, got " + shown(value));
    return value == "on";
}

double need_fraction(const std::string& flag, const std::string& value) {
    const std::optional<double> v = parse_double(value);
    if (!v || !(*v >= 0.0 && *v <= 1.0)) {
        throw OptionsError(flag + " needs a number from 0 to 1, got " + shown(value));
    }
    return *v;
}

void set_clear_colour(Options& o, const std::string& v) {
    const bool hex = v.size() == 6 && v.find_first_not_of("0123456789abcdefABCDEF") == std::string::npos;
    if (!hex) throw OptionsError("--clear-colour needs six hex digits RRGGBB (ff00ff: magenta), got " + shown(v));
    o.clear_colour = static_cast<uint32_t>(std::stoul(v, nullptr, 16));
}

void set_caves(Options& o, const std::string& v) {
    o.caves = need_on_off("--caves", v);
    o.caves_given = true;
}

void set_far_distance(Options& o, const std::string& v) {
    o.far_distance = static_cast<int>(need_int("--far-distance", v, 0, kMaxFarDistance));
}

const std::map<std::string, ValueFlag>& value_flags() {
    static const std::map<std::string, ValueFlag> flags = {
        {"--frames", {"N", [](Options& o, const std::string& v) { o.frames = need_int("--frames", v, 1, INT64_MAX); }}},
        {"--screenshot", {"PATH", [](Options& o, const std::string& v) { o.screenshot_path = v; }}},
        {"--size",
         {"WxH",
          [](Options& o, const std::string& v) {
              auto size = parse_size(v);
              if (!size)
                  throw OptionsError("--size needs WIDTHxHEIGHT, each 1..16384 (e.g. 1280x720), got " + shown(v));
              o.width = size->first;
              o.height = size->second;
          }}},
        {"--vsync", {"on|off", [](Options& o, const std::string& v) { o.vsync = need_on_off("--vsync", v); }}},
        {"--occlusion",
         {"on|off", [](Options& o, const std::string& v) { o.occlusion = need_on_off("--occlusion", v); }}},
        {"--shaders", {"DIR", [](Options& o, const std::string& v) { o.shaders_dir = v; }}},
        {"--assets", {"DIR", [](Options& o, const std::string& v) { o.assets_dir = v; }}},
        {"--script", {"FILE", [](Options& o, const std::string& v) { o.script_path = v; }}},
        {"--stats-json", {"PATH", [](Options& o, const std::string& v) { o.stats_json_path = v; }}},
        {"--world",
         {kWorldTypeNames.choices("|"),
          [](Options& o, const std::string& v) {
              o.seed_given = true;
              const std::optional<WorldType> type = parse_world_type(v);
              if (!type) throw OptionsError("--world needs " + kWorldTypeNames.choices(" or ") + ", got " + shown(v));
              o.world = *type;
          }}},
        {"--caves", {"on|off", set_caves}},
        {"--seed",
         {"N",
          [](Options& o, const std::string& v) {
              o.seed = static_cast<uint64_t>(need_int("--seed", v, 0, INT64_MAX));
              o.seed_given = true;
          }}},
        {"--view-distance",
         {"N",
          [](Options& o, const std::string& v) {
              o.view_distance = static_cast<int>(need_int("--view-distance", v, kMinViewDistance, kMaxViewDistance));
          }}},
        {"--far-distance", {"N", set_far_distance}},
        {"--clear-colour", {"RRGGBB", set_clear_colour}},
        {"--stream-budget-ms",
         {"N",
          [](Options& o, const std::string& v) {
              const std::optional<double> ms = parse_double(v);
              if (!ms || *ms < kMinStreamBudgetMs || *ms > kMaxStreamBudgetMs) {
                  throw OptionsError("--stream-budget-ms needs milliseconds from 0.1 to 1000 (e.g. 4 or 2.5), got " +
                                     shown(v));
              }
              o.stream_budget_ms = *ms;
          }}},
        {"--daylight", {"F", [](Options& o, const std::string& v) { o.daylight = need_fraction("--daylight", v); }}},
        {"--verify-every",
         {"N", [](Options& o, const std::string& v) { o.verify_every = need_int("--verify-every", v, 1, INT64_MAX); }}},
        {"--world-name",
         {"NAME",
          [](Options& o, const std::string& v) {
              const bool ok = !v.empty() && v.size() <= 64 &&
                              v.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") ==
                                  std::string::npos;
              if (!ok) throw OptionsError("--world-name needs 1..64 letters, digits, '_' or '-', got " + shown(v));
              o.world_name = v;
          }}},
        {"--minecraft", {"PATH", [](Options& o, const std::string& v) { o.minecraft = v; }}},
        {"--world-file",
         {"PATH",
          [](Options& o, const std::string& v) {
              if (v.empty()) throw OptionsError("--world-file needs a path");
              o.world_file = v;
          }}},
        {"--undo-mib",
         {"N", [](Options& o, const std::string& v) { o.undo_mib = need_int("--undo-mib", v, 1, 1048576); }}},
        {"--ring-kib",
         {"N", [](Options& o, const std::string& v) { o.ring_kib = need_int("--ring-kib", v, 1, 1048576); }}},
    };
    return flags;
}

}  // namespace

Options parse_options(const std::vector<std::string>& args, Options defaults) {
    Options options = std::move(defaults);
    std::set<std::string, std::less<>> given;  // a flag given twice is refused, not "the last wins"
    const auto once = [&given](const std::string& flag) {
        if (!given.insert(flag).second) {
            throw OptionsError(flag + " is given twice: give it once (with the value you mean)");
        }
    };
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--help" || arg == "-h") {
            options.help = true;
            continue;
        }
        for (const char* bare : {"--gl-debug", "--new"}) {
            if (arg.starts_with(std::string(bare) + "=")) {
                throw OptionsError(std::string(bare) + " takes no value, got " + shown(arg.substr(arg.find('=') + 1)) +
                                   "; give it alone");
            }
        }
        if (arg == "--gl-debug" || arg == "--new") once(arg);
        if (arg == "--gl-debug") {
            options.gl_debug = true;
            continue;
        }
        if (arg == "--new") {
            options.new_world = true;
            continue;
        }
        std::string flag = arg;
        std::optional<std::string> value;
        if (auto eq = arg.find('='); eq != std::string::npos && arg.starts_with("--")) {
            flag = arg.substr(0, eq);
            value = arg.substr(eq + 1);
        }
        auto it = value_flags().find(flag);
        if (it == value_flags().end()) throw OptionsError("unknown option " + shown(arg));
        once(flag);
        if (!value) {
            if (i + 1 >= args.size()) throw OptionsError(flag + " needs a value (" + it->second.what + ")");
            value = args[++i];
        }
        // An empty value never stands for a default or for "none" (a path, a number, a name).
        if (value->empty()) throw OptionsError(flag + " needs a value (" + it->second.what + "), got an empty one");
        it->second.set(options, *value);
    }
    if (!options.world_name.empty() && !options.world_file.empty()) {
        throw OptionsError("--world-name and --world-file name two worlds: give one");
    }
    return options;
}

}  // namespace slotcraft
