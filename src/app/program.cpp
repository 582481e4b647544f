// Options and script are checked before any window opens; every error the user can act on
// ends here as one message and an exit code (README, "Exit codes").
#include "app/program.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "app/app.hpp"
#include "config/settings.hpp"
#include "platform/stop_signals.hpp"
#include "app/window.hpp"
#include "io/shown_text.hpp"
#include "io/user_file.hpp"
#include "save/save.hpp"
#include "gfx/cube_renderer.hpp"
#include "gfx/shader.hpp"
#include "io/atomic_file.hpp"

namespace slotcraft {

namespace {

// A check before any window opens that ends the run: its exit code (the message is printed).
struct EarlyExit {
    int code;
};

// The settings file, read (never written) by every run before any window opens; a bad one
// stops here. Returns its path (empty: none, which is said).
std::string settings_file_path() {
    if (const std::optional<std::string> dir = settings_dir()) {
        return (std::filesystem::path(*dir) / "slotcraft.toml").string();
    }
    std::fprintf(stderr, "slotcraft: neither XDG_CONFIG_HOME nor HOME is set: no settings file is read or written\n");
    return {};
}

Settings load_settings(const std::string& path) {
    try {
        return Settings::load(path);
    } catch (const SettingsError& e) {
        print_message(e.what());
        throw EarlyExit{kExitUsage};
    }
}

// Output files are checked now, not after a long run: their folder must be writable.
void check_output_flags(const Options& options) {
    for (const auto& [flag, path] :
         {std::pair{"--stats-json", options.stats_json_path}, std::pair{"--screenshot", options.screenshot_path}}) {
        if (path.empty()) continue;
        try {
            check_output_folder(path);
        } catch (const OutputFileError& e) {
            print_message(std::string(flag) + ": " + e.what());
            std::fprintf(stderr, "\n%s", usage_text().c_str());
            throw EarlyExit{kExitUsage};
        }
    }
}

// The script, parsed and checked as a whole, with the folders of every line that writes a
// file (as for the flags: a long run never fails late for a folder that was never writable).
Script load_checked_script(const std::string& path) {
    if (path.empty()) return {};
    try {
        Script script = load_script(path);
        for (const ScriptCommand& c : script) {
            for (const std::string& file : output_files(c)) {
                try {
                    check_output_folder(file);
                } catch (const OutputFileError& e) {
                    throw ScriptError(c.line, "'" + c.verb + "' " + e.what());
                }
            }
        }
        return script;
    } catch (const ScriptError& e) {
        print_message("script " + quoted_path(path) + ": " + e.what());
    } catch (const std::runtime_error& e) {
        print_message(e.what());
    }
    throw EarlyExit{kExitUsage};
}

// The run itself; what reaches here becomes one message and its exit code (docs/errors.md).
int run_app(Options options, Script script, const Settings& settings, const std::string& settings_path) {
    const std::string script_path = options.script_path;
    install_stop_signals();  // from here a Ctrl+C ends the run cleanly (App::run)
    try {
        App app(std::move(options), std::move(script), settings, settings_path);
        return app.run();
    } catch (const ScriptError& e) {
        print_message("script " + quoted_path(script_path) + ": " + e.what());
        return kExitUsage;
    } catch (const WorldFileError& e) {
        print_message(e.what());
        return kExitEnvironment;
    } catch (const OutputFileError& e) {  // --screenshot or --stats-json could not be written
        print_message(e.what());
        return kExitUsage;
    } catch (const gfx::VerifyError& e) {
        print_message(e.what());
        return kExitUsage;
    } catch (const std::exception& e) {
        print_message(e.what());
        return kExitEnvironment;
    }
}

}  // namespace

int run_program(const std::vector<std::string>& args) {
    Options options;
    try {
        options = parse_options(args);
    } catch (const OptionsError& e) {
        print_message(e.what());
        std::fprintf(stderr, "\n%s", usage_text().c_str());
        return kExitUsage;
    }
    if (options.help) {
        std::printf("%s\nscript commands (--script FILE, one a line, # starts a comment):\n%s", usage_text().c_str(),
                    script_reference().c_str());
        return kExitOk;
    }
    try {
        const std::string settings_path = settings_file_path();
        const Settings settings = load_settings(settings_path);
        // The flags are parsed again over the settings file's values, so a flag given wins.
        options = parse_options(args, settings.options_defaults());  // the flags checked above: cannot throw
        check_output_flags(options);
        Script script = load_checked_script(options.script_path);
        return run_app(std::move(options), std::move(script), settings, settings_path);
    } catch (const EarlyExit& e) {
        return e.code;
    }
}

}  // namespace slotcraft
