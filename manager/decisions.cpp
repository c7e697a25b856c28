#include "manager/decisions.h"

#include <stdexcept>
#include <string>

namespace rmsim {

DagExecutor& Decisions::jobs(const char* what) {
    if (!jobs_) throw std::logic_error(std::string(what) + ": the workload has no DAG jobs");
    return *jobs_;
}

void Decisions::start(TaskId t, ClusterId c, std::vector<LocalNodeIndex> units, std::uint32_t pstate) {
    ledger_.start(t, c, std::move(units), pstate);
}

void Decisions::reserve(TaskId t, ClusterId c, std::vector<LocalNodeIndex> units, SimTime start_at,
                        std::uint32_t pstate, bool placeholder) {
    ledger_.reserve(t, c, std::move(units), start_at, pstate, placeholder);
}

void Decisions::choose_vm_config(TaskId t, std::uint32_t k) { ledger_.choose_vm_config(t, k); }

void Decisions::drop(TaskId t) { ledger_.drop(t); }

void Decisions::reject(TaskId t) { ledger_.reject(t); }

void Decisions::unreserve(TaskId t) { ledger_.unreserve(t); }

bool Decisions::preempt(TaskId t, std::optional<TaskId> for_task) {
    if (jobs_) return false;  // tasks of DAG jobs are not preemptible
    if (!ledger_.task(t).preemptible) return false;
    if (for_task && !ledger_.task(*for_task).can_preempt) return false;
    ledger_.preempt(t);
    return true;
}

void Decisions::power_command(Command::Kind kind, NodeId node, std::uint32_t core, std::uint32_t pstate) {
    const PlatformSpec& p = ledger_.platform();
    if (node >= p.total_nodes()) throw std::logic_error("no node " + std::to_string(node));
    const std::uint32_t cores = p.cores_per_node(p.clusters[p.cluster_of(node)].node_type);
    if (core != kAllCores && core >= cores)
        throw std::logic_error("node " + std::to_string(node) + " has no core " + std::to_string(core));
    if (kind == Command::Kind::SetPState && pstate >= p.pstate_count(p.clusters[p.cluster_of(node)].node_type))
        throw std::logic_error("node " + std::to_string(node) + " has no P-state " + std::to_string(pstate));
    Command c;
    c.kind = kind;
    c.node = node;
    c.core = core;
    c.pstate = pstate;
    ledger_.push_command(c);
}

void Decisions::set_pstate(NodeId node, std::uint32_t core, std::uint32_t pstate) {
    power_command(Command::Kind::SetPState, node, core, pstate);
}

void Decisions::sleep(NodeId node, std::uint32_t core) { power_command(Command::Kind::Sleep, node, core); }

void Decisions::wake(NodeId node, std::uint32_t core) { power_command(Command::Kind::Wake, node, core); }

void Decisions::wake_me_at(SimTime at) {
    if (!(at > ledger_.now()))
        throw std::logic_error("wake_me_at: a wake-up must be after now (" + std::to_string(at.ns()) +
                               " ns <= " + std::to_string(ledger_.now().ns()) + " ns)");
    wakeups_.push_back(at);
}

void Decisions::start_job(JobId j, ClusterId c, LocalNodeIndex node, const JobPlacement& placement) {
    jobs("start_job").start_job(j, c, node, placement);
}

void Decisions::reject_job(JobId j) { jobs("reject_job").reject_job(j); }

}  // namespace rmsim
