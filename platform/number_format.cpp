#include "platform/number_format.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace rmsim {

namespace {

/// whole.frac with `digits` fraction digits (frac < 10^digits), trailing zeros (and a bare point) removed,
/// written at `out` (room for 20 + 1 + digits characters); returns the end.
char* decimal_chars(char* out, std::uint64_t whole, std::uint64_t frac, int digits) {
    out = std::to_chars(out, out + 20, whole).ptr;
    if (frac == 0) return out;
    while (frac % 10 == 0) {
        frac /= 10;
        --digits;
    }
    *out++ = '.';
    for (int i = digits - 1; i >= 0; --i) {
        out[i] = static_cast<char>('0' + frac % 10);
        frac /= 10;
    }
    return out + digits;
}

std::string decimal(std::uint64_t whole, std::uint64_t frac, int digits) {
    char buf[32];
    return std::string(buf, decimal_chars(buf, whole, frac, digits));
}

}  // namespace

char* ns_as_seconds_chars(char* out, std::uint64_t ns) {
    return decimal_chars(out, ns / 1000000000u, ns % 1000000000u, 9);
}

std::string ns_as_seconds(std::uint64_t ns) { return decimal(ns / 1000000000u, ns % 1000000000u, 9); }

std::string ns_as_micros(std::uint64_t ns) { return decimal(ns / 1000u, ns % 1000u, 3); }

std::string number12(double v) {
    if (v == 0) return "0";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.12g", v);
    return buf;
}

std::string watts12(double w) { return number12(std::fabs(w) < 1e-9 ? 0.0 : w); }

}  // namespace rmsim
