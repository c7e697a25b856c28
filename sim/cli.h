#pragma once

namespace rmsim {
/// `rmsim run|validate|list-policies ...`; returns the process exit code (0 ok, 1 internal error, 2 bad input).
int cli_main(int argc, char** argv);
}
