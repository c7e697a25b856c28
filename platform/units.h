#pragma once
// SI units at the model boundary (config, estimates, policies, outputs). SystemC-free, so that policies
// and workloads can use it; conversions to SystemC time are in modules/sim_time.h.
namespace rmsim {

using Seconds = double;  ///< SI seconds
using Watts = double;
using Joules = double;
using Hertz = double;
using Volts = double;

}  // namespace rmsim
