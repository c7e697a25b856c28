#include "sim/number_format.h"

#include <cmath>
#include <cstdio>

namespace rmsim {

namespace {

/// whole.frac with `digits` fraction digits, trailing zeros (and a bare point) removed.
std::string decimal(std::uint64_t whole, std::uint64_t frac, int digits) {
    std::string s = std::to_string(whole);
    if (frac == 0) return s;
    char buf[24];
    std::snprintf(buf, sizeof buf, "%0*llu", digits, static_cast<unsigned long long>(frac));
    std::string f(buf);
    while (!f.empty() && f.back() == '0') f.pop_back();
    return s + "." + f;
}

}  // namespace

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
