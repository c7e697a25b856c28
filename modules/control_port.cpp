#include "modules/control_port.h"

#include <string>

#include "modules/report.h"

namespace rmsim {

ControlPort::ControlPort(sc_core::sc_module_name name) : sc_module(name), out("out"), in("in"), peq_("peq") {
    in.register_b_transport(this, &ControlPort::b_transport);
    SC_HAS_PROCESS(ControlPort);
    SC_METHOD(drain);
    sensitive << peq_.event();
    dont_initialize();
}

void ControlPort::send(const Message& m, const sc_core::sc_time& delay) {
    if (is_notice(m.op)) {
        report_error(msg_type::protocol, "ControlPort: notices are not sent by the manager");
        return;
    }
    ++sent_;
    send_message(out, m, kManagerEndpoint, node_endpoint(m.node), delay);
}

bool ControlPort::meter_transaction(tlm::tlm_command command, unsigned char* data, unsigned int length,
                                    std::uint64_t address) {
    if (!has_meter()) {
        report_error(msg_type::protocol, "ControlPort: no energy meter is bound");
        return false;
    }
    tlm::tlm_generic_payload gp;
    gp.set_command(command);
    gp.set_address(address == 0 ? meter_endpoint_ : address);
    gp.set_data_ptr(data);
    gp.set_data_length(length);
    gp.set_streaming_width(length);
    gp.set_byte_enable_ptr(nullptr);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    return out->transport_dbg(gp) == length && !gp.is_response_error();
}

EnergyReading ControlPort::read_meter() {
    EnergyReading r;
    if (!meter_transaction(tlm::TLM_READ_COMMAND, reinterpret_cast<unsigned char*>(&r), sizeof r) && has_meter())
        report_error(msg_type::protocol, "ControlPort: the energy meter refused a read");
    return r;
}

EnergyStoreReading ControlPort::read_energy_store(NodeId n) {
    EnergyStoreReading r;
    if (!has_meter()) return r;
    if (!meter_transaction(tlm::TLM_READ_COMMAND, reinterpret_cast<unsigned char*>(&r), sizeof r,
                           energy_store_address(meter_endpoint_, n)))
        report_error(msg_type::protocol,
                     "ControlPort: the energy meter refused a read of node " + std::to_string(n) + "'s energy store");
    return r;
}

bool ControlPort::set_meter_interval(const sc_core::sc_time& start, const sc_core::sc_time& period) {
    MeterInterval i{start.value(), period.value()};
    return meter_transaction(tlm::TLM_WRITE_COMMAND, reinterpret_cast<unsigned char*>(&i), sizeof i);
}

void ControlPort::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    const Message* m = message_of(gp);
    if (!m || !is_notice(m->op)) {
        gp.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
        return;
    }
    peq_.notify(*m, delay);
    delay = sc_core::SC_ZERO_TIME;
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

void ControlPort::drain() {
    watchdog_.activation(*this);
    peq_.drain([this](const Message& m) {
        ++received_;
        if (handler_) handler_(m);
    });
}

}  // namespace rmsim
