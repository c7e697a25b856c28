#pragma once
// A workload read or generated lazily, one task at a time in arrival order, as a streamed run's simulated time
// reaches it (docs/architecture.md, "Streaming"). A kind that can stream registers a stream factory beside its
// loader (WorkloadInfo::stream); its loader drains the same stream, so both give the same tasks.
#include <cstddef>
#include <memory>
#include <vector>

#include "workloads/task.h"
#include "workloads/workload.h"

namespace rmsim {

class TaskStream {
public:
    virtual ~TaskStream() = default;
    /// The next task in arrival order (arrival() never earlier than the previous task's); false when the
    /// workload has no more. The caller numbers the tasks 0, 1, ... in the order they come. Bad input throws
    /// InputError at file:line:col, as the loader would.
    virtual bool next(Task& task) = 0;
    /// The input records passed over so far without a task (an SWF job that never ran): whole once next()
    /// has returned false. The loader hands them to Workload::skipped.
    virtual std::vector<SkippedRecords> skipped() const { return {}; }
};

/// Every task of a stream, numbered 0, 1, ... in the order they come.
std::vector<Task> drain(TaskStream& stream);
/// Reads the stream to its end keeping nothing (its input checked whole in constant memory): how many tasks.
std::size_t count_rest(TaskStream& stream);

}  // namespace rmsim
