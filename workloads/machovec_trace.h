#pragma once
// Machovec Ch.3 §3.4.3 trace workload: one day of an SWF log per trial, each job one task whose
// other attributes are generated as in §3.4.2 (workloads/machovec_ch3_generator.h).
// The paper used 48 days of the "clean" Curie log (92,160 cores); rmsim does not ship it. Stand-ins:
// KTH-SP2-1996-2 (100 procs) and lublin_256 (256 nodes); their jobs are scaled to a Curie-sized machine.
// GAPs (documented at the parameter): the day window and t = 0; core scaling from the trace machine; the
// system as a fraction of the machine with every cluster keeping its share; the type split per job; which
// clusters a job may run on; the trace runtime read as the P0 time on the reference cluster.
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "platform/platform_spec.h"
#include "workloads/machovec_ch3_generator.h"
#include "workloads/swf_reader.h"
#include "workloads/task.h"
#include "workloads/workload.h"

namespace rmsim {

struct MachovecTraceParams {
    /// The simulated system (already scaled by scale_platform), as machovec_ch3_clusters gives it.
    std::vector<MachovecCh3Cluster> clusters;
    /// GAP (B2.7): day d = submit times [d·86400, (d+1)·86400) counted from the trace's time 0. The window is
    /// the last `warmup_s` of day d-1 then day d; arrivals are shifted so that the window starts at t = 0
    /// (t in [0, 4 h) warm-up, [4 h, 28 h) the measured day, as the machovec_ch3 workload).
    std::uint32_t day = 1;
    Seconds warmup_s = 4 * 3600.0;
    /// B2.7: Curie's 92,160 cores. GAP: trace jobs are scaled to it, cores = ceil(procs · machine_cores /
    /// trace_procs), trace_procs = MaxProcs of the header, else MaxNodes, else the largest job.
    std::uint32_t machine_cores = 92160;
    /// B2.7: jobs of more cores (after scaling) are removed.
    std::uint32_t max_task_cores = 4096;
    /// GAP: each job is its own task type; general-purpose with this probability, else special cluster 1 or 2
    /// with equal probability (the 60/20/20 split of the §3.4.2 types).
    double general_probability = 0.6;
    std::vector<double> power_scaling{1.0, 0.75, 0.5};  ///< B2.6
    ApcScope apc_scope = ApcScope::PerNode;             ///< as MachovecCh3Params::apc_scope
};

/// What happened to the jobs of the trace that were submitted inside the window.
struct MachovecTraceCounts {
    std::size_t in_window = 0;                ///< jobs submitted in the window (all of them, before any removal)
    std::size_t unknown = 0;                  ///< unknown or zero runtime or processors: skipped
    std::vector<std::int32_t> unknown_lines;  ///< the trace lines of the first SkippedRecords::kShown of them
    std::size_t too_large = 0;                ///< scaled cores > max_task_cores: removed (B2.7)
    std::size_t does_not_fit = 0;             ///< more nodes than any eligible cluster of the scaled system: removed
    std::size_t tasks = 0;                    ///< tasks made
};

struct MachovecTraceWorkload {
    std::vector<MachovecCh3TaskType> types;  ///< one per task, types[i] belongs to tasks[i]
    std::vector<Task> tasks;                 ///< sorted by arrival, ids 0, 1, ...; task.type = its index
    MachovecTraceCounts counts;
};

/// The processor count of the traced machine: MaxProcs, else MaxNodes, else the largest job (0 if none).
std::int64_t swf_machine_procs(const SwfTrace& trace);

/// ceil(procs · machine_cores / trace_procs), in integers (procs, trace_procs > 0).
std::uint64_t machovec_trace_cores(std::int64_t procs, std::uint32_t machine_cores, std::int64_t trace_procs);

/// The last day (as MachovecTraceParams::day) holding a submit time of the trace; -1 for no job.
std::int64_t swf_last_day(const SwfTrace& trace);

/// GAP (B2.7 "a fraction of the 92,160 cores"): every cluster keeps its node type and its share of the
/// platform's cores: nodes = max(1, round(nodes · cores_total / platform cores)). Throws
/// std::invalid_argument for cores_total <= 0 or a platform without cores.
PlatformSpec scale_platform(const PlatformSpec& platform, double cores_total);

/// Deterministic for a given generator state. Per kept job, draw order: type class (general / special 1 /
/// special 2), Table 3 priority and urgency, the type (make_machovec_ch3_type), the utility class.
/// Throws std::invalid_argument for bad parameters or a trace without a processor count.
MachovecTraceWorkload generate_machovec_trace(const SwfTrace& trace, const MachovecTraceParams& p,
                                              std::mt19937_64& rng);

}  // namespace rmsim
