#include "platform/time.h"

#include <cstdio>
#include <ostream>
#include <string>

namespace rmsim {

std::ostream& operator<<(std::ostream& o, SimTime t) {
    if (t.is_infinite()) return o << "never";
    if (t == SimTime::negative_infinity()) return o << "-never";
    const std::int64_t ns = t.ns();
    const unsigned long long mag =
        ns < 0 ? 0ull - static_cast<unsigned long long>(ns) : static_cast<unsigned long long>(ns);
    char frac[16];
    std::snprintf(frac, sizeof frac, "%09llu", mag % 1'000'000'000ull);
    std::string f = frac;
    while (!f.empty() && f.back() == '0') f.pop_back();
    o << (ns < 0 ? "-" : "") << mag / 1'000'000'000ull;
    if (!f.empty()) o << '.' << f;
    return o << " s";
}

}  // namespace rmsim
