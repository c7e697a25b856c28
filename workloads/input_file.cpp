#include "workloads/input_file.h"

#include <zlib.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>

#include "platform/input_error.h"

namespace rmsim {

namespace {

struct GzCloser {
    void operator()(gzFile_s* f) const { gzclose(f); }
};

}  // namespace

std::string resolve_input_path(const std::string& base_dir, const std::string& path) {
    if (path.empty() || path[0] == '/' || base_dir.empty()) return path;
    return base_dir + "/" + path;
}

std::string read_input_file(const std::string& path, const std::string& what) {
    const SourceLocation at{path, 0, 0};
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError(at, "cannot open " + what + " (it is a folder)");
    // gzread passes a file without the gzip magic through unchanged, so one path serves both.
    std::unique_ptr<gzFile_s, GzCloser> f(gzopen(path.c_str(), "rb"));
    if (!f) throw InputError(at, "cannot open " + what + " (" + std::strerror(errno ? errno : ENOENT) + ")");
    gzbuffer(f.get(), 1 << 17);
    std::string text;
    char buf[1 << 16];
    for (;;) {
        const int n = gzread(f.get(), buf, sizeof buf);
        if (n > 0) text.append(buf, static_cast<std::size_t>(n));
        if (n < static_cast<int>(sizeof buf)) {
            int code = Z_OK;
            const char* msg = gzerror(f.get(), &code);
            if (code == Z_ERRNO) throw InputError(at, "cannot read " + what + " (" + std::strerror(errno) + ")");
            if (code != Z_OK) throw InputError(at, what + " is a damaged gzip file (" + msg + ")");
            break;
        }
    }
    return text;
}

}  // namespace rmsim
