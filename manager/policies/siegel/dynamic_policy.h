#pragma once
// Siegel §4 (Young et al., J. Supercomputing 63(2), 2013): immediate-mode dynamic allocation with per-core
// queues under uncertain execution times and a total energy constraint. On its arrival each task is assigned
// a core and a P-state (a candidate, candidates.h), after the energy and robustness filters (filters.h) by
// one of the heuristics (heuristics.h), and queued on that core; a task with no candidate left is discarded.
// A core runs its queue in order; a task cannot be stopped once started. With start-time cancellation, a
// task about to start whose probability of meeting its deadline is below ρ is cancelled (dropped), and the
// completion-time PMFs omit the queued tasks predicted to be cancelled (manager/completion_pmf.h).
// The policy keeps the queues itself: a queued task stays in the manager's waiting set until it starts.
// Needs the `distribution` estimate model (the PMFs) and per-core granularity; a task's deadline is the end
// of its step utility (arrival + zero_after()).
#include <cstdint>
#include <deque>
#include <optional>
#include <random>
#include <vector>

#include "manager/completion_pmf.h"
#include "manager/policies/siegel/candidates.h"
#include "manager/policies/siegel/filters.h"
#include "manager/policies/siegel/heuristics.h"
#include "manager/policy.h"
#include "platform/platform_spec.h"

namespace rmsim {

struct SiegelDynamicConfig {
    siegel::Heuristic heuristic = siegel::Heuristic::LightestLoad;
    bool energy_filter = false;  ///< needs energy.constraint_j > 0 (the registry checks)
    bool robustness_filter = false;
    bool cancellation = false;
    double rho = 0.3;                   ///< §4: ρ_thresh = 30 % (robustness filter and cancellation)
    siegel::EnergyFilterConfig energy;  ///< constraint, window, En_mul
    std::size_t max_pulses = 64;        ///< GAP: pulse merging of the queues' PMFs (workloads/pmf_merge.h)
    std::uint64_t seed = 1;             ///< Random's stream
};

class SiegelDynamicPolicy : public Policy {
public:
    explicit SiegelDynamicPolicy(const SiegelDynamicConfig& config);
    PolicyTraits traits() const override;
    void prepare(const PolicyView& view) override;
    void schedule(const PolicyView& view, Decisions& decide) override;
    void report(PolicyReport& r) const override;

    /// The candidates of waiting task t now, before the filters (for tests and the bench).
    std::vector<siegel::Candidate> candidates(const PolicyView& view, TaskId t);
    /// En_rem, t_avg, c_tot and the average queue depth now.
    siegel::EnergyState energy_state(const PolicyView& view);
    /// The energy filter's threshold now (En_thresh).
    Joules energy_threshold(const PolicyView& view);
    std::size_t queue_length(std::uint32_t core) const;

private:
    struct Queued {
        TaskId task = 0;
        std::uint32_t pstate = 0;
        Joules expected_energy = 0;
    };
    struct Core {
        ClusterId cluster = 0;
        std::uint32_t unit = 0;
        std::optional<Queued> running;
        std::deque<Queued> queue;
        // Cache of the queue's completion PMFs: valid while `dirty` is false and now <= valid_until.
        QueueCompletion completion;
        bool dirty = true;
        double valid_until = 0;
    };

    void build_cores(const PolicyView& view);
    void refresh(const PolicyView& view, Core& core);
    double deadline_s(const PolicyView& view, TaskId t) const;
    void map_arrival(const PolicyView& view, TaskId t);
    void start_heads(const PolicyView& view, Decisions& decide);

    SiegelDynamicConfig config_;
    std::mt19937_64 rng_;
    std::vector<Core> cores_;
    std::vector<bool> mapped_;  ///< per task: assigned to a queue (or discarded)
    std::vector<TaskId> discarded_now_;
    Seconds average_exec_s_ = 1;
    std::uint64_t assigned_ = 0, discarded_ = 0, cancelled_ = 0, started_ = 0;
    std::vector<double> arrival_wall_s_;  ///< wall time per arrival mapped
};

}  // namespace rmsim
