// The Machovec Ch.4 heuristics (§4.3) on hand-built events: each objective, Max Util against Max UPT, Greedy
// against Diff on the dissertation's worked example, Pair's two orderings, and the preemption flags.
#include <algorithm>
#include <functional>
#include <map>
#include <random>

#include <catch2/catch.hpp>

#include "manager/policies/preemptive/preemptive_mapper.h"

using namespace rmsim;

namespace {

/// RET per (task, cluster) and a utility function per task (of the seconds from now to completion).
struct TableModel : MapperModel {
    std::map<std::pair<TaskId, ClusterId>, Seconds> rets;
    std::map<TaskId, std::function<double(Seconds)>> utilities;
    Seconds ret(TaskId t, ClusterId k) const override {
        const auto it = rets.find({t, k});
        return it == rets.end() ? -1 : it->second;
    }
    double utility(TaskId t, Seconds from_now) const override { return utilities.at(t)(from_now); }
};

/// The same tasks, but the bound on a task's utility (MapperModel::utility_bound) is only the most any task
/// earns: the mapper's bounds need only be at least the scores.
struct LooseBoundModel : MapperModel {
    const TableModel& m;
    double most;
    LooseBoundModel(const TableModel& model, double at_most) : m(model), most(at_most) {}
    Seconds ret(TaskId t, ClusterId k) const override { return m.ret(t, k); }
    double utility(TaskId t, Seconds from_now) const override { return m.utility(t, from_now); }
    double utility_bound(TaskId, Seconds) const override { return most; }
};

MappableTask task(TaskId id, bool can_preempt = true, bool preemptible = true) {
    MappableTask t;
    t.id = id;
    t.can_preempt = can_preempt;
    t.preemptible = preemptible;
    return t;
}

CoreState idle(ClusterId k) {
    CoreState c;
    c.cluster = k;
    return c;
}

CoreState running(ClusterId k, TaskId t, Seconds ret, bool preemptible = true, bool can_preempt = true) {
    CoreState c;
    c.cluster = k;
    c.busy = true;
    c.task = t;
    c.ret = ret;
    c.preemptible = preemptible;
    c.can_preempt = can_preempt;
    return c;
}

auto constant(double v) {
    return [v](Seconds) { return v; };
}
auto step(double v, Seconds until) {
    return [v, until](Seconds x) { return x <= until ? v : 0.0; };
}

}  // namespace

TEST_CASE("Ch.4 objectives: Util is the utility at completion, UPT divides it by the remaining time",
          "[manager][preemptive]") {
    CHECK(ch4_objective(Objective::Util, 2.5, 10) == 2.5);
    CHECK(ch4_objective(Objective::UPT, 2.5, 10) == Approx(2.5 / 10));
    CHECK_THROWS_AS(ch4_objective(Objective::UPR, 1, 1), std::invalid_argument);
}

TEST_CASE("Ch.4 Max Util is two-phase (Min-Min style); Max UPT prefers the utility per time", "[manager][preemptive]") {
    TableModel m;
    // Task 1: cluster 0 in 40 s earning 4 (UPT 0.1), cluster 1 in 10 s earning 3 (UPT 0.3).
    m.rets = {{{1, 0}, 40}, {{1, 1}, 10}};
    m.utilities[1] = [](Seconds x) { return x <= 10 ? 3.0 : 4.0; };  // (a contrived shape: 4 at 40 s, 3 at 10 s)
    const std::vector<CoreState> cores{idle(0), idle(1)};
    const MapperResult util = map_event(Objective::Util, PreemptRule::None, m, {task(1)}, cores);
    REQUIRE(util.assignments.size() == 1);
    CHECK(util.assignments[0].core == 0);  // Util 4 > 3
    const MapperResult upt = map_event(Objective::UPT, PreemptRule::None, m, {task(1)}, cores);
    REQUIRE(upt.assignments.size() == 1);
    CHECK(upt.assignments[0].core == 1);  // UPT 3 / 10 = 0.3 > 4 / 40 = 0.1

    // Two tasks, one idle core per cluster. Task 2 earns 5 on cluster 0; task 3 earns 4 there and 3 on
    // cluster 1. Phase 2 takes task 2 first (5 > 4), then task 3 gets cluster 1 (3).
    TableModel two;
    two.rets = {{{2, 0}, 10}, {{3, 0}, 10}, {{3, 1}, 20}};
    two.utilities[2] = constant(5);
    two.utilities[3] = [](Seconds x) { return x <= 10 ? 4.0 : 3.0; };
    const MapperResult r = map_event(Objective::Util, PreemptRule::None, two, {task(3), task(2)}, cores);
    REQUIRE(r.assignments.size() == 2);
    CHECK(r.assignments[0].task == 2);
    CHECK(r.assignments[0].core == 0);
    CHECK(r.assignments[1].task == 3);
    CHECK(r.assignments[1].core == 1);
}

TEST_CASE("Ch.4 Greedy preempts, Diff takes the idle slower core (the dissertation's example, §4.3.5.3)",
          "[manager][preemptive]") {
    // t1 runs on c1 (cluster 0) and would earn 2.0. t2 can preempt it and earn 2.5 (10 s on cluster 0), or run
    // on the idle c2 (cluster 1, slower for it: 40 s) and earn 1.0. U_t2(x) = 3 - x / 20: 2.5 at 10 s, 1 at 40 s.
    TableModel m;
    m.rets = {{{2, 0}, 10}, {{2, 1}, 40}};
    m.utilities[1] = constant(2.0);
    m.utilities[2] = [](Seconds x) { return 3.0 - x / 20.0; };
    const std::vector<CoreState> cores{running(0, 1, 30), idle(1)};

    // Greedy: the most utility for t2: 2.5 on c1 > 1.0 on c2 -> preempt t1. t1 (pinned to cluster 0, earning
    // 2.0 < t2's 2.5 there) cannot take c1 back and waits.
    const MapperResult g = map_event(Objective::Util, PreemptRule::Greedy, m, {task(2)}, cores);
    REQUIRE(g.assignments.size() == 1);
    CHECK(g.assignments[0].task == 2);
    CHECK(g.assignments[0].core == 0);
    CHECK(g.assignments[0].preempted == std::optional<TaskId>(1));
    CHECK(g.cores[0].task == 2);
    CHECK_FALSE(g.cores[1].busy);

    // Diff: the gain: 2.5 - 2.0 = 0.5 on c1 against 1.0 - 0 = 1.0 on c2 -> c2, nothing preempted.
    const MapperResult d = map_event(Objective::Util, PreemptRule::Diff, m, {task(2)}, cores);
    REQUIRE(d.assignments.size() == 1);
    CHECK(d.assignments[0].core == 1);
    CHECK_FALSE(d.assignments[0].preempted);
    CHECK(d.cores[0].task == 1);
}

TEST_CASE(
    "Ch.4 Greedy: the victim is the least valuable preemptible task of the cluster, and returns to the "
    "mappable set pinned to its cluster",
    "[manager][preemptive]") {
    // Cluster 0 has two cores running t1 (earning 2.0) and t3 (1.0). t2 earns 3.0 there.
    TableModel m;
    m.rets = {{{2, 0}, 10}};
    m.utilities[1] = constant(2.0);
    m.utilities[2] = constant(3.0);
    m.utilities[3] = constant(1.0);
    // Both preemptible: t2 preempts t3 (Alg. 6's tie-break: the running task of least utility). t3, pinned
    // to cluster 0, is worth less than both tasks there (1.0 < 2.0, 3.0): it stays unmapped.
    const MapperResult b =
        map_event(Objective::Util, PreemptRule::Greedy, m, {task(2)}, {running(0, 1, 30), running(0, 3, 30)});
    REQUIRE(b.assignments.size() == 1);
    CHECK(b.assignments[0].preempted == std::optional<TaskId>(3));
    CHECK(b.cores[0].task == 1);
    CHECK(b.cores[1].task == 2);
    // t3 may not be preempted: t2 preempts t1 instead (3.0 > 2.0); t1 (2.0) cannot take a core back.
    const MapperResult a = map_event(Objective::Util, PreemptRule::Greedy, m, {task(2)},
                                     {running(0, 1, 30), running(0, 3, 30, /*preemptible=*/false)});
    REQUIRE(a.assignments.size() == 1);
    CHECK(a.assignments[0].preempted == std::optional<TaskId>(1));
    CHECK(a.cores[0].task == 2);
    CHECK(a.cores[1].task == 3);
}

TEST_CASE("Ch.4 a task that may not be preempted, or may not preempt, is never part of a preemption",
          "[manager][preemptive]") {
    TableModel m;
    m.rets = {{{2, 0}, 10}};
    m.utilities[1] = constant(1.0);
    m.utilities[2] = constant(100.0);
    for (PreemptRule rule : {PreemptRule::Greedy, PreemptRule::Diff, PreemptRule::Pair}) {
        // t1 may not be preempted.
        const MapperResult a = map_event(Objective::Util, rule, m, {task(2)}, {running(0, 1, 30, false)});
        CHECK(a.assignments.empty());
        CHECK(a.cores[0].task == 1);
        // t2 may not preempt.
        const MapperResult b =
            map_event(Objective::Util, rule, m, {task(2, /*can_preempt=*/false)}, {running(0, 1, 30)});
        CHECK(b.assignments.empty());
        // Both allowed: t2 preempts (Pair: t2 first earns 100 + 1, t1 first 1 + 100: a tie goes to t1 first).
        const MapperResult c = map_event(Objective::Util, rule, m, {task(2)}, {running(0, 1, 30)});
        if (rule == PreemptRule::Pair) {
            CHECK(c.assignments.empty());
            CHECK(c.deferred == std::vector<TaskId>{2});
        } else {
            REQUIRE(c.assignments.size() == 1);
            CHECK(c.assignments[0].preempted == std::optional<TaskId>(1));
        }
    }
}

TEST_CASE("Ch.4 Pair: the better of the two orderings decides (Alg. 7)", "[manager][preemptive]") {
    // One core running r = task 1. t = task 2 takes 10 s there.
    SECTION("t first is better: preempt") {
        // r: worth 1 whenever it ends, 30 s left. t: 5 if done within 20 s, else 0.
        // A (t then r): U_t(10) + U_r(10 + 30) = 5 + 1 = 6.  B (r then t): U_r(30) + U_t(30 + 10) = 1 + 0 = 1.
        TableModel m;
        m.rets = {{{2, 0}, 10}};
        m.utilities[1] = constant(1.0);
        m.utilities[2] = step(5.0, 20);
        const MapperResult p = map_event(Objective::Util, PreemptRule::Pair, m, {task(2)}, {running(0, 1, 30)});
        REQUIRE(p.assignments.size() == 1);
        CHECK(p.assignments[0].preempted == std::optional<TaskId>(1));
        // r, preempted during the event, does not preempt in turn under Pair (a GAP choice: orderings of three
        // tasks could cycle) and has no idle core: it waits, unmapped.
        CHECK(p.deferred.empty());
        CHECK(p.cores[0].task == 2);
    }
    SECTION("r first is better: t waits for the next event") {
        // r: worth 4 if done within 5 s, 5 s left; t: worth 2 whenever it ends.
        // A: U_t(10) + U_r(10 + 5) = 2 + 0 = 2.  B: U_r(5) + U_t(5 + 10) = 4 + 2 = 6.
        TableModel m;
        m.rets = {{{2, 0}, 10}};
        m.utilities[1] = step(4.0, 5);
        m.utilities[2] = constant(2.0);
        const MapperResult p = map_event(Objective::Util, PreemptRule::Pair, m, {task(2)}, {running(0, 1, 5)});
        CHECK(p.assignments.empty());
        CHECK(p.deferred == std::vector<TaskId>{2});
        CHECK(p.cores[0].task == 1);
    }
    SECTION("an idle core beats the pair when the net is higher") {
        // Cluster 1 has an idle core where t takes 20 s and earns 5 (step until 20 s): idle net = 5 + U_r(30) = 6
        // against the pair's 6 on cluster 0: not higher, so the idle core.
        TableModel m;
        m.rets = {{{2, 0}, 10}, {{2, 1}, 20}};
        m.utilities[1] = constant(1.0);
        m.utilities[2] = step(5.0, 20);
        const MapperResult p =
            map_event(Objective::Util, PreemptRule::Pair, m, {task(2)}, {running(0, 1, 30), idle(1)});
        REQUIRE(p.assignments.size() == 1);
        CHECK(p.assignments[0].core == 1);
        CHECK_FALSE(p.assignments[0].preempted);
    }
}

TEST_CASE("Ch.4 the fast paths map exactly as the algorithms are written", "[manager][preemptive]") {
    // The lazy heap of scores (None, Greedy, Diff; its first bounds from the model's utility bound, tight or
    // loose, and the tasks it leaves unpopped once no core is idle) against re-evaluating every task at each
    // step, and Pair's heap of exact choices with best pairs updated per changed core and its bounded walk over
    // the running tasks against re-evaluating every task against all of them at each step. Random events: 3 clusters of 4
    // cores, some idle, 30 waiting tasks with step or decaying utilities, mixed flags, often in bursts of twins
    // (one group: Pair shares their lists of best pairs); both objectives.
    std::mt19937_64 rng(36);
    std::uniform_real_distribution<double> u01(0, 1);
    for (int trial = 0; trial < 200; ++trial) {
        TableModel m;
        std::vector<MappableTask> mappable;
        std::vector<CoreState> cores;
        TaskId next = 0;
        auto utility_of = [&](TaskId t) {
            const double v = u01(rng) < 0.2 ? 8 : 1, until = 100 + 900 * u01(rng);
            if (u01(rng) < 0.5)
                m.utilities[t] = step(v, until);
            else
                m.utilities[t] = [v, until](Seconds x) {
                    return x <= until ? v : std::max(0.0, v * (1 - (x - until) / 600));
                };
        };
        for (ClusterId k = 0; k < 3; ++k)
            for (int c = 0; c < 4; ++c) {
                if (u01(rng) < 0.25) {
                    cores.push_back(idle(k));
                    continue;
                }
                const TaskId t = next++;
                utility_of(t);
                cores.push_back(running(k, t, 10 + 600 * u01(rng), u01(rng) < 0.8, u01(rng) < 0.8));
            }
        std::uint32_t group = 0;
        for (int i = 0; i < 30; ++i) {
            const TaskId t = next++;
            // A burst: often a twin of the task before it (its RETs and utility, flags of its own), the same
            // group; Pair shares the twins' pairs, the reference weighs each task's.
            const bool twin = i > 0 && u01(rng) < 0.4;
            if (twin) {
                m.utilities[t] = m.utilities.at(t - 1);
                for (ClusterId k = 0; k < 3; ++k)
                    if (m.rets.count({t - 1, k})) m.rets[{t, k}] = m.rets.at({t - 1, k});
            } else {
                utility_of(t);
                for (ClusterId k = 0; k < 3; ++k)
                    if (u01(rng) < 0.9) m.rets[{t, k}] = 20 + 900 * u01(rng);
                ++group;
            }
            mappable.push_back(task(t, u01(rng) < 0.8, u01(rng) < 0.8));
            mappable.back().group = group;
        }
        const LooseBoundModel loose(m, 8.0);  // no task earns more than 8
        for (Objective o : {Objective::Util, Objective::UPT})
            for (PreemptRule r : {PreemptRule::None, PreemptRule::Greedy, PreemptRule::Diff, PreemptRule::Pair}) {
                const MapperResult scan = map_event(o, r, m, mappable, cores, /*rescan=*/true);
                for (const MapperModel* model :
                     {static_cast<const MapperModel*>(&m), static_cast<const MapperModel*>(&loose)}) {
                    const MapperResult heap = map_event(o, r, *model, mappable, cores);
                    REQUIRE(heap.assignments.size() == scan.assignments.size());
                    CHECK(heap.deferred == scan.deferred);
                    for (std::size_t i = 0; i < heap.assignments.size(); ++i) {
                        CHECK(heap.assignments[i].task == scan.assignments[i].task);
                        CHECK(heap.assignments[i].core == scan.assignments[i].core);
                        CHECK(heap.assignments[i].preempted == scan.assignments[i].preempted);
                    }
                }
            }
    }
}
