#pragma once
// `rmsim plot RUN_DIR`: draws the figures of a results folder with scripts/rmsim_plot.py (matplotlib), run by
// /usr/bin/python3 when it exists, else by python3 on PATH. The figure of a config with variants is the one
// its `figure:` section declares (sim/config/figure_config.h), given with --config, or by default the shipped
// config (configs/experiments/) whose name titles RUN_DIR's comparison.md; docs/outputs.md, "Figures".
#include <string>

#include "sim/run/cli_args.h"

namespace rmsim {

/// The plotting script: <prefix>/share/rmsim/rmsim_plot.py beside an installed rmsim (<prefix>/bin/rmsim),
/// else the source tree's scripts/rmsim_plot.py. "" if neither exists.
std::string plot_script();

/// Runs the script on `a`; its exit code (0, or 2 for bad input such as a folder without results or a
/// Python without matplotlib, with its message on stderr). Bad input found here throws InputError.
int run_plot(const PlotArgs& a);

}  // namespace rmsim
