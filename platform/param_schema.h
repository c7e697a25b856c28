#pragma once
// The one check of a component's parameters against its schema (ParamInfo, platform/params.h), made by the
// registries (platform/registry.h) when a config is validated and when it is run, before anything runs: a
// value a component cannot use is the user's mistake, located at the value, never an internal error later.
#include <string>
#include <vector>

#include "platform/params.h"

namespace rmsim {

struct PlatformSpec;

/// InputError at the first parameter of `params` that its schema refuses: a key `schema` does not list
/// (Params::check_known), a value of the wrong type, out of its bounds or outside its domain. `what` names the
/// component in messages ("policy 'siegel-static'"):
///   file:line:col: parameter 'pstate' of policy 'siegel-static': 99 is not a P-state of this platform (core
///   types have P-states 0 to 1)
/// The domains that depend on the platform (ParamInfo::pstate, core_type) are checked against `platform`;
/// without one (nullptr) only their type is. The keys of a nested map (a ParamInfo of type "map") are checked
/// against the "map.key" entries; a nested key the schema does not list is left to the component's own check.
void check_params(const std::vector<ParamInfo>& schema, const Params& params, const std::string& what,
                  const PlatformSpec* platform = nullptr);

}  // namespace rmsim
