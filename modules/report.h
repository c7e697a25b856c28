#pragma once
// rmsim's SystemC message types, and how its modules report an error.
//
// A module that finds the simulation in a state it cannot go on from (a message its protocol does not allow,
// a core asked to run at a P-state it does not have, a process that livelocks) reports it through SystemC's
// report handler, as an SC_ERROR of the message type of its family (msg_type below), with its own text. So a
// host design decides what becomes of it, type by type (sc_core::sc_report_handler::set_actions):
//   - by default (SystemC's actions for SC_ERROR) the report is thrown as an sc_core::sc_report, which derives
//     from std::exception: out of sc_start() when it happens in a process; rmsim's command line prints its
//     text as an internal error and exits 1;
//   - a host that takes SC_THROW away (SC_LOG, SC_DISPLAY, SC_DO_NOTHING) lets the simulation go on: the
//     module skips the operation at fault (a START refused, a message dropped) and the run's results are not
//     to be trusted;
//   - SC_STOP stops the simulation at the end of the current delta cycle; SC_ABORT aborts the process.
// Arguments given to a constructor while a design is built (a Node's NodeParams, a power cap's settings)
// are checked with exceptions (std::invalid_argument, std::logic_error), as any C++ constructor does: they
// are errors of the embedder's code, found before the simulation starts.
#include <string>

namespace rmsim {

/// The message types (sc_core::sc_report::get_msg_type()), one per family of modules.
namespace msg_type {
inline constexpr char core[] = "rmsim/hw/core";                  ///< Core: commands that do not fit its state
inline constexpr char processor[] = "rmsim/hw/processor";        ///< Processor: its count of busy cores
inline constexpr char node[] = "rmsim/hw/node";                  ///< Node: commands, parts, barriers, power
inline constexpr char interconnect[] = "rmsim/hw/interconnect";  ///< Interconnect: routing
/// DVFS: a domain asked for a level its cores do not have (DvfsDomain; governors and power caps set levels
/// through their domains)
inline constexpr char dvfs[] = "rmsim/hw/dvfs";
/// the protocol between the manager and the nodes: a transaction that failed, a ControlPort used wrongly
inline constexpr char protocol[] = "rmsim/hw/protocol";
/// energy accounting and its observers: MachineMeter, EnergySampler
inline constexpr char energy[] = "rmsim/hw/energy";
inline constexpr char activity[] = "rmsim/hw/activity";  ///< ActivityLog: segments of the cores
inline constexpr char time[] = "rmsim/hw/time";          ///< conversions to the kernel's time
/// InstantWatchdog: a process of the modules or of the manager that livelocks at one instant
inline constexpr char watchdog[] = "rmsim/watchdog";
/// Every type above, for a host that treats all of them alike.
inline constexpr const char* all[] = {core,     processor, node,     interconnect, dvfs,
                                      protocol, energy,    activity, time,         watchdog};
}  // namespace msg_type

/// Reports an error of the simulation: SC_REPORT_ERROR(type, message), with the caller's file and line. By
/// default it throws (see above); where a host's actions let it return, the caller skips what it was doing.
void report_error(const char* type, const std::string& message, const char* file = __builtin_FILE(),
                  int line = __builtin_LINE());

}  // namespace rmsim
