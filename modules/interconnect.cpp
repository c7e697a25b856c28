#include "modules/interconnect.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "modules/protocol.h"
#include "modules/report.h"
#include "modules/sim_time.h"

namespace rmsim {

Interconnect::Interconnect(sc_core::sc_module_name name, std::vector<LinkSpec> links)
    : sc_module(name), in("in"), out("out"), links_(std::move(links)), out_free_(links_.size()),
      in_free_(links_.size()), direct_(links_.size()) {
    in.register_b_transport(this, &Interconnect::b_transport);
    in.register_transport_dbg(this, &Interconnect::transport_dbg);
}

sc_core::sc_time Interconnect::route(std::uint32_t src, std::uint32_t dst, std::uint64_t bytes,
                                     const sc_core::sc_time& t) {
    if (src >= links_.size() || dst >= links_.size()) {
        report_error(msg_type::interconnect,
                     std::string(name()) + ": no endpoint " + std::to_string(std::max(src, dst)));
        return t;
    }
    const LinkSpec& a = links_[src];
    const LinkSpec& b = links_[dst];
    const double bandwidth = std::min(a.bandwidth_bytes_per_s, b.bandwidth_bytes_per_s);
    const sc_core::sc_time serialize =
        std::isinf(bandwidth) || bytes == 0 ? sc_core::SC_ZERO_TIME : from_seconds_ceil(double(bytes) / bandwidth);
    sc_core::sc_time begin = std::max({t, out_free_[src], in_free_[dst]});
    const sc_core::sc_time end = begin + serialize;
    if (serialize > sc_core::SC_ZERO_TIME) {
        out_free_[src] = end;
        in_free_[dst] = end;
    }
    ++messages_;
    if (latency_.empty())
        for (const LinkSpec& l : links_) latency_.push_back(from_seconds_ceil(l.latency_s));
    return end + std::max(latency_[src], latency_[dst]);
}

void Interconnect::deliver_directly(std::uint32_t endpoint, DeliveryQueue& q, DeliveryTarget& target, HotBytes hot) {
    if (endpoint >= links_.size())
        throw std::logic_error(std::string(name()) + ": no endpoint " + std::to_string(endpoint));
    direct_[endpoint] = Direct{&q, &target, hot};
}

void Interconnect::b_transport(int, tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    const Message* m = message_of(gp);
    const std::uint32_t dst = static_cast<std::uint32_t>(gp.get_address());
    if (!m || dst >= links_.size()) {
        gp.set_response_status(m ? tlm::TLM_ADDRESS_ERROR_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE);
        return;
    }
    const std::uint64_t bytes = m->op == Op::Transfer ? m->bytes : kControlBytes;
    const sc_core::sc_time now = sim_now();
    const sc_core::sc_time arrival = route(source_of(gp), dst, bytes, now + delay);
    delay = arrival - now;
    if (direct_[dst].target) {
        const Direct& d = direct_[dst];
        d.queue->post(*d.target, *m, delay, d.hot);
        delay = sc_core::SC_ZERO_TIME;
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
    const unsigned port = out.size() == 1 ? 0u : dst;
    out[port]->b_transport(gp, delay);
}

}  // namespace rmsim

namespace rmsim {

unsigned int Interconnect::transport_dbg(int, tlm::tlm_generic_payload& gp) {
    // Debug access (e.g. the manager reading the machine's energy meter): routed by address, no time, no
    // link occupancy.
    const auto dst = static_cast<std::uint32_t>(gp.get_address());
    if (dst >= links_.size()) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return 0;
    }
    const unsigned port = out.size() == 1 ? 0u : dst;
    return out[port]->transport_dbg(gp);
}

}  // namespace rmsim
