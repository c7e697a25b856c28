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

struct ParamInfo {
    std::string name;  ///< a key of a nested map is "map.key" (the map has a ParamInfo of type "map")
    std::string type;  ///< "number", "integer", "bool", "string"; workloads also "list", "matrix", "map"
    std::string default_value;
    std::string description;
};

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
