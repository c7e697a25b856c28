#include "sim/run/run_results.h"

#include <fstream>
#include <iomanip>
#include <iostream>
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

void print_summary(const std::string& dir) {
    std::ifstream in(dir + "/summary.json");
    const nlohmann::json s = nlohmann::json::parse(in);
    const auto& t = s["tasks"];
    const auto& e = s["energy"];
    std::cout << "rmsim " << s["policy"].get<std::string>() << " (seed " << s["seed"] << ") -> " << dir << "\n"
              << std::left << std::setw(30) << "  tasks completed / arrived" << t["completed"] << " / " << t["arrived"]
              << "  (killed at time limit " << t["killed"] << ", dropped " << t["dropped"] << ", rejected "
              << t["rejected"] << ", unfinished " << t["unfinished"] << ")\n"
              << std::setw(30) << "  utility earned" << s["utility"]["earned"].get<double>() << " ("
              << std::setprecision(4) << s["utility"]["percent_of_maximum"].get<double>() << " % of maximum)\n"
              << std::setw(30) << "  makespan" << s["time"]["makespan_s"].get<double>() << " s\n"
              << std::setw(30) << "  mean wait" << s["time"]["mean_wait_s"].get<double>() << " s\n"
              << std::setw(30) << "  mean bounded slowdown" << s["time"]["mean_bounded_slowdown"].get<double>() << "\n"
              << std::setw(30) << "  energy total" << e["total_j"].get<double>() << " J\n";
    for (const char* k : {"core_dynamic_j", "core_static_j", "uncore_j", "node_base_j", "transition_j"})
        std::cout << "    " << std::setw(26) << k << e[k].get<double>() << " J\n";
    std::cout << std::setw(30) << "  mapping events" << s["scheduler"]["mapping_events"] << "\n";
}

void print_run_results(const RunPlan& plan) {
    if (plan.single) {
        print_summary(plan.out);
    } else if (plan.config.multi) {
        // The table itself: the point of comparing variants (markdown, readable as it is).
        std::ifstream table(plan.out + "/comparison.md");
        std::cout << table.rdbuf() << "\n";
        std::cout << "rmsim: " << plan.experiments.size() << " variants x " << plan.trials << " trials -> " << plan.out
                  << "/comparison.md\n";
    } else {
        std::cout << "rmsim: " << plan.trials << " trials -> " << plan.out << "/aggregate.json\n";
    }
}

}  // namespace rmsim
