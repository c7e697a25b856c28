// A plug-in that claims to be built against another rmsim: rmsim must refuse it with a clear message (exit 2)
// before calling it (tests/plugins/run.sh).
namespace rmsim {
struct PluginRegistries;
}

extern "C" __attribute__((visibility("default"))) const char* rmsim_plugin_build() {
    return "rmsim 0.0.1 (C++ 201703, C++ ABI 1017, libstdc++ ABI 1)";
}

extern "C" __attribute__((visibility("default"))) void rmsim_plugin_register(rmsim::PluginRegistries&) {
    __builtin_trap();  // never called
}
