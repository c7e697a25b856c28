#pragma once
// What a plug-in includes (docs/plugins.md): a shared library that adds policies, governors and workloads to
// rmsim's registries without editing rmsim. rmsim loads it (dlopen) when a config names it under `plugins:`
// or the command line under `--plugin`, before the config is validated, checks that it was built against
// this rmsim (RMSIM_PLUGIN_BUILD, exactly), and calls its registration function once. Everything rmsim offers
// (variants, trials, --jobs, --resume, result files, comparisons, list-policies) then works for its
// components exactly as for the built-ins.
//
//   void register_mine(rmsim::PluginRegistries& r) { r.policies.add(...); r.workloads.add(...); }
//   RMSIM_PLUGIN(register_mine)
//
// The installed CMake package builds one: rmsim_add_plugin(NAME SOURCES ...) (cmake/rmsimConfig.cmake.in).
#include "manager/policy_registry.h"
#include "modules/governors/governor_registry.h"
#include "platform/version.h"
#include "workloads/workload_registry.h"

namespace rmsim {

/// The process's registries, as a plug-in's registration function receives them. A name already taken
/// (a built-in's, or an earlier plug-in's) refuses the plug-in.
struct PluginRegistries {
    PolicyRegistry& policies;
    GovernorRegistry& governors;
    WorkloadRegistry& workloads;
};

}  // namespace rmsim

#define RMSIM_PLUGIN_STR2(x) #x
#define RMSIM_PLUGIN_STR(x) RMSIM_PLUGIN_STR2(x)
/// The build a plug-in and rmsim must share: rmsim's version, the C++ standard and the C++ ABI (the classes a
/// plug-in derives from and the registries it fills have no stable binary interface across versions).
#define RMSIM_PLUGIN_BUILD                                                                              \
    "rmsim " RMSIM_VERSION_STRING " (C++ " RMSIM_PLUGIN_STR(__cplusplus) ", C++ ABI " RMSIM_PLUGIN_STR( \
        __GXX_ABI_VERSION) ", libstdc++ ABI " RMSIM_PLUGIN_STR(_GLIBCXX_USE_CXX11_ABI) ")"

/// Defines the plug-in's two entry points: the build it was made for, and the registration function
/// `function(rmsim::PluginRegistries&)` that rmsim calls once after checking the build.
#define RMSIM_PLUGIN(function)                                                                                        \
    extern "C" __attribute__((visibility("default"))) const char* rmsim_plugin_build() { return RMSIM_PLUGIN_BUILD; } \
    extern "C" __attribute__((visibility("default"))) void rmsim_plugin_register(                                     \
        rmsim::PluginRegistries& registries) {                                                                        \
        function(registries);                                                                                         \
    }
