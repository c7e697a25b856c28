#include "modules/power_cap.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "modules/node.h"
#include "modules/sim_time.h"

namespace rmsim {

const char* to_string(PowerCapSpec::Scope s) {
    switch (s) {
        case PowerCapSpec::Scope::Node: return "node";
        case PowerCapSpec::Scope::Cluster: return "cluster";
        case PowerCapSpec::Scope::Machine: return "machine";
    }
    return "?";
}

PowerCapController::PowerCapController(sc_core::sc_module_name name, PowerCapSpec spec, std::vector<Node*> nodes,
                                       const EnergyAccount* whole, DeliveryQueue* queue)
    : sc_module(name), spec_(std::move(spec)), nodes_(std::move(nodes)), whole_(whole), tick_("tick") {
    if (nodes_.empty() || !(spec_.watts > 0) || !(spec_.interval_s > 0) || !(spec_.window_s >= spec_.interval_s))
        throw std::logic_error(std::string(this->name()) + ": bad power cap");
    interval_ = from_seconds_ceil(spec_.interval_s);
    const auto steps = static_cast<std::size_t>(std::llround(spec_.window_s / spec_.interval_s));
    ring_.assign(std::max<std::size_t>(1, steps), 0.0);
    for (NodeId n : spec_.slow_first) {
        const auto it = std::find_if(nodes_.begin(), nodes_.end(), [n](Node* x) { return x->id() == n; });
        if (it == nodes_.end())
            throw std::logic_error(std::string(this->name()) + ": a listed node is outside the cap");
        listed_.push_back(*it);
    }
    if (queue) {
        tick_.attach(*queue, *this);
    } else {
        SC_HAS_PROCESS(PowerCapController);
        SC_METHOD(control);
        sensitive << tick_.event();
        dont_initialize();
    }
    tick_.arm(interval_);
}

Joules PowerCapController::energy() const {
    if (whole_) return whole_->total_energy(sim_now());
    Joules e = 0;
    for (const Node* n : nodes_)
        for (Joules x : n->energy_breakdown()) e += x;
    return e;
}

Watts PowerCapController::power() const {
    if (whole_) return whole_->total_power();
    Watts w = 0;
    for (const Node* n : nodes_) w += n->power();
    return w;
}

bool PowerCapController::any_capped() const {
    for (Node* n : nodes_)
        for (std::size_t d = 0; d < n->domain_count(); ++d)
            if (n->domain(d).cap_level() > 0) return true;
    return false;
}

std::vector<Node*> PowerCapController::order() const {
    if (spec_.order == PowerCapSpec::Order::Listed) return listed_;
    std::vector<std::pair<double, Node*>> by;
    by.reserve(nodes_.size());
    for (Node* n : nodes_) by.emplace_back(n->priority(), n);
    std::stable_sort(by.begin(), by.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<Node*> o;
    o.reserve(by.size());
    for (const auto& x : by) o.push_back(x.second);
    return o;
}

void PowerCapController::control() {
    watchdog_.activation(*this);
    tick_.arm(interval_);
    // The running average over the window.
    const Joules e = energy();
    Joules& oldest = ring_[ring_at_];
    const double window = interval_.to_seconds() * static_cast<double>(ring_.size());
    const Watts average = (e - oldest) / window;
    oldest = e;
    ring_at_ = (ring_at_ + 1) % ring_.size();
    report_.largest_window_average_w = std::max(report_.largest_window_average_w, average);
    if (average > spec_.watts * (1 + 1e-12)) {
        report_.time_over_s += interval_.to_seconds();
        report_.largest_excess_w = std::max(report_.largest_excess_w, average - spec_.watts);
    }
    // Slow down or raise, one level at a time, predicting the draw from the P-state tables.
    Watts p = power();
    // Under the cap with no domain held down (by this cap or another): nothing to raise, no order needed.
    if (p <= spec_.watts && !any_capped()) return;
    const std::vector<Node*> nodes = order();
    auto effective = [](const DvfsDomain& d, std::uint32_t cap) { return std::max(d.wanted(), cap); };
    if (p > spec_.watts) {
        for (Node* n : nodes)
            for (std::size_t d = 0; d < n->domain_count(); ++d) {
                DvfsDomain& dom = n->domain(d);
                while (p > spec_.watts && dom.cap_level() + 1 < dom.levels()) {
                    const std::uint32_t c = dom.cap_level();
                    p += n->domain_draw_at(d, effective(dom, c + 1)) - n->domain_draw_at(d, effective(dom, c));
                    dom.cap(c + 1);
                    ++report_.slowdowns;
                }
            }
        return;
    }
    for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
        Node* n = *it;
        for (std::size_t d = n->domain_count(); d-- > 0;) {
            DvfsDomain& dom = n->domain(d);
            while (dom.cap_level() > 0) {
                const std::uint32_t c = dom.cap_level();
                const Watts next =
                    p + n->domain_draw_at(d, effective(dom, c - 1)) - n->domain_draw_at(d, effective(dom, c));
                if (next > spec_.watts) return;
                p = next;
                dom.cap(c - 1);
                ++report_.raises;
            }
        }
    }
}

}  // namespace rmsim
