#pragma once
// The parameters of a configurable component (a scheduling policy, a DVFS governor, a workload), as written
// in the config: a YAML map, possibly empty, read with typed getters whose errors point at the value
// (file:line:col). Registries list each component's parameters (ParamInfo) and reject unknown ones.
#include <cstdint>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "platform/input_error.h"

namespace rmsim {

/// One parameter and its schema: what values it takes. The four strings come first, so that a list written
/// `{name, type, default, description}` still builds one; the bounds and the domain are set with the chainable
/// methods below, each returning a modified copy:
///   ParamInfo{"rho", "number", "0.3", "..."}.in(0, 1)
/// check_params (platform/param_schema.h) checks a component's parameters against them when a config is
/// validated or run, and `rmsim list-policies` (list-governors, list-workloads) shows them (range()).
struct ParamInfo {
    /// What a parameter's value is checked against besides its type and bounds.
    enum class Domain {
        None,
        PState,    ///< an integer P-state index valid on every core type of the platform
        CoreType,  ///< a string naming a core type of the platform
        Period,    ///< seconds between events: kMinEventPeriodSeconds to kMaxSeconds (platform/model_limits.h)
    };

    std::string name;  ///< a key of a nested map is "map.key" (the map has a ParamInfo of type "map")
    /// One of kParamTypes: "number" (finite), "integer" (a whole number from 0 to 2^32 - 1), "boolean" (true or
    /// false), "string" (a scalar), "list" (a sequence), "matrix" (a sequence of sequences), "map".
    std::string type;
    std::string default_value;
    std::string description;
    double min = -kUnbounded;    ///< lower bound of a number or integer (-kUnbounded: none)
    double max = kUnbounded;     ///< upper bound (kUnbounded: none)
    bool min_exclusive = false;  ///< the value must be > min, not >= min
    bool max_exclusive = false;  ///< the value must be < max, not <= max
    Domain domain = Domain::None;
    bool zero_means_off = false;  ///< Domain::Period: 0 is allowed (the parameter documents it as "off")

    static constexpr double kUnbounded = 1e308;

    /// lo <= value <= hi.
    ParamInfo in(double lo, double hi) const;
    /// value >= lo.
    ParamInfo at_least(double lo) const;
    /// value > lo.
    ParamInfo above(double lo) const;
    /// value <= hi.
    ParamInfo at_most(double hi) const;
    /// value < hi.
    ParamInfo below(double hi) const;
    /// An integer P-state index valid on every core type: below the fewest P-states of any core type.
    ParamInfo pstate() const;
    /// A string naming a core type of the platform.
    ParamInfo core_type() const;
    /// A number of seconds between events: not below kMinEventPeriodSeconds (nor the time resolution), at most
    /// kMaxSeconds; 0 too if `zero_means_off` (the description must say what 0 means).
    ParamInfo period(bool zero_means_off = false) const;

    /// The schema in words, for listings: "in [0, 1]", "> 0", "a P-state index", "a period >= 0.0001 s or 0";
    /// "" when only the type constrains the value.
    std::string range() const;
};

/// The parameter types check_params knows, as ParamInfo::type writes them.
inline const std::vector<std::string>& param_types() {
    static const std::vector<std::string> types{"number", "integer", "boolean", "string", "list", "matrix", "map"};
    return types;
}

/// The keys that `params` document directly in the map `map` ("": the component's own map), in their order:
/// {"a", "b", "b.x"} gives a, b for "" and x for "b".
std::vector<std::string> param_keys(const std::vector<ParamInfo>& params, const std::string& map = "");

class Params {
public:
    Params() = default;
    Params(YAML::Node map, std::string file) : map_(std::move(map)), file_(std::move(file)) {}
    double number(const char* key, double fallback) const;
    std::uint32_t integer(const char* key, std::uint32_t fallback) const;
    bool flag(const char* key, bool fallback) const;
    std::string text(const char* key, const std::string& fallback) const;
    /// Throws InputError at the parameter if `ok` is false.
    void require(bool ok, const char* key, const std::string& message) const;
    /// InputError at the first key that `known` does not list (`what`: e.g. "policy 'fcfs'").
    void check_known(const std::vector<ParamInfo>& known, const std::string& what) const;
    const YAML::Node& node() const { return map_; }
    const std::string& file() const { return file_; }

private:
    YAML::Node map_;
    std::string file_;
};

}  // namespace rmsim
