#include "manager/policies/vos/simple_policy.h"

#include <stdexcept>
#include <string>
#include <vector>

#include "manager/decisions.h"
#include "manager/policies/vos/vm_options.h"
#include "manager/policy_view.h"
#include "manager/unit_choice.h"

namespace rmsim {

SimplePolicy::SimplePolicy(const SimpleConfig& config) : config_(config), rng_(config.seed) {
    if (!(config.period > SimTime())) throw std::invalid_argument("SimplePolicy: the event period must be positive");
}

PolicyTraits SimplePolicy::traits() const { return vos_traits(config_.period); }

void SimplePolicy::report(PolicyReport& r) const {
    r.figures.emplace_back("dropped", static_cast<double>(dropped_));
    r.figures.emplace_back("started_now", static_cast<double>(started_));
    r.figures.emplace_back(config_.placeholders ? "placeholders" : "reservations", static_cast<double>(booked_));
}

// Machovec Ch.2 §2.4.2, Algorithm 2 (single cluster: §2.2's one homogeneous cluster; with several, the first
// that can hold the configuration).
void SimplePolicy::schedule(const PolicyView& view, Decisions& decide) {
    std::vector<TaskId> mappable;
    if (config_.dropping) {
        mappable = drop_worthless(view, decide, dropped_);
    } else {
        for (TaskId t : view.waiting()) mappable.push_back(t);
    }
    while (!mappable.empty()) {
        // Random task, swapped out of the set (line 5: removed from the mappable set).
        const std::size_t i = std::uniform_int_distribution<std::size_t>(0, mappable.size() - 1)(rng_);
        const TaskId t = mappable[i];
        mappable[i] = mappable.back();
        mappable.pop_back();
        const std::uint32_t n = static_cast<std::uint32_t>(vm_configs(view, t).size());
        const std::uint32_t k = std::uniform_int_distribution<std::uint32_t>(0, n - 1)(rng_);
        std::optional<VmOption> o;
        for (ClusterId c = 0; c < view.cluster_count() && !o; ++c) o = vm_option(view, t, k, c);
        if (!o) {
            decide.reject(t);  // the configuration fits no cluster at all: it can never run
            continue;
        }
        if (config_.dropping && !(o->value > 0)) {  // "w/ dropping": no zero-value assignment
            decide.drop(t);
            ++dropped_;
            continue;
        }
        const std::uint32_t cores = vm_configs(view, t)[k].cores;
        // §2.4.2: among the cores free at the earliest start, the smallest ids.
        std::vector<LocalNodeIndex> units =
            lowest_idle_units(view.profile(o->cluster), cores, o->start, o->start + o->duration);
        if (units.size() != cores)
            throw std::logic_error("SimplePolicy: no cores at the earliest start of task " + std::to_string(t));
        ++(o->start <= view.now() ? started_ : booked_);
        commit_vm_option(view, decide, t, *o, std::move(units), config_.placeholders);
    }
}

}  // namespace rmsim
