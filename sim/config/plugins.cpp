#include "sim/config/plugins.h"

#include <dlfcn.h>

#include <filesystem>
#include <stdexcept>

#include "manager/plugin_api.h"

namespace rmsim {

namespace {

std::vector<LoadedPlugin>& plugins() {
    static std::vector<LoadedPlugin> loaded;
    return loaded;
}

using BuildFn = const char* (*)();
using RegisterFn = void (*)(PluginRegistries&);

/// dlerror's text, or `fallback` when it has none.
std::string dl_problem(const char* fallback) {
    const char* e = dlerror();
    return e ? e : fallback;
}

}  // namespace

void load_plugin(const std::string& path, const SourceLocation& where) {
    namespace fs = std::filesystem;
    const std::string what = "plug-in '" + path + "'";
    std::error_code ec;
    if (!fs::exists(path, ec)) throw InputError(where, what + ": no such file");
    if (!fs::is_regular_file(path, ec)) throw InputError(where, what + ": not a regular file");
    const std::string canonical = fs::canonical(path, ec).string();
    if (ec) throw InputError(where, what + ": " + ec.message());
    for (const LoadedPlugin& p : plugins())
        if (p.canonical == canonical) return;

    // Lazily bound first: a plug-in built against another rmsim may lack symbols that this one has, and is
    // to be refused by its build string, not by the dynamic loader's undefined-symbol error.
    dlerror();
    void* handle = dlopen(canonical.c_str(), RTLD_LAZY | RTLD_LOCAL);
    if (!handle) throw InputError(where, "cannot load " + what + ": " + dl_problem("unknown error"));
    const auto build = reinterpret_cast<BuildFn>(dlsym(handle, "rmsim_plugin_build"));
    const auto registration = reinterpret_cast<RegisterFn>(dlsym(handle, "rmsim_plugin_register"));
    if (!build || !registration) {
        dlclose(handle);
        throw InputError(where, what + " is not an rmsim plug-in (no RMSIM_PLUGIN(...) entry points)");
    }
    const std::string built_for = build();
    if (built_for != RMSIM_PLUGIN_BUILD) {
        dlclose(handle);
        throw InputError(where, what + " was built against " + built_for + "; this is " + RMSIM_PLUGIN_BUILD +
                                    ": rebuild it against this rmsim");
    }
    // Now every symbol it uses must be here: bind them all (RTLD_NOW on the loaded library), so that a
    // missing one is an error here rather than a crash in the middle of a run.
    dlerror();
    if (!dlopen(canonical.c_str(), RTLD_NOW | RTLD_NOLOAD | RTLD_LOCAL)) {
        const std::string problem = dl_problem("unknown error");
        dlclose(handle);
        throw InputError(where, "cannot load " + what + ": " + problem);
    }
    dlclose(handle);  // the RTLD_NOLOAD reference above holds it
    PluginRegistries registries{policy_registry(), governor_registry(), workload_registry()};
    try {
        registration(registries);
    } catch (const InputError&) {
        throw;
    } catch (const std::exception& ex) {
        throw InputError(where, what + ": " + ex.what());
    }
    plugins().push_back({path, canonical});
}

const std::vector<LoadedPlugin>& loaded_plugins() { return plugins(); }

}  // namespace rmsim
