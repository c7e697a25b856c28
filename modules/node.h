#pragma once
// A compute node: processors and their cores, DVFS domains, an on-node interconnect between the cores,
// and the node's own overhead power (base_power_w while on, off_power_w while off).
// Commands arrive on `cmd` (from the cluster interconnect) and take effect through the node's payload
// event queue at now + annotated delay; notices leave on `notice_out`.
// Switch-off policy: never, immediately when no core has work, or after an idle timeout; a node that is
// off wakes (latency, energy) for the next Start.
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "modules/dvfs_domain.h"
#include "modules/interconnect.h"
#include "modules/payload_event_queue.h"
#include "modules/power_meter.h"
#include "modules/processor.h"
#include "modules/protocol.h"
#include "platform/platform_spec.h"

namespace rmsim {

class Node : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<Node> cmd;           ///< commands from the cluster interconnect
    tlm_utils::simple_initiator_socket<Node> notice_out; ///< notices to the cluster interconnect
    tlm_utils::simple_initiator_socket<Node> local_out;  ///< transfers into the on-node interconnect
    tlm_utils::simple_target_socket<Node> local_in;      ///< transfers delivered by the on-node interconnect

    Node(sc_core::sc_module_name name, const PlatformSpec& spec, NodeTypeId type, NodeId id,
         EnergyAccount* account);

    enum class PowerState : std::uint8_t { On, Off };

    bool powered() const { return state_ != PowerState::Off; }
    PowerState power_state() const { return state_; }
    bool busy() const { return cores_with_segment_ > 0; }  ///< some core has work
    NodeId id() const { return id_; }
    const NodeType& type() const { return type_; }
    std::size_t core_count() const { return cores_.size(); }
    Core& core(std::uint32_t i) { return *cores_.at(i); }
    const Core& core(std::uint32_t i) const { return *cores_.at(i); }
    std::vector<std::unique_ptr<Processor>>& processors() { return processors_; }
    DvfsDomain& domain_of(std::uint32_t core) { return *domains_.at(domain_index_.at(core)); }
    const PowerMeter& meter() const { return meter_; }
    Interconnect& network() { return *network_; }
    /// Energy of the node's own meter plus its processors and cores, up to now.
    EnergyBreakdown energy_breakdown() const;

    // --- called by processors and cores ---
    /// A core started (`segment_began`) or ended a segment.
    void on_activity(bool segment_began);
    void on_core_pstate();
    void on_segment_done(Core& c, TaskId task, Joules energy_j);

    /// Applies a command now (what the event queue does when it is due).
    void apply(const Message& m);

private:
    void cmd_b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    void local_b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    void drain();
    void on_timer();
    void check_idle();
    sc_core::sc_time power_on();
    void power_off();
    void refresh_base_power();
    void notify_manager(const Message& m);
    template <typename F>
    void for_cores(std::uint32_t core, F&& f);

    struct Part {
        std::uint32_t cores_running = 0;
        Joules energy_j = 0;
    };
    struct Delivery {
        bool transfer_done;  ///< true: a transfer reached its core; false: a command
        Message msg;
    };

    const NodeType& type_;
    NodeId id_;
    PowerMeter meter_;
    std::vector<std::unique_ptr<Processor>> processors_;
    std::vector<Core*> cores_;
    std::vector<std::unique_ptr<DvfsDomain>> domains_;
    std::vector<std::uint32_t> domain_index_;
    std::unique_ptr<Interconnect> network_;
    PayloadEventQueue<Delivery> peq_;
    sc_core::sc_event timer_;
    sc_core::sc_time off_due_;
    bool off_pending_ = false;
    PowerState state_ = PowerState::On;
    sc_core::sc_time ready_at_;
    std::unordered_map<TaskId, Part> parts_;
    std::uint32_t cores_with_segment_ = 0;  ///< kept in step by on_activity (O(1) busy())
};

}  // namespace rmsim
