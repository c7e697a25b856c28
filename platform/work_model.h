#pragma once
// How long a piece of work takes on a core type at a P-state (DESIGN.md "Execution model").
//   analytic: T = cycles / f + memory_s                      (memory time does not scale with frequency)
//   tabular : T = scale * table[core type][P-state]           (the papers' ETC / ETC-per-P-state matrices)
#include <memory>
#include <vector>

#include "platform/platform_spec.h"

namespace rmsim {

/// Seconds per (core type, P-state). A negative entry means the work cannot run on that core type.
struct TimeTable {
    std::vector<std::vector<Seconds>> seconds;  ///< [core type id][P-state]
    /// Optional: the busy power of one core while it runs this work, [core type id][P-state] (the papers'
    /// per-task-type APC, e.g. Machovec Ch.3 §3.2.2); a missing or negative entry means the core type's
    /// P-state busy power. Must not be below the P-state's idle power.
    std::vector<std::vector<Watts>> busy_power_w;
    Seconds at(CoreTypeId t, std::size_t p) const {
        if (t >= seconds.size() || p >= seconds[t].size()) return -1;
        return seconds[t][p];
    }
    Watts power_at(CoreTypeId t, std::size_t p) const {
        if (t >= busy_power_w.size() || p >= busy_power_w[t].size()) return -1;
        return busy_power_w[t][p];
    }
};

struct WorkModel {
    double cycles = 0;                          ///< frequency-dependent part (clock cycles)
    Seconds memory_s = 0;                       ///< frequency-independent part
    std::shared_ptr<const TimeTable> table;     ///< if set, the model is tabular
    double table_scale = 1.0;                   ///< multiplies table entries (e.g. per-task variation)

    bool tabular() const { return table != nullptr; }
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
            return s < 0 ? s : s * table_scale;
        }
        return cycles / ct.pstates.at(p).frequency_hz + memory_s;
    }
};

}  // namespace rmsim
