#pragma once
// The end-of-run invariants, checked after every trial before anything is written. What rmsim keeps in more
// than one place, each place by its own means, must agree; what a run cannot leave behind, it has not left.
// A violation throws std::logic_error "invariant: <name>: <what differs>" (an internal error: exit 1, no
// results). The checks walk the tasks once at the end; during the run they cost only the counters they
// compare (an increment per arrival, final state, node part started and notice).
//
// Test hook: the environment variable RMSIM_TEST_CORRUPT, read once per trial by the trial runner
// (test_corruption()), names an invariant; the figures that its check compares are then corrupted as a bug in
// one of their sources would corrupt them, before the check, so that a test sees the check fail through the
// command line. Its name says what it is for; an unknown name is itself an internal error, so a typo does
// not pass silently. "bad-start" instead has the trial runner send node 0 a START at a P-state its cores do
// not have, before the run: the hardware reports an error during the simulation (modules/report.h).
#include <array>
#include <string>

#include <nlohmann/json.hpp>

#include "platform/time.h"

namespace rmsim {

class Machine;
class ResourceManager;
struct Metrics;
struct RecordFlags;

/// An end-of-run invariant: its name (in a violation's message and for RMSIM_TEST_CORRUPT) and what it says.
struct Invariant {
    const char* name;
    const char* holds;
};

inline constexpr std::array<Invariant, 7> kInvariants{{
    {"task-counts",
     "the arrivals and final states counted by the ledger, by the manager (arrivals, and the "
     "tasks a hardware notice completed) and by the metrics (from the task records) agree"},
    {"node-parts",
     "every node part the manager started has sent one COMPLETED, PREEMPTED or DEPLETED notice, or still runs"},
    {"energy-components", "each energy category of the machine's account equals the sum over its components"},
    {"waiting-queue",
     "no task is both waiting and running: every task in the waiting queue is waiting, and "
     "the ledger's count of running tasks is the number of running records"},
    {"nothing-left",
     "a run that ended before its end time (nothing left to simulate) left no task pending, "
     "reserved or running, and no task waiting that arrived after the last mapping event"},
    {"task-records",
     "every task's remaining work lies in [0, 1]; a completed task has none left and ended "
     "after it started"},
    {"summary-finite", "every number in summary.json is finite"},
}};

/// The trial runner's test hook for internal errors (above): an invariant's name, "bad-start", or empty.
inline constexpr const char* kBadStart = "bad-start";
std::string test_corruption();

/// What the end-of-run checks read.
struct EndOfRun {
    const ResourceManager& manager;
    const Machine& machine;
    const Metrics& metrics;
    SimTime end;  ///< the run's end time (run.end_s; infinity: none)
    SimTime now;  ///< when the simulation ended
    /// A streamed run's per-task checks over every task's outcome (the records of retired tasks are gone);
    /// nullptr: the records are all there.
    const RecordFlags* streamed = nullptr;
};

/// Checks every invariant but summary-finite; `corrupt` (test_corruption()) names one to corrupt first.
void check_end_of_run(const EndOfRun& run, const std::string& corrupt);

/// summary-finite on the summary about to be written.
void check_summary_finite(const nlohmann::ordered_json& summary, const std::string& corrupt);

}  // namespace rmsim
