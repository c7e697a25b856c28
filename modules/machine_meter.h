#pragma once
// The machine's energy meter as the manager sees it: a target on the cluster interconnect (like a facility
// power meter or a BMC) that answers debug reads with the whole machine's energy up to now, broken down by
// category, and its present draw. Reading it takes no simulated time (TLM debug transport), as reading a
// RAPL-style counter does not. Behind it is the EnergyAccount every component meter reports to, so a read
// costs O(1) whatever the machine's size.
#include <cstdint>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "modules/power_meter.h"

namespace rmsim {

/// What a read returns (the payload's data: exactly sizeof(EnergyReading) bytes, address 0).
struct EnergyReading {
    Joules total_j = 0;
    EnergyBreakdown breakdown{};
    Watts power_w = 0;
};

class MachineMeter : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<MachineMeter> socket;

    /// `account` must outlive the meter.
    MachineMeter(sc_core::sc_module_name name, const EnergyAccount& account);

private:
    unsigned int transport_dbg(tlm::tlm_generic_payload& gp);
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);

    const EnergyAccount& account_;
};

}  // namespace rmsim
