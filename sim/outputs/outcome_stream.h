#pragma once
// A streamed run's outcomes (docs/architecture.md, "Streaming"). Tasks finish in any order; their outcomes
// (TaskOutcome is plain data) gather in a batch, which is sorted by id and appended to a staging file of the
// run folder as one run when it is full, and leave memory. At the end of the run the runs are merged, each read
// through a small buffer: each outcome, in id order, is folded into the metrics (and the window's, if any) and
// written as its tasks.csv row, exactly as a run that keeps every task does at its end, and the staging file is
// removed. Memory stays flat whatever the order of the ends (a long task does not hold back the outcomes of
// the many that end while it runs), and the file is written sequentially, a batch a write: tasks end in an
// order far from their ids', so writing each at its id's place would cost a write per outcome.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "sim/outputs/metrics.h"
#include "sim/outputs/task_outcome.h"

namespace rmsim {

/// The first task whose record breaks a per-task invariant (sim/run/invariants.h), over every task seen.
struct RecordFlags {
    static constexpr TaskId kNone = ~TaskId{0};
    TaskId bad_remaining = kNone;  ///< remaining work outside [0, 1]
    TaskId bad_completed = kNone;  ///< completed with work left, or an end before its start
    void add(const TaskOutcome& o);
};

class OutcomeStream {
public:
    /// The staging file is created at `path` (std::runtime_error if it cannot be); `window`: the measurement
    /// window to fold, if any.
    OutcomeStream(std::string path, std::optional<WindowFold> window);
    ~OutcomeStream();
    OutcomeStream(const OutcomeStream&) = delete;
    OutcomeStream& operator=(const OutcomeStream&) = delete;

    /// An outcome, in any order of ids (each id once).
    void add(const TaskOutcome& o);
    /// Reads the outcomes of ids 0 .. count-1 in order, folds them and writes tasks.csv to `tasks_csv`; then
    /// removes the staging file. std::logic_error if an id has no outcome.
    void finish(std::size_t count, std::ostream& tasks_csv);
    /// After finish().
    MetricsFold& metrics() { return metrics_; }
    std::optional<WindowFold>& window() { return window_; }
    const RecordFlags& flags() const { return flags_; }

private:
    /// Sorts the batch by id and appends it to the file as a run.
    void flush();

    static constexpr std::size_t kBatch = 16384;  ///< outcomes a run (1.5 MiB)
    std::vector<TaskOutcome> batch_;
    std::vector<std::size_t> run_sizes_;  ///< outcomes in each run, in file order
    std::string path_;
    int fd_ = -1;
    std::optional<WindowFold> window_;
    MetricsFold metrics_;
    RecordFlags flags_;
};

}  // namespace rmsim
