// A workload plug-in (docs/plugins.md): periodic waves of serial tasks, as a nightly batch or a cron job
// submits them. Wave k (k = 0 .. waves - 1) arrives at k x period_s with tasks_per_wave tasks of one core each,
// whose work (seconds at P0 of the platform's first core type) is drawn uniformly from
// [work_s_min, work_s_max] with the trial's seed: trials differ, the same seed gives the same tasks. Built
// out of tree against the installed rmsim (tests/plugins/run.sh).
#include <random>
#include <vector>

#include "manager/plugin_api.h"
#include "platform/params.h"
#include "workloads/workload_registry.h"

namespace {

using namespace rmsim;

Workload waves(const YAML::Node& section, const WorkloadContext& c) {
    // Each value is already checked against its schema (register_waves); what is left is across keys.
    const Params p(section, c.file);  // errors located at the value (file:line:col)
    const std::uint32_t count = p.integer("waves", 4);
    const std::uint32_t per_wave = p.integer("tasks_per_wave", 4);
    const Seconds period = p.number("period_s", 600);
    const Seconds lo = p.number("work_s_min", 60);
    const Seconds hi = p.number("work_s_max", 120);
    p.require(hi >= lo, "work_s_max", "must be >= work_s_min");

    std::mt19937_64 rng(c.seed);
    std::uniform_real_distribution<double> work(lo, hi);
    const Hertz f0 = c.platform.core_types.at(0).pstates.at(0).frequency_hz;
    Workload w;
    for (std::uint32_t k = 0; k < count; ++k)
        for (std::uint32_t i = 0; i < per_wave; ++i) {
            Task t;
            t.arrival_s = k * period;
            t.cores = 1;
            t.work.set_cycles(work(rng) * f0);
            w.tasks.push_back(t);
        }
    number_by_arrival(w.tasks);  // ids 0 .. n-1 in arrival order, as every workload gives them
    return w;
}

void register_waves(PluginRegistries& r) {
    r.workloads.add(
        {"waves",
         "periodic waves of serial tasks (a nightly batch)",
         {ParamInfo{"waves", "integer", "4", "waves, one every period_s from t = 0"}.in(1, 100000),
          ParamInfo{"tasks_per_wave", "integer", "4", "serial tasks in each wave"}.in(1, 100000),
          ParamInfo{"period_s", "number", "600", "seconds between waves"}.above(0).at_most(1e6),
          ParamInfo{"work_s_min", "number", "60", "least work of a task, seconds at P0"}.above(0).at_most(1e6),
          ParamInfo{"work_s_max", "number", "120", "most work of a task, seconds at P0"}.at_most(1e6)},
         waves});
}

}  // namespace

RMSIM_PLUGIN(register_waves)
