#pragma once
// Statistics over trials: mean and 95 % confidence interval (Student's t), and aggregate.json.
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace rmsim {

struct MeanCi {
    double mean = 0;
    double ci95 = 0;  ///< half-width of the 95 % confidence interval (0 for one trial)
};

MeanCi mean_ci(const std::vector<double>& x);

/// The numeric fields of summary.json that are averaged: section names in output order.
const std::vector<std::string>& summary_sections();

/// Values of `section.field` over the summaries (summaries lacking it are skipped).
std::vector<double> metric_values(const std::vector<nlohmann::ordered_json>& summaries, const std::string& section,
                                  const std::string& field);

/// aggregate.json: for every numeric field of every section of the first summary, {mean, ci95}.
nlohmann::ordered_json aggregate(const std::vector<nlohmann::ordered_json>& summaries);

}  // namespace rmsim
