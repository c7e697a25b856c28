// The example of docs/dvfs.md "Writing a governor": a complete small governor (a target load: the slowest
// level at which the demand of the last window would keep the busiest core at most `target_load` busy),
// registered by name with its parameters, selected by an experiment's `dvfs:` section and run on the modeled
// hardware. Keep it in sync with the document.
#include <memory>

#include <yaml-cpp/yaml.h>
#include <catch2/catch.hpp>

#include "modules/governors/frequency_table.h"
#include "modules/governors/governor.h"
#include "modules/governors/governor_registry.h"
#include "sim/config/dvfs_config.h"
#include "tests/modules/governors/governor_fixture.h"

namespace rmsim {
namespace {

/// The demand of the last window in cycles per second is load x f(level); at level l the busiest core would
/// be demand / f(l) busy. The slowest level that keeps that at or below target_load.
class TargetLoadGovernor : public Governor {
public:
    TargetLoadGovernor(Seconds period_s, double target_load) : period_s_(period_s), target_(target_load) {}
    Seconds sampling_period_s() const override { return period_s_; }
    std::uint32_t decide(const DomainSample& s) override {
        const Hertz demand = s.load * s.frequency(s.level);
        return level_at_or_above(*s.core_type, demand / target_);
    }

private:
    Seconds period_s_;
    double target_;
};

void register_target_load(GovernorRegistry& r) {
    r.add({"target-load",
           "the slowest level that keeps the busiest core at most target_load busy",
           // The schema: the registry refuses a value outside before configure runs.
           {ParamInfo{"sampling_rate_s", "number", "0.02", "seconds between samples"}.period(),
            ParamInfo{"target_load", "number", "0.9", "the busy fraction to aim for"}.above(0).at_most(1)},
           [](const Params& p) -> GovernorMaker {
               const double period = p.number("sampling_rate_s", 0.02);
               const double target = p.number("target_load", 0.9);
               return [period, target] { return std::make_unique<TargetLoadGovernor>(period, target); };
           }});
}

}  // namespace
}  // namespace rmsim

using namespace rmsim;
using namespace rmsim::test;

TEST_CASE("example governor: registered by name, configured from YAML, run on the hardware", "[modules][governor]") {
    GovernorRegistry registry = builtin_governors();  // the built-ins plus ours
    register_target_load(registry);
    const YAML::Node dvfs = YAML::Load("{governor: target-load, params: {sampling_rate_s: 0.1, target_load: 0.8}}");
    const PlatformSpec spec = four_level_platform();
    // A bad parameter is the user's mistake, located at its value. (Checked before the simulation runs: an
    // exception thrown after SystemC has switched stacks confuses AddressSanitizer in `make sanitize`.)
    const YAML::Node bad = YAML::Load("{governor: target-load, params: {target_load: 1.5}}");
    CHECK_THROWS_WITH(load_dvfs_config(bad, "example.yaml", spec, registry),
                      Catch::Contains("parameter 'target_load' of governor 'target-load': must be in (0, 1]"));
    const DvfsConfig config = load_dvfs_config(dvfs, "example.yaml", spec, registry);
    MachineOptions o;
    o.governor = config.make_governor;
    Machine m(at_ns(spec), o);
    Script s("script", m.manager_port());
    // 4.5e7 cycles started every 0.1 s from 0.5 s.
    for (int k = 0; k < 3; ++k) s.at(0.5 + 0.1 * k, start(0, 0, k, cycles(4.5e7)));
    run_until(0.75);
    // Idle at P0 (2 GHz): demand 0 -> the slowest level, P3 (0.5 GHz), at 0.1 s; then paused until 0.5 s.
    // 0.6 s: the work took 4.5e7 / 0.5e9 = 0.09 s: load 90 %, demand 0.9 x 0.5 = 0.45 GHz, / 0.8 = 0.5625 GHz:
    // the slowest level at or above it is P2 (1 GHz).
    // 0.7 s: at 1 GHz the work takes 0.045 s: load 45 %, demand 0.45 GHz again: P2 stays.
    CHECK(m.core_at(0, 0).pstate() == 2);
}
