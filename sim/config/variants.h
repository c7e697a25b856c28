#pragma once
// Variants of an experiment config: several policies and swept parameter values compared under common
// random numbers (every variant's trial t draws its workload from the same random streams).
//
//   variants:                      # optional; each entry changes the config at dotted key paths
//     - name: easy
//       set: {manager.policy: easy}
//     - name: cons
//       set: {manager.policy: conservative}
//   sweep:                         # optional; every combination of these values, for every variant
//     run.energy_budget_j: [8.0e9, 12.0e9]
//   compare:                       # optional: what comparison.md shows, and a reference variant
//     metrics: [utility.percent_of_maximum, energy.total_j]
//     normalize_to: "easy energy_budget_j=8e9"
//
// A variant's name is its `name` followed by `key=value` for each swept key (the last part of its path).
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

namespace rmsim {

/// A change to the config before validation: the value at a dotted key path ("manager.params.threshold").
/// From `--set key=value` on the command line, or from a variant or sweep of the config (sim/config/variants.h);
/// values taken from the config file keep their line and column for error messages.
struct Override {
    std::string path;  ///< dotted keys
    YAML::Node value;
    std::string origin;  ///< where it came from, for messages: "--set key=value" as given, or the config file
    /// Where in the config the change is written (a variant's `set` key, a swept key): keys and maps the change
    /// creates are placed there (sim/config/override_positions.h). Null when it has no place yet (--set).
    YAML::Mark at = YAML::Mark::null_mark();
    std::string text;          ///< --set: the value as written
    bool from_option = false;  ///< a --set option (not a change written in the config)
};

struct Variant {
    std::string name;                       ///< e.g. "easy energy_budget_j=8e9" (empty for a config without variants)
    std::string dir;                        ///< folder under --out (name with unsafe characters replaced)
    std::string label;                      ///< the variants entry's name ("" without variants)
    int entry = -1;                         ///< index into `variants` (-1: none)
    std::vector<std::size_t> sweep_choice;  ///< value index per swept key, in file order
    std::vector<std::pair<std::string, std::string>> sweep;  ///< (key path, value as written)
};

struct CompareSpec {
    std::vector<std::string> metrics;  ///< "section.field" of summary.json, shown in comparison.md
    std::string normalize_to;          ///< a variant name, or empty
};

/// True if the config lists variants or a sweep (then results go to one folder per variant).
bool has_variants(const YAML::Node& root);

/// Every variant of the config in order (variants entries outermost, then swept keys in file order).
/// Validates the `variants`, `sweep` and `compare` sections (InputError at the offending node).
std::vector<Variant> expand_variants(const YAML::Node& root, const std::string& file);

/// A variant's changes, in order (its `set` entries, then its swept values), as overrides taking their
/// values from `root` (the config as loaded, so they keep their file positions).
std::vector<Override> variant_overrides(const YAML::Node& root, const Variant& v, const std::string& file);

/// Applies a variant's changes to `root`.
void apply_variant(YAML::Node& root, const Variant& v, const std::string& file);

CompareSpec load_compare(const YAML::Node& root, const std::string& file, const std::vector<Variant>& variants);

}  // namespace rmsim
