// A policy plug-in (docs/plugins.md): largest task first. At each mapping event the waiting tasks are taken
// by decreasing number of allocation units they need on cluster 0 (ties: arrival order), and each starts now
// on the lowest idle units of the first cluster where it fits; a task that fits nowhere now waits for a later
// event. Built out of tree against the installed rmsim (tests/plugins/run.sh).
#include <algorithm>
#include <memory>
#include <vector>

#include "manager/decisions.h"
#include "manager/plugin_api.h"
#include "manager/policy.h"
#include "manager/policy_view.h"
#include "manager/unit_choice.h"

namespace {

using namespace rmsim;

class LargestFirst : public Policy {
public:
    explicit LargestFirst(std::uint32_t pstate) : pstate_(pstate) {}

    PolicyTraits traits() const override { return {}; }  // a mapping event at every arrival and completion

    void schedule(const PolicyView& view, Decisions& decide) override {
        std::vector<TaskId> order = view.waiting().to_vector();  // arrival order
        auto size = [&](TaskId t) { return view.units_needed(t, 0); };
        std::stable_sort(order.begin(), order.end(), [&](TaskId a, TaskId b) { return size(a) > size(b); });
        for (TaskId t : order) {
            for (ClusterId c = 0; c < view.cluster_count(); ++c) {
                const std::uint32_t k = view.units_needed(t, c);  // 0: cannot run on this cluster
                const SimTime d = view.exec_time(t, c, pstate_);  // negative: cannot run there
                if (k == 0 || d.is_negative()) continue;
                auto units = lowest_idle_units(view.profile(c), k, view.now(), view.now() + d);
                if (units.empty()) continue;
                decide.start(t, c, std::move(units), pstate_);
                break;
            }
        }
    }

private:
    std::uint32_t pstate_;
};

void register_largest_first(PluginRegistries& r) {
    r.policies.add({"largest-first",
                    "plug-in example",
                    "none (docs/plugins.md)",
                    "largest task first, each started now where it fits",
                    {{"pstate", "integer", "0", "the P-state every task runs at"}},
                    [](const PolicyParams& p) -> std::unique_ptr<Policy> {
                        return std::make_unique<LargestFirst>(p.integer("pstate", 0));
                    }});
}

}  // namespace

RMSIM_PLUGIN(register_largest_first)
