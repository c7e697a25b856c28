#pragma once
// A payload event queue for loosely-timed targets: b_transport enqueues a copy of the message for
// now + delay; the owner's SC_METHOD, sensitive to event(), drains what is due. Messages due at the same
// time are delivered in the order they were sent (deterministic), or by a rank given with each first.
//
// The messages stay where they were stored (slots reused through a free list); the heap orders small keys
// (time, sequence, slot), so a message is copied once in and once out, however deep the queue. The event is
// notified only where the kernel would act on it: a later notification than a pending timed one is ignored
// by the kernel (IEEE 1666 §5.10.8), so it is not made.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include <systemc>

#include "platform/sim_time.h"

namespace rmsim {

template <typename T>
class PayloadEventQueue {
public:
    explicit PayloadEventQueue(const char* name) : event_(name) {}

    /// Delivers `item` at now + delay. Items due at one time go by `rank` (the lower first), then in the order
    /// they were sent.
    void notify(const T& item, const sc_core::sc_time& delay, std::uint32_t rank = 0) {
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
        heap_.push_back(Key{at, seq_++, slot, rank});
        std::push_heap(heap_.begin(), heap_.end(), std::greater<Key>());
        // A timed notification pending at or before `at` stays (the kernel would ignore this one).
        if (armed_at_ > now && at >= armed_at_) return;
        arm(now);
    }

    /// Calls f(item) for every item due now, in order; re-arms the event for the next one.
    template <typename F>
    void drain(F&& f) {
        drain_sent_before(std::numeric_limits<std::uint64_t>::max(), f);
    }

    /// drain(), but only for the items queued before the call: one that f queues for now is left for the next
    /// delta cycle (the event is notified for it), as if each item had a queue of its own.
    template <typename F>
    void drain_queued(F&& f) {
        drain_sent_before(seq_, f);
    }

    const sc_core::sc_event& event() const { return event_; }
    bool empty() const { return heap_.empty(); }
    /// The item that is due next (during a drain: after the one being delivered), nullptr if none.
    const T* next() const { return heap_.empty() ? nullptr : &items_[heap_.front().slot]; }

private:
    /// The items due now with a sequence number below `limit`, in order; then re-arms. An item queued during
    /// the call for now (seq >= limit) may come first in the heap (a lower rank): it is set aside and put back.
    template <typename F>
    void drain_sent_before(std::uint64_t limit, F& f) {
        const sc_core::sc_time now = sim_now();
        while (!heap_.empty() && heap_.front().at <= now) {
            const Key key = heap_.front();
            std::pop_heap(heap_.begin(), heap_.end(), std::greater<Key>());
            heap_.pop_back();
            if (key.seq >= limit) {
                later_.push_back(key);
                continue;
            }
            const T item = items_[key.slot];  // f may enqueue (and grow the store)
            free_.push_back(key.slot);
            f(item);
        }
        for (const Key& key : later_) {
            heap_.push_back(key);
            std::push_heap(heap_.begin(), heap_.end(), std::greater<Key>());
        }
        later_.clear();
        if (heap_.empty()) {
            armed_at_ = sc_core::SC_ZERO_TIME;
            return;
        }
        arm(now);
    }

    struct Key {
        sc_core::sc_time at;
        std::uint64_t seq;
        std::uint32_t slot;
        std::uint32_t rank;
        bool operator>(const Key& o) const {
            if (at != o.at) return at > o.at;
            return rank != o.rank ? rank > o.rank : seq > o.seq;
        }
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
    std::vector<Key> later_;           ///< scratch of drain_queued(): keys queued during the call
    std::uint64_t seq_ = 0;
    /// The time of the last notification made (the pending one if it is later than now).
    sc_core::sc_time armed_at_;
};

}  // namespace rmsim
