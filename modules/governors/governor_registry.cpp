#include "modules/governors/governor_registry.h"

#include "modules/governors/conservative.h"
#include "modules/governors/fixed_governors.h"
#include "modules/governors/ondemand.h"
#include "modules/governors/schedutil.h"

namespace rmsim {

namespace {

// The ranges are in the schemas (ParamInfo, checked by the registry before configure): configure reads values
// already checked.
ParamInfo sampling_period(const char* name, const char* description) {
    return ParamInfo{name, "number", "0.01", description}.period();
}

ParamInfo percent(const char* name, const char* fallback, const char* description) {
    return ParamInfo{name, "number", fallback, description}.in(0, 100);
}

template <class G>
GovernorInfo stateless(const char* name, const char* description) {
    return {name, description, {}, [](const Params&) -> GovernorMaker { return [] { return std::make_unique<G>(); }; }};
}

}  // namespace

void register_builtin_governors(GovernorRegistry& r) {
    r.add(stateless<PerformanceGovernor>("performance", "the fastest P-state, always"));
    r.add(stateless<PowersaveGovernor>("powersave", "the slowest P-state, always"));
    r.add(stateless<UserspaceGovernor>("userspace", "the scheduler's per-task P-state (rmsim's default)"));
    r.add({"ondemand",
           "Linux ondemand: the fastest level above up_threshold, else proportional to the load",
           {sampling_period("sampling_rate_s", "seconds between samples"),
            percent("up_threshold", "80", "load percentage above which the fastest level is taken"),
            ParamInfo{"sampling_down_factor", "integer", "1",
                      "periods to the next sample after a raise to the fastest level"}
                .in(1, 100000),
            ParamInfo{"powersave_bias", "number", "0", "per mille taken off the proportional frequency"}.in(0, 1000)},
           [](const Params& p) -> GovernorMaker {
               OndemandParams o;
               o.sampling_rate_s = p.number("sampling_rate_s", o.sampling_rate_s);
               o.up_threshold = p.number("up_threshold", o.up_threshold);
               o.sampling_down_factor = p.integer("sampling_down_factor", o.sampling_down_factor);
               o.powersave_bias = p.number("powersave_bias", o.powersave_bias);
               return [o] { return std::make_unique<OndemandGovernor>(o); };
           }});
    r.add({"conservative",
           "Linux conservative: one frequency step up above up_threshold, down below down_threshold",
           {sampling_period("sampling_rate_s", "seconds between samples"),
            percent("up_threshold", "80", "load percentage above which the frequency steps up"),
            percent("down_threshold", "20", "load percentage below which the frequency steps down"),
            ParamInfo{"freq_step", "number", "5", "step, percent of the fastest frequency"}.above(0).at_most(100),
            ParamInfo{"sampling_down_factor", "integer", "1", "samples between steps down"}.in(1, 10)},
           [](const Params& p) -> GovernorMaker {
               ConservativeParams c;
               c.sampling_rate_s = p.number("sampling_rate_s", c.sampling_rate_s);
               c.up_threshold = p.number("up_threshold", c.up_threshold);
               c.down_threshold = p.number("down_threshold", c.down_threshold);
               p.require(c.down_threshold < c.up_threshold, "down_threshold", "must be below up_threshold");
               c.freq_step = p.number("freq_step", c.freq_step);
               c.sampling_down_factor = p.integer("sampling_down_factor", c.sampling_down_factor);
               return [c] { return std::make_unique<ConservativeGovernor>(c); };
           }});
    r.add({"schedutil",
           "Linux schedutil: f = 1.25 x f_max x utilization, at most once per rate limit",
           {sampling_period("rate_limit_s", "seconds between evaluations (and the utilization window)"),
            ParamInfo{"headroom", "number", "1.25", "the factor on f_max x utilization"}.in(1, 10)},
           [](const Params& p) -> GovernorMaker {
               SchedutilParams s;
               s.rate_limit_s = p.number("rate_limit_s", s.rate_limit_s);
               s.headroom = p.number("headroom", s.headroom);
               return [s] { return std::make_unique<SchedutilGovernor>(s); };
           }});
}

const GovernorRegistry& builtin_governors() {
    static const GovernorRegistry registry = [] {
        GovernorRegistry r;
        register_builtin_governors(r);
        return r;
    }();
    return registry;
}

GovernorRegistry& governor_registry() {
    static GovernorRegistry registry = builtin_governors();
    return registry;
}

}  // namespace rmsim
