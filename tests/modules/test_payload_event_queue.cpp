// The payload event queue (modules/payload_event_queue.h): items are delivered at now + delay, those due at one
// time in the order they were sent, whatever the order of their delays; an earlier item re-arms the event, a
// later one leaves it; an item enqueued while the queue drains is delivered in turn, now if due now; slots are
// reused. Every expected time below is the enqueue time plus the delay, in ns.
#include <catch2/catch.hpp>

#include <cstdint>
#include <systemc>
#include <utility>
#include <vector>

#include "modules/payload_event_queue.h"

using namespace rmsim;

namespace {

using sc_core::SC_NS;
using sc_core::sc_time;

struct Receiver : sc_core::sc_module {
    PayloadEventQueue<int> peq{"peq"};
    std::vector<std::pair<int, std::uint64_t>> got;  ///< (item, delivery time in ns)

    explicit Receiver(sc_core::sc_module_name n) : sc_module(n) {
        SC_HAS_PROCESS(Receiver);
        SC_METHOD(drain);
        sensitive << peq.event();
        dont_initialize();
        SC_THREAD(script);
    }
    void drain() {
        peq.drain([this](int item) {
            got.emplace_back(item, sc_core::sc_time_stamp().value() / sc_time(1, SC_NS).value());
            // Item 6 sends two more from inside the drain: one due now, one 5 ns later.
            if (item == 6) {
                peq.notify(8, sc_core::SC_ZERO_TIME);
                peq.notify(9, sc_time(5, SC_NS));
            }
        });
    }
    void script() {
        // t = 0: due at 10, 5, 10, 5.
        peq.notify(1, sc_time(10, SC_NS));
        peq.notify(2, sc_time(5, SC_NS));
        peq.notify(3, sc_time(10, SC_NS));
        peq.notify(4, sc_time(5, SC_NS));
        wait(sc_time(20, SC_NS));
        // t = 20: due at 50; then 30 (earlier: the event moves to 30); then 50 again (later: it stays).
        peq.notify(5, sc_time(30, SC_NS));
        peq.notify(6, sc_time(10, SC_NS));
        peq.notify(7, sc_time(30, SC_NS));
        wait(sc_time(80, SC_NS));
        // t = 100: 40 items due at 100 + (i mod 7) ns, so the slots freed above are reused and the store grows.
        for (int i = 0; i < 40; ++i) peq.notify(100 + i, sc_time(i % 7, SC_NS));
    }
};

}  // namespace

TEST_CASE("payload event queue: delivery times and the order of items due together", "[modules]") {
    Receiver r("receiver");
    sc_core::sc_start(sc_time(1, sc_core::SC_US));
    std::vector<std::pair<int, std::uint64_t>> want = {
        {2, 5},  {4, 5},   // due at 5, in the order sent
        {1, 10}, {3, 10},  // due at 10
        {6, 30}, {8, 30},  // 20 + 10; item 8, sent with no delay while 6 was delivered
        {9, 35},           // 30 + 5
        {5, 50}, {7, 50},  // 20 + 30, in the order sent
    };
    // t = 100: item 100 + i at 100 + (i mod 7), the items of one time in the order sent.
    for (int d = 0; d < 7; ++d)
        for (int i = d; i < 40; i += 7) want.emplace_back(100 + i, 100 + d);
    CHECK(r.got == want);
    CHECK(r.peq.empty());
}
