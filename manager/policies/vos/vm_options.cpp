#include "manager/policies/vos/vm_options.h"

#include <limits>
#include <stdexcept>
#include <string>

#include "manager/decisions.h"
#include "manager/dropping.h"

namespace rmsim {

const VosTerms& vos_terms(const PolicyView& view, TaskId t) {
    const Task& task = view.task(t);
    if (!task.work.table() || !task.work.table()->has_vos_terms())
        throw std::logic_error("value-of-service policy: task " + std::to_string(t) +
                               " has no VM configurations and value terms (use the machovec_ch2 workload)");
    return *task.work.table()->vos;
}

const std::vector<VmConfig>& vm_configs(const PolicyView& view, TaskId t) {
    vos_terms(view, t);
    return view.task(t).work.table()->vm_configs;
}

double vos_total_resources(const PolicyView& view, ClusterId c, const VmConfig& config, SimTime duration) {
    const AvailabilityProfile& p = view.profile(c);
    const double total_cores =
        double(view.unit_count(c)) * (view.granularity() == Granularity::Node ? view.cores_per_node(c) : 1.0);
    double share = config.cores / total_cores;
    if (const MemoryPool* m = p.memory()) share += config.memory_gb / m->capacity_gb();
    return duration.to_seconds() * share;
}

std::optional<VmOption> vm_option(const PolicyView& view, TaskId t, std::uint32_t k, ClusterId c) {
    const VmConfig& config = vm_configs(view, t)[k];
    const SimTime d = view.vm_booked_time(t, k, c);
    const auto start = view.profile(c).earliest_start_with_memory(config.cores, d, config.memory_gb, view.now());
    if (!start) return std::nullopt;
    const Task& task = view.task(t);
    VmOption o;
    o.config = k;
    o.cluster = c;
    o.start = *start;
    o.duration = d;
    o.value =
        task_value(vos_terms(view, t), task.arrival_s, (*start + d - task.arrival()).to_seconds(), config.energy_j)
            .value;
    o.resources = vos_total_resources(view, c, config, d);
    return o;
}

void commit_vm_option(const PolicyView& view, Decisions& decide, TaskId t, const VmOption& o,
                      std::vector<LocalNodeIndex> units, bool placeholders) {
    decide.choose_vm_config(t, o.config);
    if (o.start <= view.now())
        decide.start(t, o.cluster, std::move(units), 0);
    else
        decide.reserve(t, o.cluster, std::move(units), o.start, 0, placeholders);
}

std::vector<TaskId> drop_worthless(const PolicyView& view, Decisions& decide, std::uint64_t& dropped) {
    std::vector<TaskId> mappable;
    // Below the smallest positive value: dropped exactly when the upper bound is 0.
    const double threshold = std::numeric_limits<double>::denorm_min();
    for (TaskId t : view.waiting()) {
        switch (drop_if_below(view, decide, t, threshold, true)) {
            case DropOutcome::Kept: mappable.push_back(t); break;
            case DropOutcome::Dropped: ++dropped; break;
            case DropOutcome::Rejected: break;
        }
    }
    return mappable;
}

PolicyTraits vos_traits(SimTime period) {
    PolicyTraits t;
    t.on_arrival = false;  // §2.4.2: mapping events every minute only
    t.on_completion = false;
    t.period = period;
    t.granularity = Granularity::Core;
    t.vm_options = true;
    return t;
}

}  // namespace rmsim
