// rmsim command line entry point (see sim/run/cli.h).
#include <cstdlib>

#include <systemc>

#include "sim/run/cli.h"
#include "sim/run/huge_pages.h"

extern "C" int sc_main(int argc, char** argv) {
    // rmsim's own output is the summary; SystemC's informational reports (e.g. "simulation stopped by
    // user" after sc_stop) are not errors and are silenced. Warnings and errors still print.
    sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    return rmsim::cli_main(argc, argv);
}

// Replaces libsystemc's main() to silence the kernel's banner, which it prints before sc_main runs, and to
// ask for huge pages first (sim/run/huge_pages.h).
int main(int argc, char** argv) {
    rmsim::reexec_with_huge_pages(argv);
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    return sc_core::sc_elab_and_sim(argc, argv);
}
