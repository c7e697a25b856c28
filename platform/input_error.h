#pragma once
// The user's mistake (bad YAML, bad trace line, bad parameter): reported as `file:line:col: message`, exit 2.
#include <stdexcept>
#include <string>

namespace rmsim {

struct SourceLocation {
    std::string file;  ///< path as the user gave it
    int line = 0;      ///< 1-based; 0 = unknown
    int column = 0;    ///< 1-based; 0 = unknown
};

class InputError : public std::runtime_error {
public:
    InputError(const SourceLocation& where, const std::string& message)
        : std::runtime_error(format(where, message)), where_(where), message_(message) {}
    const SourceLocation& where() const { return where_; }
    const std::string& message() const { return message_; }

    static std::string format(const SourceLocation& w, const std::string& m) {
        std::string s = w.file.empty() ? std::string("<input>") : w.file;
        if (w.line > 0) s += ":" + std::to_string(w.line) + ":" + std::to_string(w.column > 0 ? w.column : 1);
        return s + ": " + m;
    }

private:
    SourceLocation where_;
    std::string message_;
};

}  // namespace rmsim
