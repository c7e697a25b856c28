#pragma once
// comparison.csv and comparison.md: every variant's metrics side by side (mean and 95 % CI over trials).
// With a reference variant, each metric is also given relative to it, as the mean of per-trial ratios:
// trial t of every variant runs the same workload (common random numbers), so the ratio is paired.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/config/variants.h"

namespace rmsim {

struct VariantResults {
    Variant variant;
    std::string policy;
    std::vector<nlohmann::ordered_json> summaries;  ///< one per trial, trial order
};

/// Long format: variant, policy, one column per swept key, metric, mean, ci95, trials
/// [, relative_mean, relative_ci95 with a reference variant]. Every numeric summary field is listed.
std::string comparison_csv(const std::vector<VariantResults>& results, const CompareSpec& spec);

/// A Markdown table: one row per variant, one column per metric of `spec.metrics` ("mean ± ci95"),
/// and a second table relative to the reference variant when there is one.
std::string comparison_md(const std::vector<VariantResults>& results, const CompareSpec& spec,
                          const std::string& title);

}  // namespace rmsim
