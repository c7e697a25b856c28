#pragma once
// Tarplee Ch.5's steady-state schedule run as a policy (docs/policies.md, "tarplee-steady-state"): the
// second stage of the provisioning LP (manager/policies/tarplee/provisioning.h) gives, per task type i and
// machine type j, the effective number ptilde_ij of type-j machines running type-i tasks, i.e. the throughput
// x_ij = ptilde_ij / ETC_ij tasks per second (Tarplee Ch.5 §5.3 Eq. 36). Machine type j is cluster j, each of
// its units one machine (single-core nodes).
//
// On each arriving task of type i: admitted with probability a_i = min(1, sum_j x_ij / lambda_i) (the LP
// serves only that fraction of the arrivals, 37e), otherwise rejected; an admitted task goes to machine type
// j with probability x_ij / sum_j x_ij, then to the machine of that type with the least remaining work (its
// running task's remaining booked time plus its queue's; ties: the lower unit), and each machine runs its
// queue first-come first-served (manager/machine_queues.h). The draws come from the policy's own stream
// (`seed`), two per task in arrival order (admission, then machine type), so a run is deterministic.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "manager/machine_queues.h"
#include "manager/policy.h"
#include "platform/input_error.h"

namespace rmsim {

struct SteadyStateSchedule {
    std::vector<std::vector<double>> throughput;  ///< x_ij [task type][cluster], tasks per second, >= 0
    std::vector<double> arrival_rate;             ///< lambda_i, tasks per second, >= 0

    /// a_i = min(1, sum_j x_ij / lambda_i); 1 if lambda_i = 0 and the row serves something, 0 if it serves nothing.
    double admission(std::size_t i) const;
    /// p_ij = x_ij / sum_j x_ij (all 0 for a row that serves nothing).
    std::vector<double> routing(std::size_t i) const;
};

class SteadyStatePolicy : public Policy {
public:
    /// `where`: the config's `throughput`, blamed when the platform or workload does not fit it.
    SteadyStatePolicy(SteadyStateSchedule schedule, std::uint64_t seed, SourceLocation where)
        : schedule_(std::move(schedule)), rng_(seed), where_(std::move(where)) {}
    PolicyTraits traits() const override;
    void prepare(const PolicyView& view) override;
    void schedule(const PolicyView& view, Decisions& decide) override;
    void report(PolicyReport& r) const override;

private:
    double uniform();  ///< [0, 1) from 53 bits of the stream (the same on every standard library)

    SteadyStateSchedule schedule_;
    std::mt19937_64 rng_;
    SourceLocation where_;
    std::vector<double> admit_;                    ///< a_i
    std::vector<std::vector<double>> cumulative_;  ///< [i][j]: sum_{j' <= j} p_ij'
    std::vector<char> seen_;                       ///< [task]: admitted or rejected already
    std::size_t log_seen_ = 0;                     ///< entries of the waiting queue's additions log read
    MachineQueues queues_;
    double admitted_ = 0, rejected_ = 0;
};

}  // namespace rmsim
