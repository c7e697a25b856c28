#pragma once
// The rmsim command line: parses it (sim/run/cli_args.h), runs the command and prints its summary.

namespace rmsim {
/// `rmsim run|validate|list-policies|list-governors|list-workloads ...`; returns the process exit code (0 ok, 1 internal error,
/// 2 bad input).
int cli_main(int argc, char** argv);
}  // namespace rmsim
