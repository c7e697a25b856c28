#pragma once
// Deterministic number text for the result files: the same run gives byte-identical files.
// Simulated times are whole nanoseconds and are written exactly, as decimals without trailing zeros.
#include <cstdint>
#include <string>

namespace rmsim {

/// Exact seconds: 1500000000 -> "1.5", 3 -> "0.000000003", 0 -> "0".
std::string ns_as_seconds(std::uint64_t ns);
/// Exact microseconds (Chrome trace timestamps): 1500 -> "1.5", 2000 -> "2".
std::string ns_as_micros(std::uint64_t ns);
/// 12 significant digits (printf %.12g, as in tasks.csv); zero (of either sign) is "0".
std::string number12(double v);

}  // namespace rmsim
