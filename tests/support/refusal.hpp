#pragma once
// The message of the Refused an action throws, for tests that check what the user is told
// ("" when it throws nothing). Test-only; standard library and world/refused.hpp.
#include <string>

#include "world/refused.hpp"

namespace slotcraft::test {

template <typename F>
std::string refusal_of(F&& action) {
    try {
        action();
    } catch (const Refused& e) {
        return e.what();
    }
    return {};
}

}  // namespace slotcraft::test
