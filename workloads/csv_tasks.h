#pragma once
// A plain CSV task list (format in docs/workloads.md): a header row, then one task per row.
//   required: id, arrival_s, and either work_s (seconds at P0 of the reference core type: an analytic work
//             model, cycles = work_s · f_P0) or one or more time_s.<core type name> columns (seconds at P0 of
//             that core type: a tabular model; other P-states scale with f_P0 / f_p; an empty cell = cannot
//             run there)
//   optional: type, cores, nodes, deadline_s (absolute, >= arrival_s; empty = none), value (default 1)
// Utility: step(value, deadline_s - arrival_s) with a deadline, else the constant `value`.
// Blank lines and lines starting with '#' are skipped. Errors throw InputError at file:line:col.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "platform/input_limits.h"
#include "platform/platform_spec.h"
#include "workloads/task.h"
#include "workloads/task_stream.h"

namespace rmsim {

/// The task list's rows one at a time in file order, read line by line (workloads/input_lines.h: the memory is
/// one line, whatever the file's length), each task with the id of its row. The header row is read by the
/// constructor. `ordered` (a streamed run, which gives tasks in arrival order): a row whose arrival_s is below
/// the row's above it, or whose id is not above that row's (the ids ascend, so none can repeat without keeping
/// them all), is refused at its cell. Otherwise rows may come in any order, and every id is kept to refuse a
/// duplicate; the caller sorts them.
class CsvTaskStream : public TaskStream {
public:
    CsvTaskStream(const std::string& path, const PlatformSpec& platform, CoreTypeId reference_core_type,
                  std::uint64_t max_bytes, bool ordered);
    ~CsvTaskStream() override;
    bool next(Task& task) override;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

/// Tasks sorted by arrival (stable: equal arrivals keep the file order), with the ids of their rows.
/// `max_bytes`: the file's largest decompressed size (workloads/input_file.h).
std::vector<Task> read_csv_tasks(const std::string& path, const PlatformSpec& platform,
                                 CoreTypeId reference_core_type = 0, std::uint64_t max_bytes = kDefaultMaxTraceBytes);
std::vector<Task> parse_csv_tasks(std::string_view text, const std::string& file_name, const PlatformSpec& platform,
                                  CoreTypeId reference_core_type = 0);

}  // namespace rmsim
