// A Core in a design of its own: timed by an event of its own when its host offers no timer, by the host's
// CoreTimer when it does (modules/core_timer.h), with the same hand-computed timing either way.
// Core: P0 = 1 GHz, P1 = 0.5 GHz. 2e9 cycles: 1 s at P0 does half, the other 1e9 cycles take 2 s at P1.
#include <catch2/catch.hpp>

#include <systemc>
#include <vector>

#include "modules/core.h"
#include "modules/core_host.h"
#include "modules/core_timer.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

namespace {

/// A minimal host: always powered, records when the core's work is done; with `shared_timer` it also times
/// the core (one event, as Node does).
struct TestHost : sc_core::sc_module, CoreHost, CoreTimer {
    explicit TestHost(sc_core::sc_module_name n, bool shared_timer) : sc_module(n), shared_(shared_timer) {
        SC_HAS_PROCESS(TestHost);
        SC_METHOD(fire);
        sensitive << event_;
        dont_initialize();
        SC_THREAD(script);
    }
    bool powered() const override { return true; }
    void on_core_activity(Core&, bool) override {}
    void on_core_pstate(Core&) override {}
    void on_work_done(Core&) override { done_at.push_back(sc_core::sc_time_stamp()); }
    void on_projection(Core&) override {}
    NodeId node_id() const override { return 0; }
    CoreTimer* core_timer() override { return shared_ ? this : nullptr; }
    void wake_core_at(Core& c, const sc_core::sc_time& at) override {
        core_ = &c;
        due_ = at;
        ++requests;
        event_.cancel();
        event_.notify(at - sc_core::sc_time_stamp());
    }
    void cancel_core(Core&) override { event_.cancel(); }
    void fire() {
        if (sc_core::sc_time_stamp() >= due_) core_->activate();
    }
    void script() {
        Message m;
        m.op = Op::Start;
        m.task = 1;
        m.work = cycles(2e9);
        core->start(m, sc_core::SC_ZERO_TIME);
        wait(sc_core::sc_time(1, sc_core::SC_SEC));
        core->switch_pstate(1);
    }

    bool shared_;
    Core* core = nullptr;
    Core* core_ = nullptr;
    sc_core::sc_event event_;
    sc_core::sc_time due_;
    int requests = 0;
    std::vector<sc_core::sc_time> done_at;
};

void run_core(bool shared_timer) {
    CoreType type;
    type.name = "core";
    type.pstates = {{1e9, 1.0, 2.0, 0.5}, {0.5e9, 0.8, 1.0, 0.25}};
    TestHost host("host", shared_timer);
    Core core("core", type, 0, host, 0, nullptr);
    host.core = &core;
    sc_core::sc_start(sc_core::sc_time(5, sc_core::SC_SEC));
    REQUIRE(host.done_at.size() == 1);
    CHECK(host.done_at[0] == sc_core::sc_time(1.0 + 2.0, sc_core::SC_SEC));
    if (shared_timer) {
        CHECK(host.requests >= 2);  // the completion at 2 s, then at 3 s after the switch
    } else {
        CHECK(host.requests == 0);  // its own event
    }
}

}  // namespace

TEST_CASE("core timer: a core without a host timer keeps an event of its own", "[modules][dvfs]") { run_core(false); }

TEST_CASE("core timer: a core whose host offers a timer is activated through it", "[modules][dvfs]") { run_core(true); }
