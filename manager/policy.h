#pragma once
// The Policy API (plain C++, no SystemC): a policy receives one schedule() call per mapping event with a
// read-only view of the manager's state (manager/policy_view.h) and a decision sink (manager/decisions.h):
// start, reserve, drop, reject, preempt, set P-state. The ResourceManager carries the decisions out on the
// hardware through TLM transactions (batsched-style decisions; policy apart from mechanism).
#include <string>
#include <utility>
#include <vector>

#include "platform/time.h"
#include "platform/units.h"

namespace rmsim {

class PolicyView;
class Decisions;

/// What a policy allocates: whole nodes (the utility papers: the node is the unit of allocation) or
/// individual cores (serial and core-count requests, e.g. SWF processors).
enum class Granularity { Node, Core };

/// When the ResourceManager triggers mapping events for this policy.
struct PolicyTraits {
    bool on_arrival = true;     ///< a mapping event whenever tasks arrive (immediate mode)
    bool on_completion = true;  ///< ... and whenever tasks complete or are preempted
    SimTime period;             ///< and periodically (0 = never), e.g. 60 s in Machovec Ch.3 §3.3.1
    Granularity granularity = Granularity::Core;
    /// The policy schedules DAG jobs (PolicyView::waiting_jobs(), Decisions::start_job()) rather than tasks;
    /// rmsim refuses to pair it with a workload of independent tasks, and the other policies with DAG jobs.
    bool dag_jobs = false;
    /// The policy's model is one task per core (Tarplee's bags, Siegel's core queues): rmsim refuses a
    /// workload with a task of more than one core or of whole nodes before anything runs.
    bool serial_tasks = false;
    /// The policy places each task on one of its VM configurations and values it by its value-of-service terms
    /// (Machovec Ch.2 §2.2): rmsim refuses a workload with a task that has none before anything runs.
    bool vm_options = false;
    /// The policy reads no task, record or per-task state of its own once the task has finished, and needs no
    /// task before it arrives: a streamed run may drop finished tasks (run.stream, docs/architecture.md,
    /// "Streaming").
    bool streams = false;
};

/// What a policy reports about its own work at the end of a run: deterministic figures (counts) go to
/// summary.json "policy", wall-clock figures to timing.json "policy".
struct PolicyReport {
    std::vector<std::pair<std::string, double>> figures;
    std::vector<std::pair<std::string, double>> wall;
};

class Policy {
public:
    virtual ~Policy() = default;
    virtual PolicyTraits traits() const = 0;
    /// One mapping event: look at the view, decide through `decide`.
    virtual void schedule(const PolicyView& view, Decisions& decide) = 0;
    /// Called once before the simulation starts, with every task (and job) known: design-time work such
    /// as PBA's profiling (Singh 2015 §IV-A), kept out of the mapping events' wall time.
    virtual void prepare(const PolicyView&) {}
    virtual void report(PolicyReport&) const {}
    /// The policy schedules the surveils of a UAV mission (Machovec Ch.5; PolicyView::uav_mission()): rmsim
    /// pairs it only with a uav_mission workload, and that workload only with such a policy.
    virtual bool needs_uav_mission() const { return false; }
};

}  // namespace rmsim
