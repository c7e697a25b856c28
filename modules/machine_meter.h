#pragma once
// The machine's energy meter as the manager sees it: a target on the cluster interconnect (like a facility
// power meter or a BMC) that answers debug reads with the whole machine's energy up to now, broken down by
// category, and its present draw. Reading it takes no simulated time (TLM debug transport), as reading a
// RAPL-style counter does not. Behind it is the EnergyAccount every component meter reports to, so a read
// costs O(1) whatever the machine's size.
//
// Like a utility meter's interval readings, it also keeps the energy at the boundaries of an interval grid
// (start, start + period, ...) that a debug write sets: the manager's budget periods. It records them by
// observing the account (no SystemC event per boundary), so the manager need not wake at each boundary to
// read the meter there: a read returns the energy at the latest boundary, exact, whatever the period.
//
// It also reads the nodes' energy stores (modules/energy_store.h), one register per node: a debug read at
// energy_store_address(meter endpoint, n) returns node n's EnergyStoreReading, in O(1).
#include <cstdint>
#include <vector>

#include <tlm_utils/simple_target_socket.h>
#include <systemc>
#include <tlm>

#include "modules/energy_store.h"
#include "modules/power_meter.h"
#include "platform/platform_spec.h"

namespace rmsim {

/// What a read returns (the payload's data: exactly sizeof(EnergyReading) bytes).
struct EnergyReading {
    Joules total_j = 0;
    EnergyBreakdown breakdown{};
    Watts power_w = 0;
    /// The energy at the latest interval boundary <= now: everything before the boundary, nothing that
    /// happened at it (0 before the first boundary or without an interval).
    Joules interval_start_j = 0;
};

/// What a read of a node's energy store returns (exactly sizeof(EnergyStoreReading) bytes).
struct EnergyStoreReading {
    Joules capacity_j = 0;                ///< 0: the node has no store
    Joules used_j = 0;                    ///< drawn from it up to now
    std::uint64_t depleted_at_ticks = 0;  ///< when it was used up, in ticks of the kernel's resolution
    bool depleted = false;
};

/// The address of node n's store register at the meter of cluster endpoint `meter_endpoint`: the endpoint in the
/// low 32 bits (what the interconnect routes by, modules/interconnect.h), 1 + n in the high 32 bits (high bits 0:
/// the machine's energy).
inline std::uint64_t energy_store_address(std::uint32_t meter_endpoint, NodeId n) {
    return (static_cast<std::uint64_t>(n) + 1) << 32 | meter_endpoint;
}

/// What a write sets (the payload's data: exactly sizeof(MeterInterval) bytes): the interval grid in ticks of
/// the kernel's time resolution (sc_time::value()). A period of 0 turns the interval readings off.
struct MeterInterval {
    std::uint64_t start_ticks = 0;
    std::uint64_t period_ticks = 0;
};

class MachineMeter : public sc_core::sc_module, public EnergyObserver {
public:
    tlm_utils::simple_target_socket<MachineMeter> socket;

    /// `account` must outlive the meter. The meter observes it; forward_to() passes every span on.
    MachineMeter(sc_core::sc_module_name name, EnergyAccount& account);

    /// Node n's energy store (nullptr: none), read at energy_store_address(); `store` must outlive the meter.
    void add_energy_store(NodeId n, const EnergyStore* store) {
        if (stores_.size() <= n) stores_.resize(n + 1, nullptr);
        stores_[n] = store;
    }
    /// Another observer of the account (the run's recorder), called after the meter (nullptr: none).
    void forward_to(EnergyObserver* o) { next_ = o; }
    void on_span(const EnergyIntegrator& i, const sc_core::sc_time& now) override;

private:
    unsigned int transport_dbg(tlm::tlm_generic_payload& gp);
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    /// The latest boundary <= t; false if there is none (no interval, or t before the start).
    bool boundary_at_or_before(const sc_core::sc_time& t, sc_core::sc_time& b) const;
    /// Energy at boundary b: recorded when a change at or after b was observed, else integrated now.
    Joules energy_at_boundary(const sc_core::sc_time& b) const;
    /// A debug read of node n's store register.
    unsigned int read_store(tlm::tlm_generic_payload& gp, NodeId n) const;

    EnergyAccount& account_;
    EnergyObserver* next_ = nullptr;
    MeterInterval interval_;
    bool recorded_ = false;
    sc_core::sc_time recorded_at_;
    Joules recorded_j_ = 0;
    std::vector<const EnergyStore*> stores_;  ///< per node, nullptr: none
};

}  // namespace rmsim
