#pragma once
// A bag of tasks over task types x machine types (Tarplee Ch.2 §2.2.1): T_i tasks of type i, M_j identical
// machines of type j, ETC_ij the time of one type-i task on one type-j machine. The Tarplee methods work on
// counts, never on task lists (Tarplee §2.2.3.3: "store counts only").
#include <cstdint>
#include <vector>

#include "workloads/etc_generation.h"  // Matrix

namespace rmsim {

using Count = std::int64_t;
using CountMatrix = std::vector<std::vector<Count>>;  ///< [task type][machine type]

struct TypeBag {
    Matrix etc;                   ///< ETC_ij, seconds, > 0
    std::vector<Count> tasks;     ///< T_i >= 0
    std::vector<Count> machines;  ///< M_j >= 0 (a type with 0 machines takes no task)

    std::size_t task_types() const { return tasks.size(); }
    std::size_t machine_types() const { return machines.size(); }
    Count total_tasks() const;
    Count total_machines() const;
    /// std::invalid_argument on a shape mismatch, ETC <= 0, negative counts, or tasks without machines.
    void validate() const;
};

/// Eqs. 1-2 (Tarplee §2.2.2): max_j (1/M_j) sum_i x_ij ETC_ij, the divisible-load makespan of a (possibly
/// fractional) allocation x.
double dlt_makespan(const Matrix& etc, const std::vector<std::vector<double>>& x, const std::vector<Count>& machines);
double dlt_makespan(const Matrix& etc, const CountMatrix& x, const std::vector<Count>& machines);

}  // namespace rmsim
