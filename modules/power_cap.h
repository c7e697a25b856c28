#pragma once
// A power cap on a node, a cluster or the whole machine, enforced like RAPL's power limit: a controller reads
// the scope's power and its running average over a time window, and lowers or raises the P-states of the
// domains it may slow down (DvfsDomain::cap: the domain runs no faster than the cap's level, whatever the
// scheduler or a governor asks).
//
// Every control interval (from the start of the run):
//   - the window average = (energy now - energy one window ago) / window (energy before the run: 0); time with
//     the window average above the cap, and the largest excess, are reported;
//   - if the draw now exceeds the cap, domains are slowed one level at a time, in the cap's order, until the
//     draw predicted from the P-state tables (Node::domain_draw_at) is at or below the cap;
//   - otherwise slowed domains are raised one level at a time, in the reverse order, while the predicted
//     draw stays at or below the cap.
// Order: `listed` slows only the nodes listed, first listed first (the others keep their speed);
// `lowest-priority` slows the nodes by the priority of the most valuable task on them, lowest first (idle
// nodes first), ties by node index. Within a node, domains are slowed in index order.
//
// On a machine the control steps are control timers of the machine's DeliveryQueue: at an instant where
// governors sample too, a cap acts after them (and caps in the order of the run's list).
#include <cstdint>
#include <string>
#include <vector>

#include <systemc>

#include "modules/delivery_queue.h"
#include "modules/instant_watchdog.h"
#include "modules/power_meter.h"
#include "platform/platform_spec.h"

namespace rmsim {

class Node;

struct PowerCapSpec {
    enum class Scope : std::uint8_t { Node, Cluster, Machine };
    enum class Order : std::uint8_t { Listed, LowestPriority };
    Scope scope = Scope::Machine;
    std::uint32_t index = 0;  ///< the node or cluster capped
    Watts watts = 0;
    Seconds window_s = 1.0;    ///< the running average's window (a whole number of intervals)
    Seconds interval_s = 0.1;  ///< control period
    Order order = Order::LowestPriority;
    std::vector<NodeId> slow_first;  ///< Listed: the nodes it may slow, in order
};
const char* to_string(PowerCapSpec::Scope s);

struct PowerCapReport {
    Seconds time_over_s = 0;     ///< control intervals whose window average exceeded the cap
    Watts largest_excess_w = 0;  ///< the largest window average above the cap (0 if never above)
    Watts largest_window_average_w = 0;
    std::uint64_t slowdowns = 0;  ///< one-level steps down
    std::uint64_t raises = 0;     ///< one-level steps back up
};

class PowerCapController : public sc_core::sc_module, public ControlTarget {
public:
    /// `nodes`: the capped scope's nodes (all of them for the machine). `whole`: for a machine cap, the machine's
    /// energy account (its power and energy in O(1); nullptr: summed over the nodes). `queue`: the control steps
    /// are control timers there (nullptr: an event of its own).
    PowerCapController(sc_core::sc_module_name name, PowerCapSpec spec, std::vector<Node*> nodes,
                       const EnergyAccount* whole = nullptr, DeliveryQueue* queue = nullptr);
    const PowerCapSpec& spec() const { return spec_; }
    const PowerCapReport& report() const { return report_; }
    void timer_due() override { control(); }

private:
    void control();
    Joules energy() const;
    Watts power() const;
    /// The nodes it may slow, first slowed first.
    std::vector<Node*> order() const;
    /// Some domain of the scope is held below its wanted level.
    bool any_capped() const;

    PowerCapSpec spec_;
    std::vector<Node*> nodes_;
    const EnergyAccount* whole_;
    std::vector<Node*> listed_;
    sc_core::sc_time interval_;
    ControlAlarm tick_;  ///< the next control step
    InstantWatchdog watchdog_;
    std::vector<Joules> ring_;  ///< energy at the last window / interval control instants
    std::size_t ring_at_ = 0;
    PowerCapReport report_;
};

}  // namespace rmsim
