// Order at one simulated instant (manager/resource_manager.h): a completion at t is registered before the
// arrivals at t and before the mapping event that follows, as Batsim and SimGrid order them. One whole
// simulation per case on one node of 4 cores at 1 GHz, no interconnect latency.
#include <catch2/catch.hpp>

#include <memory>
#include <vector>

#include "manager/policy_view.h"
#include "tests/manager/manager_run.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

namespace {

Task task(TaskId id, Seconds arrival_s, std::uint32_t cores, Seconds work_s) {
    Task t;
    t.id = id;
    t.arrival_s = arrival_s;
    t.cores = cores;
    t.work = cycles(work_s * 1e9);  // work_s at 1 GHz
    return t;
}

/// EASY, recording what each mapping event saw: its time, and whether task `ending` was still running.
class Probe : public Policy {
public:
    explicit Probe(TaskId ending)
        : ending_(ending), easy_(builtin_policies().create("easy", PolicyParams(YAML::Load("{}"), "test.yaml"),
                                                           SourceLocation{"test", 0, 0})) {}
    PolicyTraits traits() const override { return easy_->traits(); }
    void schedule(const PolicyView& view, Decisions& decide) override {
        seen.push_back({view.now(), view.record(ending_).state == TaskState::Running});
        easy_->schedule(view, decide);
    }
    struct Seen {
        SimTime at;
        bool ending_running;
    };
    std::vector<Seen> seen;

private:
    TaskId ending_;
    std::unique_ptr<Policy> easy_;
};

}  // namespace

// x: 1 core [0, 1000) on core 0; t0: 2 cores [0, 100) on cores 1-2; big: 3 cores x 50 s arrives at 10 and
// waits (shadow time 100: cores free from 1000, 100, 100, 10); s2: 1 core x 5 s arrives at 20 and backfills on
// core 3 (20 + 5 = 25 <= 100); s1: 1 core x 10 s arrives at 100, the instant t0 ends.
// Completion first: at 100 cores 1-3 are idle, big starts at 100 exactly (ends 150) and s1 waits for a core
// until 150 (ends 160). Were the arrival handled first, t0 would still hold cores 1-2 and big could not
// start until t0's completion was registered after it.
TEST_CASE("same instant: a completion is registered before an arrival at the same time", "[manager][systemc]") {
    auto probe = std::make_unique<Probe>(1);
    Probe& seen = *probe;
    ManagerRun r(simple_platform({PState{1e9, 1.0, 2.0, 0.5}}, 4, 1),
                 {task(0, 0, 1, 1000), task(1, 0, 2, 100), task(2, 10, 3, 50), task(3, 20, 1, 5), task(4, 100, 1, 10)},
                 std::move(probe));
    r.run();
    // The mapping events at 100: none of them saw t0 running (its completion came first).
    int at_100 = 0;
    for (const Probe::Seen& s : seen.seen)
        if (s.at == 100_s) {
            ++at_100;
            CHECK_FALSE(s.ending_running);
        }
    CHECK(at_100 == 1);  // one event for the completion and the arrival together
    CHECK(r.record(1).end == 100_s);
    CHECK(r.record(3).first_start == 20_s);
    CHECK(r.record(3).end == 25_s);
    CHECK(r.record(2).first_start == 100_s);
    CHECK(r.record(2).end == 150_s);
    CHECK(r.record(4).first_start == 150_s);
    CHECK(r.record(4).end == 160_s);
    CHECK(r.record(0).end == 1000_s);
}
