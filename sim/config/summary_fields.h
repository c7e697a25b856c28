#pragma once
// The fields of summary.json by section (docs/outputs.md), for checking a config's `compare: metrics:` before
// anything runs. sim/run/trial_runner.cpp writes them; tests/sim/config/test_variants.cpp checks that the two agree.
// policy_stats is the policy's own (PolicyReport), so any field name is accepted there.
#include <map>
#include <string>
#include <vector>

namespace rmsim {

const std::map<std::string, std::vector<std::string>>& summary_fields();

/// The empty string if `metric` ("section.field") names a summary field, else why not.
std::string summary_metric_problem(const std::string& metric);

}  // namespace rmsim
