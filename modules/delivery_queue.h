#pragma once
// The nodes' timed activations on a machine, run by one SystemC process for all of them: the network's messages
// in flight to the nodes, applied when they arrive, and the nodes' core timers (modules/core_timer.h).
//
// A node's b_transport takes a message with the delay the interconnect annotated (its links' latency and
// contention); the message takes effect at now + delay. A node on its own keeps such messages in an event
// queue of its own, with its own event and process (modules/node.h). On a machine of many nodes they share
// this queue instead: a message in flight lasts microseconds of simulated time, so at any moment only a few
// are in flight, and one queue of them, its events and its process stay in the cache, where a queue, an event
// and a process per node are cold at each of a node's messages (on 1,024 nodes, three or four cache misses a
// message before the node's own state is touched).
//
// The same holds for a node's core timer, one SystemC event per node otherwise: the queue keeps each node's
// time in a tournament tree (the earliest at its root; setting a time replaces the node's one, no stale
// entry), a few kilobytes that stay in the cache where the kernel's queue of timed events would touch the
// node's event and process.
//
// Timing is the same as with a queue and a timer per node: a message takes effect at its arrival time, a
// timer fires at the time last set (setting it again replaces the pending time, as an event's cancel() and
// notify() do), and what is posted for now (a zero delay) runs in the next delta cycle, whichever process
// posted it (one that ran before the queue's in the same delta cycle too).
//
// What is due at one instant runs in a defined order: the timers first, then the messages, each in the order
// they were posted, whichever nodes they are for, then the control timers (the nodes' switch-off timers and
// energy stores, the DVFS governors' samples and the power caps' control steps) in the order they were added.
// So a core whose work is done at t has completed before a message arriving at t can change its rate (a START
// on its DVFS domain, a P-state command): it would otherwise be rescheduled with the rounding error of its
// progress, whole clock periods later. With events per node, what was due at one instant ran in the kernel's
// order of the events, which IEEE 1666 leaves open.
//
// The control timers of a machine sample domains, cap scopes and switch idle nodes off at instants they often
// share (the grids all start at time 0): they act in the order they were added (nodes by index, each node's
// switch-off timer, its store, then its domains, then the caps), after the cores due and the messages arriving at that
// instant, so a START arriving as a node's idle time is up finds it on; one set for now runs in the next delta
// cycle, with the control timers still due then. With an event each, their order was the kernel's, which moves
// when an unrelated process notifies an event of its own, and with it the last bits of the machine's power sum
// and a cap's decisions.
#include <array>
#include <cstdint>
#include <deque>
#include <vector>

#include <systemc>

#include "modules/instant_watchdog.h"
#include "modules/protocol.h"
#include "platform/prefetch.h"

namespace rmsim {

/// What a DeliveryQueue delivers to: Node.
class DeliveryTarget {
public:
    virtual ~DeliveryTarget() = default;
    /// Applies `m` now: its arrival time has come.
    virtual void deliver(const Message& m) = 0;
    /// The time of the target's timer (DeliveryQueue::wake) has come.
    virtual void timer_due() = 0;
};

/// What a control timer calls (DeliveryQueue::add_control): a node's switch-off timer or energy store, a governor
/// or a power cap, which take no messages.
class ControlTarget : public DeliveryTarget {
public:
    void deliver(const Message& m) final;
};

class DeliveryQueue;

/// What a node's switch-off timer or energy store, a governor or a power cap arms for its next step: a control
/// timer of a machine's queue once attached, else an event of its own (a node or a cap on its own), which its
/// process is sensitive to.
class ControlAlarm {
public:
    explicit ControlAlarm(const char* name) : event_(name) {}
    /// Before the simulation starts; a step armed before it moves to `q` at the same time.
    void attach(DeliveryQueue& q, ControlTarget& owner);
    const sc_core::sc_event& event() const { return event_; }
    /// The next step at now + delay (a zero delay: the next delta cycle), replacing a pending one.
    void arm(const sc_core::sc_time& delay);
    /// No step pending.
    void cancel();

private:
    sc_core::sc_event event_;
    DeliveryQueue* queue_ = nullptr;
    std::uint32_t timer_ = 0;
    bool armed_ = false;  ///< before attach(): a step was armed, at armed_at_
    sc_core::sc_time armed_at_;
};

class DeliveryQueue : public sc_core::sc_module {
public:
    using TimerId = std::uint32_t;

    explicit DeliveryQueue(sc_core::sc_module_name name);

    /// `m` takes effect at `to` at now + delay (a zero delay: in the next delta cycle). `to` must outlive the
    /// queue's pending messages for it. `hot`: what of the target's state its activation reads first; the queue
    /// asks the memory system for it (platform/prefetch.h) once the item is the next due, so that it arrives
    /// while the kernel and the manager run, not when the target is called.
    void post(DeliveryTarget& to, const Message& m, const sc_core::sc_time& delay, HotBytes hot = {});

    /// A timer for `to` (one per target; before the simulation starts). `to` must outlive the queue.
    TimerId add_timer(DeliveryTarget& to);
    /// Sets timer `t` for now + delay (a zero delay: the next delta cycle), replacing its pending time as a
    /// SystemC event's cancel() and notify() would; then to.timer_due(). `hot` as for post(), up to three
    /// ranges (e.g. the node's first state, its per-core times and the core that is due).
    void wake(TimerId t, const sc_core::sc_time& delay, const std::array<HotBytes, 3>& hot = {});

    /// A control timer for `to` (a node's switch-off timer or energy store, a governor or a power cap; before the
    /// simulation starts): due at one instant, control timers run after the timers and messages due then, in the order
    /// they were added.
    TimerId add_control(DeliveryTarget& to);
    /// Sets control timer `t` for now + delay (a zero delay: the next delta cycle), replacing its pending time;
    /// then to.timer_due().
    void wake_control(TimerId t, const sc_core::sc_time& delay);
    /// Control timer `t` is not set.
    void cancel_control(TimerId t) { controls_.set(t, TimerKey{}); }

    bool empty() const { return messages_.empty() && timers_.top().at == kNever && controls_.top().at == kNever; }

private:
    static constexpr std::uint64_t kNever = ~std::uint64_t{0};
    static constexpr unsigned kTimerBits = 20;  ///< the low bits of a timer's order: its id (up to 2^20 timers)

    /// A message in flight, kept in a slot of a stable store (a deque: delivering one by reference while the
    /// target posts more).
    struct Item {
        DeliveryTarget* to;
        HotBytes hot;
        Message msg;
    };
    struct MessageKey {
        std::uint64_t at;  ///< kernel time value
        std::uint64_t seq;
        std::uint64_t delta;  ///< the delta cycle it was posted in (sc_delta_count())
        std::uint32_t slot;
        bool operator>(const MessageKey& o) const { return at != o.at ? at > o.at : seq > o.seq; }
    };
    /// A timer's due time and order: a node's timer (seq << kTimerBits) | id, compared as a pair (at, seq)
    /// decides (seqs are unique); a control timer its id alone. An unset timer is (kNever, kNever).
    struct TimerKey {
        std::uint64_t at = kNever;
        std::uint64_t order = kNever;
        bool operator<(const TimerKey& o) const { return at != o.at ? at < o.at : order < o.order; }
        bool operator==(const TimerKey& o) const { return at == o.at && order == o.order; }
        TimerId id() const { return static_cast<TimerId>(order & ((std::uint64_t{1} << kTimerBits) - 1)); }
    };

    /// Timers in a tournament tree (leaves from index `leaves`; node i holds the minimum of its children 2i and
    /// 2i + 1; the root, 1, the earliest), so that setting one replaces its time without a stale entry and costs
    /// log2(timers) comparisons of 16-byte keys in a few kilobytes.
    struct TimerTree {
        std::vector<TimerKey> tree = std::vector<TimerKey>(2);
        std::uint32_t leaves = 1;
        std::uint32_t count = 0;
        /// A new timer's id (unset); the tree grows twice as wide when full, keeping the keys set.
        TimerId add();
        /// Sets leaf `t` and the minima above it (keys are unique).
        void set(TimerId t, TimerKey k);
        const TimerKey& top() const { return tree[1]; }
    };

    void drain();
    /// Asks for the state of whatever is due next (a timer before a message at one time).
    void prefetch_next() const;
    /// A SystemC event of the queue and the time of its last notification (pending if later than now).
    struct Alarm {
        sc_core::sc_event event;
        std::uint64_t armed_at = 0;
        explicit Alarm(const char* name) : event(name) {}
    };
    /// Notifies `a` for `at` unless a pending notification of it already comes at or before it.
    void arm(Alarm& a, std::uint64_t at, std::uint64_t now);

    // Messages in flight: few at a time (they last a link's latency), so a small heap.
    std::deque<Item> items_;
    std::vector<std::uint32_t> free_;
    std::vector<MessageKey> messages_;  ///< heap, earliest first
    // The nodes' timers, ordered by (time, the order they were set).
    TimerTree timers_;
    std::vector<DeliveryTarget*> timer_target_;
    std::vector<std::uint64_t> timer_delta_;  ///< per timer, the delta cycle it was last set in
    // The control timers, ordered by (time, id): the order they were added; the delta cycle each was last set in.
    TimerTree controls_;
    std::vector<DeliveryTarget*> control_target_;
    std::vector<std::uint64_t> control_delta_;
    std::vector<std::array<HotBytes, 3>> timer_hot_;

    std::uint64_t seq_ = 0;
    // One event for the messages and one for the timers, both waking drain(). A notification earlier than a
    // pending one leaves the pending one in the kernel's queue of timed events until its time (IEEE 1666
    // cancels it in place); with one event, every message in flight (microseconds ahead) would do that to the
    // next core timer (minutes ahead), and the kernel's queue would hold tens of thousands of dead entries.
    // Messages are posted mostly in arrival order and the earliest timer rarely moves earlier, so each event
    // rarely leaves one.
    Alarm message_alarm_{"message_event"};
    Alarm timer_alarm_{"timer_event"};
    /// Inside drain(): what its targets post and set is armed once, when it is done (the times set during an
    /// activation would otherwise move a pending notification earlier, one dead entry each).
    bool draining_ = false;
    InstantWatchdog watchdog_;
};

}  // namespace rmsim
