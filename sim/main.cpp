// rmsim command line entry point (see sim/cli.h).
#include "sim/cli.h"

extern "C" int sc_main(int argc, char** argv) { return rmsim::cli_main(argc, argv); }
