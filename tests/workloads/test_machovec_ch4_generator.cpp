#include "workloads/machovec_ch4_generator.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <string>
#include <utility>

#include "platform/platform_loader.h"
#include "workloads/utility_classes.h"

using namespace rmsim;

namespace {

std::vector<MachovecCh4Cluster> ch4_clusters() {
    return machovec_ch4_clusters(
        load_platform_file(std::string(RMSIM_SOURCE_DIR) + "/configs/platforms/machovec-ch4.yaml"));
}

MachovecCh4Params params() {
    MachovecCh4Params p;
    p.clusters = ch4_clusters();
    return p;
}

MachovecCh4Workload generate(const MachovecCh4Params& p, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    return generate_machovec_ch4(p, rng);
}

/// The tasks of each burst: tasks of one type arriving at one instant (two bursts of a type never share an
/// instant: their times are continuous draws).
std::map<std::pair<TaskTypeId, Seconds>, std::vector<const Task*>> bursts_of(const MachovecCh4Workload& w) {
    std::map<std::pair<TaskTypeId, Seconds>, std::vector<const Task*>> out;
    for (const Task& t : w.tasks) out[{t.type, t.arrival_s}].push_back(&t);
    return out;
}

/// Tasks arriving in [0, 24 h) (the sinusoids have a 24 h period, so a day holds tasks_per_day on average).
std::size_t tasks_in_a_day(const MachovecCh4Workload& w) {
    std::size_t n = 0;
    for (const Task& t : w.tasks) n += t.arrival_s < 86400.0;
    return n;
}

}  // namespace

TEST_CASE("machovec_ch4_generator: clusters of the machovec-ch4 platform", "[workloads][machovec_ch4]") {
    const auto cl = ch4_clusters();
    REQUIRE(cl.size() == 5);
    for (std::size_t c = 0; c < 5; ++c) {
        CHECK(cl[c].core_type == c);  // one core type per cluster, in YAML order
        CHECK(cl[c].pstate_slowdown == std::vector<double>{1.0});
    }
}

TEST_CASE("machovec_ch4_generator: the same seed gives the same tasks", "[workloads][machovec_ch4]") {
    MachovecCh4Params p = params();
    p.tasks_per_day = 5000;
    p.preempt_probability = 0.5;  // the flags are drawn too
    const MachovecCh4Workload a = generate(p, 21), b = generate(p, 21), c = generate(p, 22);
    REQUIRE(a.tasks.size() > 1000);
    REQUIRE(b.tasks.size() == a.tasks.size());
    for (std::size_t i = 0; i < a.tasks.size(); ++i) {
        INFO("task " << i);
        const Task &x = a.tasks[i], &y = b.tasks[i];
        CHECK(x.id == i);
        CHECK(y.arrival_s == x.arrival_s);
        CHECK(y.type == x.type);
        CHECK(y.preemptible == x.preemptible);
        CHECK(y.can_preempt == x.can_preempt);
        CHECK(y.cores == 1);
        for (double e : {0.0, 600.0, 1800.0, 7200.0}) CHECK(y.utility.value_at(e) == x.utility.value_at(e));
        for (CoreTypeId ct = 0; ct < 5; ++ct) CHECK(y.work.table()->at(ct, 0) == x.work.table()->at(ct, 0));
        if (i > 0) CHECK(a.tasks[i - 1].arrival_s <= x.arrival_s);
    }
    // Another seed, other tasks.
    CHECK((c.tasks.size() != a.tasks.size() || c.tasks.front().arrival_s != a.tasks.front().arrival_s));
    CHECK(c.types[0].time_s != a.types[0].time_s);
}

TEST_CASE("machovec_ch4_generator: 20 % of the tasks are critical", "[workloads][machovec_ch4]") {
    // B = 1 makes the counts Poisson: 60,000/day over 28 h is 70,000 tasks, 14,000 critical; the share's
    // standard deviation is sqrt(0.2 x 0.8 / 70,000) = 0.0015, so a ±0.01 window is 6.6 sd.
    MachovecCh4Params p = params();
    p.burst_size = 1;
    for (std::size_t types : {100, 7}) {
        // 100 types: 20 critical (exactly 20 %); 7 types: round(1.4) = 1 critical type, which carries 20 % of
        // the rate alone (the split compensates for the rounding).
        p.task_types = types;
        INFO(types << " types");
        const MachovecCh4Workload w = generate(p, 3);
        const std::size_t n_crit = types == 100 ? 20 : 1;
        CHECK(machovec_ch4_critical_types(p) == n_crit);
        for (std::size_t t = 0; t < types; ++t) {
            CHECK(w.types[t].critical == (t < n_crit));  // critical types first
            CHECK(w.types[t].starting_utility == (t < n_crit ? 8.0 : 1.0));
        }
        double critical = 0;
        for (const Task& t : w.tasks) {
            critical += w.types[t.type].critical;
            // The starting utility is the type's: 8 critical, 1 not.
            CHECK(t.utility.max_value() == Approx(w.types[t.type].critical ? 8.0 : 1.0));
        }
        CHECK(critical / double(w.tasks.size()) == Approx(0.2).margin(0.01));
    }
    // The split's edges: none, all, and never 0 or all types for a fraction strictly inside (0, 1).
    p.task_types = 100;
    p.critical_fraction = 0;
    CHECK(machovec_ch4_critical_types(p) == 0);
    p.critical_fraction = 1;
    CHECK(machovec_ch4_critical_types(p) == 100);
    p.critical_fraction = 0.001;  // round(0.1) = 0 -> 1
    CHECK(machovec_ch4_critical_types(p) == 1);
    p.critical_fraction = 0.999;  // round(99.9) = 100 -> 99
    CHECK(machovec_ch4_critical_types(p) == 99);
}

TEST_CASE("machovec_ch4_generator: bursts of one type, one instant and one utility function, of B/2..3B/2 tasks",
          "[workloads][machovec_ch4]") {
    for (std::uint32_t B : {64u, 16u, 7u}) {
        INFO("B = " << B);
        MachovecCh4Params p = params();
        p.burst_size = B;
        const MachovecCh4Workload w = generate(p, 5);
        const auto bursts = bursts_of(w);
        CHECK(bursts.size() == w.bursts);
        // 64: 32..96; 16: 8..24; 7: ceil(3.5) = 4 .. floor(10.5) = 10.
        const std::size_t lo = B == 64 ? 32 : (B == 16 ? 8 : 4), hi = B == 64 ? 96 : (B == 16 ? 24 : 10);
        double sum = 0;
        std::size_t at_lo = 0, at_hi = 0, different_class = 0;
        const Task* previous = nullptr;
        for (const auto& [key, tasks] : bursts) {
            CHECK(tasks.size() >= lo);
            CHECK(tasks.size() <= hi);
            at_lo += tasks.size() == lo;
            at_hi += tasks.size() == hi;
            sum += double(tasks.size());
            const Task& first = *tasks.front();
            for (const Task* t : tasks) {
                CHECK(t->type == first.type);
                CHECK(t->arrival_s == first.arrival_s);
                CHECK(&t->utility.points() == &first.utility.points());  // the same (shared) class shape
                for (double e : {0.0, 300.0, 900.0, 3600.0, 14400.0})
                    CHECK(t->utility.value_at(e) == first.utility.value_at(e));
            }
            // Bursts of one type draw their class each: they are not all alike.
            if (previous && previous->type == first.type && &previous->utility.points() != &first.utility.points())
                ++different_class;
            previous = &first;
        }
        CHECK(at_lo > 0);  // both ends of the inclusive range occur
        CHECK(at_hi > 0);
        CHECK(different_class > 0);
        // The mean size is B: sizes are uniform over hi - lo + 1 integers (sd (hi - lo + 1)/sqrt(12): 18.8 for
        // 64) over ~1,100 (B = 64) or more bursts, so the mean's sd is < 0.6; ±3 is > 5 sd.
        CHECK(sum / double(bursts.size()) == Approx(double(B)).margin(B == 64 ? 3.0 : 1.0));
    }
}

TEST_CASE("machovec_ch4_generator: B = 1 gives single arrivals", "[workloads][machovec_ch4]") {
    MachovecCh4Params p = params();
    p.burst_size = 1;
    p.tasks_per_day = 5000;
    const MachovecCh4Workload w = generate(p, 8);
    REQUIRE(w.tasks.size() > 1000);
    CHECK(w.bursts == w.tasks.size());
    for (std::size_t i = 1; i < w.tasks.size(); ++i) CHECK(w.tasks[i - 1].arrival_s < w.tasks[i].arrival_s);
}

TEST_CASE("machovec_ch4_generator: the ETC by the COV method is inconsistent", "[workloads][machovec_ch4]") {
    const MachovecCh4Params p = params();
    const auto cl = ch4_clusters();
    const MachovecCh4Workload w = generate(p, 13);
    REQUIRE(w.types.size() == 100);
    std::vector<std::size_t> fastest_count(5, 0);
    double ref_critical = 0, ref_other = 0, ratio = 0, ratios = 0;
    for (const MachovecCh4TaskType& t : w.types) {
        REQUIRE(t.time_s.size() == 5);
        std::size_t fastest = 0;
        for (std::size_t c = 0; c < 5; ++c) {
            CHECK(t.time_s[c] > 0);
            CHECK(t.time_table->at(cl[c].core_type, 0) == t.time_s[c]);  // the TimeTable row of the cluster
            if (t.time_s[c] < t.time_s[fastest]) fastest = c;
            if (c != t.reference_cluster) {
                ratio += t.time_s[c] / t.time_s[t.reference_cluster];
                ratios += 1;
            }
        }
        ++fastest_count[fastest];
        (t.critical ? ref_critical : ref_other) += t.time_s[t.reference_cluster];
        CHECK(t.class_mean_s == (t.critical ? 600.0 : 3000.0));
    }
    // Inconsistent: no cluster is fastest for every type (with 100 types, each of the five is fastest for some).
    for (std::size_t c = 0; c < 5; ++c) CHECK(fastest_count[c] > 0);
    // Reference times ~ Gamma(class mean, COV 0.1): the mean of 20 critical ones has sd 600 x 0.1 / sqrt(20)
    // = 13.4 s, of 80 non-critical 3000 x 0.1 / sqrt(80) = 33.5 s (windows ±60 s and ±150 s: 4.5 sd).
    CHECK(ref_critical / 20 == Approx(600).margin(60));
    CHECK(ref_other / 80 == Approx(3000).margin(150));
    // Other clusters ~ Gamma(reference, COV 0.3): ratio to the reference mean 1, sd 0.3 / sqrt(400) = 0.015.
    CHECK(ratio / ratios == Approx(1.0).margin(0.075));
}

TEST_CASE("machovec_ch4_generator: other P-states scale the ETC by f_P0 / f_p", "[workloads][machovec_ch4]") {
    MachovecCh4Params p;
    p.clusters = {{3, {1.0, 1.5}}, {1, {1.0}}};  // core type 3 at 2 P-states (e.g. 3 and 2 GHz), type 1 at one
    p.tasks_per_day = 100;
    p.task_types = 2;
    const MachovecCh4Workload w = generate(p, 1);
    for (const MachovecCh4TaskType& t : w.types) {
        CHECK(t.time_table->at(3, 0) == t.time_s[0]);
        CHECK(t.time_table->at(3, 1) == Approx(1.5 * t.time_s[0]));
        CHECK(t.time_table->at(1, 0) == t.time_s[1]);
        CHECK(t.time_table->at(1, 1) < 0);  // no such P-state
        CHECK(t.time_table->at(0, 0) < 0);  // core types of no cluster: cannot run
        CHECK(t.time_table->at(2, 0) < 0);
    }
}

TEST_CASE("machovec_ch4_generator: preemption flags with probability p", "[workloads][machovec_ch4]") {
    MachovecCh4Params p = params();
    p.tasks_per_day = 5000;
    p.burst_size = 16;
    p.preempt_probability = 0;
    for (const Task& t : generate(p, 4).tasks) {
        CHECK_FALSE(t.preemptible);
        CHECK_FALSE(t.can_preempt);
    }
    p.preempt_probability = 1;
    for (const Task& t : generate(p, 4).tasks) {
        CHECK(t.preemptible);
        CHECK(t.can_preempt);
    }
    // p = 0.4: each flag true for 40 % of the tasks, independently (both: 16 %). ~5,800 tasks: sd <= 0.0065.
    p.preempt_probability = 0.4;
    const MachovecCh4Workload w = generate(p, 4);
    double pre = 0, can = 0, both = 0;
    for (const Task& t : w.tasks) {
        pre += t.preemptible;
        can += t.can_preempt;
        both += t.preemptible && t.can_preempt;
    }
    const double n = double(w.tasks.size());
    CHECK(pre / n == Approx(0.4).margin(0.03));
    CHECK(can / n == Approx(0.4).margin(0.03));
    CHECK(both / n == Approx(0.16).margin(0.03));
}

TEST_CASE("machovec_ch4_generator: tasks_per_day tasks arrive in a day", "[workloads][machovec_ch4]") {
    MachovecCh4Params p = params();
    p.horizon_s = 86400;
    // B = 1: Poisson, sd sqrt(60,000) = 245 (0.4 %); ±2 % is 4.9 sd.
    p.burst_size = 1;
    CHECK(double(tasks_in_a_day(generate(p, 9))) == Approx(60000).epsilon(0.02));
    // B = 64: 937.5 bursts a day; a day's count has variance 937.5 x E[size^2] = 937.5 x (64^2 + (65^2 - 1)/12)
    // = 937.5 x 4448 = 4.17e6, sd 2,042 (3.4 %); the mean of 16 days has sd 511 (0.85 %); ±3 % is 3.5 sd.
    p.burst_size = 64;
    double sum = 0;
    for (std::uint64_t seed = 1; seed <= 16; ++seed) sum += double(tasks_in_a_day(generate(p, seed)));
    CHECK(sum / 16 == Approx(60000).epsilon(0.03));
    // 28 h hold the arrivals of [0, 28 h) only.
    p.horizon_s = 28 * 3600.0;
    for (const Task& t : generate(p, 2).tasks) CHECK(t.arrival_s < 28 * 3600.0);
}

TEST_CASE("machovec_ch4_generator: step utilities end at the average execution time", "[workloads][machovec_ch4]") {
    MachovecCh4Params p = params();
    p.utility_family = MachovecCh4UtilityFamily::Step;
    // By hand: ETC row 600, 660, 540, 720, 480 s; mean (600 + 660 + 540 + 720 + 480) / 5 = 3000 / 5 = 600 s.
    MachovecCh4TaskType t;
    t.time_s = {600, 660, 540, 720, 480};
    t.average_time_s = 600;
    t.critical = true;
    t.starting_utility = 8;
    const UtilityFunction crit = machovec_ch4_utility(p, t, 0);
    CHECK(crit.value_at(0) == 8);
    CHECK(crit.value_at(600) == 8);  // completion 600 s after arrival meets the step
    CHECK(crit.value_at(600.001) == 0);
    // Non-critical: 10 x 600 = 6,000 s at starting utility 1.
    t.critical = false;
    t.starting_utility = 1;
    const UtilityFunction other = machovec_ch4_utility(p, t, 0);
    CHECK(other.value_at(6000) == 1);
    CHECK(other.value_at(6000.001) == 0);

    // Generated tasks: the width is the mean of the type's own ETC row.
    p.tasks_per_day = 2000;
    const MachovecCh4Workload w = generate(p, 17);
    REQUIRE(!w.tasks.empty());
    bool seen[2] = {false, false};
    for (const Task& task : w.tasks) {
        const MachovecCh4TaskType& ty = w.types[task.type];
        const std::vector<Seconds>& e = ty.time_s;
        const Seconds mean = (e[0] + e[1] + e[2] + e[3] + e[4]) / 5;
        CHECK(ty.average_time_s == Approx(mean).epsilon(1e-12));
        const Seconds width = ty.critical ? mean : 10 * mean;
        CHECK(task.utility.kind() == UtilityFunction::Kind::Step);
        CHECK(task.utility.zero_after() == Approx(width).epsilon(1e-12));
        CHECK(task.utility.value_at(0.999 * width) == (ty.critical ? 8 : 1));
        CHECK(task.utility.value_at(1.001 * width) == 0);
        seen[ty.critical] = true;
    }
    CHECK(seen[0]);
    CHECK(seen[1]);

    // average_time: class-mean: the width is 10 min for critical tasks, 10 x 50 min for the others.
    p.average_time = MachovecCh4AverageTime::ClassMean;
    for (const Task& task : generate(p, 17).tasks)
        CHECK(task.utility.zero_after() == (w.types[task.type].critical ? 600.0 : 30000.0));
}

TEST_CASE("machovec_ch4_generator: decaying and class utilities", "[workloads][machovec_ch4]") {
    MachovecCh4Params p = params();
    p.tasks_per_day = 2000;
    p.utility_family = MachovecCh4UtilityFamily::Decaying;
    const MachovecCh4Workload w = generate(p, 19);
    REQUIRE(!w.tasks.empty());
    for (const Task& task : w.tasks) {
        const MachovecCh4TaskType& ty = w.types[task.type];
        const double s = ty.starting_utility;
        // S during the average time, then one 200-min (12,000 s) decay to 0.
        CHECK(task.utility.value_at(ty.average_time_s) == Approx(s));
        CHECK(task.utility.value_at(ty.average_time_s + 6000) < s);
        CHECK(task.utility.value_at(ty.average_time_s + 6000) > 0);
        CHECK(task.utility.zero_after() == Approx(ty.average_time_s + 12000));
    }
    // Classes: urgency 0.6 (critical) and 0.1 give horizons 2160 / 0.6 = 3,600 s and 2160 / 0.1 = 21,600 s;
    // every class is 0 from the end of its horizon.
    p.utility_family = MachovecCh4UtilityFamily::Classes;
    for (const Task& task : generate(p, 19).tasks) {
        const bool critical = task.utility.max_value() == 8;
        CHECK(task.utility.zero_after() <= (critical ? 3600.0 : 21600.0) * (1 + 1e-12));
        CHECK(task.utility.value_at(critical ? 3600.001 : 21600.001) == 0);
    }
    // The published example (Fig. 34): class 0, priority 8, urgency 0.6: 5.18 at 15 min, 2.84 at 40 min.
    MachovecCh4TaskType crit;
    crit.critical = true;
    crit.starting_utility = 8;
    crit.urgency = p.critical_urgency;
    const UtilityFunction u = machovec_ch4_utility(p, crit, 0);
    CHECK(u.value_at(900) == Approx(5.18));
    CHECK(u.value_at(2400) == Approx(2.84));
}

TEST_CASE("machovec_ch4_generator: bad parameters are refused", "[workloads][machovec_ch4]") {
    std::mt19937_64 rng(1);
    auto refused = [&](void (*edit)(MachovecCh4Params&)) {
        MachovecCh4Params p = params();
        edit(p);
        return (void)generate_machovec_ch4(p, rng), false;
    };
    CHECK_THROWS_AS(refused([](MachovecCh4Params& p) { p.critical_fraction = 1.5; }), std::invalid_argument);
    CHECK_THROWS_AS(refused([](MachovecCh4Params& p) { p.burst_size = 0; }), std::invalid_argument);
    CHECK_THROWS_AS(refused([](MachovecCh4Params& p) { p.burst_size = 1000001; }), std::invalid_argument);
    CHECK_THROWS_AS(refused([](MachovecCh4Params& p) { p.preempt_probability = -0.1; }), std::invalid_argument);
    CHECK_THROWS_AS(refused([](MachovecCh4Params& p) { p.task_types = 1; }), std::invalid_argument);
    CHECK_THROWS_AS(refused([](MachovecCh4Params& p) { p.clusters.clear(); }), std::invalid_argument);
    CHECK_THROWS_AS(refused([](MachovecCh4Params& p) { p.tasks_per_day = 0; }), std::invalid_argument);
    // One type is fine when it is all critical or all not.
    CHECK_NOTHROW(refused([](MachovecCh4Params& p) {
        p.task_types = 1;
        p.critical_fraction = 0;
        p.tasks_per_day = 100;
    }));
}

TEST_CASE("machovec_ch4_generator: time_cov makes each time a distribution, drawn after everything else",
          "[workloads][machovec_ch4]") {
    MachovecCh4Params p = params();
    p.tasks_per_day = 2000;
    p.preempt_probability = 0.5;
    const MachovecCh4Workload det = generate(p, 5);
    p.time_cov = 0.15;
    const MachovecCh4Workload st = generate(p, 5);
    REQUIRE(st.tasks.size() == det.tasks.size());
    // The tasks are those of the deterministic workload (the draws come after every other), each with a draw.
    for (std::size_t i = 0; i < st.tasks.size(); ++i) {
        INFO("task " << i);
        const Task &a = det.tasks[i], &b = st.tasks[i];
        CHECK(b.arrival_s == a.arrival_s);
        CHECK(b.type == a.type);
        CHECK(b.utility == a.utility);
        CHECK(b.preemptible == a.preemptible);
        CHECK(b.can_preempt == a.can_preempt);
        CHECK(a.work.quantile() < 0);
        CHECK((b.work.quantile() >= 0 && b.work.quantile() < 1));
    }
    // Each (type, cluster): 20 equally likely pulses whose mean is the ETC (to rounding).
    for (std::size_t ti = 0; ti < st.types.size(); ++ti)
        for (CoreTypeId ct = 0; ct < 5; ++ct) {
            const TimeTable& t = *st.types[ti].time_table;
            REQUIRE(t.has_distribution(ct, 0));
            const auto& pulses = t.distribution[ct][0];
            REQUIRE(pulses.size() == MachovecCh4Params::kTimePulses);
            double mean = 0;
            for (const TimePulse& q : pulses) mean += q.seconds * q.probability;
            CHECK(mean == Approx(det.types[ti].time_s[ct]).epsilon(1e-12));
            CHECK(t.at(ct, 0) == Approx(det.types[ti].time_s[ct]).epsilon(1e-12));
        }
}
