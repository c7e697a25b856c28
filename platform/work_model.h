#pragma once
// How long a piece of work takes on a core type at a P-state (docs/architecture.md "Hardware semantics", execution model).
//   analytic  : T = cycles / f + memory_s                      (memory time does not scale with frequency)
//   tabular   : T = scale * table[core type][P-state]           (the papers' ETC / ETC-per-P-state matrices)
//   stochastic: T = scale * Q[core type][P-state](u)            (a task type's execution-time distribution,
//               Siegel's PMFs; u in [0, 1) is the task's own draw, the same on every core type and P-state,
//               so a task that is slow on one machine is slow on all: Q is the distribution's quantile)
// The hardware runs T. What the manager believes T to be is its estimate model's business
// (manager/estimates.h): the exact T, the user's requested time, or the distribution itself.
#include <memory>
#include <stdexcept>
#include <string>
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
    /// VM configurations and value terms: what a value-of-service policy needs of every task.
    bool has_vos_terms() const { return vos && !vm_configs.empty(); }
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

/// A task's work in one of the two models. Their fields share storage (24 bytes where both would take 40: a
/// Task and a START message carry one each), so a model's fields are read and set through it: an analytic
/// model's cycles and memory time; a tabular model's table, scale and draw. Setting a table makes the model
/// tabular (scale 1, no draw: deterministic), clearing it makes it analytic (no work); setting a field of
/// the other model is a logic error. Read in the other model, a field has its default (cycles 0, memory time
/// 0, scale 1, draw -1), as when both models had fields of their own.
class WorkModel {
public:
    WorkModel() = default;

    bool tabular() const { return table_ != nullptr; }
    bool stochastic() const { return table_ != nullptr && b_ >= 0; }

    /// Analytic: the frequency-dependent part (clock cycles).
    double cycles() const { return table_ ? 0.0 : a_; }
    /// Analytic: the frequency-independent part.
    Seconds memory_s() const { return table_ ? 0.0 : b_; }
    void set_cycles(double cycles) { field(false, "cycles", a_) = cycles; }
    void set_memory_s(Seconds s) { field(false, "memory_s", b_) = s; }

    /// Tabular: the table (shared per task type); null for an analytic model.
    const Interned<TimeTable>& table() const { return table_; }
    /// Tabular: multiplies the table's entries (e.g. per-task variation).
    double table_scale() const { return table_ ? a_ : 1.0; }
    /// Tabular: >= 0 makes the model stochastic, the task's draw u in [0, 1).
    double quantile() const { return table_ ? b_ : -1.0; }
    /// Makes the model tabular with `table` (scale 1, no draw) or, with null, analytic without work.
    void set_table(Interned<TimeTable> table) {
        table_ = table;
        a_ = table_ ? 1.0 : 0.0;
        b_ = table_ ? -1.0 : 0.0;
    }
    void set_table_scale(double scale) { field(true, "table_scale", a_) = scale; }
    void set_quantile(double u) { field(true, "quantile", b_) = u; }

    /// Busy power of a core running this work on core type `ct` at P-state `p`: the table's if it gives one,
    /// else the P-state's.
    Watts busy_power_w(const CoreType& ct, CoreTypeId ct_id, std::size_t p) const {
        if (table_) {
            const Watts w = table_->power_at(ct_id, p);
            if (w >= 0) return w;
        }
        return ct.pstates.at(p).busy_power_w;
    }
    /// Duration of the whole work on core type `ct` at P-state `p`; negative if it cannot run there.
    Seconds duration(const CoreType& ct, CoreTypeId ct_id, std::size_t p) const {
        if (table_) {
            Seconds s = table_->at(ct_id, p);
            if (s >= 0 && b_ >= 0 && table_->has_distribution(ct_id, p)) s = table_->quantile_at(ct_id, p, b_);
            return s < 0 ? s : s * a_;
        }
        return a_ / ct.pstates.at(p).frequency_hz + b_;
    }

private:
    /// `f`, a field of the tabular model (`of_tabular`) or of the analytic one; a logic error in the other model.
    double& field(bool of_tabular, const char* name, double& f) {
        if (tabular() != of_tabular)
            throw std::logic_error(std::string("WorkModel: ") + name +
                                   (of_tabular ? " of an analytic model" : " of a tabular model"));
        return f;
    }

    Interned<TimeTable> table_;  ///< set: tabular
    double a_ = 0;               ///< analytic: cycles; tabular: the scale
    double b_ = 0;               ///< analytic: memory time (s); tabular: the draw (-1: none)
};

/// The work of a task run in VM configuration `c`: exactly its ETC entry on any core at any P-state (Ch.2
/// has no DVFS; the time is frequency-independent, the analytic model's fixed part).
inline WorkModel vm_config_work(const VmConfig& c) {
    WorkModel w;
    w.set_memory_s(c.seconds);
    return w;
}

}  // namespace rmsim
