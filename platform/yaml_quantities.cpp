#include "platform/yaml_quantities.h"

#include "platform/model_limits.h"
#include "platform/short_number.h"
#include "platform/yaml_util.h"

namespace rmsim {
namespace {

double in_sign(const YAML::Node& value, const std::string& file, const std::string& what, bool positive) {
    return positive ? as_positive(value, file, what) : as_non_negative(value, file, what);
}

}  // namespace

Seconds as_seconds(const YAML::Node& value, const std::string& file, const std::string& what, bool positive) {
    const Seconds s = in_sign(value, file, what, positive);
    if (s > kMaxSeconds)
        throw_at(value, file,
                 what + " is " + short_number(s) + " s, past the end of simulated time (" + short_number(kMaxSeconds) +
                     " s, 292 years)");
    return s;
}

Seconds as_period(const YAML::Node& value, const std::string& file, const std::string& what) {
    const Seconds s = as_seconds(value, file, what, true);
    if (s < kResolutionSeconds)
        throw_at(value, file,
                 what + " is " + short_number(s) + " s, shorter than the time resolution (" +
                     short_number(kResolutionSeconds) + " s)");
    return s;
}

Hertz as_frequency(const YAML::Node& value, const std::string& file, const std::string& what, double unit_hz) {
    const Hertz f = as_positive(value, file, what) * unit_hz;
    if (f > kMaxFrequencyHz)
        throw_at(value, file,
                 what + " is " + value.Scalar() +
                     ": a clock period shorter than 1 fs, the finest time "
                     "resolution of SystemC (at most " +
                     short_number(kMaxFrequencyHz) + " Hz)");
    if (f < kMinFrequencyHz)
        throw_at(value, file,
                 what + " is " + value.Scalar() + ": a clock period longer than simulated time (at least " +
                     short_number(kMinFrequencyHz) + " Hz)");
    return f;
}

double as_amount(const YAML::Node& value, const std::string& file, const std::string& what, bool positive) {
    const double x = in_sign(value, file, what, positive);
    if (x > kMaxMagnitude)
        throw_at(value, file,
                 what + " is " + short_number(x) + ", above " + short_number(kMaxMagnitude) +
                     " (the largest power, energy, utility or byte count whose run totals stay finite)");
    return x;
}

Seconds get_seconds(const YAML::Node& map, const char* key, const std::string& file, bool positive) {
    return as_seconds(get_node(map, key, file), file, quoted(key), positive);
}
Seconds get_seconds_or(const YAML::Node& map, const char* key, const std::string& file, Seconds fallback,
                       bool positive) {
    const auto v = optional_value(map, key, file);
    return v ? as_seconds(*v, file, quoted(key), positive) : fallback;
}
Seconds get_period_or(const YAML::Node& map, const char* key, const std::string& file, Seconds fallback) {
    const auto v = optional_value(map, key, file);
    return v ? as_period(*v, file, quoted(key)) : fallback;
}
double get_amount(const YAML::Node& map, const char* key, const std::string& file, bool positive) {
    return as_amount(get_node(map, key, file), file, quoted(key), positive);
}
double get_amount_or(const YAML::Node& map, const char* key, const std::string& file, double fallback, bool positive) {
    const auto v = optional_value(map, key, file);
    return v ? as_amount(*v, file, quoted(key), positive) : fallback;
}

}  // namespace rmsim
