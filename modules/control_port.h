#pragma once
// The resource manager's port on the cluster interconnect (its network interface): sends commands to
// nodes, delivers their notices, at their arrival times, to a handler, and reads the machine's energy meter
// (debug transport). Everything the manager knows of the hardware comes through here. The ResourceManager,
// tests and benches all drive the hardware through it.
#include <cstdint>
#include <functional>
#include <limits>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <systemc>
#include <tlm>

#include "modules/instant_watchdog.h"
#include "modules/machine_meter.h"
#include "modules/payload_event_queue.h"
#include "modules/protocol.h"

namespace rmsim {

class ControlPort : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<ControlPort> out;  ///< commands into the cluster interconnect
    tlm_utils::simple_target_socket<ControlPort> in;      ///< notices from the cluster interconnect

    using NoticeHandler = std::function<void(const Message&)>;

    explicit ControlPort(sc_core::sc_module_name name);

    void set_handler(NoticeHandler h) { handler_ = std::move(h); }
    /// Sends a command to m.node now (plus `delay`, e.g. a decision's modelled cost).
    void send(const Message& m, const sc_core::sc_time& delay = sc_core::SC_ZERO_TIME);
    /// The interconnect endpoint of the machine's energy meter (set by whoever binds it).
    void set_meter_endpoint(std::uint32_t e) { meter_endpoint_ = e; }
    bool has_meter() const { return meter_endpoint_ != kNoMeter; }
    /// The machine's energy up to now (TLM debug read of the meter: no simulated time passes).
    EnergyReading read_meter();
    /// Node n's energy store (TLM debug read of the meter's register for it, O(1); capacity 0: none, also without
    /// a meter).
    EnergyStoreReading read_energy_store(NodeId n);
    /// Sets the meter's interval grid (TLM debug write; MachineMeter): start, start + period, ... False (the
    /// meter answers with an error response and keeps no grid) if a boundary has passed unrecorded.
    [[nodiscard]] bool set_meter_interval(const sc_core::sc_time& start, const sc_core::sc_time& period);
    std::uint64_t commands_sent() const { return sent_; }
    std::uint64_t notices_received() const { return received_; }

private:
    static constexpr std::uint32_t kNoMeter = std::numeric_limits<std::uint32_t>::max();
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    void drain();
    /// A debug transaction with the meter (exactly `length` bytes must be transferred), at `address` (0: the
    /// meter's endpoint, the machine's energy).
    bool meter_transaction(tlm::tlm_command command, unsigned char* data, unsigned int length,
                           std::uint64_t address = 0);

    NoticeHandler handler_;
    PayloadEventQueue<Message> peq_;
    std::uint32_t meter_endpoint_ = kNoMeter;
    std::uint64_t sent_ = 0;
    std::uint64_t received_ = 0;
    InstantWatchdog watchdog_;
};

}  // namespace rmsim
