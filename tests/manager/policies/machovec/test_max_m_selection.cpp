// Max <M>'s lazy max-heap (Selection::LazyHeap) against Algorithm 4 as written, every option of every
// unmapped task recomputed after each assignment (Selection::Rescan): on random instances and over several
// mapping events, the two must decide the same, decision for decision.
#include <catch2/catch.hpp>

#include <random>
#include <sstream>

#include "manager/policies/machovec/max_m_policy.h"
#include "tests/manager/policies/machovec/machovec_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

namespace {

/// What the manager would send and where every task stands, as text (for an exact comparison).
std::string state_of(const PolicyView& view, const std::vector<Command>& commands) {
    std::ostringstream o;
    for (const Command& c : commands) o << "cmd " << int(c.kind) << ' ' << c.task << '\n';
    for (TaskId t = 0; t < view.task_count(); ++t) {
        const TaskRecord& r = view.record(t);
        o << t << ' ' << to_string(r.state) << ' ' << r.cluster << ' ' << r.pstate << ' ' << view.planned_start(t).ns()
          << ' ' << r.placeholder;
        for (LocalNodeIndex u : r.units) o << ' ' << u;
        o << '\n';
    }
    return o.str();
}

}  // namespace

TEST_CASE("machovec max-m: the lazy heap decides as the full rescan does", "[manager][machovec][random]") {
    std::mt19937_64 rng(20261123);
    auto uni = [&rng](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    const Objective objectives[] = {Objective::Util, Objective::UPT, Objective::UPR, Objective::UPE};
    int decisions = 0;
    for (int instance = 0; instance < 60; ++instance) {
        const auto n0 = static_cast<std::uint32_t>(uni(1, 4)), n1 = static_cast<std::uint32_t>(uni(1, 4));
        const PlatformSpec plat = two_cluster_platform(n0, n1);
        std::vector<Task> tasks;
        const int count = uni(4, 24);
        for (int i = 0; i < count; ++i) {
            auto time = [&](double scale) { return uni(0, 5) == 0 ? -1.0 : uni(1, 200) * scale; };
            UtilityFunction u = uni(0, 2) == 0   ? UtilityFunction::constant(uni(1, 10))
                                : uni(0, 1) == 0 ? UtilityFunction::linear_decay(uni(1, 10), uni(100, 2000))
                                                 : UtilityFunction::step(uni(1, 10), uni(50, 800));
            Task t = het_task(static_cast<TaskId>(i), uni(0, 240), time(1), time(2), time(1), time(2), u);
            t.nodes = static_cast<std::uint32_t>(uni(1, 2));
            tasks.push_back(t);
        }
        std::stable_sort(tasks.begin(), tasks.end(),
                         [](const Task& a, const Task& b) { return a.arrival_s < b.arrival_s; });
        for (TaskId i = 0; i < tasks.size(); ++i) tasks[i].id = i;

        MaxMConfig config;
        config.objective = objectives[uni(0, 3)];
        config.switching = uni(0, 3) == 0   ? Switching::TaskBased
                           : uni(0, 2) == 0 ? Switching::EventBased
                                            : Switching::None;
        config.placeholders = uni(0, 1) == 1;
        config.dropping_threshold = uni(0, 1) ? 0.5 : -1;
        const EnergyBudget budget{uni(0, 2) == 0 ? 0.0 : uni(500, 20000) * 1.0, 600_s, 0_s, {}};
        MaxMConfig lazy = config, reference = config;
        reference.selection = Selection::Rescan;
        MaxMPolicy lazy_policy(lazy), reference_policy(reference);
        Bookkeeping a(plat, tasks, Granularity::Node), b(plat, tasks, Granularity::Node);
        for (Bookkeeping* books : {&a, &b}) books->energy().set_budget(budget);

        std::size_t next = 0;
        for (SimTime now; now <= 600_s; now += 60_s) {
            for (Bookkeeping* books : {&a, &b}) {
                // Completions by now, at their booked ends, then the arrivals, as the manager would see them.
                const PolicyView& v = books->view();
                for (TaskId t = 0; t < tasks.size(); ++t) {
                    const TaskRecord& r = v.record(t);
                    if (r.state == TaskState::Running && v.start_time(t) + v.exec_time(t, r.cluster, r.pstate) <= now)
                        for (std::uint32_t p = r.parts_left; p > 0; --p) books->part_finished(t, false, 0, 0, now);
                }
                for (std::size_t i = next; i < tasks.size() && tasks[i].arrival() <= now; ++i) books->arrive(i, now);
                books->start_due_reservations(now, now);
                books->begin_event(now);
            }
            while (next < tasks.size() && tasks[next].arrival() <= now) ++next;
            lazy_policy.schedule(a.view(), a.decisions());
            reference_policy.schedule(b.view(), b.decisions());
            const auto ca = a.take_commands(), cb = b.take_commands();
            decisions += static_cast<int>(ca.size());
            INFO("instance " << instance << " at " << now);
            REQUIRE(state_of(a.view(), ca) == state_of(b.view(), cb));
        }
    }
    CHECK(decisions > 200);  // the instances did make the heuristics decide
}
