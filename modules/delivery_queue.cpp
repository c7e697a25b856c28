#include "modules/delivery_queue.h"

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string>

#include "modules/sim_time.h"

namespace rmsim {

void ControlTarget::deliver(const Message&) { throw std::logic_error("a control timer's target takes no messages"); }

void ControlAlarm::attach(DeliveryQueue& q, ControlTarget& owner) {
    event_.cancel();
    queue_ = &q;
    timer_ = q.add_control(owner);
    if (armed_) q.wake_control(timer_, armed_at_ - sim_now());
}

void ControlAlarm::arm(const sc_core::sc_time& delay) {
    if (queue_) {
        queue_->wake_control(timer_, delay);
        return;
    }
    event_.notify(delay);  // an earlier pending notification stays: so does armed_at_
    if (!armed_ || sim_now() + delay < armed_at_) armed_at_ = sim_now() + delay;
    armed_ = true;
}

void ControlAlarm::cancel() {
    if (queue_)
        queue_->cancel_control(timer_);
    else
        event_.cancel();
    armed_ = false;
}

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
    messages_.push_back(MessageKey{at, seq_++, sc_core::sc_delta_count(), slot});
    std::push_heap(messages_.begin(), messages_.end(), std::greater<MessageKey>());
    arm(message_alarm_, at, now);
}

DeliveryQueue::TimerId DeliveryQueue::TimerTree::add() {
    const TimerId id = count++;
    if (id >> kTimerBits)
        throw std::logic_error("DeliveryQueue: more than " + std::to_string(1u << kTimerBits) + " timers");
    if (count > leaves) {  // twice as wide: the timers set so far keep their keys
        const std::uint32_t old_leaves = leaves;
        while (leaves < count) leaves *= 2;
        std::vector<TimerKey> wider(2 * static_cast<std::size_t>(leaves));
        std::copy(tree.begin() + old_leaves, tree.begin() + 2 * old_leaves, wider.begin() + leaves);
        for (std::size_t i = leaves; i-- > 1;) wider[i] = std::min(wider[2 * i], wider[2 * i + 1]);
        tree = std::move(wider);
    }
    return id;
}

void DeliveryQueue::TimerTree::set(TimerId t, TimerKey k) {
    std::size_t i = leaves + t;
    tree[i] = k;
    for (i /= 2; i >= 1; i /= 2) {
        const TimerKey m = std::min(tree[2 * i], tree[2 * i + 1]);
        if (m == tree[i]) break;  // unchanged here, so above too (keys are unique)
        tree[i] = m;
    }
}

DeliveryQueue::TimerId DeliveryQueue::add_timer(DeliveryTarget& to) {
    const TimerId id = timers_.add();
    timer_target_.push_back(&to);
    timer_delta_.push_back(0);
    timer_hot_.emplace_back();
    return id;
}

DeliveryQueue::TimerId DeliveryQueue::add_control(DeliveryTarget& to) {
    const TimerId id = controls_.add();
    control_target_.push_back(&to);
    control_delta_.push_back(0);
    return id;
}

void DeliveryQueue::wake(TimerId t, const sc_core::sc_time& delay, const std::array<HotBytes, 3>& hot) {
    const std::uint64_t now = sim_now().value();
    const std::uint64_t at = now + delay.value();
    timer_hot_[t] = hot;
    timer_delta_[t] = sc_core::sc_delta_count();
    timers_.set(t, TimerKey{at, (seq_++ << kTimerBits) | t});
    arm(timer_alarm_, at, now);
}

void DeliveryQueue::wake_control(TimerId t, const sc_core::sc_time& delay) {
    const std::uint64_t now = sim_now().value();
    const std::uint64_t at = now + delay.value();
    control_delta_[t] = sc_core::sc_delta_count();
    controls_.set(t, TimerKey{at, t});
    arm(timer_alarm_, at, now);
}

void DeliveryQueue::prefetch_next() const {
    const TimerKey& timer = timers_.top();
    if (timer.at != kNever && (messages_.empty() || timer.at <= messages_.front().at)) {
        for (const HotBytes& h : timer_hot_[timer.id()]) prefetch_bytes(h);
    } else if (!messages_.empty()) {
        prefetch_bytes(items_[messages_.front().slot].hot);
    }
}

// What is due now and was posted in an earlier delta cycle: a timer or message posted for now runs in the next
// delta cycle, as with a queue and an event per node, whether its poster ran before this activation in this
// delta cycle (the manager, at the same instant) or during it. At one time the timers come first; each kind in
// the order posted (both orders are by (time, seq), and seq follows the delta cycles, so the first that was
// posted too late ends its kind). The control timers come last, by id; the first due one set in this delta
// cycle ends them (the rest run in the next, in the same order).
void DeliveryQueue::drain() {
    watchdog_.activation(*this);
    const std::uint64_t now = sim_now().value();
    const std::uint64_t delta = sc_core::sc_delta_count();
    draining_ = true;
    for (;;) {
        const TimerKey timer = timers_.top();
        if (timer.at <= now && timer_delta_[timer.id()] < delta) {
            timers_.set(timer.id(), TimerKey{});
            prefetch_next();
            timer_target_[timer.id()]->timer_due();
            continue;
        }
        if (messages_.empty() || messages_.front().at > now || messages_.front().delta >= delta) {
            const TimerKey control = controls_.top();
            if (control.at > now || control_delta_[control.id()] >= delta) break;
            controls_.set(control.id(), TimerKey{});
            control_target_[control.id()]->timer_due();
            continue;
        }
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
    const std::uint64_t next_timer = std::min(timers_.top().at, controls_.top().at);
    if (next_timer != kNever) arm(timer_alarm_, next_timer, now);
}

}  // namespace rmsim
