#include "sim/config/override_positions.h"

#include <algorithm>

namespace rmsim {

namespace {

/// yaml-cpp has no way to set a node's position but parsing: `text` parsed as if it started at `line`.
YAML::Node parse_at(const std::string& text, int line, int column = 0) {
    return YAML::Load(std::string(static_cast<std::size_t>(line), '\n') +
                      std::string(static_cast<std::size_t>(column), ' ') + text);
}

/// The greatest line (0-based) of any node in `n`, -1 if none has a position.
int last_line(const YAML::Node& n) {
    int last = n.Mark().line;
    if (n.IsSequence())
        for (const YAML::Node& x : n) last = std::max(last, last_line(x));
    if (n.IsMap())
        for (auto it = n.begin(); it != n.end(); ++it)
            last = std::max({last, last_line(it->first), last_line(it->second)});
    return last;
}

}  // namespace

YAML::Node map_at(const YAML::Mark& at) { return parse_at("{}", at.line, at.column); }

YAML::Node scalar_at(const YAML::Mark& at, const std::string& scalar) {
    YAML::Node n = parse_at("x", at.line, at.column);
    n = scalar;  // assigning a string keeps the node's position
    return n;
}

OptionPositions::OptionPositions(const YAML::Node& tree, std::vector<std::string> files)
    : files_(std::move(files)), next_line_(last_line(tree) + 1) {}

Override OptionPositions::place(const Override& o) {
    Override placed = o;
    placed.value = parse_at(o.text, next_line_);
    placed.at = YAML::Mark();
    placed.at.line = next_line_;
    const int lines = static_cast<int>(std::count(o.text.begin(), o.text.end(), '\n'));
    spans_.push_back({next_line_, next_line_ + lines, o.origin});
    next_line_ += lines + 1;
    return placed;
}

InputError OptionPositions::located(const InputError& e) const {
    const SourceLocation& w = e.where();
    if (std::find(files_.begin(), files_.end(), w.file) == files_.end()) return e;
    for (const Span& s : spans_)
        if (w.line - 1 >= s.first && w.line - 1 <= s.last)
            return InputError(SourceLocation{s.option, 0, 0}, e.message());
    return e;
}

}  // namespace rmsim
