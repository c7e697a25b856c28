#pragma once
// Reads a workload input file (SWF trace, task CSV, Batsim JSON), plain or gzip-compressed: real archives ship
// `.swf.gz`, so compression is recognised by the gzip magic bytes, whatever the name. Bounded before the
// work (docs/reliability.md, "Input limits"): only a regular file is read (a FIFO or a device is refused by
// name), its decompressed size may not pass `max_bytes` (a gzip file's stated size is checked before
// inflating it, the running size while inflating), and no line may pass kMaxLineBytes. A missing file, a
// read error or a damaged gzip stream is the user's mistake too: InputError at the path.
// InputReader gives the file in pieces; read_input_file the whole text; workloads/input_lines.h its lines one
// at a time.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "platform/input_error.h"
#include "platform/input_limits.h"

namespace rmsim {

/// A file that a workload reads: where the config names it, and its path as written and as opened.
struct InputFile {
    std::string key;      ///< dotted key path in the config, e.g. workload.swf.path
    std::string written;  ///< as in the config
    std::string opened;   ///< resolved from the config file's folder
};

/// `path` as written in a config in the folder `base_dir`: relative paths are resolved from it.
std::string resolve_input_path(const std::string& base_dir, const std::string& path);

/// A workload input file read in pieces (decompressed if it is gzip). The constructor opens it and checks its
/// kind and its stated size against `max_bytes`; read() checks the running size. Errors: InputError at the
/// path (what() names the file: "SWF trace").
class InputReader {
public:
    InputReader(const std::string& path, const std::string& what, std::uint64_t max_bytes);
    ~InputReader();
    InputReader(const InputReader&) = delete;
    InputReader& operator=(const InputReader&) = delete;

    /// Up to `n` bytes of the text into `buf` (fewer only at the end, or before a read error, which the next
    /// call throws); 0 at the end of the file.
    std::size_t read(char* buf, std::size_t n);
    /// The decompressed size the file states (gzip trailer) or has (plain), 0 if unknown: a hint only.
    std::uint64_t expected_size() const { return expected_; }
    const std::string& path() const { return path_; }
    const std::string& what() const { return what_; }

private:
    struct Gz;
    InputError too_large(const std::string& size) const;
    std::string path_, what_;
    std::uint64_t max_bytes_ = 0, expected_ = 0, read_ = 0;
    bool gzip_ = false, done_ = false;
    std::string failure_;  ///< a read error found after some text: thrown by the next read()
    std::unique_ptr<Gz> gz_;
};

/// "line 3 is longer than 1 MiB, the longest line a SWF trace may have", at file:line:1.
InputError line_too_long(const std::string& path, int line_no, std::uint64_t max_line_bytes, const std::string& what);

/// The file's text (decompressed if it is gzip), without a leading UTF-8 byte-order mark. `what` names the
/// kind of file in errors ("SWF trace"). `max_line_bytes`: the longest line (a JSON file, which may be one
/// line, passes its max_bytes).
std::string read_input_file(const std::string& path, const std::string& what,
                            std::uint64_t max_bytes = kDefaultMaxTraceBytes,
                            std::uint64_t max_line_bytes = kMaxLineBytes);

}  // namespace rmsim
