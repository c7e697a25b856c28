// The hardware's rounding of execution times (platform/exec_rounding.h), shared by the core and the
// manager's estimates: whole clock periods at the current frequency, then whole nanoseconds.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>

#include "platform/exec_rounding.h"

using rmsim::ceil_to_ns;
using rmsim::remaining_exec_ns;

TEST_CASE("exec_rounding: seconds to whole nanoseconds, rounded up", "[platform]") {
    CHECK(ceil_to_ns(0.0) == 0);
    CHECK(ceil_to_ns(-1.0) == 0);
    CHECK(ceil_to_ns(0.4e-9) == 1);                            // never shortened to 0
    CHECK(ceil_to_ns(1.5e-6) == 1500);                         // 1.5e-6 * 1e9 = 1500.0000000000002: noise, not 1501
    CHECK(ceil_to_ns(416666667.0833e-9) == 416666668);         // a real fraction of a ns rounds up, even on 0.4 s
    CHECK(ceil_to_ns(86400.0 * 365) == 31536000000000000ULL);  // a year: 3.1536e16 ns, exact
}

TEST_CASE("exec_rounding: remaining cycles round up to whole clock periods, then to whole ns", "[platform]") {
    // 10 cycles at 3 GHz = 3.33 ns -> 4 ns.
    CHECK(remaining_exec_ns(1.0, 10 / 3e9, 3e9) == 4);
    // 1e9 + 1 cycles at 2.4 GHz: (1e9 + 1) / 2.4 ns = 416666667.083 ns -> 416666668 ns.
    CHECK(remaining_exec_ns(1.0, (1e9 + 1) / 2.4e9, 2.4e9) == 416666668);
    // 12345.5 cycles + 1.2345678e-6 s of memory time at 0.7 GHz: 12345.5 + 1.2345678e-6 * 0.7e9 =
    // 13209.69746 cycles -> 13210 cycles = 13210 / 0.7 ns = 18871.43 ns -> 18872 ns.
    CHECK(remaining_exec_ns(1.0, 12345.5 / 0.7e9 + 1.2345678e-6, 0.7e9) == 18872);
    // A quarter of 2 s at 1 GHz: 0.5e9 cycles = 5e8 ns.
    CHECK(remaining_exec_ns(0.25, 2.0, 1e9) == 500000000);
    // Tabular 0.9 s x scale 1.1 = 0.99 s at 0.7 GHz: 0.99 * 0.7e9 = 693000000.0000001 in doubles, a whole
    // 693000000 cycles (not 693000001) = 990000000 ns.
    CHECK(remaining_exec_ns(1.0, 0.9 * 1.1, 0.7e9) == 990000000);
    CHECK(remaining_exec_ns(0.0, 2.0, 1e9) == 0);  // nothing left
}

TEST_CASE("exec_rounding: nearest_whole is std::nearbyint in the default rounding mode", "[platform]") {
    using rmsim::nearest_whole;
    // Ties go to the even neighbour; the sign of a zero result is the argument's.
    CHECK(nearest_whole(0.5) == 0.0);
    CHECK(nearest_whole(1.5) == 2.0);
    CHECK(nearest_whole(2.5) == 2.0);
    CHECK(nearest_whole(-2.5) == -2.0);
    CHECK(nearest_whole(2.4999999999999996) == 2.0);
    CHECK(std::signbit(nearest_whole(-0.3)));
    CHECK(std::signbit(nearest_whole(-0.0)));
    CHECK(!std::signbit(nearest_whole(0.3)));
    // At and above 2^52 every double is whole; just below, halves still exist (2^52 - 0.5 ties to 2^52).
    CHECK(nearest_whole(4503599627370496.0) == 4503599627370496.0);
    CHECK(nearest_whole(4503599627370495.5) == 4503599627370496.0);
    CHECK(nearest_whole(-4503599627370495.5) == -4503599627370496.0);
    CHECK(nearest_whole(1e300) == 1e300);
    CHECK(std::isinf(nearest_whole(INFINITY)));
    CHECK(std::isnan(nearest_whole(NAN)));
    // Against the library over many magnitudes, signs and fractions, bit for bit.
    std::uint64_t state = 12345;
    for (int i = 0; i < 200000; ++i) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        const double mantissa = static_cast<double>(state >> 11) / 9007199254740992.0;  // [0, 1)
        const int exponent = static_cast<int>((state >> 3) % 120) - 60;
        const double x = std::ldexp(mantissa, exponent) * ((state & 1) ? -1.0 : 1.0);
        const double want = std::nearbyint(x);
        const double got = nearest_whole(x);
        REQUIRE(std::memcmp(&want, &got, sizeof want) == 0);
    }
}
