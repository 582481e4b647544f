#pragma once
// The one base of refused user actions: an edit, a region, an operation or an action that
// cannot be carried out here and now (bad input, not a bug; nothing changed). Every place
// that reports them (the script runner, the keys and mouse, the Edit panel) catches this one
// type (docs/errors.md). Standard library only, so every layer can derive from it.
#include <stdexcept>

namespace slotcraft {

struct Refused : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace slotcraft
