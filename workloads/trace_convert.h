#pragma once
// `rmsim convert IN OUT` (docs/workloads.md, "Converting traces"): a job list moved between the three formats
// rmsim reads, by file extension: an SWF trace (.swf, .swf.gz), a task CSV (.csv) and a Batsim JSON workload
// (.json). What all three carry is what a job is here: an id, a submission time, a duration at P0 of the
// reference core type, a processor (core) count and a requested time. From an SWF trace come the jobs that the
// swf workload replays (those that ran), their times shifted so that the first starts at 0, exactly as that
// workload shifts them: a trace replayed from its SWF file and from its converted JSON gives the same run.
#include <cstdint>
#include <string>
#include <vector>

namespace rmsim {

struct TraceJob {
    std::string id;           ///< as in the input (an SWF job number, a CSV id, a Batsim id)
    double submit_s = 0;      ///< from the start of the simulation
    double run_s = 0;         ///< at P0 of the reference core type
    std::uint64_t procs = 1;  ///< cores requested
    double requested_s = -1;  ///< the user's requested time; < 0: none
};

struct TraceJobs {
    std::vector<TraceJob> jobs;       ///< in input order
    std::uint64_t machine_procs = 0;  ///< the machine's processors if the input says (SWF MaxProcs, nb_res), else 0
};

/// The jobs of `path` (format by extension; gzip accepted). Bad input: InputError at its place. A Batsim
/// profile of flops, or a CSV column of per-core-type times, has no duration without a platform: refused.
TraceJobs read_trace_jobs(const std::string& path);

/// Writes `jobs` to `path` in the format its extension names (not gzip), every number as exactly as a double
/// prints (%.17g), so that reading it back gives the same values.
void write_trace_jobs(const TraceJobs& jobs, const std::string& path);

}  // namespace rmsim
