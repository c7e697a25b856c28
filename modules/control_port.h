#pragma once
// The resource manager's port on the cluster interconnect (its network interface): sends commands to
// nodes and delivers their notices, at their arrival times, to a handler. The ResourceManager, tests and
// benches all drive the hardware through it.
#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "modules/gang.h"
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
    /// A barrier for the `members` cores of one parallel task; owned here until release_gang(task).
    Gang* new_gang(TaskId task, std::uint32_t members);
    void release_gang(TaskId task) { gangs_.erase(task); }
    std::uint64_t commands_sent() const { return sent_; }
    std::uint64_t notices_received() const { return received_; }

private:
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    void drain();

    NoticeHandler handler_;
    PayloadEventQueue<Message> peq_;
    std::unordered_map<TaskId, std::unique_ptr<Gang>> gangs_;
    std::uint64_t sent_ = 0;
    std::uint64_t received_ = 0;
};

}  // namespace rmsim
