#include "sim/run/run_results.h"

#include <fstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/outputs/aggregate.h"
#include "sim/outputs/comparison.h"
#include "sim/outputs/result_files.h"

namespace rmsim {

namespace {

std::vector<nlohmann::ordered_json> read_summaries(const std::string& dir, std::uint32_t trials) {
    std::vector<nlohmann::ordered_json> sums;
    for (std::uint32_t t = 0; t < trials; ++t) {
        std::ifstream in(dir + "/trial-" + std::to_string(t) + "/summary.json");
        sums.push_back(nlohmann::ordered_json::parse(in));
    }
    return sums;
}

}  // namespace

void write_run_results(const RunPlan& plan, const std::string& out) {
    const ConfigVariants& cv = plan.config;
    std::vector<VariantResults> results;
    for (std::size_t v = 0; v < plan.experiments.size(); ++v) {
        const Experiment& e = plan.experiments[v];
        VariantResults r{cv.variants[v], e.policy_name, read_summaries(plan.dirs[v], plan.trials)};
        nlohmann::ordered_json agg;
        if (cv.multi) agg["variant"] = cv.variants[v].name;
        agg["policy"] = e.policy_name;
        agg["seed"] = e.seed;
        agg["trials"] = plan.trials;
        agg.update(aggregate(r.summaries));
        ResultFiles files(plan.dirs[v]);
        files.add("aggregate.json", agg.dump(2) + "\n");
        files.commit();
        results.push_back(std::move(r));
    }
    if (!cv.multi) return;
    ResultFiles files(out);
    files.add("comparison.csv", comparison_csv(results, cv.compare));
    files.add("comparison.md", comparison_md(results, cv.compare, plan.title));
    files.commit();
}

}  // namespace rmsim
