#include "modules/delivery_queue.h"

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string>

#include "modules/sim_time.h"

namespace rmsim {

DeliveryQueue::DeliveryQueue(sc_core::sc_module_name name) : sc_module(name) {
    SC_HAS_PROCESS(DeliveryQueue);
    SC_METHOD(drain);
    sensitive << message_alarm_.event << timer_alarm_.event;
    dont_initialize();
}

void DeliveryQueue::arm(Alarm& a, std::uint64_t at, std::uint64_t now) {
    if (draining_) return;                             // drain() arms both events for what is left when it is done
    if (a.armed_at > now && at >= a.armed_at) return;  // the kernel would ignore a later notification
    a.armed_at = at;
    a.event.notify(sc_core::sc_time::from_value(at - now));
}

void DeliveryQueue::post(DeliveryTarget& to, const Message& m, const sc_core::sc_time& delay, HotBytes hot) {
    const std::uint64_t now = sim_now().value();
    std::uint32_t slot;
    if (free_.empty()) {
        slot = static_cast<std::uint32_t>(items_.size());
        items_.push_back(Item{&to, hot, m});
    } else {
        slot = free_.back();
        free_.pop_back();
        items_[slot] = Item{&to, hot, m};
    }
    const std::uint64_t at = now + delay.value();
    messages_.push_back(MessageKey{at, seq_++, slot});
    std::push_heap(messages_.begin(), messages_.end(), std::greater<MessageKey>());
    arm(message_alarm_, at, now);
}

DeliveryQueue::TimerId DeliveryQueue::add_timer(DeliveryTarget& to) {
    const auto id = static_cast<TimerId>(timer_target_.size());
    if (id >> kTimerBits)
        throw std::logic_error(std::string(name()) + ": more than " + std::to_string(1u << kTimerBits) + " timers");
    timer_target_.push_back(&to);
    timer_hot_.emplace_back();
    if (timer_target_.size() > leaves_) {  // a tree twice as wide; no timer is set before the simulation
        while (leaves_ < timer_target_.size()) leaves_ *= 2;
        tree_.assign(2 * static_cast<std::size_t>(leaves_), TimerKey{});
    }
    return id;
}

void DeliveryQueue::set_timer(TimerId t, TimerKey k) {
    std::size_t i = leaves_ + t;
    tree_[i] = k;
    for (i /= 2; i >= 1; i /= 2) {
        const TimerKey m = std::min(tree_[2 * i], tree_[2 * i + 1]);
        if (m == tree_[i]) break;  // unchanged here, so above too (keys are unique: their seq)
        tree_[i] = m;
    }
}

void DeliveryQueue::wake(TimerId t, const sc_core::sc_time& delay, const std::array<HotBytes, 3>& hot) {
    const std::uint64_t now = sim_now().value();
    const std::uint64_t at = now + delay.value();
    timer_hot_[t] = hot;
    set_timer(t, TimerKey{at, (seq_++ << kTimerBits) | t});
    arm(timer_alarm_, at, now);
}

void DeliveryQueue::prefetch_next() const {
    const TimerKey& timer = tree_[1];
    if (timer.at != kNever && (messages_.empty() || timer.at <= messages_.front().at)) {
        for (const HotBytes& h : timer_hot_[timer.id()]) prefetch_bytes(h);
    } else if (!messages_.empty()) {
        prefetch_bytes(items_[messages_.front().slot].hot);
    }
}

// What is due now and was posted before this activation: a timer or message posted now for now runs in the
// next delta cycle, as with a queue and an event per node. At one time the timers come first; each kind in
// the order posted (both orders are by (time, seq), so the first that was posted too late ends its kind).
void DeliveryQueue::drain() {
    watchdog_.activation(*this);
    const std::uint64_t now = sim_now().value();
    const std::uint64_t posted_before = seq_;
    draining_ = true;
    for (;;) {
        const TimerKey timer = tree_[1];
        if (timer.at <= now && timer.seq() < posted_before) {
            set_timer(timer.id(), TimerKey{});
            prefetch_next();
            timer_target_[timer.id()]->timer_due();
            continue;
        }
        if (messages_.empty() || messages_.front().at > now || messages_.front().seq >= posted_before) break;
        const std::uint32_t slot = messages_.front().slot;
        std::pop_heap(messages_.begin(), messages_.end(), std::greater<MessageKey>());
        messages_.pop_back();
        prefetch_next();
        const Item& item = items_[slot];  // stable: the target may post (the deque grows at its end)
        item.to->deliver(item.msg);
        free_.push_back(slot);
    }
    draining_ = false;
    // arm() renotifies an alarm whose last notification was for now or earlier (this activation consumed it).
    if (!messages_.empty()) arm(message_alarm_, messages_.front().at, now);
    if (tree_[1].at != kNever) arm(timer_alarm_, tree_[1].at, now);
}

}  // namespace rmsim
