#pragma once
// The first pass over every YAML text rmsim reads (configs, platform files, --set values): the document's
// shape checked from the parser's events, before yaml-cpp builds a single node. It enforces what yaml-cpp
// would accept silently or pay for without bound (docs/reliability.md, "Input limits"):
//   - exactly one document: a second one (after `---`, or after the end marker `...`) is refused, never
//     ignored;
//   - no key twice in one map (yaml-cpp keeps both and a lookup finds either);
//   - at most kMaxConfigNodes nodes, an alias counted as the nodes of its anchor: a few lines of nested
//     aliases can stand for 10^10 nodes, which any walk of the tree (or its JSON in provenance.json) expands;
//   - at most kMaxYamlDepth levels of nesting, and no alias inside its own anchor (a cycle).
#include <string>

namespace rmsim {

/// Throws InputError at the offending place (`file:line:col: message`) if `text` breaks a rule above or is
/// not YAML (`YAML syntax error: ...`).
void check_yaml_shape(const std::string& text, const std::string& file);

}  // namespace rmsim
