#include "platform/input_limits.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "platform/input_error.h"

namespace rmsim {

std::uint64_t regular_file_size(const std::string& path, const std::string& what) {
    const SourceLocation at{path, 0, 0};
    struct stat st {};
    // stat, not open: opening a FIFO blocks until a writer comes.
    if (::stat(path.c_str(), &st) != 0) throw InputError(at, "cannot open " + what + " (" + std::strerror(errno) + ")");
    const char* kind = nullptr;
    if (S_ISDIR(st.st_mode))
        kind = "a folder";
    else if (S_ISFIFO(st.st_mode))
        kind = "a FIFO";
    else if (S_ISCHR(st.st_mode))
        kind = "a character device";
    else if (S_ISBLK(st.st_mode))
        kind = "a block device";
    else if (S_ISSOCK(st.st_mode))
        kind = "a socket";
    else if (!S_ISREG(st.st_mode))
        kind = "not a regular file";
    if (kind) throw InputError(at, "cannot open " + what + " (it is " + kind + "; rmsim reads regular files only)");
    return static_cast<std::uint64_t>(st.st_size);
}

namespace {
constexpr std::size_t kShown = 40;  ///< characters of a long value that a message shows

/// `value`, or its first characters and "..." then, after `quote`, its length.
std::string shown(std::string_view value, const char* quote) {
    if (value.size() <= kShown) return quote + std::string(value) + quote;
    return quote + std::string(value.substr(0, kShown)) + "..." + quote + " (" + std::to_string(value.size()) +
           " bytes)";
}
}  // namespace

std::string shorten(std::string_view value) { return shown(value, ""); }

std::string quote_short(std::string_view value) { return shown(value, "'"); }

std::string format_binary_bytes(std::uint64_t bytes) {
    static const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    std::size_t u = 0;
    while (u + 1 < sizeof units / sizeof *units && bytes >= 1024 && bytes % 1024 == 0) {
        bytes /= 1024;
        ++u;
    }
    return std::to_string(bytes) + " " + units[u];
}

}  // namespace rmsim
