// The example of docs/policies.md "Writing a policy": a complete small policy (shortest job first, no
// reservations) written against the Policy API, registered in a registry with its parameters, and tested
// on hand-driven manager bookkeeping (no simulation). Keep it in sync with the document.
#include <algorithm>
#include <memory>
#include <vector>

#include <yaml-cpp/yaml.h>
#include <catch2/catch.hpp>

#include "manager/bookkeeping.h"
#include "manager/policy.h"
#include "manager/policy_registry.h"
#include "manager/unit_choice.h"
#include "tests/manager/policies/baseline/baseline_fixture.h"

namespace rmsim {
namespace {

/// Shortest job first: at each mapping event the waiting tasks are taken by increasing execution time at
/// the configured P-state on cluster 0 (ties: arrival order), and each starts now on the lowest cluster and
/// lowest units where it fits; a task that fits nowhere waits for a later event.
class ShortestJobFirst : public Policy {
public:
    explicit ShortestJobFirst(std::uint32_t pstate) : pstate_(pstate) {}

    PolicyTraits traits() const override {
        PolicyTraits t;  // a mapping event at every arrival and completion
        t.granularity = Granularity::Node;
        return t;
    }

    void schedule(const PolicyView& view, Decisions& decide) override {
        std::vector<TaskId> order = view.waiting().to_vector();                 // arrival order
        auto length = [&](TaskId t) { return view.exec_time(t, 0, pstate_); };  // SimTime: whole ns
        std::stable_sort(order.begin(), order.end(), [&](TaskId a, TaskId b) { return length(a) < length(b); });
        for (TaskId t : order) {
            bool runnable = false;
            for (ClusterId c = 0; c < view.cluster_count(); ++c) {
                const std::uint32_t k = view.units_needed(t, c);  // 0: cannot run on this cluster
                const SimTime d = view.exec_time(t, c, pstate_);  // negative: cannot run there
                if (k == 0 || d.is_negative()) continue;
                runnable = true;
                auto units = lowest_idle_units(view.profile(c), k, view.now(), view.now() + d);
                if (units.empty()) continue;
                decide.start(t, c, std::move(units), pstate_);  // books the profile; the manager starts it
                break;
            }
            if (!runnable) decide.reject(t);
        }
    }

private:
    std::uint32_t pstate_;
};

void register_example_policy(PolicyRegistry& r) {
    r.add(PolicyInfo{"sjf-example",
                     "example",
                     "none (documentation example)",
                     "shortest job first, no reservations",
                     {ParamInfo{"pstate", "integer", "0", "P-state every task runs at"}.pstate()},
                     [](const PolicyParams& p) -> std::unique_ptr<Policy> {
                         return std::make_unique<ShortestJobFirst>(p.integer("pstate", 0));
                     }});
}

}  // namespace
}  // namespace rmsim

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

// 2 nodes. t0: 2 nodes x 30 s, t1: 1 node x 20 s, t2: 1 node x 10 s, all at 0. By length: t2, t1, t0.
// t2 -> node 0 [0,10), t1 -> node 1 [0,20), t0 waits (no node idle). At 10 t2 ends: t0 still needs 2 nodes,
// node 1 is busy until 20. At 20: t0 starts on {0,1}.
TEST_CASE("example policy: shortest job first through the Policy API", "[manager][docs]") {
    PolicyRegistry registry;
    register_example_policy(registry);
    const auto policy = registry.create("sjf-example", PolicyParams(YAML::Load("{pstate: 0}"), "inline.yaml"),
                                        SourceLocation{"inline.yaml", 1, 1});
    CHECK_THROWS_AS(registry.create("sjf-example", PolicyParams(YAML::Load("{speed: 1}"), "inline.yaml"),
                                    SourceLocation{"inline.yaml", 1, 1}),
                    InputError);  // unknown parameter

    const PlatformSpec plat = small_platform({2});
    const std::vector<Task> tasks{node_task(0, 2, 30.0), node_task(1, 1, 20.0), node_task(2, 1, 10.0)};
    Bookkeeping books(plat, tasks, policy->traits().granularity);
    const PolicyView& view = books.view();
    arrive_all(books, tasks);

    event_at(books, *policy, 0.0_s);
    CHECK(view.record(2).units == std::vector<LocalNodeIndex>{0});
    CHECK(view.record(1).units == std::vector<LocalNodeIndex>{1});
    CHECK(view.record(0).state == TaskState::Waiting);
    const auto commands = books.take_commands();  // what the manager sends to the hardware
    REQUIRE(commands.size() == 2);
    CHECK(commands[0].task == 2);  // in the order the policy decided
    CHECK(commands[1].task == 1);

    event_at(books, *policy, 10.0_s, {2});
    CHECK(view.record(0).state == TaskState::Waiting);
    event_at(books, *policy, 20.0_s, {1});
    CHECK(view.start_time(0) == 20.0_s);
}
