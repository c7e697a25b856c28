#pragma once
// Loads plug-ins (docs/plugins.md, manager/plugin_api.h) into this process's registries: from a config's
// `plugins:` list (paths relative to the config's folder) and from the command line's `--plugin`. A plug-in
// is loaded once per process, however often it is named; trials forked afterwards inherit it.
#include <string>
#include <vector>

#include "platform/input_error.h"

namespace rmsim {

struct LoadedPlugin {
    std::string path;       ///< as opened
    std::string canonical;  ///< the file it names (how a second mention is recognised)
};

/// Loads the plug-in at `path` unless it is loaded already. InputError at `where` when the file cannot be
/// opened or loaded, has no rmsim entry points, was built against another rmsim, or registers a name that is
/// taken.
void load_plugin(const std::string& path, const SourceLocation& where);

/// The plug-ins loaded so far, in loading order.
const std::vector<LoadedPlugin>& loaded_plugins();

}  // namespace rmsim
