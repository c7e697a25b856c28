#pragma once
// A payload event queue for loosely-timed targets: b_transport enqueues a copy of the message for
// now + delay; the owner's SC_METHOD, sensitive to event(), drains what is due. Messages due at the same
// time are delivered in the order they were sent (deterministic).
#include <cstdint>
#include <queue>
#include <vector>

#include <systemc>

#include "platform/sim_time.h"

namespace rmsim {

template <typename T>
class PayloadEventQueue {
public:
    explicit PayloadEventQueue(const char* name) : event_(name) {}

    void notify(const T& item, const sc_core::sc_time& delay) {
        const sc_core::sc_time at = sim_now() + delay;
        queue_.push(Entry{at, seq_++, item});
        event_.notify(queue_.top().at - sim_now());
    }

    /// Calls f(item) for every item due now, in order; re-arms the event for the next one.
    template <typename F>
    void drain(F&& f) {
        const sc_core::sc_time now = sim_now();
        while (!queue_.empty() && queue_.top().at <= now) {
            T item = queue_.top().item;
            queue_.pop();
            f(item);
        }
        if (!queue_.empty()) event_.notify(queue_.top().at - now);
    }

    const sc_core::sc_event& event() const { return event_; }
    bool empty() const { return queue_.empty(); }

private:
    struct Entry {
        sc_core::sc_time at;
        std::uint64_t seq;
        T item;
        bool operator>(const Entry& o) const { return at != o.at ? at > o.at : seq > o.seq; }
    };
    sc_core::sc_event event_;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue_;
    std::uint64_t seq_ = 0;
};

}  // namespace rmsim
