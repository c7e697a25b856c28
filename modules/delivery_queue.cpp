#include "modules/delivery_queue.h"

namespace rmsim {

DeliveryQueue::DeliveryQueue(sc_core::sc_module_name name) : sc_module(name), queue_("queue") {
    SC_HAS_PROCESS(DeliveryQueue);
    SC_METHOD(drain);
    sensitive << queue_.event();
    dont_initialize();
}

void DeliveryQueue::drain() {
    watchdog_.activation(*this);
    // Only what was queued before this activation: a message posted now for now takes effect in the next
    // delta cycle, as with a queue and an event per node.
    queue_.drain_queued([this](const Item& item) {
        prefetch_next();
        if (item.timer) {
            item.to->timer_due(item.generation);
        } else {
            item.to->deliver(item.msg);
        }
    });
    prefetch_next();
}

void DeliveryQueue::prefetch_next() const {
    if (const Item* next = queue_.next())
        for (const HotBytes& h : next->hot) prefetch_bytes(h);
}

}  // namespace rmsim
