#pragma once
// The rmsim TLM-2.0 protocol: commands from the resource manager to nodes and notices back, carried by a
// tlm_generic_payload with an RmsimExtension. Loosely-timed: the initiator calls b_transport with an
// annotated delay; interconnects add their delay; the receiving module applies the message at
// now + delay through its payload event queue (never wait() inside b_transport).
//
// Addressing: the payload address is the destination endpoint of the interconnect it crosses
// (cluster interconnect: endpoint 0 = resource manager, 1 + n = node n, then the machine's energy meter;
// on-node interconnect: core index).
//
// What crosses the cluster interconnect is all the manager learns of the hardware: the STARTs of a part (one
// for a whole node, one with a core mask for up to 64 cores, else one per core) are acknowledged once, when
// the last has arrived, with the part's projected end (STARTED), a later change of that projection is
// reported (PROJECTED, e.g. after a P-state switch of a shared DVFS domain), and the end of a part is reported
// (COMPLETED, PREEMPTED; DEPLETED when a node's energy store runs out). A domain whose level a governor or a power cap sets reports its level (DOMAIN_LEVEL). Acknowledgement by exception: a START may carry the end its sender expects
// (Message::expected_end, e.g. the manager's booking); a part whose projection is exactly that is not
// acknowledged (nothing the sender does not know would cross the interconnect), and its later changes are
// reported as PROJECTED relative to it. A START without an expectation is always acknowledged.
// The parts of a parallel task on several nodes meet at a barrier over the same interconnect: each node sends
// BARRIER_ARRIVE to the task's first node (the gang root) when its part has done its work, and the root sends
// BARRIER_RELEASE to every part once all have arrived, so the barrier takes the modelled latency.
#include <cstdint>
#include <limits>
#include <memory>

#include <tlm>

#include "modules/report.h"
#include "modules/sim_time.h"
#include "platform/platform_spec.h"
#include "platform/work_model.h"

namespace rmsim {

enum class Op : std::uint8_t {
    // commands (manager -> node)
    Start,      ///< run a segment of a task on one core or on every core of the node (core = kAllCores)
    Preempt,    ///< stop the task's segment on the node; a Preempted notice reports the remaining work
    SetPState,  ///< change the P-state of the DVFS domain of (node, core)
    Sleep,      ///< put an idle core (or all idle cores) into the sleep state
    Wake,       ///< wake a sleeping or power-gated core (or all) to idle
    Transfer,   ///< move `bytes` from core `core` to core `dst_core` over the node's interconnect
    /// keep the cores of `core_mask` (or `core`) powered until an Unhold: wake them if power-gated or asleep,
    /// and do not gate them while they wait between tasks (a DAG job's cores over its span, Singh Eq. 1)
    Hold,
    /// end a Hold of `task` on the cores of `core_mask` (or `core`): an idle core takes its idle state again
    /// (gated, if its type gates when idle); a HoldEnded notice reports the energy since their last segment
    Unhold,
    // node -> node (the barrier of a parallel task on several nodes)
    BarrierArrive,   ///< to the gang root: this node's part of `task` (start `attempt`) has done its work
    BarrierRelease,  ///< from the gang root: every part has arrived, complete
    // notices (node -> manager)
    Started,      ///< a START took effect on this node; `projected_end` = when its part would end
    Projected,    ///< the projected end of this node's part moved (DVFS, wake-up)
    Completed,    ///< the task's segment finished on this node
    Preempted,    ///< the task's segment stopped; `remaining` = fraction of the work still to do
    Transferred,  ///< a Transfer arrived at its destination core
    HoldEnded,    ///< an Unhold took effect; `energy_j` = the held cores' energy since their last segment ended
    /// the DVFS domain of `core` is now at `pstate`, set by a governor or a power cap (sent for every change of
    /// a domain once either has set it; the scheduler knows the levels it sets itself)
    DomainLevel,
    /// the node's energy store is used up and the node has stopped for good (modules/energy_store.h). Sent once
    /// for the node itself (`task` = kNodeItself), then once per live part of a task, which stopped without a
    /// checkpoint: `remaining` and `energy_j` as for Preempted. A START that reaches the node afterwards is
    /// answered the same way, once per part (its remaining work unchanged, no energy).
    Depleted,
};
/// Message::task of a notice about the node itself rather than a task's part (Depleted).
constexpr TaskId kNodeItself = std::numeric_limits<TaskId>::max();
const char* to_string(Op op);
inline bool is_notice(Op op) { return op >= Op::Started; }
inline bool is_barrier(Op op) { return op == Op::BarrierArrive || op == Op::BarrierRelease; }

/// One protocol message. Plain data: copied into the receiver's event queue. The fields are ordered by size (the
/// 4-byte ones first, then the 8-byte ones), so a message is 144 bytes with 3 of padding.
struct Message {
    Op op = Op::Start;
    NodeId node = 0;                 ///< the node addressed / reporting
    std::uint32_t core = kAllCores;  ///< local core index within the node, or kAllCores
    std::uint32_t pstate = 0;        ///< Start: P-state to run at (applied to the core's DVFS domain)
    std::uint32_t part_cores = 1;    ///< Start: cores of the task on this node (its part completes when all have)
    std::uint32_t gang_nodes = 1;    ///< Start: nodes the task runs on; > 1: its parts meet at a barrier
    NodeId gang_root = 0;            ///< Start, barrier: the node that holds the task's barrier
    std::uint32_t attempt = 0;       ///< Start, barrier, notices: which start of the task (preemptions so far)
    std::uint32_t dst_core = 0;      ///< Transfer
    TaskId task = 0;
    WorkModel work;          ///< Start: the whole work of the task part
    double remaining = 1.0;  ///< Start: fraction of `work` still to do (1 = fresh); Preempted, Depleted: left
    /// Start: if non-zero, the cores of the part that this one START starts (bit i: local core i; nodes of at
    /// most 64 cores), `core` naming the lowest of them; zero: the START is for `core` alone (or kAllCores).
    std::uint64_t core_mask = 0;     ///< (also Hold / Unhold: the cores, bit i = local core i)
    std::uint64_t memory_bytes = 0;  ///< Start: memory of the task's part on this node (its checkpoint)
    /// Start: how much the task is worth (its maximum utility or value): a power cap that may slow nodes in
    /// priority order slows the nodes of the least valuable tasks first (modules/power_cap.h)
    double priority = 0;
    sc_core::sc_time projected_end;  ///< Started, Projected: when the part would end if nothing changes
    /// Start: the end the sender expects for the part (SC_ZERO_TIME: none, always acknowledge); Started,
    /// Projected: echoed, with `gang_nodes`, so that the receiver can take the parts that never reported
    /// (their projection was the expected end) into account.
    sc_core::sc_time expected_end;
    std::uint64_t bytes = 0;  ///< Transfer: payload size; also the wire size of the message
    std::uint64_t tag = 0;    ///< Transfer: the user's identifier (e.g. a DAG edge), echoed back
    Joules energy_j = 0;      ///< Completed/Preempted/Depleted: core energy attributed to the segment
};

struct RmsimExtension : tlm::tlm_extension<RmsimExtension> {
    Message msg;
    tlm::tlm_extension_base* clone() const override { return new RmsimExtension(*this); }
    void copy_from(const tlm::tlm_extension_base& other) override {
        msg = static_cast<const RmsimExtension&>(other).msg;
    }
};

/// Source endpoint of a transaction (set by the initiator, read by interconnects for link contention).
struct SourceEndpoint : tlm::tlm_extension<SourceEndpoint> {
    std::uint32_t endpoint = 0;
    tlm::tlm_extension_base* clone() const override { return new SourceEndpoint(*this); }
    void copy_from(const tlm::tlm_extension_base& other) override {
        endpoint = static_cast<const SourceEndpoint&>(other).endpoint;
    }
};

/// Cluster interconnect endpoints.
constexpr std::uint32_t kManagerEndpoint = 0;
inline std::uint32_t node_endpoint(NodeId n) { return n + 1; }
inline NodeId endpoint_node(std::uint32_t e) { return e - 1; }

/// A transaction object with its extensions attached, reused from one message to the next (TLM-2.0 lets an
/// initiator reuse a transaction once b_transport has returned): building a tlm_generic_payload allocates its
/// extension array, and the model sends tens of millions of messages. A send made while another is in
/// progress (a receiver that sends from inside its b_transport) gets a fresh one.
struct ReusableTransaction {
    tlm::tlm_generic_payload gp;
    RmsimExtension ext;
    SourceEndpoint src;
    bool busy = false;
    /// The extensions stay attached from one message to the next: under the base protocol only the initiator
    /// that set an extension removes it.
    ReusableTransaction() {
        gp.set_extension(&ext);
        gp.set_extension(&src);
    }
    ReusableTransaction(const ReusableTransaction&) = delete;
    ReusableTransaction& operator=(const ReusableTransaction&) = delete;
    /// The extensions are members: detached before the payload would free them.
    ~ReusableTransaction() {
        gp.clear_extension(&ext);
        gp.clear_extension(&src);
    }
};
ReusableTransaction& shared_transaction();

/// Sends one message through `socket` as a blocking LT transaction from endpoint `from` to `to`.
/// Receivers copy the message: b_transport is synchronous.
template <typename Socket>
void send_message(Socket& socket, const Message& m, std::uint32_t from, std::uint32_t to,
                  sc_core::sc_time delay = sc_core::SC_ZERO_TIME) {
    ReusableTransaction& shared = shared_transaction();
    std::unique_ptr<ReusableTransaction> own;
    ReusableTransaction* t = &shared;
    if (shared.busy) {
        own = std::make_unique<ReusableTransaction>();
        t = own.get();
    }
    t->busy = true;
    struct Release {
        ReusableTransaction* t;
        ~Release() { t->busy = false; }
    } release{t};
    tlm::tlm_generic_payload& gp = t->gp;
    RmsimExtension& ext = t->ext;
    SourceEndpoint& src = t->src;
    ext.msg = m;
    src.endpoint = from;
    gp.set_command(tlm::TLM_WRITE_COMMAND);
    gp.set_address(to);
    gp.set_data_ptr(reinterpret_cast<unsigned char*>(&ext.msg));
    gp.set_data_length(sizeof(Message));
    gp.set_streaming_width(sizeof(Message));
    gp.set_byte_enable_ptr(nullptr);
    gp.set_dmi_allowed(false);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    socket->b_transport(gp, delay);
    if (gp.is_response_error())
        report_error(msg_type::protocol,
                     std::string("rmsim protocol: transaction failed: ") + gp.get_response_string());
}

/// The message of a transaction, or nullptr if it is not an rmsim transaction.
inline const Message* message_of(tlm::tlm_generic_payload& gp) {
    RmsimExtension* ext = nullptr;
    gp.get_extension(ext);
    return ext ? &ext->msg : nullptr;
}

inline std::uint32_t source_of(tlm::tlm_generic_payload& gp) {
    SourceEndpoint* src = nullptr;
    gp.get_extension(src);
    return src ? src->endpoint : 0;
}

}  // namespace rmsim
