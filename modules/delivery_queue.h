#pragma once
// The nodes' timed activations on a machine, run by one SystemC process for all of them: the network's messages
// in flight to the nodes, applied when they arrive, and the nodes' core timers (modules/core_timer.h).
//
// A node's b_transport takes a message with the delay the interconnect annotated (its links' latency and
// contention); the message takes effect at now + delay. A node on its own keeps such messages in an event
// queue of its own, with its own event and process (modules/node.h). On a machine of many nodes they share
// this queue instead: a message in flight lasts microseconds of simulated time, so at any moment only a few
// are in flight, and one queue of them, its event and its process stay in the cache, where a queue, an event
// and a process per node are cold at each of a node's messages (on 1,024 nodes, three or four cache misses a
// message before the node's own state is touched).
//
// The same holds for a node's core timer, one SystemC event per node otherwise: the heap of this queue holds the
// time each node asked for, and its entries are small and stay in the cache where the kernel's queue of
// timed events would touch the node's event and process.
//
// Timing is the same as with a queue and a timer per node: a message takes effect at its arrival time, a
// timer fires at the time last asked for (an earlier request replaces a later one, as an event's earlier
// notification does), and what is posted for now (a zero delay) runs in the next delta cycle.
//
// What is due at one instant runs in a defined order: the timers first, then the messages, each in the order
// they were posted, whichever nodes they are for. So a core whose work is done at t has completed before a
// message arriving at t can change its rate (a START on its DVFS domain, a P-state command): it would
// otherwise be rescheduled with the rounding error of its progress, whole clock periods later. With events
// per node, what was due at one instant ran in the kernel's order of the events, which IEEE 1666 leaves
// open.
#include <array>
#include <cstdint>

#include <systemc>

#include "modules/instant_watchdog.h"
#include "modules/payload_event_queue.h"
#include "modules/protocol.h"
#include "platform/prefetch.h"

namespace rmsim {

/// What a DeliveryQueue delivers to: Node.
class DeliveryTarget {
public:
    virtual ~DeliveryTarget() = default;
    /// Applies `m` now: its arrival time has come.
    virtual void deliver(const Message& m) = 0;
    /// The time of the timer request numbered `generation` (DeliveryQueue::wake) has come; the target ignores
    /// it if it has asked again since.
    virtual void timer_due(std::uint32_t generation) = 0;
};

class DeliveryQueue : public sc_core::sc_module {
public:
    explicit DeliveryQueue(sc_core::sc_module_name name);

    /// `m` takes effect at `to` at now + delay (a zero delay: in the next delta cycle). `to` must outlive the
    /// queue's pending messages for it. `hot`: what of the target's state its activation reads first; the queue
    /// asks the memory system for it (platform/prefetch.h) once the item is the next due, so that it arrives
    /// while the kernel and the manager run, not when the target is called.
    void post(DeliveryTarget& to, const Message& m, const sc_core::sc_time& delay, HotBytes hot = {}) {
        queue_.notify(Item{&to, {hot, {}, {}}, 0, false, m}, delay, kMessageRank);
    }
    /// Calls to.timer_due(generation) at now + delay (a zero delay: in the next delta cycle); `hot` as for
    /// post(), up to three ranges (e.g. the node's first state, its per-core times and the core that is due).
    void wake(DeliveryTarget& to, std::uint32_t generation, const sc_core::sc_time& delay,
              const std::array<HotBytes, 3>& hot = {}) {
        queue_.notify(Item{&to, hot, generation, true, Message{}}, delay, kTimerRank);
    }
    bool empty() const { return queue_.empty(); }

private:
    struct Item {
        DeliveryTarget* to;
        std::array<HotBytes, 3> hot;
        std::uint32_t generation;  ///< of a timer request
        bool timer;                ///< a timer request, else a message
        Message msg;
    };
    void drain();
    void prefetch_next() const;
    /// At one instant the timers run before the messages: a core whose work is done at t has done it before a
    /// message that arrives at t (a START on a shared DVFS domain, a P-state) changes its rate.
    static constexpr std::uint32_t kTimerRank = 0;
    static constexpr std::uint32_t kMessageRank = 1;

    PayloadEventQueue<Item> queue_;
    InstantWatchdog watchdog_;
};

}  // namespace rmsim
