// Options and script are checked before any window opens; every error the user can act on
// ends here as one message and an exit code (README, "Exit codes").
#include "app/entry.hpp"

#include <cstdio>

#include "app/app.hpp"
#include "app/window.hpp"
#include "world/save.hpp"
#include "gfx/shader.hpp"

namespace slotcraft {

int run_program(const std::vector<std::string>& args) {
    Options options;
    try {
        options = parse_options(args);
    } catch (const OptionsError& e) {
        std::fprintf(stderr, "slotcraft: %s\n\n%s", e.what(), usage_text().c_str());
        return kExitUsage;
    }
    if (options.help) {
        std::printf("%s\nscript commands (--script FILE, one a line, # starts a comment):\n%s", usage_text().c_str(),
                    script_reference().c_str());
        return kExitOk;
    }
    std::vector<ScriptCommand> script;
    if (!options.script_path.empty()) {
        try {
            script = load_script(options.script_path);
        } catch (const ScriptError& e) {
            std::fprintf(stderr, "slotcraft: script %s: %s\n", options.script_path.c_str(), e.what());
            return kExitUsage;
        } catch (const std::runtime_error& e) {
            std::fprintf(stderr, "slotcraft: %s\n", e.what());
            return kExitUsage;
        }
    }
    const std::string script_path = options.script_path;
    try {
        App app(std::move(options), std::move(script));
        return app.run();
    } catch (const ScriptError& e) {
        std::fprintf(stderr, "slotcraft: script %s: %s\n", script_path.c_str(), e.what());
        return kExitUsage;
    } catch (const WorldFileError& e) {
        std::fprintf(stderr, "slotcraft: %s\n", e.what());
        return kExitEnvironment;
    } catch (const VerifyError& e) {
        std::fprintf(stderr, "slotcraft: %s\n", e.what());
        return kExitUsage;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "slotcraft: %s\n", e.what());
        return kExitEnvironment;
    }
}

}  // namespace slotcraft
