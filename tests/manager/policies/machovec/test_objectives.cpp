// Objective measures of Machovec Ch.3 §3.3.5 (manager/policies/machovec/objectives.h).
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "manager/policies/machovec/objectives.h"

using namespace rmsim;

TEST_CASE("machovec objectives: Util, UPT, UPR, UPE by hand", "[manager][machovec]") {
    // util 9, 50 s on 2 cores, 1000 J
    CHECK(objective_value(Objective::Util, 9.0, 50.0, 2.0, 1000.0) == Approx(9.0).epsilon(1e-12));
    CHECK(objective_value(Objective::UPT, 9.0, 50.0, 2.0, 1000.0) == Approx(9.0 / 50.0).epsilon(1e-12));
    // Eq. 1: resources = 50 s x 2 cores = 100 core-s -> UPR = 0.09
    CHECK(resources_allocated(50.0, 2.0) == Approx(100.0).epsilon(1e-12));
    CHECK(objective_value(Objective::UPR, 9.0, 50.0, 2.0, 1000.0) == Approx(0.09).epsilon(1e-12));
    CHECK(objective_value(Objective::UPE, 9.0, 50.0, 2.0, 1000.0) == Approx(0.009).epsilon(1e-12));
}

TEST_CASE("machovec objectives: non-positive denominators are refused", "[manager][machovec]") {
    CHECK_THROWS_AS(objective_value(Objective::UPT, 1.0, 0.0, 1.0, 1.0), std::invalid_argument);
    CHECK_THROWS_AS(objective_value(Objective::UPR, 1.0, 1.0, 0.0, 1.0), std::invalid_argument);
    CHECK_THROWS_AS(objective_value(Objective::UPE, 1.0, 1.0, 1.0, 0.0), std::invalid_argument);
    // Util needs no denominator.
    CHECK(objective_value(Objective::Util, 2.5, 0.0, 0.0, 0.0) == 2.5);
    CHECK(std::string(to_string(Objective::UPR)) == "UPR");
}
