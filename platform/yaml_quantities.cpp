#include "platform/yaml_quantities.h"


#include "platform/model_limits.h"
#include "platform/short_number.h"
#include "platform/yaml_util.h"

namespace rmsim {
namespace {

std::string num(double v) { return short_number(v); }

std::string quoted(const char* key) { return std::string("'") + key + "'"; }

double in_sign(const YAML::Node& value, const std::string& file, const std::string& what, bool positive) {
    return positive ? as_positive(value, file, what) : as_non_negative(value, file, what);
}

}  // namespace

Seconds as_seconds(const YAML::Node& value, const std::string& file, const std::string& what, bool positive) {
    const Seconds s = in_sign(value, file, what, positive);
    if (s > kMaxSeconds)
        throw_at(value, file, what + " is " + num(s) + " s, past the end of simulated time (" + num(kMaxSeconds) +
                                  " s, 292 years)");
    return s;
}

Seconds as_period(const YAML::Node& value, const std::string& file, const std::string& what) {
    const Seconds s = as_seconds(value, file, what, true);
    if (s < kResolutionSeconds)
        throw_at(value, file, what + " is " + num(s) + " s, shorter than the time resolution (1e-09 s)");
    return s;
}

Hertz as_frequency(const YAML::Node& value, const std::string& file, const std::string& what, double unit_hz) {
    const Hertz f = as_positive(value, file, what) * unit_hz;
    if (f > kMaxFrequencyHz)
        throw_at(value, file, what + " is " + value.Scalar() + ": a clock period shorter than 1 fs, the finest time "
                                     "resolution of SystemC (at most " + num(kMaxFrequencyHz) + " Hz)");
    if (f < kMinFrequencyHz)
        throw_at(value, file, what + " is " + value.Scalar() + ": a clock period longer than simulated time (at least " +
                                  num(kMinFrequencyHz) + " Hz)");
    return f;
}

double as_amount(const YAML::Node& value, const std::string& file, const std::string& what, bool positive) {
    const double x = in_sign(value, file, what, positive);
    if (x > kMaxMagnitude)
        throw_at(value, file, what + " is " + num(x) + ", above " + num(kMaxMagnitude) +
                                  " (the largest power, energy, utility or byte count whose run totals stay finite)");
    return x;
}

Seconds get_seconds(const YAML::Node& map, const char* key, const std::string& file, bool positive) {
    return as_seconds(get_node(map, key, file), file, quoted(key), positive);
}
Seconds get_seconds_or(const YAML::Node& map, const char* key, const std::string& file, Seconds fallback,
                       bool positive) {
    return has_key(map, key) ? get_seconds(map, key, file, positive) : fallback;
}
Seconds get_period_or(const YAML::Node& map, const char* key, const std::string& file, Seconds fallback) {
    return has_key(map, key) ? as_period(get_node(map, key, file), file, quoted(key)) : fallback;
}
double get_amount(const YAML::Node& map, const char* key, const std::string& file, bool positive) {
    return as_amount(get_node(map, key, file), file, quoted(key), positive);
}
double get_amount_or(const YAML::Node& map, const char* key, const std::string& file, double fallback,
                     bool positive) {
    return has_key(map, key) ? get_amount(map, key, file, positive) : fallback;
}

}  // namespace rmsim
