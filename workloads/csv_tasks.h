#pragma once
// A plain CSV task list (format in docs/workloads.md): a header row, then one task per row.
//   required: id, arrival_s, and either work_s (seconds at P0 of the reference core type: an analytic work
//             model, cycles = work_s · f_P0) or one or more time_s.<core type name> columns (seconds at P0 of
//             that core type: a tabular model; other P-states scale with f_P0 / f_p; an empty cell = cannot
//             run there)
//   optional: type, cores, nodes, deadline_s (absolute, >= arrival_s; empty = none), value (default 1)
// Utility: step(value, deadline_s - arrival_s) with a deadline, else the constant `value`.
// Blank lines and lines starting with '#' are skipped. Errors throw InputError at file:line:col.
#include <string>
#include <string_view>
#include <vector>

#include "platform/input_limits.h"
#include "platform/platform_spec.h"
#include "workloads/task.h"

namespace rmsim {

/// Tasks sorted by arrival (stable: equal arrivals keep the file order).
/// `max_bytes`: the file's largest decompressed size (workloads/input_file.h).
std::vector<Task> read_csv_tasks(const std::string& path, const PlatformSpec& platform,
                                 CoreTypeId reference_core_type = 0, std::uint64_t max_bytes = kDefaultMaxTraceBytes);
std::vector<Task> parse_csv_tasks(std::string_view text, const std::string& file_name, const PlatformSpec& platform,
                                  CoreTypeId reference_core_type = 0);

}  // namespace rmsim
