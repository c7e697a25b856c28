#include "sim/config/summary_fields.h"

#include <algorithm>

namespace rmsim {

const std::map<std::string, std::vector<std::string>>& summary_fields() {
    static const std::map<std::string, std::vector<std::string>> f{
        {"tasks", {"total", "arrived", "completed", "dropped", "rejected", "killed", "unfinished", "preemptions"}},
        {"utility", {"earned", "maximum", "percent_of_maximum"}},
        {"window",
         {"start_s", "end_s", "arrived", "completed", "dropped", "rejected", "killed", "utility_earned",
          "utility_maximum", "percent_of_maximum", "energy_j"}},
        {"vos",
         {"value", "maximum", "percent_of_maximum", "performance_value", "performance_maximum", "performance_percent",
          "energy_value", "energy_value_maximum", "energy_value_percent", "completed_with_value", "execution_time_s",
          "eec_energy_j", "measured_task_energy_j"}},
        {"jobs",
         {"total", "arrived", "completed", "rejected", "zero_value", "unfinished", "rejected_percent", "value_earned",
          "energy_j", "planned_energy_j", "mean_response_s", "value_per_energy", "cores_per_job_mean"}},
        {"energy",
         {"total_j", "core_dynamic_j", "core_static_j", "uncore_j", "node_base_j", "transition_j",
          "attributed_to_tasks_j", "energy_delay_product_js"}},
        {"time", {"makespan_s", "simulated_s", "mean_wait_s", "mean_bounded_slowdown"}},
        {"scheduler", {"mapping_events", "estimate", "max_waiting", "deferred_starts", "kills", "commands", "notices"}},
        {"governor", {"name", "domains", "samples"}},
        {"power_caps", {}},  // cap<i>_time_over_s, cap<i>_largest_excess_w, ... (docs/outputs.md)
        {"dvfs", {"domain", "by_core_type"}},
        {"policy_stats", {}},
        {"energy_stores", {"nodes", "depleted", "depleted_at_s"}},
    };
    return f;
}

std::string summary_metric_problem(const std::string& metric) {
    const auto dot = metric.find('.');
    std::string sections;
    for (const auto& [name, fields] : summary_fields()) sections += (sections.empty() ? "" : ", ") + name;
    if (dot == std::string::npos || dot + 1 == metric.size())
        return "metric '" + metric + "' must be section.field of summary.json (sections: " + sections + ")";
    const auto it = summary_fields().find(metric.substr(0, dot));
    if (it == summary_fields().end())
        return "metric '" + metric + "': summary.json has no section '" + metric.substr(0, dot) +
               "' (sections: " + sections + ")";
    const std::vector<std::string>& fields = it->second;
    if (fields.empty() || std::count(fields.begin(), fields.end(), metric.substr(dot + 1))) return "";
    std::string list;
    for (const auto& f : fields) list += (list.empty() ? "" : ", ") + f;
    return "metric '" + metric + "': section '" + it->first + "' of summary.json has no field '" +
           metric.substr(dot + 1) + "' (fields: " + list + ")";
}

}  // namespace rmsim
