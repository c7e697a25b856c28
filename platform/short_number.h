#pragma once
// Numbers in messages: six significant digits, as a stream prints them (1e+300, 9.2e+09, 0.5).
#include <sstream>
#include <string>

namespace rmsim {

inline std::string short_number(double v) {
    std::ostringstream s;
    s.precision(6);
    s << v;
    return s.str();
}

}  // namespace rmsim
