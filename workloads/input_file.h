#pragma once
// Reads a workload input file (SWF trace, task CSV) whole, plain or gzip-compressed: real archives ship
// `.swf.gz`, so compression is recognised by the gzip magic bytes, whatever the name. Bounded before the
// work (docs/reliability.md, "Input limits"): only a regular file is read (a FIFO or a device is refused by
// name), its decompressed size may not pass `max_bytes` (a gzip file's stated size is checked before
// inflating it, the running size while inflating), and no line may pass kMaxLineBytes. A missing file, a
// read error or a damaged gzip stream is the user's mistake too: InputError at the path.
#include <cstdint>
#include <string>

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

/// The file's text (decompressed if it is gzip), without a leading UTF-8 byte-order mark. `what` names the
/// kind of file in errors ("SWF trace"). `max_line_bytes`: the longest line (a JSON file, which may be one
/// line, passes its max_bytes).
std::string read_input_file(const std::string& path, const std::string& what,
                            std::uint64_t max_bytes = kDefaultMaxTraceBytes,
                            std::uint64_t max_line_bytes = kMaxLineBytes);

}  // namespace rmsim
