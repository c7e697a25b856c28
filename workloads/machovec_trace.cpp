#include "workloads/machovec_trace.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "workloads/trace_days.h"
#include "workloads/utility_classes.h"

namespace rmsim {

std::int64_t swf_machine_procs(const SwfTrace& trace) {
    if (auto v = trace.header.integer("MaxProcs"); v && *v > 0) return *v;
    if (auto v = trace.header.integer("MaxNodes"); v && *v > 0) return *v;
    std::int64_t m = 0;
    for (const SwfJob& j : trace.jobs)
        if (j.processors()) m = std::max(m, *j.processors());
    return m;
}

std::uint64_t machovec_trace_cores(std::int64_t procs, std::uint32_t machine_cores, std::int64_t trace_procs) {
    if (procs <= 0 || trace_procs <= 0) throw std::invalid_argument("machovec trace: processor counts must be > 0");
    const std::uint64_t n = std::uint64_t(procs) * machine_cores;
    return (n + std::uint64_t(trace_procs) - 1) / std::uint64_t(trace_procs);
}

std::int64_t swf_last_day(const SwfTrace& trace) {
    // Days beyond 2^63 (submit times up to 1e308 s are valid SWF numbers) count as the largest day: the
    // conversion of a larger value is undefined.
    constexpr double kBeyond = 9223372036854775808.0;  // 2^63
    std::int64_t last = -1;
    for (const SwfJob& j : trace.jobs) {
        if (j.submit_s < 0) continue;
        const double day = std::floor(j.submit_s / kTraceDay_s);
        last = std::max(last, day < kBeyond ? std::int64_t(day) : std::numeric_limits<std::int64_t>::max());
    }
    return last;
}

PlatformSpec scale_platform(const PlatformSpec& platform, double cores_total) {
    const std::uint64_t have = platform.total_cores();
    if (have == 0) throw std::invalid_argument("scale_platform: the platform has no cores");
    if (!(cores_total > 0)) throw std::invalid_argument("scale_platform: the core total must be > 0");
    PlatformSpec out = platform;
    const double f = cores_total / double(have);
    for (ClusterSpec& c : out.clusters) {
        const double n = std::round(double(c.nodes) * f);
        if (n > double(UINT32_MAX)) throw std::invalid_argument("scale_platform: cluster " + c.name + " too large");
        c.nodes = std::max<std::uint32_t>(1, std::uint32_t(n));
    }
    return out;
}

MachovecTraceWorkload generate_machovec_trace(const SwfTrace& trace, const MachovecTraceParams& p,
                                              std::mt19937_64& rng) {
    if (p.machine_cores == 0) throw std::invalid_argument("machovec trace: machine_cores must be > 0");
    if (p.max_task_cores == 0) throw std::invalid_argument("machovec trace: max_task_cores must be > 0");
    if (!(p.warmup_s >= 0) || p.warmup_s > kTraceDay_s)
        throw std::invalid_argument("machovec trace: warm-up must be in [0, 1 day]");
    if (!(p.general_probability >= 0 && p.general_probability <= 1))
        throw std::invalid_argument("machovec trace: general_probability must be in [0, 1]");
    if (p.power_scaling.empty()) throw std::invalid_argument("machovec trace: at least one P-state");
    const std::int64_t trace_procs = swf_machine_procs(trace);
    if (trace_procs <= 0) throw std::invalid_argument("machovec trace: the trace gives no processor count");
    std::vector<std::size_t> by_class[3];  // general, special 1, special 2
    for (std::size_t c = 0; c < p.clusters.size(); ++c) {
        const int s = p.clusters[c].special_index;
        if (s < -1 || s > 1) throw std::invalid_argument("machovec trace: special_index must be -1, 0 or 1");
        by_class[s + 1].push_back(c);
    }
    if (by_class[0].empty() || by_class[1].size() != 1 || by_class[2].size() != 1)
        throw std::invalid_argument("machovec trace: needs general-purpose clusters and exactly two special ones");

    MachovecCh3Params gp;  // what make_machovec_ch3_type reads
    gp.clusters = p.clusters;
    gp.power_scaling = p.power_scaling;
    gp.apc_scope = p.apc_scope;

    const TraceWindow window = trace_window(double(p.day), 1, p.warmup_s);
    const double sp = (1.0 - p.general_probability) / 2;
    std::discrete_distribution<int> klass({p.general_probability, sp, sp});
    std::uniform_int_distribution<std::size_t> cls(0, kMachovecUtilityClasses - 1);

    MachovecTraceWorkload w;
    // Jobs in submit order (the file order of a clean log; stable for equal submit times).
    std::vector<const SwfJob*> jobs;
    for (const SwfJob& j : trace.jobs)
        if (window.holds(j.submit_s)) jobs.push_back(&j);
    std::stable_sort(jobs.begin(), jobs.end(),
                     [](const SwfJob* a, const SwfJob* b) { return a->submit_s < b->submit_s; });
    for (const SwfJob* j : jobs) {
        ++w.counts.in_window;
        if (!j->ran()) {
            if (++w.counts.unknown <= SkippedRecords::kShown) w.counts.unknown_lines.push_back(j->line);
            continue;
        }
        const std::uint64_t cores = machovec_trace_cores(*j->processors(), p.machine_cores, trace_procs);
        if (cores > p.max_task_cores) {
            ++w.counts.too_large;
            continue;
        }
        const int k = klass(rng);
        // GAP: the job may run on the clusters of its class on which its node count fits; the first of them
        // is the reference cluster. None: removed.
        std::vector<std::size_t> eligible;
        for (std::size_t c : by_class[k]) {
            const MachovecCh3Cluster& cl = p.clusters[c];
            if ((cores + cl.cores_per_node - 1) / cl.cores_per_node <= cl.nodes) eligible.push_back(c);
        }
        if (eligible.empty()) {
            ++w.counts.does_not_fit;
            continue;
        }
        const MachovecPriorityUrgency pu = sample_machovec_ch3_priority_urgency(rng);
        // GAP: the trace runtime is the type's time at P0 on the reference cluster for its core count.
        MachovecCh3TaskType type = make_machovec_ch3_type(gp, eligible, k - 1, pu, std::uint32_t(cores), j->run_s, rng);
        // B2.7: only the arrival, runtime and cores come from the trace (no user estimate, user or group).
        // Ch.3 §3.4.2.3: a utility class uniform among the 20 classes.
        w.tasks.push_back(make_machovec_ch3_task(type, j->submit_s - window.begin, cls(rng)));
        w.types.push_back(std::move(type));
    }
    // Already in arrival order (jobs sorted by submit time).
    for (std::size_t i = 0; i < w.tasks.size(); ++i) {
        w.tasks[i].id = TaskId(i);
        w.tasks[i].type = TaskTypeId(i);
    }
    w.counts.tasks = w.tasks.size();
    return w;
}

}  // namespace rmsim
