#pragma once
// Reader of Batsim's JSON workloads (docs/workloads.md, "Batsim workloads"): `nb_res`, `jobs[]` (`id` a string
// or a number, `subtime`, `res`, `profile`, optional `walltime`) and `profiles{}`. The profile types rmsim can
// model, in both of Batsim's spellings (v4 / v5):
//   delay / DelayProfile                          `delay` seconds (at P0 of the reference core type)
//   parallel_homogeneous /
//     ParallelTaskHomogeneousProfile              `cpu` flops on each host (one host = one core)
//   parallel_homogeneous_total / the v5 type with
//     generation_strategy DefinedAmountsSpreadUniformly   `cpu` flops in all, spread over the hosts
//   parallel / ParallelTaskProfile                `cpu` flops per host (an array of `res` amounts)
// A flop is a cycle (rmsim reads SimGrid speeds in flops per second as clock frequencies). Communication
// (`com`) that is not zero, and every other profile type (sequences, storage, data staging, trace replays),
// are refused: rmsim does not model them. JSON syntax errors are located at file:line:col; semantic errors name
// the job (its index in `jobs` and its id) and the field.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "platform/input_limits.h"

namespace rmsim {

/// One job of a Batsim workload, with what rmsim models of its profile.
struct BatsimJob {
    std::string id;          ///< as written (a number as its JSON text)
    std::size_t index = 0;   ///< position in `jobs`
    double subtime_s = 0;    ///< absolute submission time
    std::uint64_t res = 1;   ///< resources (cores) requested
    std::string profile;     ///< the profile's name
    double walltime_s = -1;  ///< < 0: none
    bool delay = true;       ///< the work is `amount` seconds at P0 of the reference core type...
    double amount = 0;       ///< ... or, if !delay, this many flops (cycles) on each core
};

struct BatsimWorkload {
    std::uint64_t nb_res = 0;
    std::vector<BatsimJob> jobs;  ///< in file order
};

/// `file_name` is used only in error locations.
BatsimWorkload parse_batsim_workload(std::string_view text, const std::string& file_name);
/// `max_bytes`: the file's largest decompressed size (workloads/input_file.h).
BatsimWorkload read_batsim_workload(const std::string& path, std::uint64_t max_bytes = kDefaultMaxTraceBytes);

/// The line and column (both from 1) of the byte at `offset` in `text`.
std::pair<int, int> line_column(std::string_view text, std::size_t offset);

}  // namespace rmsim
