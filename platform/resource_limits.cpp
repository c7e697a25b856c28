#include "platform/resource_limits.h"

#include <unistd.h>

#include <cstdio>

namespace rmsim {

std::uint64_t physical_memory_bytes() {
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0) return UINT64_MAX;  // unknown: no limit
    return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
}

std::string format_bytes(double bytes) {
    static const char* units[] = {"B", "KB", "MB", "GB", "TB", "PB", "EB"};
    std::size_t u = 0;
    while (bytes >= 1000 && u + 1 < sizeof units / sizeof *units) {
        bytes /= 1000;
        ++u;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, bytes < 10 ? "%.1f %s" : "%.0f %s", bytes, units[u]);
    return buf;
}

void check_fits_in_memory(double bytes, const SourceLocation& where, const std::string& what, const std::string& how) {
    const double physical = static_cast<double>(physical_memory_bytes());
    if (bytes <= physical) return;
    throw InputError(where, what + " needs about " + format_bytes(bytes) + " of memory (" + how +
                                "), more than this machine's " + format_bytes(physical));
}

}  // namespace rmsim
