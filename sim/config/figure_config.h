#pragma once
// The optional `figure:` section of an experiment config: the paper figure that `rmsim plot` draws from the
// results (docs/experiments.md, "Figures"). It only presents results, so it is not part of a trial's inputs.
//
//   figure:
//     paper: Machovec 2019, Ch.4 Fig. 37       # what the figure reproduces (its title)
//     kind: line                               # line | bar | front
//     x: workload.machovec_ch4.burst_size      # line: a key of `sweep`; bar: `variant` (default) or a swept key
//     metrics: [window.percent_of_maximum]     # line, bar: summary.json fields, one panel each
//     x_label: burst size B                    # optional axis labels
//     y_label: "% of maximum utility"
//     paper_values:                            # optional: the paper's printed values (rmsim plot --paper)
//       - {series: max-upt, x: 64, value: 55}  #   metric: defaults to the first of `metrics`
//
// kind front draws the Pareto fronts of each variant's pareto.csv (trial 0) and takes no metrics.
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

namespace rmsim {

/// The figure kinds, as written in a config.
const std::vector<std::string>& figure_kinds();

/// Validates root["figure"] if present (InputError at the offending node): its keys, kind, metrics (fields
/// of summary.json, as compare.metrics), x (a key of root["sweep"] for a line) and paper values.
void check_figure(const YAML::Node& root, const std::string& file);

}  // namespace rmsim
