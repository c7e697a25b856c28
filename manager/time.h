#pragma once
// Time for the SystemC-free manager code: policies and the shared scheduling machinery are unit-tested
// without a simulation, so they must not include platform/units.h (it pulls in <systemc>). That header
// declares the same alias; redeclaring an alias to the same type is legal, so both may meet in one
// translation unit (the ResourceManager's).
namespace rmsim {

using Seconds = double;  ///< SI seconds

}  // namespace rmsim
