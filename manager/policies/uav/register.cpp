// Machovec Ch.5 (§5.3): the UAV surveillance heuristics, each with the preemption and filtering
// modifications as parameters.
#include <memory>

#include "manager/policies/uav/uav_policy.h"
#include "manager/policy_registry.h"

namespace rmsim {

void register_uav_policies(PolicyRegistry& r) {
    const ParamInfo preemption{"preemption", "boolean", "false",
                               "§5.3.5.2: a surveil may interrupt one under way that it beats by the heuristic's "
                               "metric (Random variants: by value, GAP)"};
    const ParamInfo filtering{"filtering", "boolean", "false",
                              "§5.3.5.3: a UAV considers only surveils of VPE above τ · ε/δ (τ: its mean VPE so "
                              "far)"};
    const ParamInfo interval =
        ParamInfo{"mapping_interval_s", "number", "300", "mapping events every this many seconds (§5.3.1: 5 min)"}
            .period();
    const ParamInfo seed{"seed", "integer", "1", "seed of the random heuristics' stream"};
    struct Entry {
        UavHeuristic h;
        const char* section;
        const char* description;
    };
    const Entry entries[] = {
        {UavHeuristic::Random, "Machovec Ch.5 §5.3.3",
         "targets in random order, each to a random valid UAV and a random valid sensor of it"},
        {UavHeuristic::RandomBestSensor, "Machovec Ch.5 §5.3.3",
         "as uav-random, with the UAV's sensor of the highest quality x affinity"},
        {UavHeuristic::MaxValue, "Machovec Ch.5 §5.3.3", "repeatedly the valid surveil of the highest value"},
        {UavHeuristic::MaxVpt, "Machovec Ch.5 §5.3.3",
         "repeatedly the valid surveil of the highest value per surveillance time"},
        {UavHeuristic::MaxVpe, "Machovec Ch.5 §5.3.3",
         "repeatedly the valid surveil of the highest value per projected energy"},
        {UavHeuristic::Metaheuristic, "Machovec Ch.5 §5.3.4 (Fig. 42)",
         "per UAV Max Value below its linear energy line, Max VPE at or above it; the candidate of the highest "
         "value goes first"},
    };
    for (const Entry& e : entries)
        r.add(PolicyInfo{std::string("uav-") + to_string(e.h),
                         "uav",
                         e.section,
                         e.description,
                         {preemption, filtering, interval, seed},
                         [h = e.h](const PolicyParams& p) -> std::unique_ptr<Policy> {
                             return std::make_unique<UavPolicy>(
                                 h, UavModifiers{p.flag("preemption", false), p.flag("filtering", false)},
                                 p.number("mapping_interval_s", 300), p.integer("seed", 1));
                         }});
}

}  // namespace rmsim
