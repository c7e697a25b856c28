#include "workloads/config/swf_workload.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "platform/number_format.h"
#include "workloads/config/workload_yaml.h"
#include "workloads/machovec_ch3_generator.h"
#include "workloads/preemption_traits.h"
#include "workloads/runnable.h"
#include "workloads/swf_reader.h"
#include "workloads/task_stream.h"
#include "workloads/trace_days.h"
#include "workloads/utility_classes.h"

namespace rmsim {

namespace {

/// Beyond the trace (docs/workloads.md, "SWF reader"): which submit days a trial replays, and what each job is
/// given that a trace does not hold. Every draw comes from the trial's seed, job by job in file order, so a
/// streamed run and a loaded one give the same tasks.
struct SwfTrialOptions {
    /// `first_day` given: trial t replays the jobs submitted in window_of(t), `days` days from day
    /// first_day + t·days after `warmup_s` (workloads/trace_days.h, as machovec_trace); arrivals are shifted so
    /// that the window's start is t = 0. Otherwise every trial replays the trace from its first job, shifted to 0.
    bool window = false;
    YAML::Node first_day;  ///< blamed when the window holds no job
    /// `utility: machovec_ch3`: each job gets a Machovec Ch.3 utility function, its priority and urgency from
    /// Table 3 and its class uniform among the 20 (Ch.3 §3.2.3, §3.4.2.3), drawn from utility_rng.
    bool ch3_utility = false;
    /// `preempt_probability` given: each job's two Ch.4 preemption flags (§4.2.3), each true with this
    /// probability, drawn from a stream of their own so that the utilities do not move with them.
    bool flags = false;
    double preempt_probability = 0;
    std::uint32_t trial = 0;
    std::mt19937_64 utility_rng, flag_rng;
    double first_ = 0, days_ = 1;
    Seconds warmup_ = 0;

    SwfTrialOptions(const YAML::Node& n, const WorkloadContext& c)
        : trial(c.trial), utility_rng(c.seed), flag_rng(flag_seed(c.seed)) {
        const std::string u = get_string_or(n, "utility", c.file, "constant");
        if (u != "constant" && u != "machovec_ch3")
            throw_at(n["utility"], c.file, "utility must be constant or machovec_ch3, not '" + u + "'");
        ch3_utility = u == "machovec_ch3";
        flags = has_key(n, "preempt_probability");
        preempt_probability = fraction_or(n, "preempt_probability", c.file, 0.0);
        window = has_key(n, "first_day");
        for (const char* key : {"days", "warmup_s"})
            if (!window && has_key(n, key))
                throw_at(n[key], c.file, std::string(key) + " needs first_day (the first submit day a trial replays)");
        if (!window) return;
        first_day = n["first_day"];
        const double first = get_non_negative_or(n, "first_day", c.file, 0);
        if (first != std::floor(first) || first > 1e9)
            throw_at(first_day, c.file, "first_day must be a whole number of days from 0 to 1e9");
        const double days = get_count_or(n, "days", c.file, 1);
        if (days < 1) throw_at(n["days"], c.file, "days must be at least 1");
        const Seconds warmup = get_non_negative_or(n, "warmup_s", c.file, 0);
        first_ = first;
        days_ = days;
        warmup_ = warmup;
    }

    /// Trial t's window.
    TraceWindow window_of(double t) const { return trace_window(first_ + t * days_, days_, warmup_); }

    /// The first trial of `trials` whose window holds no job of `submits` (each job that ran, in any order, by
    /// `next(submit)`), or -1: one pass over the trace, so that a run stops before its first trial when a later
    /// one would find nothing to replay. A submit time s lies in the windows of the trials t with
    /// window_of(t).holds(s), a run of at most (warmup_s / 86,400) / days + 2 trials around s / (days x 86,400).
    template <typename Next>
    std::int64_t first_empty_trial(std::uint32_t trials, Next next) const {
        std::vector<bool> covered(trials, false);
        Seconds s = 0;
        while (next(s)) {
            const double span = days_ * kTraceDay_s;
            double t = std::floor((s - (first_ + days_) * kTraceDay_s) / span);
            for (t = std::max(t, 0.0); t < trials && window_of(t).begin <= s; ++t)
                if (s < window_of(t).end) covered[std::size_t(t)] = true;
        }
        for (std::uint32_t t = 0; t < trials; ++t)
            if (!covered[t]) return t;
        return -1;
    }

    /// The message of a trial whose window holds no job.
    std::string empty_window(std::uint32_t t) const {
        const TraceWindow w = window_of(t);
        return "trial " + std::to_string(t) + " replays the jobs submitted from " + number12(w.begin) + " s to " +
               number12(w.end) + " s: the trace has none";
    }

    static std::uint64_t flag_seed(std::uint64_t seed) {
        std::seed_seq s{std::uint32_t(seed), std::uint32_t(seed >> 32), 0x666c6167u};  // "flag"
        std::mt19937_64 g(s);
        return g();
    }

    /// The job's utility and flags, in this order of draws.
    void give(Task& t) {
        if (ch3_utility) {
            const MachovecPriorityUrgency pu = sample_machovec_ch3_priority_urgency(utility_rng);
            std::uniform_int_distribution<std::size_t> cls(0, kMachovecUtilityClasses - 1);
            t.utility = make_machovec_utility(pu.priority, pu.urgency, cls(utility_rng));
        }
        if (flags) draw_preemption_flags(t, preempt_probability, flag_rng);
    }
};

/// The trace's tasks in file order: one per job that ran (after skip_jobs job lines, at most max_jobs), its
/// arrival shifted so that the first is at 0. `in_order` (a streamed run): a job submitted before the one
/// replayed before it is refused at its submit time, since the stream gives tasks in arrival order; the
/// loader sorts them instead (number_by_arrival).
class SwfTaskStream : public TaskStream {
public:
    SwfTaskStream(const YAML::Node& n, const WorkloadContext& c, bool in_order)
        : path_(c.resolve(get_string(n, "path", c.file))), max_jobs_(get_count_or(n, "max_jobs", c.file, UINT32_MAX)),
          skip_(get_non_negative_or(n, "skip_jobs", c.file, 0)), memory_(memory_fraction(n, c.file)),
          max_bytes_(max_bytes(n, c.file)), jobs_(path_, max_bytes_), f0_(reference_hz(c.platform)), check_(c.platform),
          in_order_(in_order),
          never_ran_(path_, "job", "never ran: unknown or zero runtime or processors, or no submit time"),
          options_(n, c), file_(c.file) {
        if (options_.window) origin_ = options_.window_of(options_.trial).begin;
        check_later_trials(c);
    }

    bool next(Task& t) override {
        SwfJob j;
        while (given_ < max_jobs_ && jobs_.next(j)) {
            if (seen_++ < skip_) continue;
            // Jobs with unknown or zero runtime or size never ran on the traced machine: not replayed.
            if (!j.ran() || j.submit_s < 0) {
                never_ran_.add(j.line);
                continue;
            }
            if (options_.window && !options_.window_of(options_.trial).holds(j.submit_s)) continue;
            if (origin_ < 0) origin_ = j.submit_s;
            if (in_order_ && j.submit_s < last_submit_)
                throw InputError({path_, j.line, j.submit_column},
                                 "SWF job " + std::to_string(j.job_number) + ": submit time " + number12(j.submit_s) +
                                     " s (field 2) is before that of the job replayed before it, " +
                                     number12(last_submit_) + " s at line " + std::to_string(last_line_) +
                                     ": a streamed run replays a trace in submit order (sort its job lines by "
                                     "field 2, or load it whole)");
            last_submit_ = j.submit_s;
            last_line_ = j.line;
            t = task_of(j);
            options_.give(t);
            ++given_;
            return true;
        }
        if (options_.window && given_ == 0) throw_at(options_.first_day, file_, options_.empty_window(options_.trial));
        return false;
    }

    /// Trial 0 of a run with day windows checks the later trials' windows, as machovec_trace checks the last
    /// trial's day: a window without a job stops the run before any trial writes.
    void check_later_trials(const WorkloadContext& c) const {
        if (!options_.window || c.trial != 0 || c.trials < 2) return;
        SwfJobReader jobs(path_, max_bytes_);
        SwfJob j;
        std::size_t seen = 0;
        const std::int64_t t = options_.first_empty_trial(c.trials, [&](Seconds& submit) {
            while (jobs.next(j))
                if (seen++ >= skip_ && j.ran() && j.submit_s >= 0) {
                    submit = j.submit_s;
                    return true;
                }
            return false;
        });
        if (t >= 0) throw_at(options_.first_day, file_, options_.empty_window(std::uint32_t(t)));
    }

    std::vector<SkippedRecords> skipped() const override {
        if (never_ran_.count == 0) return {};
        return {never_ran_};
    }

private:
    Task task_of(const SwfJob& j) const {
        const std::int64_t procs = *j.processors();
        // Fields 5 (allocated) or 8 (requested processors), whichever the job's size came from.
        const int procs_field = j.allocated_procs >= 0 ? 5 : 8;
        // Refused at the job's line: "SWF job <number><what>".
        const auto refuse = [&](const std::string& what) {
            throw InputError({path_, j.line, 1}, "SWF job " + std::to_string(j.job_number) + what);
        };
        if (procs > std::int64_t(UINT32_MAX))
            refuse(": " + std::to_string(procs) + " processors (field " + std::to_string(procs_field) +
                   ") is more than 4294967295");
        Task t;
        t.arrival_s = j.submit_s - origin_;
        t.cores = static_cast<std::uint32_t>(procs);
        t.work = work_of(j.run_s, memory_, f0_);  // the trace's runtime is the time at P0 of the reference core
        t.requested_time_s = j.requested_time_s;
        // The job's memory (what a checkpoint writes): used memory per processor (field 7), else requested
        // (field 10), times its processors; unknown: none.
        const double kb =
            j.used_memory_kb > 0 ? j.used_memory_kb : (j.requested_memory_kb > 0 ? j.requested_memory_kb : 0);
        const double bytes = kb * 1024.0 * static_cast<double>(procs);
        // Checked before the conversion, which is undefined beyond 2^64 - 1.
        if (!(bytes < 18446744073709551616.0))
            refuse(": its memory (" + number12(kb) + " KB per processor x " + std::to_string(procs) +
                   " processors) exceeds 2^64 bytes");
        t.memory_bytes = static_cast<std::uint64_t>(bytes);
        if (const TaskProblem p = check_.problem(t)) {
            const char* field =
                p.fault == TaskFault::Arrival ? " (field 2, submit time)"
                : p.fault == TaskFault::Request
                    ? (procs_field == 5 ? " (field 5, allocated processors)" : " (field 8, requested processors)")
                    : " (field 4, run time)";
            refuse(" " + p.message + field);
        }
        return t;
    }

    std::string path_;
    std::uint32_t max_jobs_;
    double skip_;
    double memory_;
    std::uint64_t max_bytes_;
    SwfJobReader jobs_;
    Hertz f0_;
    RunnableCheck check_;
    bool in_order_;
    SkippedRecords never_ran_;
    SwfTrialOptions options_;
    std::string file_;          ///< the config file, for messages
    std::size_t seen_ = 0;      ///< job lines read
    std::uint32_t given_ = 0;   ///< tasks given
    Seconds origin_ = -1;       ///< t = 0: the first replayed job's submit time, or the trial's window start
    Seconds last_submit_ = -1;  ///< the job replayed last: its submit time and line
    std::int32_t last_line_ = 0;
};

Workload swf_load(const YAML::Node& n, const WorkloadContext& c) {
    SwfTaskStream stream(n, c, false);
    Workload w;
    w.tasks = drain(stream);
    number_by_arrival(w.tasks);
    w.skipped = stream.skipped();
    return w;
}

std::unique_ptr<TaskStream> swf_stream(const YAML::Node& n, const WorkloadContext& c) {
    return std::make_unique<SwfTaskStream>(n, c, true);
}

}  // namespace

WorkloadInfo swf_workload() {
    return {
        "swf",
        "an SWF trace (Parallel Workloads Archive), one task per job that ran: arrival, processors, runtime at "
        "P0 of the reference core type, requested time and memory from the trace",
        {{"path", "string", "(required)", "the trace, plain or gzip, relative to the config file"},
         ParamInfo{"max_jobs", "integer", "all", "replay at most this many jobs"}.at_least(1),
         ParamInfo{"skip_jobs", "number", "0", "leave out this many job lines at the start of the trace"}.at_least(0),
         memory_fraction_param(),
         max_bytes_param(),
         ParamInfo{"first_day", "integer", "(none: the trace from its first job)",
                   "trial t replays the jobs submitted on days first_day + t x days .. + days (from the trace's "
                   "time 0), and warmup_s before them; t = 0 is the window's start"}
             .at_least(0),
         ParamInfo{"days", "integer", "1", "days of the trace a trial replays (with first_day)"}.at_least(1),
         ParamInfo{"warmup_s", "number", "0", "seconds before the first day replayed as warm-up (with first_day)"}
             .at_least(0),
         {"utility", "string", "constant",
          "each job's utility: constant (1) or machovec_ch3 (Table 3 priority and urgency, one of the 20 classes, "
          "drawn per job from the trial's seed)"},
         ParamInfo{"preempt_probability", "number", "(none: no flags drawn)",
                   "each job's two preemption flags (Machovec Ch.4) are each true with this probability"}},
        swf_load,
        {},
        {"path"},
        swf_stream,
        {}};
}

}  // namespace rmsim
