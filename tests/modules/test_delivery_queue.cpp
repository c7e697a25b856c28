// The nodes' shared activation queue (modules/delivery_queue.h): what is due at one instant runs timers first,
// then messages, each in the order posted, whichever target it is for, then control timers in the order
// added; what is posted for now runs in the
// next delta cycle; a timer set again replaces its time. And a gang task on two nodes gives the same
// hand-computed notices whether its nodes share the queue (as on a Machine, where the interconnect posts
// into it directly) or keep their own.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <systemc>
#include <tlm>

#include "modules/delivery_queue.h"
#include "modules/interconnect.h"
#include "modules/node.h"
#include "modules/protocol.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;

namespace {

using sc_core::SC_NS;
using sc_core::sc_time;

struct Seen {
    std::string what;  ///< "<target>:<task>" for a message, "<target>:timer<generation>" for a timer
    std::uint64_t at_ns;
    std::uint64_t delta;  ///< sc_delta_count() when it ran
};

struct Recorder : DeliveryTarget {
    Recorder(std::string name, std::vector<Seen>& log) : name_(std::move(name)), log_(log) {}
    void deliver(const Message& m) override {
        log_.push_back({name_ + ":" + std::to_string(m.task), now_ns(), sc_core::sc_delta_count()});
        if (m.task == 3 && queue) {  // posts a message and sets a timer for now from inside a delivery
            Message again;
            again.task = 30;
            queue->post(*this, again, sc_core::SC_ZERO_TIME);
            queue->wake(other_timer, sc_core::SC_ZERO_TIME);
        }
    }
    void timer_due() override { log_.push_back({name_ + ":timer", now_ns(), sc_core::sc_delta_count()}); }
    static std::uint64_t now_ns() { return sc_core::sc_time_stamp().value() / sc_time(1, SC_NS).value(); }

    std::string name_;
    std::vector<Seen>& log_;
    DeliveryQueue* queue = nullptr;
    DeliveryQueue::TimerId other_timer = 0;
};

struct Script : sc_core::sc_module {
    DeliveryQueue& q;
    Recorder& a;
    Recorder& b;
    DeliveryQueue::TimerId ta, tb;
    explicit Script(sc_core::sc_module_name n, DeliveryQueue& queue, Recorder& ra, Recorder& rb,
                    DeliveryQueue::TimerId timer_a, DeliveryQueue::TimerId timer_b)
        : sc_module(n), q(queue), a(ra), b(rb), ta(timer_a), tb(timer_b) {
        SC_HAS_PROCESS(Script);
        SC_THREAD(run);
    }
    void run() {
        auto msg = [](TaskId t) {
            Message m;
            m.task = t;
            return m;
        };
        // t = 0: for 10 ns b's 1 then a's 2; for 5 ns a's 3 then b's 4; a's timer for 20 ns, then for 15 ns
        // (it replaces the 20); b's timer for 10 ns, set after the messages of 10 ns.
        q.post(b, msg(1), sc_time(10, SC_NS));
        q.post(a, msg(2), sc_time(10, SC_NS));
        q.post(a, msg(3), sc_time(5, SC_NS));
        q.post(b, msg(4), sc_time(5, SC_NS));
        q.wake(ta, sc_time(20, SC_NS));
        q.wake(ta, sc_time(15, SC_NS));
        q.wake(tb, sc_time(10, SC_NS));
    }
};

}  // namespace

TEST_CASE("delivery queue: the order of one instant, the next delta cycle, timers", "[modules]") {
    std::vector<Seen> log;
    DeliveryQueue q("delivery");
    Recorder a("a", log), b("b", log), c("c", log);
    const auto ta = q.add_timer(a), tb = q.add_timer(b), tc = q.add_timer(c);
    a.queue = &q;
    a.other_timer = tc;
    Script s("script", q, a, b, ta, tb);
    sc_core::sc_start(sc_time(1, sc_core::SC_US));
    REQUIRE(log.size() == 8);
    CHECK(log[0].what == "a:3");
    CHECK(log[1].what == "b:4");  // due in this delta cycle: not held back by what a:3 posted for now
    CHECK(log[1].delta == log[0].delta);
    CHECK(log[2].what == "c:timer");  // set and posted for now by a:3's delivery: the same instant, the next
    CHECK(log[3].what == "a:30");     // delta cycle, the timer before the message
    CHECK(log[2].delta == log[0].delta + 1);
    CHECK(log[3].delta == log[0].delta + 1);
    for (int i = 0; i <= 3; ++i) CHECK(log[i].at_ns == 5);
    CHECK(log[4].what == "b:timer");  // at 10 ns the timer first, though set last
    CHECK(log[5].what == "b:1");      // then the messages in the order posted, whichever target
    CHECK(log[6].what == "a:2");
    for (int i = 4; i <= 6; ++i) {
        CHECK(log[i].at_ns == 10);
        CHECK(log[i].delta == log[4].delta);
    }
    CHECK(log[7].what == "a:timer");  // once, at the 15 ns that replaced its 20 ns
    CHECK(log[7].at_ns == 15);
    CHECK(q.empty());
}

namespace {

// Control timers (governors, power caps, nodes' switch-off) set in the reverse of the order they were added, one
// moved from 30 ns to 10 ns, one cancelled, one set for now; a node's timer and a message due at 10 ns as well.
struct ControlScript : sc_core::sc_module {
    DeliveryQueue& q;
    Recorder& node;
    DeliveryQueue::TimerId node_timer;
    std::vector<DeliveryQueue::TimerId> c;  ///< in the order added
    ControlScript(sc_core::sc_module_name n, DeliveryQueue& queue, Recorder& r, DeliveryQueue::TimerId t,
                  std::vector<DeliveryQueue::TimerId> controls)
        : sc_module(n), q(queue), node(r), node_timer(t), c(std::move(controls)) {
        SC_HAS_PROCESS(ControlScript);
        SC_THREAD(run);
    }
    void run() {
        q.wake_control(c[1], sc_time(10, SC_NS));
        q.wake_control(c[0], sc_time(30, SC_NS));
        q.wake_control(c[2], sc_time(5, SC_NS));
        q.cancel_control(c[2]);  // never runs
        Message m;
        m.task = 5;
        q.post(node, m, sc_time(10, SC_NS));
        q.wake_control(c[0], sc_time(10, SC_NS));  // replaces its 30 ns
        q.wake(node_timer, sc_time(10, SC_NS));    // set last of all
        q.wake_control(c[3], sc_core::SC_ZERO_TIME);
    }
};

}  // namespace

// What is due at one instant on a machine: the nodes' timers, the messages, then the governors, caps and nodes'
// switch-off timers by the order they were added, whatever the order their times were set in.
TEST_CASE("delivery queue: control timers come last at an instant, in the order added", "[modules]") {
    std::vector<Seen> log;
    DeliveryQueue q("delivery");
    Recorder node("node", log), governor("governor", log), cap("cap", log), off("off", log), now("now", log);
    const auto t = q.add_timer(node);
    std::vector<DeliveryQueue::TimerId> c;
    for (Recorder* r : {&governor, &cap, &off, &now}) c.push_back(q.add_control(*r));
    ControlScript s("script", q, node, t, c);
    sc_core::sc_start(sc_time(1, sc_core::SC_US));
    REQUIRE(log.size() == 5);
    CHECK(log[0].what == "now:timer");  // set for now: at 0 ns, in the next delta cycle
    CHECK(log[0].at_ns == 0);
    CHECK(log[1].what == "node:timer");
    CHECK(log[2].what == "node:5");
    CHECK(log[3].what == "governor:timer");  // added first, set for 10 ns after the cap was
    CHECK(log[4].what == "cap:timer");
    for (std::size_t i = 1; i < log.size(); ++i) {
        CHECK(log[i].at_ns == 10);  // once each: the governor's 30 ns was replaced
        CHECK(log[i].delta == log[1].delta);
    }
    CHECK(q.empty());
}

// A power cap sets its first step when it is built, before the next cap is added: the queue's timers grow
// without losing it.
TEST_CASE("delivery queue: a control timer set before others are added keeps its time", "[modules]") {
    std::vector<Seen> log;
    DeliveryQueue q("delivery");
    Recorder first("first", log), node("node", log), other("other", log);
    q.add_timer(node);
    const auto c0 = q.add_control(first);
    q.wake_control(c0, sc_time(10, SC_NS));
    for (int i = 0; i < 5; ++i) q.add_control(other);  // the tree grows from 1 to 8 leaves
    q.wake_control(c0 + 3, sc_time(20, SC_NS));
    sc_core::sc_start(sc_time(1, sc_core::SC_US));
    REQUIRE(log.size() == 2);
    CHECK(log[0].what == "first:timer");
    CHECK(log[0].at_ns == 10);
    CHECK(log[1].what == "other:timer");
    CHECK(log[1].at_ns == 20);
    CHECK(q.empty());
}

namespace {

// Sets timers and posts from inside its deliveries: at 10 ns (message 7) its own timer for 40 ns, replacing the
// pending 100 ns, the other target's for 60 ns, and message 8 for 15 ns.
struct Rearming : DeliveryTarget {
    Rearming(std::vector<Seen>& log, DeliveryQueue& queue) : log_(log), q(queue) {}
    void deliver(const Message& m) override {
        log_.push_back({"r:" + std::to_string(m.task), Recorder::now_ns(), sc_core::sc_delta_count()});
        if (m.task != 7) return;
        q.wake(own, sc_time(30, SC_NS));
        q.wake(other, sc_time(50, SC_NS));
        Message next;
        next.task = 8;
        q.post(*this, next, sc_time(5, SC_NS));
    }
    void timer_due() override { log_.push_back({"r:timer", Recorder::now_ns(), sc_core::sc_delta_count()}); }
    std::vector<Seen>& log_;
    DeliveryQueue& q;
    DeliveryQueue::TimerId own = 0, other = 0;
};

struct RearmScript : sc_core::sc_module {
    DeliveryQueue& q;
    Rearming& r;
    explicit RearmScript(sc_core::sc_module_name n, DeliveryQueue& queue, Rearming& target)
        : sc_module(n), q(queue), r(target) {
        SC_HAS_PROCESS(RearmScript);
        SC_THREAD(run);
    }
    void run() {
        q.wake(r.own, sc_time(100, SC_NS));
        Message m;
        m.task = 7;
        q.post(r, m, sc_time(10, SC_NS));
    }
};

}  // namespace

// The queue's messages and timers have an event each, and what a delivery sets is armed when the activation
// is over: a timer moved earlier than its pending time from inside a delivery fires at the new time only.
TEST_CASE("delivery queue: times set from inside a delivery, earlier than a pending one", "[modules]") {
    std::vector<Seen> log;
    DeliveryQueue q("delivery");
    Recorder b("b", log);
    Rearming r(log, q);
    r.own = q.add_timer(r);
    r.other = q.add_timer(b);
    RearmScript s("script", q, r);
    sc_core::sc_start(sc_time(1, sc_core::SC_US));
    REQUIRE(log.size() == 4);
    CHECK(log[0].what == "r:7");
    CHECK(log[0].at_ns == 10);
    CHECK(log[1].what == "r:8");  // 10 + 5
    CHECK(log[1].at_ns == 15);
    CHECK(log[2].what == "r:timer");  // 10 + 30, once: not again at the 100 it replaced
    CHECK(log[2].at_ns == 40);
    CHECK(log[3].what == "b:timer");  // 10 + 50
    CHECK(log[3].at_ns == 60);
    CHECK(q.empty());
}

namespace {

// A task on two nodes (one core each, 2 GHz, 4 W busy, 1 W idle; 2e9 cycles: 1 s), node 0 its gang root,
// links of 1 ms latency. START sent at 0 arrives at L = 1 ms; both parts' work is done at L + 1 s. Node 1's
// BARRIER_ARRIVE reaches the root at 2L + 1 s, which releases its part then (COMPLETED at the controller at
// 3L + 1 s) and sends BARRIER_RELEASE, at node 1 at 3L + 1 s (COMPLETED at 4L + 1 s). A part's energy is its
// core's, busy from L to its release: root 4 W x (1 s + L) = 4.004 J, node 1 4 W x (1 s + 2L) = 4.008 J.
struct GangController : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<GangController> out;
    tlm_utils::simple_target_socket<GangController> in;
    std::vector<std::pair<sc_time, Message>> completed;

    explicit GangController(sc_core::sc_module_name n) : sc_module(n), out("out"), in("in") {
        in.register_b_transport(this, &GangController::receive);
        SC_HAS_PROCESS(GangController);
        SC_THREAD(run);
    }
    void run() {
        for (NodeId n : {0u, 1u}) {
            Message m;
            m.op = Op::Start;
            m.node = n;
            m.core = 0;
            m.task = 7;
            m.gang_nodes = 2;
            m.gang_root = 0;
            m.work.set_cycles(2e9);
            send_message(out, m, kManagerEndpoint, node_endpoint(n));
        }
    }
    void receive(tlm::tlm_generic_payload& gp, sc_time& delay) {
        const Message& m = *message_of(gp);
        if (m.op == Op::Completed) completed.emplace_back(sc_core::sc_time_stamp() + delay, m);
        delay = sc_core::SC_ZERO_TIME;
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
    }
};

/// Node `id` of a platform of one-core nodes (tests/modules/hw_fixture.h): 2 GHz, 4 W busy, 1 W idle.
NodeParams one_core_node(NodeId id) {
    return NodeParams::from_platform(test::simple_platform({PState{2e9, 1.0, 4.0, 1.0}}, 1, 2), 0, id);
}

enum class Mode { OwnQueues, SharedQueue, SharedDirect };

void run_gang(Mode mode) {
    const double L = 1e-3;
    Interconnect net("net", std::vector<LinkSpec>(3, LinkSpec{L}));
    GangController controller("controller");
    Node n0("node0", one_core_node(0)), n1("node1", one_core_node(1));
    DeliveryQueue q("delivery");
    controller.out.bind(net.in);
    net.out.bind(controller.in);
    for (Node* n : {&n0, &n1}) {
        net.out.bind(n->net_in);
        n->net_out.bind(net.in);
        if (mode == Mode::SharedQueue) n->attach_delivery(q);
        if (mode == Mode::SharedDirect) n->attach_delivery(q, &net);  // the interconnect posts into q itself
    }
    sc_core::sc_start(sc_time(5, sc_core::SC_SEC));
    REQUIRE(controller.completed.size() == 2);
    const auto& [root_at, root] = controller.completed[0];
    const auto& [other_at, other] = controller.completed[1];
    CHECK(root.node == 0);
    CHECK(root_at == sc_time(1.0 + 3 * L, sc_core::SC_SEC));
    CHECK(root.energy_j == Approx(4.0 * (1.0 + L)).epsilon(1e-12));
    CHECK(other.node == 1);
    CHECK(other_at == sc_time(1.0 + 4 * L, sc_core::SC_SEC));
    CHECK(other.energy_j == Approx(4.0 * (1.0 + 2 * L)).epsilon(1e-12));
    CHECK(q.empty());
}

}  // namespace

TEST_CASE("delivery queue: a gang task's barrier on nodes that share the queue", "[modules]") {
    run_gang(Mode::SharedQueue);
}

TEST_CASE("delivery queue: the same task, the interconnect posting into the queue directly", "[modules]") {
    run_gang(Mode::SharedDirect);
}

TEST_CASE("delivery queue: the same task on nodes with queues of their own", "[modules]") { run_gang(Mode::OwnQueues); }
