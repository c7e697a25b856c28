#pragma once
// Siegel §3 (Apodaca et al. 2011) on the modeled hardware: before the run, the bag of tasks (every task known,
// a common deadline δ = the end of their step utility) is mapped by Min-Min at one fixed P-state, by the
// Genitor GA (seeded by Min-Min at every P-state), by Tabu search (from the best Min-Min seed) or by the
// tree search (tabu.h, tree_search.h: the two heuristics the slides only name); during the run each core
// executes its tasks back to back (in task order; the order within a core does not change its finishing time)
// at their P-states, with the execution times the hardware draws. The report gives the predicted ψ and
// expected energy of the mapping beside what happened: the makespan and whether every task finished by δ.
// Needs the `distribution` estimate model (the manager's PMFs) and per-core granularity.
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "manager/policies/siegel/genitor.h"
#include "manager/policies/siegel/static_mapping.h"
#include "manager/policies/siegel/tabu.h"
#include "manager/policies/siegel/tree_search.h"
#include "manager/policy.h"

namespace rmsim {

struct SiegelStaticConfig {
    enum class Heuristic { MinMin, Ga, Tabu, TreeSearch };
    Heuristic heuristic = Heuristic::Ga;  ///< min-min at `pstate`
    std::uint32_t pstate = 0;
    double robustness_floor = 0.9;  ///< §3: R = 90 %
    std::size_t max_pulses = 64;    ///< GAP: pulses per core finishing-time PMF
    siegel::GenitorParams genitor;
    siegel::TabuParams tabu;
    siegel::TreeSearchParams tree;
};

class SiegelStaticPolicy : public Policy {
public:
    explicit SiegelStaticPolicy(const SiegelStaticConfig& config);
    PolicyTraits traits() const override;
    void prepare(const PolicyView& view) override;
    void schedule(const PolicyView& view, Decisions& decide) override;
    void report(PolicyReport& r) const override;

    /// The problem the view poses (system, PMFs per task kind, δ): for tests and the bench.
    static siegel::StaticProblem problem_of(const PolicyView& view, std::size_t max_pulses, double floor);

private:
    struct Core {
        ClusterId cluster = 0;
        std::uint32_t unit = 0;
        std::optional<TaskId> running;
        std::deque<std::pair<TaskId, std::uint32_t>> queue;  ///< (task, P-state)
    };

    SiegelStaticConfig config_;
    std::vector<Core> cores_;
    double predicted_psi_ = 0;
    Joules predicted_energy_ = 0;
    double deadline_ = 0;
    double makespan_ = 0;
    std::uint64_t generations_ = 0;
    std::uint64_t late_ = 0;
    double mapping_wall_s_ = 0;
};

}  // namespace rmsim
