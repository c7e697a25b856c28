// The modules report errors of the simulation through SystemC's report handler with rmsim's message types
// (modules/report.h): by default the report is thrown out of sc_start() as an sc_report (a std::exception),
// and a host design decides per type what becomes of it.
#include <catch2/catch.hpp>

#include <string>

#include <systemc>

#include "modules/report.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

namespace {

/// One node of two cores at one P-state.
PlatformSpec two_cores() { return simple_platform({PState{1e9, 1.0, 2.0, 0.5}}, 2, 1); }

/// A START that core 0 refuses (remaining work outside [0, 1]) at 0 s, then a good one at 1 s.
void bad_then_good(Script& script) {
    script.at(0, start(0, 0, 1, cycles(1e9), 0, 2.0));
    script.at(1, start(0, 0, 2, cycles(1e9)));
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("reports: an error of the hardware is thrown out of sc_start as an sc_report of its type",
          "[modules][reports]") {
    Machine machine(two_cores());
    Script script("script", machine.manager_port());
    bad_then_good(script);
    std::string what, type, msg;
    try {
        run_until(10);
    } catch (const std::exception& e) {  // as rmsim's command line catches it
        what = e.what();
        if (const auto* r = dynamic_cast<const sc_core::sc_report*>(&e)) {
            type = r->get_msg_type();
            msg = r->get_msg();
            CHECK(r->get_severity() == sc_core::SC_ERROR);
        }
    }
    INFO(what);
    CHECK(type == msg_type::core);
    CHECK(contains(msg, "node0.cpu0.core0: START with remaining work outside [0, 1]"));
    CHECK(contains(what, msg));
    CHECK(sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME);  // the run stopped there
    CHECK(script.received.empty());
}

TEST_CASE("reports: a host design that logs rmsim's core errors lets the run go on without the refused START",
          "[modules][reports]") {
    sc_core::sc_report_handler::set_actions(rmsim::msg_type::core, sc_core::SC_LOG);
    Machine machine(two_cores());
    Script script("script", machine.manager_port());
    bad_then_good(script);
    run_until(10);  // nothing thrown
    CHECK(sc_core::sc_report_handler::get_count(msg_type::core) == 1);
    // The refused START left nothing behind on the node: the good one runs on the same core and completes.
    REQUIRE(script.received.size() == 1);
    CHECK(script.received[0].msg.op == Op::Completed);
    CHECK(script.received[0].msg.task == 2);
    CHECK(seconds(script.received[0].at) == Approx(2.0));
    CHECK(script.projections.size() == 1);  // task 2's STARTED only
}

TEST_CASE("reports: SC_STOP for every rmsim type stops the simulation at the error", "[modules][reports]") {
    for (const char* type : msg_type::all) sc_core::sc_report_handler::set_actions(type, sc_core::SC_STOP);
    Machine machine(two_cores());
    Script script("script", machine.manager_port());
    bad_then_good(script);
    run_until(10);  // returns: stopped, nothing thrown
    CHECK(sc_core::sc_get_status() == sc_core::SC_STOPPED);
    CHECK(sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME);
    CHECK(script.received.empty());
}

TEST_CASE("reports: a P-state the cores do not have is refused by their DVFS domain", "[modules][reports]") {
    sc_core::sc_report_handler::set_actions(rmsim::msg_type::dvfs, sc_core::SC_LOG);
    sc_core::sc_report_handler::set_actions(rmsim::msg_type::core, sc_core::SC_LOG);
    Machine machine(two_cores());
    Script script("script", machine.manager_port());
    script.at(0, start(0, 1, 1, cycles(1e9), 3));
    script.at(1, start(0, 1, 2, cycles(1e9)));
    run_until(10);
    // The domain refuses the level and the core the START; the domain keeps its level.
    CHECK(sc_core::sc_report_handler::get_count(msg_type::dvfs) == 1);
    CHECK(sc_core::sc_report_handler::get_count(msg_type::core) == 1);
    REQUIRE(script.received.size() == 1);
    CHECK(script.received[0].msg.task == 2);
    CHECK(seconds(script.received[0].at) == Approx(2.0));
}

TEST_CASE("reports: errors outside a process are thrown to the caller", "[modules][reports]") {
    ActivityLog log(true);
    try {
        log.segment_end(0, 1, sc_core::SC_ZERO_TIME, ActivityLog::SegmentEnd::Completed);
        FAIL("no report");
    } catch (const sc_core::sc_report& r) {
        CHECK(std::string(r.get_msg_type()) == msg_type::activity);
        CHECK(std::string(r.get_msg()) == "ActivityLog: node 0 core 1 ended a segment it did not hold");
    }
    sc_core::sc_report_handler::set_actions(rmsim::msg_type::activity, sc_core::SC_DO_NOTHING);
    log.segment_end(0, 1, sc_core::SC_ZERO_TIME, ActivityLog::SegmentEnd::Completed);  // ignored
    CHECK(log.segments().empty());
}
