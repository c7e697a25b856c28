// A governor plug-in (docs/plugins.md): race to idle. A domain whose busiest core was busy at all during the
// last window runs at the fastest level, an idle one at the slowest; it starts at the slowest. Built out of
// tree against the installed rmsim (tests/plugins/run.sh).
#include <memory>
#include <optional>

#include "manager/plugin_api.h"
#include "modules/governors/governor.h"

namespace {

using namespace rmsim;

class RaceToIdle : public Governor {
public:
    explicit RaceToIdle(Seconds period_s) : period_s_(period_s) {}
    Seconds sampling_period_s() const override { return period_s_; }
    std::optional<std::uint32_t> initial_level(const CoreType& type) const override {
        return static_cast<std::uint32_t>(type.pstates.size() - 1);
    }
    std::uint32_t decide(const DomainSample& s) override { return s.load > 0 ? 0 : s.levels() - 1; }

private:
    Seconds period_s_;
};

void register_race_to_idle(PluginRegistries& r) {
    r.governors.add({"race-to-idle",
                     "the fastest level while busy, the slowest while idle",
                     // The schema: rmsim refuses a period below 1e-4 s or past the end of simulated time
                     // before configure is called.
                     {ParamInfo{"sampling_rate_s", "number", "0.01", "seconds between samples"}.period()},
                     [](const Params& p) -> GovernorMaker {
                         const Seconds period = p.number("sampling_rate_s", 0.01);
                         return [period] { return std::make_unique<RaceToIdle>(period); };
                     }});
}

}  // namespace

RMSIM_PLUGIN(register_race_to_idle)
