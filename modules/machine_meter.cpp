#include "modules/machine_meter.h"

#include <cstring>

#include "modules/report.h"
#include "modules/sim_time.h"

namespace rmsim {

MachineMeter::MachineMeter(sc_core::sc_module_name name, EnergyAccount& account)
    : sc_module(name), socket("socket"), account_(account) {
    socket.register_transport_dbg(this, &MachineMeter::transport_dbg);
    socket.register_b_transport(this, &MachineMeter::b_transport);
    account_.observe(this);
}

bool MachineMeter::boundary_at_or_before(const sc_core::sc_time& t, sc_core::sc_time& b) const {
    if (interval_.period_ticks == 0 || t.value() < interval_.start_ticks) return false;
    const std::uint64_t k = (t.value() - interval_.start_ticks) / interval_.period_ticks;
    b = sc_core::sc_time::from_value(interval_.start_ticks + k * interval_.period_ticks);
    return true;
}

// Called before the first change of draw or energy lump at `now`, with the draw constant since i.last():
// the energy at a boundary b in [i.last(), now] is exact here and holds nothing that happens at b.
void MachineMeter::on_span(const EnergyIntegrator& i, const sc_core::sc_time& now) {
    sc_core::sc_time b;
    if (boundary_at_or_before(now, b) && (!recorded_ || b > recorded_at_)) {
        if (b < i.last()) {
            report_error(msg_type::energy, "MachineMeter: an interval boundary passed unrecorded");
        } else {
            recorded_ = true;
            recorded_at_ = b;
            recorded_j_ = i.total_energy(b);
        }
    }
    if (next_) next_->on_span(i, now);
}

Joules MachineMeter::energy_at_boundary(const sc_core::sc_time& b) const {
    if (recorded_ && recorded_at_ == b) return recorded_j_;
    // Nothing has changed since before b (a change or lump at or after b would have been recorded).
    if (b < account_.last()) {
        report_error(msg_type::energy, "MachineMeter: an interval boundary passed unrecorded");
        return account_.total_energy(account_.last());
    }
    return account_.total_energy(b);
}

unsigned int MachineMeter::read_store(tlm::tlm_generic_payload& gp, NodeId n) const {
    if (gp.get_command() != tlm::TLM_READ_COMMAND || gp.get_data_length() != sizeof(EnergyStoreReading) ||
        gp.get_data_ptr() == nullptr) {
        gp.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
        return 0;
    }
    EnergyStoreReading r;
    if (const EnergyStore* s = n < stores_.size() ? stores_[n] : nullptr) {
        r.capacity_j = s->capacity_j();
        r.used_j = s->used_j();
        r.depleted = s->depleted();
        if (r.depleted) r.depleted_at_ticks = s->depleted_at().value();
    }
    std::memcpy(gp.get_data_ptr(), &r, sizeof r);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return sizeof r;
}

unsigned int MachineMeter::transport_dbg(tlm::tlm_generic_payload& gp) {
    if (const std::uint64_t reg = gp.get_address() >> 32; reg != 0) return read_store(gp, static_cast<NodeId>(reg - 1));
    const bool read = gp.get_command() == tlm::TLM_READ_COMMAND && gp.get_data_length() == sizeof(EnergyReading);
    const bool write = gp.get_command() == tlm::TLM_WRITE_COMMAND && gp.get_data_length() == sizeof(MeterInterval);
    if ((!read && !write) || gp.get_data_ptr() == nullptr) {
        gp.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
        return 0;
    }
    const sc_core::sc_time now = sim_now();
    if (write) {
        std::memcpy(&interval_, gp.get_data_ptr(), sizeof interval_);
        recorded_ = false;
        sc_core::sc_time b;
        // A grid whose boundaries have passed cannot be read back: the energy there is gone.
        if (boundary_at_or_before(now, b) && b < account_.last()) {
            interval_ = MeterInterval{};
            gp.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
            return 0;
        }
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
        return sizeof interval_;
    }
    EnergyReading r;
    r.total_j = account_.total_energy(now);
    r.breakdown = account_.breakdown(now);
    r.power_w = account_.total_power();
    sc_core::sc_time b;
    if (boundary_at_or_before(now, b)) r.interval_start_j = energy_at_boundary(b);
    std::memcpy(gp.get_data_ptr(), &r, sizeof r);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return sizeof r;
}

void MachineMeter::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time&) {
    // The meter answers debug transactions only: a timed transaction is a protocol error.
    gp.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
}

}  // namespace rmsim
