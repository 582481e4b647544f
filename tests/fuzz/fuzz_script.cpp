// The script parser on any bytes: it returns commands or throws ScriptError, whose message
// shows no byte outside printable ASCII (nothing raw reaches a terminal) and stays short.
#include "script/script.hpp"
#include "fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    using namespace slotcraft;
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        for (const ScriptCommand& c : parse_script(text)) {
            fuzz::check(c.spec != nullptr && c.args.size() <= 8, "a command without its table entry");
            (void)output_files(c);
        }
    } catch (const ScriptError& e) {
        const std::string message = e.what();
        for (const char ch : message) {
            const auto b = static_cast<unsigned char>(ch);
            fuzz::check(b >= 0x20 && b < 0x7f, "a raw byte in a script message: " + message.substr(0, 200));
        }
        fuzz::check(message.size() < 4096, "a script message of " + std::to_string(message.size()) + " bytes");
    }
    return 0;
}
