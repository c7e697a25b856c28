#pragma once
// A DVFS governor: the controller of one DVFS domain (core, processor or node, as the platform says) that
// chooses its P-state from the domain's utilization, like a Linux cpufreq governor. The hardware samples the
// domain (modules/governors/governor_module.h) and asks the governor for a level; the level goes to the
// domain's cores through the same path as any P-state request, so transition latency and energy apply.
//
// Writing one (docs/dvfs.md has a complete example): derive from Governor, implement decide(), and register
// a factory by name in a GovernorRegistry (register_builtin_governors shows the pattern); an experiment
// selects it with `dvfs: {governor: NAME, params: {...}}`.
#include <cstdint>
#include <memory>
#include <optional>

#include "platform/platform_spec.h"

namespace rmsim {

/// What a governor sees at a sampling instant.
struct DomainSample {
    Seconds now_s = 0;
    Seconds window_s = 0;                 ///< the span the loads are measured over (since the previous sample)
    double load = 0;                      ///< the busiest core's busy fraction over the window, in [0, 1] (Linux: max)
    double mean_load = 0;                 ///< the mean over the domain's cores
    std::uint32_t level = 0;              ///< the level the governor last asked for (P0 fastest)
    const CoreType* core_type = nullptr;  ///< the domain's P-states (frequencies strictly decreasing)

    std::uint32_t levels() const { return static_cast<std::uint32_t>(core_type->pstates.size()); }
    Hertz frequency(std::uint32_t l) const { return core_type->pstates[l].frequency_hz; }
    Hertz f_max() const { return frequency(0); }
    Hertz f_min() const { return frequency(levels() - 1); }
};

class Governor {
public:
    virtual ~Governor() = default;
    /// Seconds between samples; 0: the governor never samples (its initial level holds, or it follows the
    /// scheduler).
    virtual Seconds sampling_period_s() const = 0;
    /// The level the domain takes at the start of the run; nullopt: the hardware's (P0).
    virtual std::optional<std::uint32_t> initial_level(const CoreType&) const { return std::nullopt; }
    /// The level to ask for after a sample (s.level: no change).
    virtual std::uint32_t decide(const DomainSample& s) = 0;
    /// Sampling periods until the next sample (Linux ondemand's sampling_down_factor keeps a raised
    /// frequency longer by sampling less often).
    virtual std::uint32_t periods_to_next() const { return 1; }
    /// True if, fed the same sample again, decide() would return the same level and leave the governor as it
    /// is now. The hardware then stops sampling until a core of the domain changes activity (its load cannot
    /// change before), which is what makes idle and steadily busy domains cost nothing. Called right after
    /// decide(s) returned `decided`.
    virtual bool steady(const DomainSample& s, std::uint32_t decided) const { return decided == s.level; }
    /// The scheduler's per-task P-state applies (START, SET_PSTATE): the governor does not control the level.
    virtual bool follows_scheduler() const { return false; }
};

}  // namespace rmsim
