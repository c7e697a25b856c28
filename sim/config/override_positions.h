#pragma once
// Where the changes to a config stand, so that an error found in a changed value, key or map is reported
// where the user wrote the change. Every validator reports an error at a yaml-cpp node's position (its
// Mark) in the file it is checking, so a node a change brings into the tree must carry a position:
//   - a variant's or sweep's change (sim/config/variants.h) takes its value from the config file, which has one;
//     keys and maps it creates are placed at the change's key in the file;
//   - a `--set key=value` value is parsed on its own, so its nodes would claim the first line of the config.
//     It is parsed again as if it stood after the last line of every file in the tree, and an error located
//     there is reported at the option: `--set run.trials=many: 'trials' must be ...`.
#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

#include "platform/input_error.h"
#include "sim/config/variants.h"

namespace rmsim {

/// A new map (or, with `scalar`, a scalar) that yaml-cpp places at `at`.
YAML::Node map_at(const YAML::Mark& at);
YAML::Node scalar_at(const YAML::Mark& at, const std::string& scalar);

/// The --set overrides of one experiment, placed after the lines of its files.
class OptionPositions {
public:
    OptionPositions() = default;
    /// `tree`: the config as loaded (with a platform file read into it); `files`: the files its nodes come
    /// from, as the validators name them.
    OptionPositions(const YAML::Node& tree, std::vector<std::string> files);

    /// `o` (from parse_override) with its value parsed again on lines of its own, and placed there.
    Override place(const Override& o);

    /// `e` reported at the option when it is located on an option's lines; otherwise `e` itself.
    InputError located(const InputError& e) const;

private:
    struct Span {
        int first = 0, last = 0;  ///< 0-based lines, inclusive
        std::string option;       ///< "--set key=value"
    };
    std::vector<std::string> files_;
    int next_line_ = 0;
    std::vector<Span> spans_;
};

}  // namespace rmsim
