#pragma once
// How long a piece of work takes on a core type at a P-state (DESIGN.md "Execution model").
//   analytic  : T = cycles / f + memory_s                      (memory time does not scale with frequency)
//   tabular   : T = scale * table[core type][P-state]           (the papers' ETC / ETC-per-P-state matrices)
//   stochastic: T = scale * Q[core type][P-state](u)            (a task type's execution-time distribution,
//               Siegel's PMFs; u in [0, 1) is the task's own draw, the same on every core type and P-state,
//               so a task that is slow on one machine is slow on all: Q is the distribution's quantile)
// The hardware runs T. What the manager believes T to be is its estimate model's business
// (manager/estimates.h): the exact T, the user's requested time, or the distribution itself.
#include <memory>
#include <vector>

#include "platform/interned.h"
#include "platform/platform_spec.h"

namespace rmsim {

/// One value of a discrete execution-time distribution: `probability` of taking `seconds`.
struct TimePulse {
    Seconds seconds = 0;
    double probability = 0;
};

/// Machovec Ch.2 §2.2: one allowable VM configuration of a task type, with its ETC and EEC entries.
struct VmConfig {
    std::uint32_t cores = 1;  ///< cores of the VM
    double memory_gb = 0;     ///< memory of the VM (GB)
    Seconds seconds = 0;      ///< ETC: execution time in this VM (spawn overhead included, §2.6.3)
    Joules energy_j = 0;      ///< EEC: energy of the execution in this VM
};

struct VosTerms;  // Machovec Ch.2 value terms of a task type (workloads/vos_value.h); platform code never reads them

/// Seconds per (core type, P-state). A negative entry means the work cannot run on that core type.
struct TimeTable {
    std::vector<std::vector<Seconds>> seconds;  ///< [core type id][P-state]
    /// Optional: the execution-time distribution per [core type id][P-state], pulses ascending by seconds,
    /// probabilities summing to 1 (set_distribution() checks). Where given, a stochastic work model draws
    /// from it, and `seconds` holds its mean.
    std::vector<std::vector<std::vector<TimePulse>>> distribution;
    /// Optional: the busy power of one core while it runs this work, [core type id][P-state] (the papers'
    /// per-task-type APC, e.g. Machovec Ch.3 §3.2.2); a missing or negative entry means the core type's
    /// P-state busy power. Must not be below the P-state's idle power.
    std::vector<std::vector<Watts>> busy_power_w;
    /// Optional (Machovec Ch.2): the task type's allowable VM configurations. A policy chooses one per task
    /// (Decisions::choose_vm_config); the task then books and runs that configuration (vm_config_work()).
    std::vector<VmConfig> vm_configs;
    /// Optional (Machovec Ch.2 §2.3): the task's value terms (a table of its own then), read by the
    /// value-of-service policies and metrics; null for every other workload.
    std::shared_ptr<const VosTerms> vos;
    Seconds at(CoreTypeId t, std::size_t p) const {
        if (t >= seconds.size() || p >= seconds[t].size()) return -1;
        return seconds[t][p];
    }
    Watts power_at(CoreTypeId t, std::size_t p) const {
        if (t >= busy_power_w.size() || p >= busy_power_w[t].size()) return -1;
        return busy_power_w[t][p];
    }
    bool has_distribution(CoreTypeId t, std::size_t p) const {
        return t < distribution.size() && p < distribution[t].size() && !distribution[t][p].empty();
    }
    /// The u-quantile of the distribution at (t, p): the smallest value whose cumulative probability exceeds
    /// u (u in [0, 1)); -1 if there is none.
    Seconds quantile_at(CoreTypeId t, std::size_t p, double u) const;
    /// Sets the distribution at (t, p) (and `seconds` there to its mean). std::invalid_argument unless the
    /// pulses are ascending, non-negative, with probabilities > 0 summing to 1 (within 1e-9).
    void set_distribution(CoreTypeId t, std::size_t p, std::vector<TimePulse> pulses);
};

struct WorkModel {
    double cycles = 0;                          ///< frequency-dependent part (clock cycles)
    Seconds memory_s = 0;                       ///< frequency-independent part
    Interned<TimeTable> table;                  ///< if set, the model is tabular (shared per task type)
    double table_scale = 1.0;                   ///< multiplies table entries (e.g. per-task variation)
    double quantile = -1;                       ///< >= 0: stochastic, the task's draw u in [0, 1)

    bool tabular() const { return table != nullptr; }
    bool stochastic() const { return table != nullptr && quantile >= 0; }
    /// Busy power of a core running this work on core type `ct` at P-state `p`: the table's if it gives one,
    /// else the P-state's.
    Watts busy_power_w(const CoreType& ct, CoreTypeId ct_id, std::size_t p) const {
        if (table) {
            const Watts w = table->power_at(ct_id, p);
            if (w >= 0) return w;
        }
        return ct.pstates.at(p).busy_power_w;
    }
    /// Duration of the whole work on core type `ct` at P-state `p`; negative if it cannot run there.
    Seconds duration(const CoreType& ct, CoreTypeId ct_id, std::size_t p) const {
        if (table) {
            Seconds s = table->at(ct_id, p);
            if (s >= 0 && quantile >= 0 && table->has_distribution(ct_id, p)) s = table->quantile_at(ct_id, p, quantile);
            return s < 0 ? s : s * table_scale;
        }
        return cycles / ct.pstates.at(p).frequency_hz + memory_s;
    }
};

/// The work of a task run in VM configuration `c`: exactly its ETC entry on any core at any P-state (Ch.2
/// has no DVFS; the time is frequency-independent, the analytic model's fixed part).
inline WorkModel vm_config_work(const VmConfig& c) {
    WorkModel w;
    w.memory_s = c.seconds;
    return w;
}

}  // namespace rmsim
