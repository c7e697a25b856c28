#include "manager/policies/tarplee/full_allocation.h"

#include <algorithm>

namespace rmsim {

FullAllocation::FullAllocation(std::size_t task_types, const std::vector<Count>& machines)
    : T_(task_types), machines_(machines), counts_(machines.size()), ready_(machines.size()) {
    for (std::size_t j = 0; j < machines.size(); ++j) {
        counts_[j].assign(static_cast<std::size_t>(machines[j]) * T_, 0);
        ready_[j].assign(static_cast<std::size_t>(machines[j]), 0.0);
    }
}

double FullAllocation::makespan() const {
    double ms = 0;
    for (const auto& r : ready_)
        for (double t : r) ms = std::max(ms, t);
    return ms;
}

CountMatrix FullAllocation::type_counts() const {
    CountMatrix out(T_, std::vector<Count>(machines_.size(), 0));
    for (std::size_t j = 0; j < machines_.size(); ++j)
        for (std::size_t k = 0; k < static_cast<std::size_t>(machines_[j]); ++k)
            for (std::size_t i = 0; i < T_; ++i) out[i][j] += count(i, j, k);
    return out;
}

double FullAllocation::energy(const Matrix& etc, const Matrix& apc, const std::vector<double>& idle_power) const {
    const double ms = makespan();
    double e = 0;
    for (std::size_t j = 0; j < machines_.size(); ++j)
        for (std::size_t k = 0; k < static_cast<std::size_t>(machines_[j]); ++k) {
            for (std::size_t i = 0; i < T_; ++i) e += static_cast<double>(count(i, j, k)) * apc[i][j] * etc[i][j];
            e += idle_power[j] * (ms - ready(j, k));
        }
    return e;
}

}  // namespace rmsim
