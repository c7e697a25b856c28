#include "workloads/pmf_merge.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using rmsim::MergeBound;
using rmsim::Pmf;

TEST_CASE("pmf merge: buckets of width (max-min)/K, each at its largest value", "[workloads][pmf][siegel]") {
    // Values 0..10, K = 2: width 5; [0,5) holds 0,1,2,3 -> one pulse at 3 with 0.1+0.2+0.3+0.1 = 0.7;
    // [5,10] holds 10 -> 0.3.
    Pmf x({{0, 0.1}, {1, 0.2}, {2, 0.3}, {3, 0.1}, {10, 0.3}});
    MergeBound bound;
    Pmf m = rmsim::merge_pulses(x, 2, &bound);
    REQUIRE(m.size() == 2);
    CHECK(m.pulses()[0].value == 3);
    CHECK(m.pulses()[0].probability == Approx(0.7));
    CHECK(m.pulses()[1].value == 10);
    CHECK(m.pulses()[1].probability == Approx(0.3));
    CHECK(bound.seconds == 5);
    // The documented bound: F_X(d - w) <= F_merged(d) <= F_X(d) for every d; E grows by at most w.
    for (double d = -1; d <= 16; d += 0.5) {
        CHECK(m.cdf(d) <= x.cdf(d) + 1e-12);
        CHECK(m.cdf(d) >= x.cdf(d - bound.seconds) - 1e-12);
    }
    // E[X] = 0.2 + 0.6 + 0.3 + 3 = 4.1; E[merged] = 2.1 + 3 = 5.1.
    CHECK(x.expectation() == Approx(4.1));
    CHECK(m.expectation() == Approx(5.1));
    // Small enough already: unchanged, no bound added.
    Pmf same = rmsim::merge_pulses(x, 5, &bound);
    CHECK(same.size() == 5);
    CHECK(bound.seconds == 5);
}

TEST_CASE("pmf merge: a convolution merged pair by pair, by hand", "[workloads][pmf][siegel]") {
    // a = {0.5: 0.5, 1.5: 0.5}, b = {0.25: 0.25, 1.25: 0.5, 3.25: 0.25}, K = 2: |a| + |b| - 1 = 4 > 2, so the
    // six sums are bucketed without being sorted. Sums: 0.75 (0.125), 1.75 (0.25), 3.75 (0.125), 1.75 (0.125),
    // 2.75 (0.25), 4.75 (0.125). min 0.75, max 4.75, width (4.75 - 0.75) / 2 = 2: (v - 0.75) / 2 puts 0.75, 1.75,
    // 1.75 in bucket 0 (0.125 + 0.25 + 0.125 = 0.5, at 1.75) and 2.75, 3.75, 4.75 in bucket 1 (4.75 clamped into
    // the last; 0.25 + 0.125 + 0.125 = 0.5, at 4.75).
    const Pmf a({{0.5, 0.5}, {1.5, 0.5}});
    const Pmf b({{0.25, 0.25}, {1.25, 0.5}, {3.25, 0.25}});
    MergeBound bound;
    const Pmf m = rmsim::convolve_merged(a, b, 2, &bound);
    REQUIRE(m.size() == 2);
    CHECK(m.pulses()[0].value == 1.75);
    CHECK(m.pulses()[0].probability == 0.5);
    CHECK(m.pulses()[1].value == 4.75);
    CHECK(m.pulses()[1].probability == 0.5);
    CHECK(bound.seconds == 2);
    // The two steps give the same.
    MergeBound two_steps;
    const Pmf r = rmsim::merge_pulses(a.convolve(b), 2, &two_steps);
    REQUIRE(r.size() == 2);
    CHECK(r.pulses()[1].value == m.pulses()[1].value);
    CHECK(two_steps.seconds == bound.seconds);
}

TEST_CASE("pmf merge: a convolution merged pair by pair matches the two steps", "[workloads][pmf][siegel]") {
    // Non-integer ready times (a running task cut at now, shifted to its start) and 60-s bins, as in a Siegel
    // queue: the buckets and their values are those of merge_pulses(a.convolve(b)), the probabilities equal to
    // the last bits (summed in another order).
    std::uint64_t s = 12345;
    auto next = [&s] {  // a fixed LCG: the same PMFs on every platform
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<double>(s >> 11) / 9007199254740992.0;
    };
    for (int round = 0; round < 50; ++round) {
        std::vector<Pmf::Pulse> pa, pb;
        const double start = 1000 * next() + 0.37;
        for (int i = 0; i < 64; ++i) pa.push_back({start + 137.5 * i + 40 * next(), next() + 0.01});
        for (int j = 0; j < 90; ++j) pb.push_back({60.0 * (j + 20), next() + 0.01});
        const Pmf a = Pmf(pa).normalized();
        const Pmf b = Pmf(pb).normalized();
        for (std::size_t k : {16u, 64u, 100u}) {
            MergeBound fused, steps;
            const Pmf m = rmsim::convolve_merged(a, b, k, &fused);
            const Pmf r = rmsim::merge_pulses(a.convolve(b), k, &steps);
            REQUIRE(m.size() == r.size());
            CHECK(fused.seconds == steps.seconds);
            for (std::size_t i = 0; i < m.size(); ++i) {
                CHECK(m.pulses()[i].value == r.pulses()[i].value);
                CHECK(m.pulses()[i].probability == Approx(r.pulses()[i].probability).epsilon(1e-12).margin(1e-15));
            }
        }
    }
    // Few pulses (|a| + |b| - 1 <= K): the two steps themselves, bit for bit, and no merge.
    const Pmf a({{0.5, 0.5}, {1.5, 0.5}});
    const Pmf b({{0.25, 0.25}, {1.25, 0.5}, {3.25, 0.25}});
    MergeBound bound;
    const Pmf m = rmsim::convolve_merged(a, b, 8, &bound);
    const Pmf r = a.convolve(b);
    REQUIRE(m.size() == r.size());
    for (std::size_t i = 0; i < m.size(); ++i) {
        CHECK(m.pulses()[i].value == r.pulses()[i].value);
        CHECK(m.pulses()[i].probability == r.pulses()[i].probability);
    }
    CHECK(bound.seconds == 0);
}
