#include "modules/governors/governor_registry.h"

#include "modules/governors/conservative.h"
#include "modules/governors/fixed_governors.h"
#include "modules/governors/ondemand.h"
#include "modules/governors/schedutil.h"

namespace rmsim {

namespace {

Seconds period(const Params& p, const char* key, Seconds fallback) {
    const double v = p.number(key, fallback);
    p.require(v >= 1e-6 && v <= 86400, key, "must be from 1e-6 to 86400 s");
    return v;
}

double percent(const Params& p, const char* key, double fallback) {
    const double v = p.number(key, fallback);
    p.require(v >= 0 && v <= 100, key, "must be a percentage from 0 to 100");
    return v;
}

std::uint32_t down_factor(const Params& p, std::uint32_t fallback, std::uint32_t most) {
    const std::uint32_t v = p.integer("sampling_down_factor", fallback);
    p.require(v >= 1 && v <= most, "sampling_down_factor", "must be from 1 to " + std::to_string(most));
    return v;
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
           {{"sampling_rate_s", "number", "0.01", "seconds between samples"},
            {"up_threshold", "number", "80", "load percentage above which the fastest level is taken"},
            {"sampling_down_factor", "integer", "1", "periods to the next sample after a raise to the fastest level"},
            {"powersave_bias", "number", "0", "per mille taken off the proportional frequency"}},
           [](const Params& p) -> GovernorMaker {
               OndemandParams o;
               o.sampling_rate_s = period(p, "sampling_rate_s", o.sampling_rate_s);
               o.up_threshold = percent(p, "up_threshold", o.up_threshold);
               o.sampling_down_factor = down_factor(p, o.sampling_down_factor, 100000);
               o.powersave_bias = p.number("powersave_bias", o.powersave_bias);
               p.require(o.powersave_bias >= 0 && o.powersave_bias <= 1000, "powersave_bias", "must be from 0 to 1000");
               return [o] { return std::make_unique<OndemandGovernor>(o); };
           }});
    r.add({"conservative",
           "Linux conservative: one frequency step up above up_threshold, down below down_threshold",
           {{"sampling_rate_s", "number", "0.01", "seconds between samples"},
            {"up_threshold", "number", "80", "load percentage above which the frequency steps up"},
            {"down_threshold", "number", "20", "load percentage below which the frequency steps down"},
            {"freq_step", "number", "5", "step, percent of the fastest frequency"},
            {"sampling_down_factor", "integer", "1", "samples between steps down"}},
           [](const Params& p) -> GovernorMaker {
               ConservativeParams c;
               c.sampling_rate_s = period(p, "sampling_rate_s", c.sampling_rate_s);
               c.up_threshold = percent(p, "up_threshold", c.up_threshold);
               c.down_threshold = percent(p, "down_threshold", c.down_threshold);
               p.require(c.down_threshold < c.up_threshold, "down_threshold", "must be below up_threshold");
               c.freq_step = percent(p, "freq_step", c.freq_step);
               c.sampling_down_factor = down_factor(p, c.sampling_down_factor, 10);
               return [c] { return std::make_unique<ConservativeGovernor>(c); };
           }});
    r.add({"schedutil",
           "Linux schedutil: f = 1.25 x f_max x utilization, at most once per rate limit",
           {{"rate_limit_s", "number", "0.01", "seconds between evaluations (and the utilization window)"},
            {"headroom", "number", "1.25", "the factor on f_max x utilization"}},
           [](const Params& p) -> GovernorMaker {
               SchedutilParams s;
               s.rate_limit_s = period(p, "rate_limit_s", s.rate_limit_s);
               s.headroom = p.number("headroom", s.headroom);
               p.require(s.headroom >= 1 && s.headroom <= 10, "headroom", "must be from 1 to 10");
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
