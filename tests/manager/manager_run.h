#pragma once
// A whole simulation in the test process (one per TEST_CASE: the SystemC kernel is process-global): a
// platform built in code, the ResourceManager with a built-in policy, run until every task has finished.
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "manager/policy_registry.h"
#include "manager/resource_manager.h"
#include "modules/machine.h"
#include "modules/sim_time.h"

namespace rmsim::test {

struct ManagerRun {
    PlatformSpec spec;
    std::vector<Task> tasks;
    std::unique_ptr<Policy> policy;
    Machine* machine = nullptr;
    ResourceManager* manager = nullptr;

    ManagerRun(PlatformSpec platform, std::vector<Task> t, const std::string& policy_name, ManagerConfig config = {},
               const std::string& params = "{}")
        : ManagerRun(std::move(platform), std::move(t),
                     builtin_policies().create(policy_name, PolicyParams(YAML::Load(params), "test.yaml"),
                                               SourceLocation{"test", 0, 0}),
                     config) {}
    ManagerRun(PlatformSpec platform, std::vector<Task> t, std::unique_ptr<Policy> p, ManagerConfig config = {})
        : spec(std::move(platform)), tasks(std::move(t)), policy(std::move(p)) {
        set_time_resolution();
        // Left to process exit, as rmsim's runs do (one simulation per process).
        machine = new Machine(spec);
        manager = new ResourceManager("manager", machine->spec(), machine->manager_port(), tasks, *policy, config);
    }
    void run() { sc_core::sc_start(); }
    const PolicyView& view() const { return manager->bookkeeping().view(); }
    const TaskRecord& record(TaskId t) const { return view().record(t); }
    std::uint32_t preemptions(TaskId t) const { return view().preemptions(t); }
};

}  // namespace rmsim::test
