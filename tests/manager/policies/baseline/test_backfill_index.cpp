// The backfill index behind `easy` (manager/policies/baseline/backfill_index.h): its queries on a hand-built
// queue, and whole runs of `easy` against a reference that walks the whole queue at every mapping event (the
// definition, Mu'alem & Feitelson 2001 §2) on random deep-queue workloads over two clusters: every task must
// start at the same time on the same cluster and units.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "manager/decisions.h"
#include "manager/policies/baseline/backfill_index.h"
#include "manager/policies/baseline/easy.h"
#include "manager/policy_view.h"
#include "tests/manager/policies/baseline/baseline_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

namespace {

/// Lifka's EASY as a single pass over the whole queue, with the shadow time computed from every unit's
/// timeline (the definition, no index).
class ReferenceEasy : public Policy {
public:
    PolicyTraits traits() const override {
        PolicyTraits t;
        t.on_arrival = t.on_completion = true;
        t.granularity = Granularity::Node;
        return t;
    }
    void schedule(const PolicyView& view, Decisions& decide) override {
        StartNowIndex index(view);
        std::optional<ShadowTime> shadow;
        const StartRule lifka = [&](ClusterId c, std::uint32_t k, SimTime d) {
            if (c != shadow->cluster || view.now() + d <= shadow->time) return true;
            if (k > shadow->extra) return false;
            shadow->extra -= k;
            return true;
        };
        for (TaskId t : view.waiting().to_vector()) {
            if (!runnable_somewhere(view, t, 0)) {
                decide.reject(t);
                continue;
            }
            if (try_start_now(view, decide, index, t, 0, NodeChoice::Lowest, shadow ? lifka : StartRule{})) continue;
            if (shadow) continue;
            for (ClusterId c = 0; c < view.cluster_count(); ++c) {
                const std::uint32_t k = view.units_needed(t, c);
                if (k == 0 || k > view.profile(c).node_count()) continue;
                // The k-th earliest time a unit is free from then on, from every unit's timeline.
                std::vector<SimTime> free_from;
                for (LocalNodeIndex u = 0; u < view.profile(c).node_count(); ++u) {
                    const auto& tl = view.profile(c).timeline(u);
                    free_from.push_back(tl.empty() ? view.now() : std::max(view.now(), tl.back().end));
                }
                std::sort(free_from.begin(), free_from.end());
                ShadowTime s{c, free_from[k - 1], 0};
                s.extra = static_cast<std::uint32_t>(std::count_if(free_from.begin(), free_from.end(),
                                                                   [&](SimTime f) { return f <= s.time; })) -
                          k;
                if (!shadow || s.time < shadow->time) shadow = s;
            }
        }
    }
};

struct Outcome {
    SimTime start;
    ClusterId cluster;
    std::vector<LocalNodeIndex> units;
    bool operator==(const Outcome& o) const { return start == o.start && cluster == o.cluster && units == o.units; }
};

/// Runs the whole workload event by event (arrivals and completions at exact times) and returns each task's
/// start, cluster and units.
std::vector<Outcome> run(const PlatformSpec& plat, const std::vector<Task>& tasks, Policy& policy,
                         std::size_t* max_queue) {
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    std::size_t next = 0;
    SimTime now;
    std::vector<std::vector<LocalNodeIndex>> units(tasks.size());  // at the start (released at the end)
    while (true) {
        // Next instant: an arrival or the end of a running task.
        SimTime at = next < tasks.size() ? tasks[next].arrival() : SimTime::infinity();
        std::vector<TaskId> ending;
        for (TaskId t = 0; t < tasks.size(); ++t) {
            const TaskRecord& r = view.record(t);
            if (r.state != TaskState::Running) continue;
            const SimTime end = view.start_time(t) + view.exec_time(t, r.cluster, r.pstate);
            if (end < at) ending.clear();
            if (end <= at) {
                at = end;
                ending.push_back(t);
            }
        }
        if (at.is_infinite()) break;
        now = at;
        for (TaskId t : ending) books.part_finished(t, false, 0, 0, now);  // one node part each (see the workload)
        while (next < tasks.size() && tasks[next].arrival() <= now) books.arrive(tasks[next++].id, now);
        books.begin_event(now);
        *max_queue = std::max(*max_queue, view.waiting().size());
        policy.schedule(view, books.decisions());
        books.take_commands();
        for (TaskId t = 0; t < tasks.size(); ++t)
            if (view.record(t).state == TaskState::Running && units[t].empty()) units[t] = view.record(t).units;
    }
    std::vector<Outcome> out;
    for (TaskId t = 0; t < tasks.size(); ++t) {
        const TaskRecord& r = view.record(t);
        REQUIRE(r.state == TaskState::Completed);
        out.push_back(Outcome{r.first_start, r.cluster, units[t]});
    }
    return out;
}

}  // namespace

TEST_CASE("backfill index: the first task after a key within the limits, in arrival order", "[manager][policies]") {
    // One cluster of 8 nodes; waiting: t0 4 nodes x 10 s, t1 2 x 50, t2 1 x 30, t3 2 x 5, t4 1 x 100.
    const PlatformSpec plat = small_platform({8});
    const std::vector<Task> tasks{node_task(0, 4, 10.0), node_task(1, 2, 50.0), node_task(2, 1, 30.0),
                                  node_task(3, 2, 5.0), node_task(4, 1, 100.0)};
    Bookkeeping books(plat, tasks, Granularity::Node);
    arrive_all(books, tasks);
    books.begin_event(0.0_s);
    const PolicyView& view = books.view();
    BackfillIndex index(0);
    CHECK(index.sync(view).empty());
    CHECK(index.size() == 5);
    const BackfillIndex::Key after_t0{0.0_s, 0};
    BackfillIndex::Limits l;
    l.free = 2;
    l.max_time = 20.0_s;
    l.any_time_units = 0;
    // At most 2 nodes and at most 20 s: t1 (50 s) and t2 (30 s) fail the time, t3 (2 x 5 s) is the first.
    CHECK(index.first_after(view, 0, after_t0, l) == std::optional<TaskId>(3));
    // With 1 extra node, t2 (1 node) may take any time and comes before t3.
    l.any_time_units = 1;
    CHECK(index.first_after(view, 0, after_t0, l) == std::optional<TaskId>(2));
    // After t2: t3 again; 1 free node and 20 s: t4 is 100 s but needs 1 <= extra.
    CHECK(index.first_after(view, 0, BackfillIndex::Key{0.0_s, 2}, l) == std::optional<TaskId>(3));
    l.free = 1;
    CHECK(index.first_after(view, 0, BackfillIndex::Key{0.0_s, 2}, l) == std::optional<TaskId>(4));
    l.any_time_units = 0;
    CHECK_FALSE(index.first_after(view, 0, BackfillIndex::Key{0.0_s, 2}, l).has_value());
    // A task that left the queue is never returned (found dead and dropped).
    books.decisions().start(2, 0, {0}, 0);
    l.any_time_units = 1;
    CHECK(index.first_after(view, 0, after_t0, l) == std::optional<TaskId>(4));
    CHECK(index.size() == 4);
}

TEST_CASE("backfill index: easy starts every task as the whole-queue reference does", "[manager][policies]") {
    // Two clusters of 16 and 8 nodes; 1,500 tasks of 1-12 nodes, 1-100 s, arriving about twice as fast as
    // they can run, so hundreds wait: every backfill decision is exercised against a deep queue.
    const PlatformSpec plat = small_platform({16, 8});
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        std::mt19937_64 rng(seed);
        std::vector<Task> tasks;
        Seconds t = 0;
        for (TaskId i = 0; i < 1500; ++i) {
            t += std::uniform_int_distribution<int>(0, 4)(rng);  // many ties
            const auto nodes = std::uniform_int_distribution<std::uint32_t>(1, 12)(rng);
            tasks.push_back(make_task(i, t, nodes, 1, std::uniform_int_distribution<int>(1, 100)(rng)));
        }
        EasyPolicy easy(EasyPolicy::Rule::ShadowTime, 0, Granularity::Node, NodeChoice::Lowest);
        ReferenceEasy reference;
        std::size_t q_easy = 0, q_ref = 0;
        const auto a = run(plat, tasks, easy, &q_easy);
        const auto b = run(plat, tasks, reference, &q_ref);
        INFO("seed " << seed);
        CHECK(q_easy > 300);
        CHECK(q_easy == q_ref);
        for (TaskId i = 0; i < tasks.size(); ++i) {
            INFO("task " << i);
            REQUIRE(a[i] == b[i]);
        }
    }
}

// A StartNowIndex kept from one mapping event to the next (as `easy` keeps one) answers as a new one: 4 nodes,
// t0 takes 3 for 10 s and t1 (1 node, 5 s) a reservation at 20 s (a booking ahead: the index then reads the
// timelines). At 0: the index is begun before the starts, so it sees 4 idle nodes; at 1, 1 node is idle and
// stays so only until 20, so a 1-node task fits for 19 s but not for 20 s.
TEST_CASE("backfill index: a StartNowIndex begun again for each event answers as a new one", "[manager][policies]") {
    const PlatformSpec plat = small_platform({4});
    const std::vector<Task> tasks{node_task(0, 3, 10.0), node_task(1, 1, 5.0)};
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    arrive_all(books, tasks);
    books.begin_event(0.0_s);
    StartNowIndex kept;
    kept.begin_event(view);
    CHECK(kept.free_units(0) == 4);
    CHECK(kept.fits(0, 4, 100.0_s));
    books.decisions().start(0, 0, {0, 1, 2}, 0);
    books.decisions().reserve(1, 0, {3}, 20.0_s, 0, false);
    books.begin_event(1.0_s);
    kept.begin_event(view);
    StartNowIndex f(view);
    CHECK(kept.free_units(0) == 1);
    CHECK(f.free_units(0) == 1);
    CHECK(kept.fits(0, 1, 19.0_s));
    CHECK_FALSE(kept.fits(0, 1, 20.0_s));
    CHECK(kept.fits(0, 1, 19.0_s) == f.fits(0, 1, 19.0_s));
    CHECK(kept.fits(0, 1, 20.0_s) == f.fits(0, 1, 20.0_s));
    CHECK_FALSE(kept.fits(0, 2, 1.0_s));
}
