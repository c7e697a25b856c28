// The `synthetic` workload: independent tasks for benchmarks and first looks (docs/workloads.md).
#include <algorithm>
#include <random>

#include "platform/yaml_quantities.h"
#include "workloads/arrivals.h"
#include "workloads/config/workload_yaml.h"
#include "workloads/runnable.h"
#include "workloads/task_stream.h"
#include "workloads/workload_registry.h"

namespace rmsim {

namespace {

/// The synthetic tasks, drawn one at a time in arrival order (workloads/task_stream.h): the loader drains it.
class SyntheticStream : public TaskStream {
public:
    SyntheticStream(const YAML::Node& n, const WorkloadContext& c) : check_(c.platform), section_(n), file_(c.file) {
        const std::string& file = c.file;
        const PlatformSpec& platform = c.platform;
        count_ = get_count(n, "tasks", file);
        check_task_memory(count_, n["tasks"], file, std::to_string(count_) + " tasks");
        const double rate = get_amount(n, "arrival_rate_per_s", file, true);
        // A sinusoidal rate rate·(1 + a·sin(2πt/P)) when a > 0: an offered load that swings above and below
        // the mean (the deep-queue benchmarks, docs/performance.md).
        const double amplitude = get_amount_or(n, "arrival_amplitude", file, 0.0);
        if (!(amplitude >= 0 && amplitude <= 1))
            throw_at(n["arrival_amplitude"], file,
                     "arrival_amplitude must be in [0, 1] (the rate cannot be negative), got " +
                         n["arrival_amplitude"].Scalar());
        const Seconds period = get_seconds_or(n, "arrival_period_s", file, 86400, true);
        mean_ = get_seconds(n, "work_s_mean", file, true);
        cov_ = get_amount_or(n, "work_s_cov", file, 0.5);
        mem_ = memory_fraction(n, file);
        const std::uint32_t cmin = get_count_or(n, "cores_min", file, 1);
        const std::uint32_t cmax = get_count_or(n, "cores_max", file, cmin);
        if (cmax < cmin) throw_at(n["cores_max"], file, "cores_max must be >= cores_min");
        umax_ = get_amount_or(n, "utility_max", file, 1.0, true);
        zero_factor_ = get_amount_or(n, "utility_zero_after_factor", file, 10.0, true);
        // The value curve is flat for the work's own length, then decays to 0 at zero_after_factor x the work.
        if (zero_factor_ < 1)
            throw_at(n["utility_zero_after_factor"], file,
                     "utility_zero_after_factor must be >= 1 (the utility reaches 0 after the flat part, which "
                     "lasts the task's own work), got " +
                         n["utility_zero_after_factor"].Scalar());
        // Any trial may draw cores_max: it must fit a cluster, whatever the draws of the trial checked first.
        {
            Task widest;
            widest.cores = cmax;
            if (const TaskProblem p = check_.problem(widest); p.fault == TaskFault::Request)
                throw_at(has_key(n, "cores_max") ? n["cores_max"] : n["cores_min"], file, "a task that " + p.message);
        }
        rng_.seed(c.seed);
        // Arrivals: a Poisson process continued until `count` tasks have arrived; homogeneous, or sinusoidal
        // by thinning (candidates at the peak rate, one at t kept if u·peak < rate(t), workloads/arrivals.h).
        swing_ = SinusoidalRate{rate, amplitude, period, 0};
        gap_ = std::exponential_distribution<double>(amplitude > 0 ? swing_.max() : rate);
        // Work: Gamma with the given mean and COV (shape 1/COV^2, scale mean COV^2); fixed if COV = 0.
        work_ = std::gamma_distribution<double>(cov_ > 0 ? 1.0 / (cov_ * cov_) : 1.0,
                                                cov_ > 0 ? mean_ * cov_ * cov_ : mean_);
        cores_ = std::uniform_int_distribution<std::uint32_t>(cmin, cmax);
        f0_ = reference_hz(platform);
    }

    bool next(Task& k) override {
        if (drawn_ == count_) return false;
        t_ += gap_(rng_);
        if (swing_.amplitude > 0)
            while (keep_(rng_) * swing_.max() >= std::max(0.0, swing_.at(t_))) t_ += gap_(rng_);
        k.arrival_s = t_;
        const Seconds s = cov_ > 0 ? work_(rng_) : mean_;
        k.work = work_of(s, mem_, f0_);
        k.cores = cores_(rng_);
        // Utility: full value until the work's own length has passed, then linear decay to 0 at
        // zero_after_factor x the work (a soft deadline proportional to the task's size).
        k.utility = UtilityFunction::value_curve(umax_, s, zero_factor_ * s);
        if (const TaskProblem p = check_.problem(k))
            throw_at(section_, file_, "synthetic workload: its task " + std::to_string(drawn_) + " " + p.message);
        ++drawn_;
        return true;
    }

private:
    RunnableCheck check_;
    YAML::Node section_;
    std::string file_;
    std::uint32_t count_ = 0, drawn_ = 0;
    double mean_ = 0, cov_ = 0, mem_ = 0, umax_ = 1, zero_factor_ = 10;
    Hertz f0_ = 0;
    SinusoidalRate swing_{};
    std::mt19937_64 rng_;
    std::exponential_distribution<double> gap_;
    std::uniform_real_distribution<double> keep_{0.0, 1.0};
    std::gamma_distribution<double> work_;
    std::uniform_int_distribution<std::uint32_t> cores_;
    Seconds t_ = 0;
};

std::vector<Task> synthetic(const YAML::Node& n, const WorkloadContext& c) {
    SyntheticStream stream(n, c);
    return drain(stream);
}

std::unique_ptr<TaskStream> synthetic_stream(const YAML::Node& n, const WorkloadContext& c) {
    return std::make_unique<SyntheticStream>(n, c);
}

}  // namespace

void register_synthetic_workloads(WorkloadRegistry& r) {
    r.add(
        {"synthetic",
         "independent tasks: Poisson arrivals (optionally sinusoidal), Gamma work, uniform cores, a value curve "
         "(beyond the papers: benchmarks and first looks)",
         {ParamInfo{"tasks", "integer", "(required)", "tasks per trial"}.at_least(1),
          ParamInfo{"arrival_rate_per_s", "number", "(required)", "mean arrival rate, tasks per second"}.above(0),
          ParamInfo{"work_s_mean", "number", "(required)", "mean work, seconds at P0 of the reference core type"}.above(
              0),
          ParamInfo{"work_s_cov", "number", "0.5",
                    "coefficient of variation of the Gamma work (0: every task the mean)"}
              .at_least(0),
          memory_fraction_param(), ParamInfo{"cores_min", "integer", "1", "fewest cores a task asks for"}.at_least(1),
          ParamInfo{"cores_max", "integer", "cores_min", "most cores a task asks for (uniform in [min, max])"}.at_least(
              1),
          ParamInfo{"utility_max", "number", "1", "a task's value while it is on time"}.above(0),
          ParamInfo{"utility_zero_after_factor", "number", "10",
                    "the value falls linearly to 0 at this many times the task's work after its arrival (>= 1)"}
              .at_least(1),
          ParamInfo{"arrival_amplitude", "number", "0", "a in [0, 1]: the rate swings as rate (1 + a sin(2 pi t / P))"}
              .in(0, 1),
          ParamInfo{"arrival_period_s", "number", "86400", "P of the swing, seconds"}.above(0)},
         tasks_of(synthetic),
         {},
         {},
         synthetic_stream,
         {}});
}

}  // namespace rmsim
