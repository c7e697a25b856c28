#pragma once
// The line structure the text workload readers share (task CSV, SWF): lines split at '\n', numbered from 1
// for error locations, lines of blanks skipped; a blank is a space, a tab or the '\r' of a Windows line end.
#include <cstddef>
#include <string_view>
#include <vector>

namespace rmsim {

inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/// `s` without its leading and trailing blanks; `first` (if given) receives the index of what remains.
inline std::string_view trim_blanks(std::string_view s, std::size_t* first = nullptr) {
    std::size_t b = 0, e = s.size();
    while (b < e && is_blank(s[b])) ++b;
    while (e > b && is_blank(s[e - 1])) --e;
    if (first) *first = b;
    return s.substr(b, e - b);
}

/// A cell of a CSV line: its text without the blanks around it, and its 1-based column (of the cell's start if
/// it is empty).
struct CsvCell {
    std::string_view text;
    int col = 1;
};

/// The cells of a CSV line, split at every comma (task lists have no quoted cells).
inline std::vector<CsvCell> split_csv_cells(std::string_view line) {
    std::vector<CsvCell> cells;
    for (std::size_t start = 0;;) {
        std::size_t end = line.find(',', start);
        if (end == std::string_view::npos) end = line.size();
        std::size_t b = 0;
        cells.push_back({trim_blanks(line.substr(start, end - start), &b), static_cast<int>(start + b) + 1});
        if (end == line.size()) return cells;
        start = end + 1;
    }
}

/// Calls f(line, line_no, first) for every line of `text` that is not all blanks: `line` without its '\n',
/// `line_no` counted from 1 over every line, `first` the index of its first character that is not a blank.
template <typename F>
void for_each_text_line(std::string_view text, F&& f) {
    int line_no = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_no;
        std::size_t first = 0;
        while (first < line.size() && is_blank(line[first])) ++first;
        if (first < line.size()) f(line, line_no, first);
    }
}

}  // namespace rmsim
