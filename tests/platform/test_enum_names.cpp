// Enum name tables (platform/enum_names.h) and the enums that use them: every value has a name, every name
// parses back to its value, and the lists of messages come in table order.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "manager/estimates.h"
#include "manager/policies/machovec/energy_filters.h"
#include "platform/enum_names.h"
#include "platform/platform_spec.h"

using namespace rmsim;

namespace {

enum class Colour { Red, Green, Blue, Unnamed };

constexpr auto kColourNames =
    enum_names<Colour>({{Colour::Red, "red"}, {Colour::Green, "green"}, {Colour::Blue, "blue"}});

/// Every entry round-trips and no two entries share a value or a name.
template <class Table>
void check_round_trip(const Table& table) {
    std::set<std::string> names;
    for (const auto& e : table.entries()) {
        INFO(e.name);
        CHECK(std::string(table.name(e.value)) == e.name);
        REQUIRE(table.parse(e.name).has_value());
        CHECK(*table.parse(e.name) == e.value);
        CHECK(names.insert(e.name).second);
    }
    CHECK_FALSE(table.parse("").has_value());
}

}  // namespace

TEST_CASE("enum names: name, parse and the lists of messages", "[platform][enum_names]") {
    check_round_trip(kColourNames);
    static_assert(kColourNames.parse("green") == Colour::Green, "a table is usable at compile time");
    CHECK(std::string(kColourNames.name(Colour::Unnamed)) == "?");
    CHECK_FALSE(kColourNames.parse("Red").has_value());  // names are exact
    CHECK_FALSE(kColourNames.parse("purple").has_value());
    CHECK(kColourNames.list() == "red, green, blue");
    CHECK(kColourNames.alternatives() == "red, green or blue");
    CHECK(kColourNames.alternatives("'") == "'red', 'green' or 'blue'");
    constexpr auto two = enum_names<Colour>({{Colour::Red, "red"}, {Colour::Blue, "blue"}});
    CHECK(two.alternatives() == "red or blue");
    constexpr auto one = enum_names<Colour>({{Colour::Red, "red"}});
    CHECK(one.alternatives("'") == "'red'");
    CHECK(one.list() == "red");
}

TEST_CASE("enum names: the tables of rmsim's enums", "[platform][enum_names]") {
    check_round_trip(kEstimateModelNames);
    CHECK(kEstimateModelNames.list() == "exact, requested, distribution");
    CHECK(std::string(to_string(EstimateModel::Distribution)) == "distribution");
    check_round_trip(kFilterKindNames);
    CHECK(kFilterKindNames.alternatives("'") == "'none', 'per-task' or 'per-resource'");
    CHECK(std::string(to_string(FilterKind::PerResource)) == "per-resource");
    check_round_trip(kDvfsScopeNames);
    CHECK(kDvfsScopeNames.list() == "core, processor, node");
    CHECK(std::string(to_string(DvfsScope::Processor)) == "processor");
}
