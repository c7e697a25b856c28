// Singh 2015 PBA: profiles per core count, the profile store, and Algorithm 1's value/energy estimate.
#include <catch2/catch.hpp>
#include <stdexcept>

#include "manager/policies/singh/pba_estimate.h"
#include "manager/policies/singh/profile_store.h"
#include "tests/manager/policies/singh/singh_fixture.h"

using namespace rmsim;
using namespace rmsim::singh;

namespace {
ProfileEntry fake_entry(std::uint32_t k, std::uint32_t cores_used, double response_s, double energy_j) {
    ProfileEntry e;
    e.max_cores = k;
    e.plan.core_sequence.assign(cores_used, {});
    e.plan.response_ns = static_cast<TimeNs>(response_s * 1e9);
    e.plan.dynamic_energy_j = energy_j;
    e.response_s = response_s;
    e.energy_j = energy_j;
    e.response_energy = response_s * energy_j;
    return e;
}
}  // namespace

TEST_CASE("singh profile: best core count and Algorithm 1 estimate", "[manager][singh]") {
    // R·E per k: k=1 10·100 = 1000, k=2 6·120 = 720, k=3 4·180 = 720 (tie: the smaller k), k=4 5·200 = 1000.
    JobProfile p;
    p.job_id = 3;
    p.entries = {fake_entry(1, 1, 10, 100), fake_entry(2, 2, 6, 120), fake_entry(3, 2, 4, 180),
                 fake_entry(4, 4, 5, 200)};
    CHECK(p.best_core_count() == 2);
    CHECK_THROWS_AS(p.entry(0), std::out_of_range);
    CHECK_THROWS_AS(p.entry(5), std::out_of_range);

    Job job;
    job.id = 3;
    job.arrival_s = 100;
    job.value = UtilityFunction::value_curve(50, 10, 30);  // 50 until 10 s after arrival, 0 at 30 s
    // The min response x energy rule: now = 110, maxBid 8: k = min(8, 2) = 2: completion 110 + 6 = 116 =
    // arrival + 16 -> 50·(30-16)/20 = 35; value per energy 35 / 120.
    const auto min_re = PbaCoreCount::MinResponseEnergy;
    ValueEnergyEstimate e = pba_estimate(job, p, 8, 110, min_re);
    CHECK(e.entry == &p.entries[1]);
    CHECK(e.cores == 2);
    CHECK(e.value == Approx(35).epsilon(1e-12));
    CHECK(e.energy_j == Approx(120));
    CHECK(e.value_per_energy == Approx(35.0 / 120).epsilon(1e-12));
    // maxBid 1: k = 1: completion 110 + 10 = arrival + 20 -> 25, per energy 25/100.
    e = pba_estimate(job, p, 1, 110, min_re);
    CHECK(e.entry == &p.entries[0]);
    CHECK(e.value == Approx(25).epsilon(1e-12));
    CHECK(e.value_per_energy == Approx(0.25).epsilon(1e-12));
    // Too late: value 0.
    e = pba_estimate(job, p, 8, 130, min_re);
    CHECK(e.value == 0.0);
    CHECK(e.value_per_energy == 0.0);
    CHECK_THROWS_AS(pba_estimate(job, p, 0, 110, min_re), std::invalid_argument);
}

TEST_CASE("singh PBA: min(maxBid, the core count of maximum value/energy at allocation time) (§IV-A)",
          "[manager][singh]") {
    // The profile above; value 50 until 10 s after arrival (100), 0 at 30 s. Value / energy per k:
    JobProfile p;
    p.job_id = 3;
    p.entries = {fake_entry(1, 1, 10, 100), fake_entry(2, 2, 6, 120), fake_entry(3, 2, 4, 180),
                 fake_entry(4, 4, 5, 200)};
    Job job;
    job.id = 3;
    job.arrival_s = 100;
    job.value = UtilityFunction::value_curve(50, 10, 30);
    // Allocated at arrival (now = 100): every k ends within the plateau, value 50:
    //   k=1 50/100 = 0.5, k=2 50/120 = 0.417, k=3 50/180 = 0.278, k=4 50/200 = 0.25 -> k = 1,
    // where the least response x energy (k = 2) would give 0.417.
    ValueEnergyEstimate e = pba_estimate(job, p, 8, 100);
    CHECK(e.entry == &p.entries[0]);
    CHECK(e.cores == 1);
    CHECK(e.value == Approx(50));
    CHECK(e.value_per_energy == Approx(0.5));
    CHECK(pba_estimate(job, p, 8, 100, PbaCoreCount::MinResponseEnergy).entry == &p.entries[1]);
    // At now = 112 the value decays (50·(30 - d)/20 at d s after arrival):
    //   k=1 d=22: 20/100 = 0.2; k=2 d=18: 30/120 = 0.25; k=3 d=16: 35/180 = 0.194; k=4 d=17: 32.5/200 = 0.1625
    //   -> k = 2.
    e = pba_estimate(job, p, 8, 112);
    CHECK(e.entry == &p.entries[1]);
    CHECK(e.value == Approx(30).epsilon(1e-12));
    CHECK(e.value_per_energy == Approx(0.25).epsilon(1e-12));
    // A bid of 1 core allows k = 1 only.
    CHECK(pba_estimate(job, p, 1, 112).entry == &p.entries[0]);
    // Equal value per energy: the smaller k. Two entries of 1 and 2 cores, both 50 / 100.
    JobProfile tie;
    tie.entries = {fake_entry(1, 1, 8, 100), fake_entry(2, 2, 4, 100)};
    CHECK(pba_estimate(job, tie, 8, 100).entry == &tie.entries[0]);
    CHECK_THROWS_AS(pba_estimate(job, p, 0, 110), std::invalid_argument);

    // Singh 2015 §IV-A: "the exact number of cores to be used by the job computed as minimum between maxBid and
    // the number of cores to be used to achieve maximum value/energy": k = min(maxBid, k*), k* over EVERY
    // profiled count. Value 60 at arrival (0 s), linear to 0 at 40 s; allocated at now = 0, so the value at
    // completion is 60·(40 - R)/40:
    //   k=1 R=20 E=100: V = 30, 30/100 = 0.3
    //   k=2 R=18 E=115: V = 33, 33/115 = 0.28696
    //   k=3 R=8  E=110: V = 48, 48/110 = 0.43636  -> k* = 3
    JobProfile q;
    q.entries = {fake_entry(1, 1, 20, 100), fake_entry(2, 2, 18, 115), fake_entry(3, 3, 8, 110)};
    job.arrival_s = 0;
    job.value = UtilityFunction::value_curve(60, 0, 40);
    // maxBid 8: k = min(8, 3) = 3.
    e = pba_estimate(job, q, 8, 0);
    CHECK(e.entry == &q.entries[2]);
    CHECK(e.value_per_energy == Approx(48.0 / 110).epsilon(1e-12));
    // maxBid 2: k = min(2, 3) = 2 (33/115), not the best count among k <= 2 (k = 1, 0.3).
    e = pba_estimate(job, q, 2, 0);
    CHECK(e.entry == &q.entries[1]);
    CHECK(e.cores == 2);
    CHECK(e.value == Approx(33).epsilon(1e-12));
    CHECK(e.value_per_energy == Approx(33.0 / 115).epsilon(1e-12));
    // maxBid 1: k = 1.
    CHECK(pba_estimate(job, q, 1, 0).entry == &q.entries[0]);
}

TEST_CASE("singh profile: profile_job covers k = 1..min(|T|, cores) and the store counts evaluations",
          "[manager][singh]") {
    const Job job = singh_test::make_job({3e9, 2e9, 2e9, 1e9}, {{0, 1, 1e6}, {0, 2, 1e6}, {1, 3, 1e6}, {2, 3, 1e6}});
    const NodeModel node = singh_test::two_level_node(3, true);
    const PlanningProblem pb(job, node);
    GaParams gp;
    gp.population = 6;
    gp.evaluations = 50;
    const JobProfile p = profile_job(pb, gp);
    REQUIRE(p.entries.size() == 3);  // min(4 tasks, 3 cores)
    CHECK(p.evaluations == 3 * 50);
    for (std::uint32_t k = 1; k <= 3; ++k) {
        const ProfileEntry& e = p.entry(k);
        CHECK(e.max_cores == k);
        CHECK(e.plan.cores_used() <= k);
        CHECK(e.response_s == Approx(e.plan.response_s()));
        CHECK(e.energy_j == Approx(e.plan.energy_j()));
        CHECK(e.response_energy == Approx(e.response_s * e.energy_j));
    }
    // k = 1: one core; the best is all at L0 or not, but it runs the 8e9 cycles back to back.
    CHECK(p.entry(1).plan.cores_used() == 1);

    ProfileStore store;
    store.add(p);
    CHECK(store.size() == 1);
    CHECK(store.evaluations() == 150);
    REQUIRE(store.find(job.id) != nullptr);
    CHECK(store.find(job.id)->entries.size() == 3);
    CHECK(store.find(job.id + 1) == nullptr);
    store.add(p);  // replacing a profile does not double-count
    CHECK(store.size() == 1);
    CHECK(store.evaluations() == 150);
}
