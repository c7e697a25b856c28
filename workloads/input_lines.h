#pragma once
// A workload input file's lines one at a time (SWF trace, task CSV), for the readers that stream: the file is
// read through an InputReader (workloads/input_file.h: plain or gzip, a regular file, at most max_bytes
// decompressed) in pieces of kChunkBytes, and only the line being read is held. So the memory is bounded by
// the longest line a file may have plus one piece (and zlib's inflate state), whatever the file's size.
// Lines are numbered as workloads/text_lines.h numbers them (from 1, every '\n' counted); lines of blanks are
// skipped, a leading UTF-8 byte-order mark is dropped. A line longer than max_line_bytes, or a damaged gzip
// stream, is an InputError at the line being read (and the column where the damage was found).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "platform/input_limits.h"
#include "workloads/input_file.h"

namespace rmsim {

/// One line of text: without its '\n', its number (from 1), and the index of its first non-blank character.
struct TextLine {
    std::string_view text;
    int number = 0;
    std::size_t first = 0;
};

class InputLines {
public:
    /// The bytes read from the file at once.
    static constexpr std::size_t kChunkBytes = 1 << 16;

    /// Opens `path` (InputReader: its kind and stated size checked now). `what` names it in errors.
    InputLines(const std::string& path, const std::string& what, std::uint64_t max_bytes = kDefaultMaxTraceBytes,
               std::uint64_t max_line_bytes = kMaxLineBytes);

    /// The next line that is not all blanks; false at the end of the file. `line.text` stays valid until the
    /// next call.
    bool next(TextLine& line);

    const std::string& path() const { return in_.path(); }
    /// The bytes the reader holds now: at most 2 x (max_line_bytes + kChunkBytes), whatever the file's size.
    std::size_t held_bytes() const { return buf_.capacity(); }

private:
    /// The next line, blank or not; false at the end.
    bool raw_line(std::string_view& line);
    /// Reads the next piece after what is held of the current line; false at the end of the file.
    bool refill();

    InputReader in_;
    std::uint64_t max_line_bytes_;
    std::string buf_;          ///< the rest of the current line, then the piece read last
    std::size_t pos_ = 0;      ///< where the current line starts in buf_
    std::size_t scanned_ = 0;  ///< buf_ before this holds no '\n' after pos_
    int line_no_ = 0;          ///< the last line given
    bool started_ = false, ended_ = false;
};

}  // namespace rmsim
