#include "workloads/input_file.h"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>

#include "platform/input_error.h"

namespace rmsim {

namespace {

struct GzCloser {
    void operator()(gzFile_s* f) const { gzclose(f); }
};

/// Deflate's largest compression ratio (a run of one byte: 258 bytes per code of about 2 bits), rounded up.
constexpr std::uint64_t kMaxDeflateRatio = 1032;

/// The gzip trailer's ISIZE (the decompressed size modulo 2^32 of the last member) if `path` starts with the
/// gzip magic bytes and the size is possible for the file's length (a truncated file's "trailer" is
/// compressed data: an impossible size is not trusted, and the inflation reports the damage); 0 if unknown;
/// -1 for a plain file.
std::int64_t gzip_stated_size(const std::string& path, std::uint64_t file_size) {
    std::ifstream in(path, std::ios::binary);
    unsigned char head[2] = {0, 0};
    if (!in.read(reinterpret_cast<char*>(head), 2) || head[0] != 0x1f || head[1] != 0x8b) return -1;
    if (file_size < 18) return 0;  // shorter than a gzip header and trailer: gzread reports the damage
    unsigned char tail[4];
    in.seekg(static_cast<std::streamoff>(file_size - 4));
    if (!in.read(reinterpret_cast<char*>(tail), 4)) return 0;
    const std::int64_t isize = static_cast<std::int64_t>(tail[0]) | static_cast<std::int64_t>(tail[1]) << 8 |
                               static_cast<std::int64_t>(tail[2]) << 16 | static_cast<std::int64_t>(tail[3]) << 24;
    return static_cast<std::uint64_t>(isize) <= kMaxDeflateRatio * file_size ? isize : 0;
}

}  // namespace

std::string resolve_input_path(const std::string& base_dir, const std::string& path) {
    if (path.empty() || path[0] == '/' || base_dir.empty()) return path;
    return base_dir + "/" + path;
}

struct InputReader::Gz {
    std::unique_ptr<gzFile_s, GzCloser> file;
};

InputReader::InputReader(const std::string& path, const std::string& what, std::uint64_t max_bytes)
    : path_(path), what_(what), max_bytes_(max_bytes), gz_(std::make_unique<Gz>()) {
    const std::uint64_t file_size = regular_file_size(path, what);
    const std::int64_t stated = gzip_stated_size(path, file_size);
    gzip_ = stated >= 0;
    expected_ = gzip_ ? static_cast<std::uint64_t>(stated) : file_size;
    if (expected_ > max_bytes) throw too_large(std::to_string(expected_) + " bytes");
    // gzread passes a file without the gzip magic through unchanged, so one path serves both.
    gz_->file.reset(gzopen(path.c_str(), "rb"));
    if (!gz_->file)
        throw InputError({path, 0, 0}, "cannot open " + what + " (" + std::strerror(errno ? errno : ENOENT) + ")");
    gzbuffer(gz_->file.get(), 1 << 17);
}

InputReader::~InputReader() = default;

InputError InputReader::too_large(const std::string& size) const {
    return InputError({path_, 0, 0}, what_ + (gzip_ ? " decompresses to " : " is ") + size +
                                         ", more than its limit of " + format_binary_bytes(max_bytes_) +
                                         " (a larger trace: raise the limit with the workload's max_bytes)");
}

std::size_t InputReader::read(char* buf, std::size_t n) {
    if (!failure_.empty()) throw InputError({path_, 0, 0}, failure_);
    if (done_ || n == 0) return 0;
    const unsigned ask = static_cast<unsigned>(std::min<std::size_t>(n, 1u << 30));
    const int got = gzread(gz_->file.get(), buf, ask);
    if (got < static_cast<int>(ask)) {
        int code = Z_OK;
        const char* msg = gzerror(gz_->file.get(), &code);
        if (code == Z_ERRNO) failure_ = "cannot read " + what_ + " (" + std::strerror(errno) + ")";
        if (code != Z_OK && code != Z_ERRNO) failure_ = what_ + " is a damaged gzip file (" + msg + ")";
        // The text inflated before the damage is given first: the error comes with the next read.
        if (!failure_.empty() && got <= 0) throw InputError({path_, 0, 0}, failure_);
        done_ = failure_.empty();
    }
    const auto count = static_cast<std::size_t>(std::max(got, 0));
    if (read_ + count > max_bytes_) throw too_large("more than " + format_binary_bytes(max_bytes_));
    read_ += count;
    return count;
}

InputError line_too_long(const std::string& path, int line_no, std::uint64_t max_line_bytes, const std::string& what) {
    return InputError({path, line_no, 1}, "line " + std::to_string(line_no) + " is longer than " +
                                              format_binary_bytes(max_line_bytes) + ", the longest line a " + what +
                                              " may have");
}

std::string read_input_file(const std::string& path, const std::string& what, std::uint64_t max_bytes,
                            std::uint64_t max_line_bytes) {
    InputReader in(path, what, max_bytes);
    std::string text;
    text.reserve(static_cast<std::size_t>(in.expected_size()));
    // The line being read: where it starts in `text` and its number, for the line-length limit.
    std::size_t line_start = 0;
    int line_no = 1;
    const auto too_long = [&] { return line_too_long(path, line_no, max_line_bytes, what); };
    char buf[1 << 16];
    while (const std::size_t n = in.read(buf, sizeof buf)) {
        const std::size_t from = text.size();
        text.append(buf, n);
        for (std::size_t i = from; (i = text.find('\n', i)) != std::string::npos; ++i) {
            if (i - line_start > max_line_bytes) throw too_long();
            line_start = i + 1;
            ++line_no;
        }
        if (text.size() - line_start > max_line_bytes) throw too_long();
    }
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3);
    return text;
}

}  // namespace rmsim
