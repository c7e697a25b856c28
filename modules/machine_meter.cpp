#include "modules/machine_meter.h"

#include <cstring>

namespace rmsim {

MachineMeter::MachineMeter(sc_core::sc_module_name name, const EnergyAccount& account)
    : sc_module(name), socket("socket"), account_(account) {
    socket.register_transport_dbg(this, &MachineMeter::transport_dbg);
    socket.register_b_transport(this, &MachineMeter::b_transport);
}

unsigned int MachineMeter::transport_dbg(tlm::tlm_generic_payload& gp) {
    if (gp.get_command() != tlm::TLM_READ_COMMAND || gp.get_data_length() != sizeof(EnergyReading) ||
        gp.get_data_ptr() == nullptr) {
        gp.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
        return 0;
    }
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    EnergyReading r;
    r.total_j = account_.total_energy(now);
    r.breakdown = account_.breakdown(now);
    r.power_w = account_.total_power();
    std::memcpy(gp.get_data_ptr(), &r, sizeof r);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return sizeof r;
}

void MachineMeter::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time&) {
    // The meter answers debug reads only: a timed transaction is a protocol error.
    gp.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
}

}  // namespace rmsim
