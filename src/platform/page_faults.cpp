// See page_faults.hpp.
#include "platform/page_faults.hpp"

#include <sys/resource.h>

namespace slotcraft {

int64_t process_page_faults() {
    rusage usage{};
    if (getrusage(RUSAGE_SELF, &usage) != 0) return -1;
    return static_cast<int64_t>(usage.ru_minflt);
}

}  // namespace slotcraft
