#pragma once
// Platform YAML -> validated PlatformSpec. The schema, with an example per feature, is in
// docs/config-platform.md. Every mistake is an InputError `file:line:col: message` located at the offending
// node; a PlatformSpec returned from here satisfies every invariant the builder relies on (P-state
// frequencies strictly decreasing, per-P-state power lists consistent with the DVFS domain, references
// resolved, counts >= 1, powers/latencies/energies >= 0, bandwidths > 0).
#include <yaml-cpp/yaml.h>

#include <string>

#include "platform/platform_spec.h"

namespace rmsim {

/// `node` is the platform map itself (e.g. the value of `platform:` inside an experiment file).
PlatformSpec load_platform(const YAML::Node& node, const std::string& file);

/// A platform file holds either `platform: {...}` as its only top-level key, or the platform map directly.
PlatformSpec load_platform_file(const std::string& path);

/// The same for a platform file's text already in memory (`file` is only used in messages).
PlatformSpec load_platform_text(const std::string& text, const std::string& file);

}  // namespace rmsim
