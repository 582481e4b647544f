// See lsan_pins.hpp. Mesa unloads its driver when the display closes; a leak inside it
// is then reported as "<unknown module>" and no suppression can name it.
#include "platform/lsan_pins.hpp"

#include <dlfcn.h>
#include <link.h>

namespace slotcraft {

void pin_loaded_libraries() {
#if defined(__SANITIZE_ADDRESS__)
    dl_iterate_phdr(
        [](dl_phdr_info* info, size_t, void*) {
            if (info->dlpi_name && info->dlpi_name[0]) dlopen(info->dlpi_name, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
            return 0;
        },
        nullptr);
#endif
}

}  // namespace slotcraft
