#pragma once
// Sanitizer builds only: keeps every loaded shared library (the GL driver among them) in
// memory until exit, so LeakSanitizer can name the module of a driver leak and the
// suppressions in tests/lsan.supp can match it. A no-op in other builds.
namespace slotcraft {

void pin_loaded_libraries();

}  // namespace slotcraft
