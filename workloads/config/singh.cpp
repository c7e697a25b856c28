// The `singh` workload: Singh 2015 DAG jobs (workloads/singh_dag_generator.h; every default is a documented
// GAP there).
#include <random>

#include "platform/enum_names.h"
#include "platform/yaml_quantities.h"
#include "workloads/config/workload_yaml.h"
#include "workloads/singh_dag_generator.h"
#include "workloads/workload_registry.h"

namespace rmsim {

namespace {

constexpr auto kRateNames = enum_names<SinghArrivalRate>(
    {{SinghArrivalRate::Low, "low"}, {SinghArrivalRate::Moderate, "moderate"}, {SinghArrivalRate::High, "high"}});

Workload singh_jobs(const YAML::Node& n, const WorkloadContext& c) {
    const std::string& file = c.file;
    SinghWorkloadParams p;
    p.job_count = get_count_or(n, "jobs", file, p.job_count);
    const std::string rate = get_string_or(n, "rate", file, "low");
    if (const auto r = kRateNames.parse(rate))
        p.rate = *r;
    else
        throw_at(n["rate"], file, "rate must be " + kRateNames.alternatives() + ", got '" + rate + "'");
    p.min_tasks = get_count_or(n, "min_tasks", file, p.min_tasks);
    p.max_tasks = get_count_or(n, "max_tasks", file, p.max_tasks);
    // The DAG shape mix (relative weights, normalized) and the random layered shape's extra edges.
    p.fork_join_probability = get_non_negative_or(n, "fork_join_probability", file, p.fork_join_probability);
    p.chain_probability = get_non_negative_or(n, "chain_probability", file, p.chain_probability);
    p.layered_probability = get_non_negative_or(n, "layered_probability", file, p.layered_probability);
    p.layered_extra_edge_probability =
        get_non_negative_or(n, "layered_extra_edge_probability", file, p.layered_extra_edge_probability);
    p.task_time_min_s = get_seconds_or(n, "task_time_min_s", file, p.task_time_min_s, true);
    p.task_time_max_s = get_seconds_or(n, "task_time_max_s", file, p.task_time_max_s, true);
    p.memory_fraction_min = get_non_negative_or(n, "memory_fraction_min", file, p.memory_fraction_min);
    p.memory_fraction_max = get_non_negative_or(n, "memory_fraction_max", file, p.memory_fraction_max);
    p.importance_min = get_positive_or(n, "importance_min", file, p.importance_min);
    p.importance_max = get_positive_or(n, "importance_max", file, p.importance_max);
    p.edge_bytes_min = get_amount_or(n, "edge_bytes_min", file, p.edge_bytes_min, true);
    p.edge_bytes_max = get_amount_or(n, "edge_bytes_max", file, p.edge_bytes_max, true);
    p.value_per_work_s = get_amount_or(n, "value_per_work_s", file, p.value_per_work_s, true);
    p.mean_interarrival_low_s = get_seconds_or(n, "mean_interarrival_low_s", file, p.mean_interarrival_low_s, true);
    p.mean_interarrival_moderate_s =
        get_seconds_or(n, "mean_interarrival_moderate_s", file, p.mean_interarrival_moderate_s, true);
    p.mean_interarrival_high_s = get_seconds_or(n, "mean_interarrival_high_s", file, p.mean_interarrival_high_s, true);
    p.day_s = get_seconds_or(n, "day_s", file, p.day_s, true);
    p.soft_deadline_factor_min = get_positive_or(n, "soft_deadline_factor_min", file, p.soft_deadline_factor_min);
    p.soft_deadline_factor_max = get_positive_or(n, "soft_deadline_factor_max", file, p.soft_deadline_factor_max);
    p.decay_factor_min = get_positive_or(n, "decay_factor_min", file, p.decay_factor_min);
    p.decay_factor_max = get_positive_or(n, "decay_factor_max", file, p.decay_factor_max);
    // Task times are given at the top V/F level of the platform's first core type.
    p.reference_frequency_hz = reference_hz(c.platform);
    try {
        p.validate();
    } catch (const std::invalid_argument& ex) {
        throw_at(n, file, std::string("singh workload: ") + ex.what());
    }
    check_task_memory(double(p.job_count) * p.max_tasks, n, file,
                      std::to_string(p.job_count) + " jobs of up to " + std::to_string(p.max_tasks) + " tasks");
    std::mt19937_64 rng(c.seed);
    Workload w = flatten_jobs(generate_singh_jobs(p, rng));
    check_generated(w.tasks, c.platform, n, file, "singh");
    return w;
}

std::vector<ParamInfo> singh_params() {
    const SinghWorkloadParams d;
    const auto num = default_text;
    return {
        ParamInfo{"jobs", "integer", num(d.job_count), "jobs per trial, the same at every rate (Sec. V)"}.at_least(1),
        {"rate", "string", kRateNames.name(d.rate),
         "arrival rate level: " + kRateNames.alternatives() + " (mean inter-arrivals below)"},
        ParamInfo{"min_tasks", "integer", num(d.min_tasks), "fewest tasks of a job's DAG (Sec. V)"}.at_least(1),
        ParamInfo{"max_tasks", "integer", num(d.max_tasks), "most tasks of a job's DAG (Sec. V)"}.at_least(1),
        ParamInfo{"fork_join_probability", "number", num(d.fork_join_probability), "relative weight of fork-join DAGs"}
            .at_least(0),
        ParamInfo{"chain_probability", "number", num(d.chain_probability), "relative weight of chains"}.at_least(0),
        ParamInfo{"layered_probability", "number", num(d.layered_probability), "relative weight of random layered DAGs"}
            .at_least(0),
        ParamInfo{"layered_extra_edge_probability", "number", num(d.layered_extra_edge_probability),
                  "probability of each extra edge of a layered DAG"}
            .at_least(0),
        ParamInfo{"task_time_min_s", "number", num(d.task_time_min_s),
                  "shortest task time at P0 of the reference core type"}
            .above(0),
        ParamInfo{"task_time_max_s", "number", num(d.task_time_max_s),
                  "longest task time at P0 of the reference core type"}
            .above(0),
        ParamInfo{"memory_fraction_min", "number", num(d.memory_fraction_min),
                  "smallest frequency-independent share of a task's time"}
            .at_least(0),
        ParamInfo{"memory_fraction_max", "number", num(d.memory_fraction_max),
                  "largest frequency-independent share of a task's time"}
            .at_least(0),
        ParamInfo{"importance_min", "number", num(d.importance_min), "smallest importance factor of a job's value"}
            .above(0),
        ParamInfo{"importance_max", "number", num(d.importance_max), "largest importance factor of a job's value"}
            .above(0),
        ParamInfo{"edge_bytes_min", "number", num(d.edge_bytes_min),
                  "smallest data volume of an edge (log-uniform), bytes"}
            .above(0),
        ParamInfo{"edge_bytes_max", "number", num(d.edge_bytes_max), "largest data volume of an edge, bytes"}.above(0),
        ParamInfo{"value_per_work_s", "number", num(d.value_per_work_s),
                  "a job's maximum value per second of its task time"}
            .above(0),
        ParamInfo{"mean_interarrival_low_s", "number", num(d.mean_interarrival_low_s), "mean inter-arrival at rate low"}
            .above(0),
        ParamInfo{"mean_interarrival_moderate_s", "number", num(d.mean_interarrival_moderate_s),
                  "mean inter-arrival at rate moderate"}
            .above(0),
        ParamInfo{"mean_interarrival_high_s", "number", num(d.mean_interarrival_high_s),
                  "mean inter-arrival at rate high"}
            .above(0),
        ParamInfo{"day_s", "number", num(d.day_s), "length of the day whose 09:00-18:00 peak shapes the arrivals"}
            .above(0),
        ParamInfo{"soft_deadline_factor_min", "number", num(d.soft_deadline_factor_min),
                  "smallest end of a job's value plateau, in critical paths"}
            .above(0),
        ParamInfo{"soft_deadline_factor_max", "number", num(d.soft_deadline_factor_max),
                  "largest end of a job's value plateau, in critical paths"}
            .above(0),
        ParamInfo{"decay_factor_min", "number", num(d.decay_factor_min),
                  "shortest decay of a job's value, in critical paths"}
            .above(0),
        ParamInfo{"decay_factor_max", "number", num(d.decay_factor_max),
                  "longest decay of a job's value, in critical paths"}
            .above(0),
    };
}

}  // namespace

void register_singh_workloads(WorkloadRegistry& r) {
    r.add({"singh",
           "DAG jobs of 5-10 tasks with value curves, arrivals peaking 09:00-18:00 (Singh 2015 Sec. V)",
           singh_params(),
           singh_jobs,
           {},
           {},
           {},
           {}});
}

}  // namespace rmsim
