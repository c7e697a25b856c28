// Work models (platform/work_model.h): a stochastic work's time is the quantile of its distribution at the
// task's own draw; distributions are checked when set.
#include "platform/work_model.h"

#include <catch2/catch.hpp>
#include <stdexcept>

using namespace rmsim;

TEST_CASE("work model: a stochastic time is the distribution's quantile at the task's draw", "[platform][work]") {
    CoreType ct;
    ct.name = "c";
    ct.pstates = {PState{1e9, 1.0, 2.0, 0.5}, PState{0.5e9, 0.8, 1.0, 0.25}};
    auto table = std::make_shared<TimeTable>();
    table->set_distribution(0, 0, {{10.0, 0.2}, {20.0, 0.5}, {40.0, 0.3}});  // cumulative 0.2, 0.7, 1.0
    table->set_distribution(0, 1, {{20.0, 0.2}, {40.0, 0.5}, {80.0, 0.3}});
    CHECK(table->at(0, 0) == Approx(10 * 0.2 + 20 * 0.5 + 40 * 0.3));  // the mean, 24 s
    WorkModel w;
    w.set_table(table);
    w.set_table_scale(1.5);
    for (const auto& [u, t0] :
         std::vector<std::pair<double, double>>{{0.0, 10}, {0.19, 10}, {0.2, 20}, {0.69, 20}, {0.7, 40}, {0.999, 40}}) {
        w.set_quantile(u);
        INFO("u = " << u);
        CHECK(w.duration(ct, 0, 0) == Approx(1.5 * t0));
        CHECK(w.duration(ct, 0, 1) == Approx(1.5 * 2 * t0));  // the same draw at every P-state
    }
    w.set_quantile(-1);  // not stochastic: the table's (mean) entry
    CHECK(w.duration(ct, 0, 0) == Approx(1.5 * 24));
}

TEST_CASE("work model: bad distributions are refused", "[platform][work]") {
    TimeTable t;
    CHECK_THROWS_AS(t.set_distribution(0, 0, {}), std::invalid_argument);
    CHECK_THROWS_AS(t.set_distribution(0, 0, {{10, 0.5}, {5, 0.5}}), std::invalid_argument);   // not ascending
    CHECK_THROWS_AS(t.set_distribution(0, 0, {{10, 0.5}, {20, 0.4}}), std::invalid_argument);  // sums to 0.9
    CHECK_THROWS_AS(t.set_distribution(0, 0, {{-1, 0.5}, {20, 0.5}}), std::invalid_argument);
    CHECK_THROWS_AS(t.set_distribution(0, 0, {{1, 0}, {20, 1}}), std::invalid_argument);
}

TEST_CASE("work model: one model's fields at a time", "[platform][work]") {
    CoreType ct;
    ct.name = "c";
    ct.pstates = {PState{2e9, 1.0, 2.0, 0.5}};
    WorkModel w;  // analytic, no work
    CHECK_FALSE(w.tabular());
    CHECK(w.table_scale() == 1.0);
    CHECK(w.quantile() == -1.0);
    w.set_cycles(4e9);
    w.set_memory_s(0.5);
    CHECK(w.duration(ct, 0, 0) == 4e9 / 2e9 + 0.5);  // 2.5 s
    CHECK_THROWS_AS(w.set_table_scale(2.0), std::logic_error);
    CHECK_THROWS_AS(w.set_quantile(0.5), std::logic_error);

    auto table = std::make_shared<TimeTable>();
    table->seconds = {{10.0}};
    w.set_table(table);  // tabular: scale 1, no draw; the analytic fields read as none
    CHECK(w.tabular());
    CHECK_FALSE(w.stochastic());
    CHECK(w.cycles() == 0.0);
    CHECK(w.memory_s() == 0.0);
    CHECK(w.table_scale() == 1.0);
    CHECK(w.quantile() == -1.0);
    CHECK(w.duration(ct, 0, 0) == 10.0);
    w.set_table_scale(0.5);
    CHECK(w.duration(ct, 0, 0) == 5.0);
    CHECK_THROWS_AS(w.set_cycles(1.0), std::logic_error);
    CHECK_THROWS_AS(w.set_memory_s(1.0), std::logic_error);

    w.set_table(nullptr);  // analytic again, without work
    CHECK(w.duration(ct, 0, 0) == 0.0);
    CHECK(sizeof(WorkModel) == 24);  // the table pointer and two shared fields
}
