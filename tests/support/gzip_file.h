#pragma once
// Writes a test's gzip-compressed input (an .swf.gz, a task list), as the archives ship them.
#include <zlib.h>

#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

namespace rmsim::test {

/// `text` gzip-compressed (one member, best compression) to `path`.
inline void write_gzip(const std::string& path, const std::string& text) {
    gzFile f = gzopen(path.c_str(), "wb9");
    const bool ok = f && gzwrite(f, text.data(), static_cast<unsigned>(text.size())) == static_cast<int>(text.size());
    if (!f || gzclose(f) != Z_OK || !ok) throw std::runtime_error("cannot write " + path);
}

/// The bytes of the file at `path`.
inline std::string file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace rmsim::test
