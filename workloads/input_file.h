#pragma once
// Reads a workload input file (SWF trace, task CSV) whole, plain or gzip-compressed: real archives ship
// `.swf.gz`, so compression is recognised by the gzip magic bytes, whatever the name. A missing file, a
// folder, a read error or a damaged gzip stream is the user's mistake: InputError at the path.
#include <string>

namespace rmsim {

/// The file's text (decompressed if it is gzip). `what` names the kind of file in errors ("SWF trace").
std::string read_input_file(const std::string& path, const std::string& what);

}  // namespace rmsim
