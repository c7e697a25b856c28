#include "workloads/input_lines.h"

#include "platform/input_error.h"
#include "workloads/text_lines.h"

namespace rmsim {

InputLines::InputLines(const std::string& path, const std::string& what, std::uint64_t max_bytes,
                       std::uint64_t max_line_bytes)
    : in_(path, what, max_bytes), max_line_bytes_(max_line_bytes) {}

bool InputLines::next(TextLine& line) {
    std::string_view text;
    while (raw_line(text)) {
        std::size_t first = 0;
        while (first < text.size() && is_blank(text[first])) ++first;
        if (first < text.size()) {
            line = {text, line_no_, first};
            return true;
        }
    }
    return false;
}

bool InputLines::raw_line(std::string_view& line) {
    for (;;) {
        const std::size_t nl = buf_.find('\n', scanned_);
        const std::size_t end = nl == std::string::npos ? buf_.size() : nl;
        if (end - pos_ > max_line_bytes_) throw line_too_long(in_.path(), line_no_ + 1, max_line_bytes_, in_.what());
        if (nl != std::string::npos || (ended_ && pos_ < buf_.size())) {
            line = std::string_view(buf_).substr(pos_, end - pos_);
            pos_ = scanned_ = end + (nl != std::string::npos);
            ++line_no_;
            return true;
        }
        scanned_ = buf_.size();
        if (ended_ || !refill()) {
            ended_ = true;
            if (pos_ == buf_.size()) return false;
        }
    }
}

bool InputLines::refill() {
    // Only the current line's start is kept: what came before it has been given.
    buf_.erase(0, pos_);
    scanned_ -= pos_;
    pos_ = 0;
    const std::size_t held = buf_.size();
    buf_.resize(held + kChunkBytes);
    std::size_t n = 0;
    try {
        n = in_.read(&buf_[held], kChunkBytes);
    } catch (const InputError& e) {
        // Where the text stops: the line being read, after what of it came.
        throw InputError({in_.path(), line_no_ + 1, static_cast<int>(held) + 1}, e.message());
    }
    buf_.resize(held + n);
    if (!started_) {
        started_ = true;
        if (buf_.compare(0, 3, "\xEF\xBB\xBF") == 0) buf_.erase(0, 3);
    }
    return n > 0;
}

}  // namespace rmsim
