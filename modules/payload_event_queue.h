#pragma once
// A payload event queue for loosely-timed targets: b_transport enqueues a copy of the message for
// now + delay; the owner's SC_METHOD, sensitive to event(), drains what is due. Messages due at the same
// time are delivered in the order they were sent (deterministic).
//
// The messages stay where they were stored (slots reused through a free list); the heap orders small keys
// (time, sequence, slot), so a message is copied once in and once out, however deep the queue. The event is
// notified only where the kernel would act on it: a later notification than a pending timed one is ignored
// by the kernel (IEEE 1666 §5.10.8), so it is not made.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

#include <systemc>

#include "modules/sim_time.h"

namespace rmsim {

template <typename T>
class PayloadEventQueue {
public:
    explicit PayloadEventQueue(const char* name) : event_(name) {}

    void notify(const T& item, const sc_core::sc_time& delay) {
        const sc_core::sc_time now = sim_now();
        const sc_core::sc_time at = now + delay;
        std::uint32_t slot;
        if (free_.empty()) {
            slot = static_cast<std::uint32_t>(items_.size());
            items_.push_back(item);
        } else {
            slot = free_.back();
            free_.pop_back();
            items_[slot] = item;
        }
        heap_.push_back(Key{at, seq_++, slot});
        std::push_heap(heap_.begin(), heap_.end(), std::greater<Key>());
        // A timed notification pending at or before `at` stays (the kernel would ignore this one).
        if (armed_at_ > now && at >= armed_at_) return;
        arm(now);
    }

    /// Calls f(item) for every item due now, in order; re-arms the event for the next one.
    template <typename F>
    void drain(F&& f) {
        const sc_core::sc_time now = sim_now();
        while (!heap_.empty() && heap_.front().at <= now) {
            const std::uint32_t slot = heap_.front().slot;
            std::pop_heap(heap_.begin(), heap_.end(), std::greater<Key>());
            heap_.pop_back();
            const T item = items_[slot];  // f may enqueue (and grow the store)
            free_.push_back(slot);
            f(item);
        }
        if (heap_.empty()) {
            armed_at_ = sc_core::SC_ZERO_TIME;
            return;
        }
        arm(now);
    }

    const sc_core::sc_event& event() const { return event_; }
    bool empty() const { return heap_.empty(); }

private:
    struct Key {
        sc_core::sc_time at;
        std::uint64_t seq;
        std::uint32_t slot;
        bool operator>(const Key& o) const { return at != o.at ? at > o.at : seq > o.seq; }
    };
    /// Notifies the event for the earliest message (the kernel keeps the earlier of that and a pending one).
    void arm(const sc_core::sc_time& now) {
        armed_at_ = heap_.front().at;
        event_.notify(armed_at_ - now);
    }

    sc_core::sc_event event_;
    std::vector<T> items_;             ///< the messages, by slot
    std::vector<std::uint32_t> free_;  ///< slots of items_ not in use
    std::vector<Key> heap_;            ///< the queued messages' keys, earliest first
    std::uint64_t seq_ = 0;
    /// The time of the last notification made (the pending one if it is later than now).
    sc_core::sc_time armed_at_;
};

}  // namespace rmsim
