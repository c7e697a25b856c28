#pragma once
// P-state residency and transitions per core type over a run (summary.json `dvfs`, docs/outputs.md), from
// the ActivityLog's P-state records. Every core starts at P0 at time 0; a record's level is in force on its
// cores from its effective time; of several records taking effect on a core at one instant, the last
// requested wins (a request that replaces a pending switch takes effect when that switch ends).
//
// A transition is a change of the level in force of a DVFS domain (core, processor or node): counted once
// per domain and instant, however many cores the domain has, once in each core type of the domain whose
// cores change level then. A switch whose replacement brings it back to the level it started from changes
// nothing and counts nothing.
//
// Cost: a stable sort of the records by (node, effective time), then one pass over the cores each record
// covers, plus one pass over all cores at the end (no work per core per unit of time).
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "modules/activity_log.h"
#include "platform/platform_spec.h"

namespace rmsim {

struct PStateResidency {
    struct ByType {
        CoreTypeId type = 0;
        std::uint64_t cores = 0;          ///< cores of this type in the machine (> 0)
        std::vector<double> residency_s;  ///< core-seconds at each level, P0 first
        std::uint64_t transitions = 0;    ///< domain switches that changed this type's level in force
    };
    DvfsScope domain = DvfsScope::Core;
    std::vector<ByType> by_type;  ///< core types with cores in the machine, in type order
};

/// Residency over [0, end_ns]; records taking effect after end_ns are ignored.
PStateResidency pstate_residency(const PlatformSpec& spec, const std::vector<ActivityLog::PStateChange>& changes,
                                 std::uint64_t end_ns);

/// {"domain": "node", "by_core_type": {"<name>": {"residency_s": {"p0": .., ...},
///  "residency_fraction": {"p0": .., ...}, "transitions": N}}}; fractions are 0 for a run of length 0.
nlohmann::ordered_json to_json(const PStateResidency& r, const PlatformSpec& spec);

}  // namespace rmsim
