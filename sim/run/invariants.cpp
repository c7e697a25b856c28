#include "sim/run/invariants.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>

#include "manager/resource_manager.h"
#include "modules/machine.h"
#include "platform/number_format.h"
#include "sim/outputs/metrics.h"
#include "sim/outputs/outcome_stream.h"

namespace rmsim {

namespace {

[[noreturn]] void violated(const char* name, const std::string& what) {
    throw std::logic_error(std::string("invariant: ") + name + ": " + what);
}

std::string n(std::uint64_t v) { return std::to_string(v); }

constexpr TaskId kNoTask = std::numeric_limits<TaskId>::max();

/// What one walk over the task records finds, for the checks below.
struct RecordWalk {
    std::uint64_t parts_awaited = 0;  ///< node parts of running tasks whose final notice has not come
    std::uint64_t running = 0;        ///< running records
    /// Records a run cannot leave when it ends with nothing left to simulate: pending, reserved or running,
    /// or waiting since after the last mapping event (never offered to the policy)
    std::uint64_t left = 0;
    TaskId first_left = kNoTask;
    TaskId queued_not_waiting = kNoTask;  ///< the first task in the waiting queue that is not waiting
    TaskId first_running = kNoTask, first_not_waiting = kNoTask;
    TaskId bad_remaining = kNoTask;  ///< the first task whose remaining work lies outside [0, 1]
    TaskId bad_completed = kNoTask;  ///< the first completed task with work left or an end before its start

    RecordWalk(const PolicyView& view, SimTime last_mapping_event, const RecordFlags* streamed) {
        if (streamed) {  // its outcomes saw every record; the walk below sees the tasks still held
            bad_remaining = streamed->bad_remaining;
            bad_completed = streamed->bad_completed;
        }
        for (TaskId t = 0; t < view.task_count(); ++t) {
            if (!view.has_task(t)) continue;
            const TaskRecord& r = view.record(t);
            const TaskState s = r.state;
            if (s == TaskState::Running) {
                parts_awaited += r.parts_left;
                ++running;
                first(first_running, t);
            }
            if (s == TaskState::Pending || s == TaskState::Reserved || s == TaskState::Running ||
                (s == TaskState::Waiting && view.task(t).arrival() > last_mapping_event)) {
                ++left;
                first(first_left, t);
            }
            if (s != TaskState::Waiting) {
                first(first_not_waiting, t);
                if (view.waiting().contains(t)) first(queued_not_waiting, t);
            }
            if (streamed) continue;
            if (r.remaining < 0 || r.remaining > 1) first(bad_remaining, t);
            if (s == TaskState::Completed && (r.remaining != 0 || r.end < r.first_start)) first(bad_completed, t);
        }
    }
    static void first(TaskId& slot, TaskId t) {
        if (slot == kNoTask) slot = t;
    }
};

void check_task_counts(const EndOfRun& run, const std::string& corrupt) {
    EndStateCounts ledger = run.manager.bookkeeping().ledger().end_state_counts();
    if (corrupt == "task-counts") ++ledger.completed;  // a completion the records do not show
    const Metrics& m = run.metrics;
    const ManagerStats& manager = run.manager.stats();
    const auto agree = [](const char* what, std::uint64_t in_ledger, std::uint64_t in_metrics,
                          const char* other = nullptr, std::uint64_t in_other = 0) {
        if (in_ledger == in_metrics && (!other || in_other == in_ledger)) return;
        violated("task-counts", std::string(what) + ": ledger " + n(in_ledger) +
                                    (other ? std::string(", ") + other + " " + n(in_other) : std::string()) +
                                    ", metrics " + n(in_metrics));
    };
    agree("arrived", ledger.arrived, m.arrived, "manager", run.manager.arrivals());
    agree("completed", ledger.completed, m.completed, "hardware notices", manager.notice_completions);
    agree("dropped", ledger.dropped, m.dropped);
    agree("rejected", ledger.rejected, m.rejected);
    agree("killed", ledger.killed, m.killed);
    const std::uint64_t finished = ledger.completed + ledger.dropped + ledger.rejected + ledger.killed;
    agree("unfinished", ledger.arrived - std::min(ledger.arrived, finished), m.unfinished);
}

void check_node_parts(const EndOfRun& run, const RecordWalk& w, const std::string& corrupt) {
    const ManagerStats& s = run.manager.stats();
    const std::uint64_t unsent = run.manager.unsent_parts();  // deferred STARTs: no part on the hardware yet
    const std::uint64_t running = w.parts_awaited - std::min(w.parts_awaited, unsent);
    std::uint64_t started = s.parts_started;
    if (corrupt == "node-parts") ++started;  // a part that never reported
    if (started != s.completed_notices + s.preempted_notices + s.depleted_notices + running)
        violated("node-parts", n(started) + " node parts started, " + n(s.completed_notices) + " COMPLETED, " +
                                   n(s.preempted_notices) + " PREEMPTED and " + n(s.depleted_notices) +
                                   " DEPLETED notices received, " + n(running) + " parts still running");
}

void check_energy(const EndOfRun& run, const std::string& corrupt) {
    const EnergyBreakdown total = run.machine.energy_breakdown();
    EnergyBreakdown parts = run.machine.sum_of_components();
    if (corrupt == "energy-components") parts[0] += std::max(1.0, 1e-6 * std::fabs(total[0]));  // energy lost
    for (std::size_t i = 0; i < kEnergyCategories; ++i) {
        const double tol = 1e-9 * std::max(1.0, std::fabs(total[i]));
        if (std::fabs(total[i] - parts[i]) > tol)
            violated("energy-components", std::string("machine energy '") + to_string(EnergyCategory(i)) +
                                              "' differs from the sum of its components");
    }
}

void check_waiting_queue(const EndOfRun& run, const RecordWalk& w, const std::string& corrupt) {
    const PolicyView& view = run.manager.bookkeeping().view();
    TaskId queued = w.queued_not_waiting;
    if (corrupt == "waiting-queue" && queued == kNoTask)  // a running (or else a finished) task left in it
        queued = w.first_running != kNoTask ? w.first_running : w.first_not_waiting;
    if (queued != kNoTask)
        violated("waiting-queue",
                 "task " + n(queued) + " is in the waiting queue but " + to_string(view.record(queued).state));
    if (w.running != view.running_count())
        violated("waiting-queue", n(w.running) + " task records are running, the ledger counts " +
                                      n(view.running_count()) + " running tasks");
}

void check_nothing_left(const EndOfRun& run, const RecordWalk& w, const std::string& corrupt) {
    // At its end time a run stops whatever is left (unfinished tasks are legitimate then). Before it, the run
    // ended because nothing was left to simulate: no arrival to come, no task running or reserved, and the
    // tasks still waiting are those the policy was offered and left (e.g. an energy budget that lets none
    // start). The hook takes a run stopped at its end time as one that ended before it.
    if (!(run.now < run.end) && corrupt != "nothing-left") return;
    if (w.left == 0) return;
    const PolicyView& view = run.manager.bookkeeping().view();
    violated("nothing-left", "the run ended at " + ns_as_seconds(static_cast<std::uint64_t>(run.now.ns())) +
                                 " s with nothing left to simulate, but " + n(w.left) +
                                 " tasks are pending, reserved, running or waiting unseen by the policy (task " +
                                 n(w.first_left) + " is " + to_string(view.record(w.first_left).state) + ")");
}

void check_task_records(const RecordWalk& w, const std::string& corrupt) {
    const TaskId bad = corrupt == "task-records" && w.bad_remaining == kNoTask ? 0 : w.bad_remaining;
    if (bad != kNoTask) violated("task-records", "task " + n(bad) + " has remaining work outside [0, 1]");
    if (w.bad_completed != kNoTask)
        violated("task-records", "completed task " + n(w.bad_completed) + " is inconsistent");
}

/// The model's limits (platform/model_limits.h) keep every number finite; a non-finite one would be written
/// as null.
void check_finite(const nlohmann::ordered_json& j, const std::string& path) {
    if (j.is_number_float() && !std::isfinite(j.get<double>()))
        violated("summary-finite", "summary field " + path + " is not a finite number");
    if (j.is_object())
        for (auto it = j.begin(); it != j.end(); ++it)
            check_finite(it.value(), path.empty() ? it.key() : path + "." + it.key());
}

}  // namespace

std::string test_corruption() {
    const char* v = std::getenv("RMSIM_TEST_CORRUPT");
    if (!v || !*v) return {};
    const std::string name = v;
    std::string names;
    for (const Invariant& i : kInvariants) {
        if (name == i.name) return name;
        names += std::string(i.name) + ", ";
    }
    if (name == kBadStart) return name;
    throw std::logic_error("RMSIM_TEST_CORRUPT='" + name + "' names no invariant (" + names + "or " + kBadStart + ")");
}

void check_end_of_run(const EndOfRun& run, const std::string& corrupt) {
    const RecordWalk walk(run.manager.bookkeeping().view(), run.manager.stats().last_mapping_event, run.streamed);
    check_task_counts(run, corrupt);
    check_node_parts(run, walk, corrupt);
    check_energy(run, corrupt);
    check_waiting_queue(run, walk, corrupt);
    check_nothing_left(run, walk, corrupt);
    check_task_records(walk, corrupt);
}

void check_summary_finite(const nlohmann::ordered_json& summary, const std::string& corrupt) {
    if (corrupt != "summary-finite") return check_finite(summary, "");
    nlohmann::ordered_json broken = summary;
    broken["time"]["makespan_s"] = std::numeric_limits<double>::quiet_NaN();
    check_finite(broken, "");
}

}  // namespace rmsim
