// The Catch2 (v2) test runner. Every TEST_CASE runs as its own CTest test, so its own process: a test case
// that runs a SystemC simulation must not use SECTIONs (one simulation per process).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

// libsystemc's own main() refers to sc_main; this binary's main() is Catch's, so sc_main is never called.
extern "C" int sc_main(int, char**) { return 0; }
