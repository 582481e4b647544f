// The flag parser on any argument list (NUL-separated): options or an OptionsError, never
// another exception; a flag given twice is always refused.
#include "config/options.hpp"
#include "fuzz/fuzz_input.hpp"

#include <set>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    using namespace slotcraft;
    std::vector<std::string> args;
    std::string current;
    for (std::size_t i = 0; i < size; ++i) {
        if (data[i] == 0) {
            args.push_back(current);
            current.clear();
        } else {
            current += static_cast<char>(data[i]);
        }
    }
    if (!current.empty()) args.push_back(current);
    try {
        const Options o = parse_options(args);
        fuzz::check(o.view_distance >= 1 && o.view_distance <= 32, "a view distance out of range was accepted");
        fuzz::check(o.world_name.empty() || o.world_file.empty(), "two worlds were accepted");
        std::set<std::string> seen;
        for (const std::string& a : args) {
            if (a == "--new" || a == "--gl-debug") fuzz::check(seen.insert(a).second, a + " twice was accepted");
        }
    } catch (const OptionsError&) {}
    return 0;
}
