#pragma once
// An interconnect (star topology): every endpoint has one link, a serialized resource in each direction.
// A message from endpoint s to endpoint d occupies s's outgoing and d's incoming direction for
// bytes / min(bandwidth_s, bandwidth_d) from the moment both are free, and arrives max(latency_s, latency_d)
// later. So concurrent transfers that share a link are served one after the other (contention).
//
// TLM-2.0, loosely timed: b_transport adds the queueing, serialization and latency to the annotated delay
// and forwards the transaction; nothing waits. The payload address is the destination endpoint (its low 32
// bits; the high 32 bits are left to the target, e.g. a register of the machine's meter). Debug transport
// (transport_dbg) is routed the same way, in zero time.
#include <cstdint>
#include <vector>

#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <systemc>
#include <tlm>

#include "modules/delivery_queue.h"
#include "modules/sim_time.h"
#include "platform/platform_spec.h"
#include "platform/prefetch.h"

namespace rmsim {

class Interconnect : public sc_core::sc_module {
public:
    tlm_utils::multi_passthrough_target_socket<Interconnect> in;      ///< from initiators
    tlm_utils::multi_passthrough_initiator_socket<Interconnect> out;  ///< to targets

    /// `links[e]`: the link of endpoint e. Targets are bound to `out` in endpoint order, or a single target
    /// receives everything (an on-node network delivering to its node).
    Interconnect(sc_core::sc_module_name name, std::vector<LinkSpec> links);

    /// Wire size of a control message (commands and notices other than Transfer), bytes.
    static constexpr std::uint64_t kControlBytes = 64;

    /// Arrival time of a message of `bytes` from `src` to `dst` entering the network at `t`; reserves the links.
    sc_core::sc_time route(std::uint32_t src, std::uint32_t dst, std::uint64_t bytes, const sc_core::sc_time& t);
    /// A fast path, as TLM's direct memory interface is one for memory: a message for `endpoint` goes straight
    /// into `q` for `target` at its arrival time, instead of through the target's socket and b_transport
    /// (objects of the target, cold when the message is sent: the target's state is touched only when the
    /// message takes effect). The target must apply exactly what its b_transport would have queued (Node does:
    /// its net_b_transport posts to the same queue). `hot`: DeliveryQueue::post's.
    void deliver_directly(std::uint32_t endpoint, DeliveryQueue& q, DeliveryTarget& target, HotBytes hot);
    std::size_t endpoints() const { return links_.size(); }
    std::uint64_t messages() const { return messages_; }

private:
    void b_transport(int id, tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    unsigned int transport_dbg(int id, tlm::tlm_generic_payload& gp);

    std::vector<LinkSpec> links_;
    std::vector<sc_core::sc_time> out_free_;  ///< per endpoint: its outgoing direction is busy until then
    std::vector<sc_core::sc_time> in_free_;   ///< per endpoint: its incoming direction is busy until then
    std::uint64_t messages_ = 0;
    struct Direct {
        DeliveryQueue* queue = nullptr;
        DeliveryTarget* target = nullptr;  ///< nullptr: through the socket
        HotBytes hot;
    };
    std::vector<Direct> direct_;  ///< per endpoint
    /// Per endpoint: its link's latency on the kernel's grid, converted at the first route(), when the time
    /// resolution can no longer change (from_seconds_ceil is monotonic, so the larger of two converted
    /// latencies is the conversion of the larger latency).
    std::vector<sc_core::sc_time> latency_;
};

}  // namespace rmsim
