#pragma once
// The bounds on what rmsim reads (docs/reliability.md, "Input limits"), enforced before the work: a config
// or trace is checked for its kind of file and its size before it is parsed, and a YAML document's nodes
// are counted (aliases as expanded, without expanding them) and its nesting measured before any node is
// built. An input beyond a limit is the user's mistake: InputError naming the file (and the place), exit 2.
// The limits sit far above any real config or trace; a trace's decompressed size can be raised per workload
// (`max_bytes`, docs/workloads.md) for a real one that is larger.
#include <cstdint>
#include <string>
#include <string_view>

namespace rmsim {

/// Largest config, platform or override file: 16 MiB (a 100,000-core platform is a few KB).
constexpr std::uint64_t kMaxConfigBytes = 16ull << 20;
/// Most nodes of a YAML document, every alias counted as the nodes it stands for.
constexpr std::uint64_t kMaxConfigNodes = 1000000;
/// Deepest nesting of maps and sequences in a YAML document (shipped configs nest 6 levels).
constexpr int kMaxYamlDepth = 64;
/// Default largest decompressed size of a trace or task list (SWF, CSV): 1 GiB, ten times a 10^6-job SWF.
constexpr std::uint64_t kDefaultMaxTraceBytes = 1ull << 30;
/// Longest line of a trace or task list: 1 MiB (an SWF job line is about 100 bytes).
constexpr std::uint64_t kMaxLineBytes = 1ull << 20;

/// The size of the regular file at `path`. InputError at the path, naming the kind of file it is, for
/// anything else: a missing file, a folder, a FIFO, a device, a socket (reading one could block forever or
/// never end). `what` names the input in messages ("config", "SWF trace").
std::uint64_t regular_file_size(const std::string& path, const std::string& what);

/// `value` for a message: whole if short, else its first characters and its length
/// (0000000000000000000000000000000000000000... (10485760 bytes)); quote_short puts it in quotes.
std::string shorten(std::string_view value);
std::string quote_short(std::string_view value);

/// "16 MiB" style, for limits.
std::string format_binary_bytes(std::uint64_t bytes);

}  // namespace rmsim
