#pragma once
// The message of the ScriptError parse_script throws for `text` ("" when it parses), for the
// script tests that check what a refused line says.
#include <string>

#include "script/script.hpp"

namespace slotcraft::test {

inline std::string parse_refusal(const std::string& text) {
    try {
        parse_script(text);
    } catch (const ScriptError& e) {
        return e.what();
    }
    return "";
}

}  // namespace slotcraft::test
