#pragma once
// Governors by their config name (`dvfs.governor`), with their parameters (`dvfs.params`), like the
// policy registry: register_builtin_governors adds Linux cpufreq's; a user's governor is one more add().
// A factory checks its parameters when the experiment is loaded and then makes one governor per domain.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "modules/governors/governor.h"
#include "platform/params.h"
#include "platform/registry.h"

namespace rmsim {

/// Makes the governor of one DVFS domain (each domain has its own: governors keep state).
using GovernorMaker = std::function<std::unique_ptr<Governor>()>;

struct GovernorInfo {
    std::string name;
    std::string description;
    std::vector<ParamInfo> params;
    /// Reads and validates the parameters (InputError at a bad one), returns the per-domain maker.
    std::function<GovernorMaker(const Params&)> configure;
};

class GovernorRegistry : public Registry<GovernorInfo> {
public:
    GovernorRegistry() : Registry("governor") {}
    /// Validates the name and the parameters (against the governor's schema, on `platform` if given);
    /// InputError at `where` for an unknown name.
    GovernorMaker configure(const std::string& name, const Params& params, const SourceLocation& where,
                            const PlatformSpec* platform = nullptr) const {
        return checked(name, params, where, platform).configure(params);
    }
};

/// performance, powersave, userspace, ondemand, conservative, schedutil.
void register_builtin_governors(GovernorRegistry& r);
/// The built-in governors (a user's program may copy it and add its own).
const GovernorRegistry& builtin_governors();
/// The governors of this process: the built-ins, then what plug-ins added (docs/plugins.md). Experiments
/// resolve `dvfs.governor` here.
GovernorRegistry& governor_registry();

}  // namespace rmsim
