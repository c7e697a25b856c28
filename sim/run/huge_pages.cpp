#include "sim/run/huge_pages.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace rmsim {

namespace {

constexpr const char* kTunable = "glibc.malloc.hugetlb";

bool kernel_gives_huge_pages_on_request() {
    std::ifstream in("/sys/kernel/mm/transparent_hugepage/enabled");
    std::string modes;
    std::getline(in, modes);
    return modes.find("[madvise]") != std::string::npos;
}

bool env_contains(const char* name, const char* what) {
    const char* v = std::getenv(name);
    return v != nullptr && std::strstr(v, what) != nullptr;
}

}  // namespace

void reexec_with_huge_pages(char** argv) {
    const char* off = std::getenv("RMSIM_HUGE_PAGES");
    if (off != nullptr && std::strcmp(off, "0") == 0) return;
    if (env_contains("GLIBC_TUNABLES", kTunable)) return;  // said already, or this is the second image
    if (env_contains("LD_PRELOAD", "vgpreload")) return;   // valgrind
    if (!kernel_gives_huge_pages_on_request()) return;     // "always" has them already, "never" not at all
    std::string tunables = std::string(kTunable) + "=1";
    if (const char* before = std::getenv("GLIBC_TUNABLES"); before != nullptr && *before != '\0')
        tunables = std::string(before) + ":" + tunables;
    if (setenv("GLIBC_TUNABLES", tunables.c_str(), 1) != 0) return;
    execv("/proc/self/exe", argv);
    // Could not execute: run as we are. The variable stays set, which is harmless.
}

}  // namespace rmsim
