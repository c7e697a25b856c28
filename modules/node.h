#pragma once
// A compute node: processors and their cores, DVFS domains, an on-node interconnect between the cores,
// and the node's own overhead power (base_power_w while on, off_power_w while off).
//
// Messages arrive on `net_in` (commands from the manager, barrier messages from other nodes) and take effect
// through the node's payload event queue at now + annotated delay; notices to the manager and barrier
// messages to other nodes leave on `net_out`. Both sockets face the cluster interconnect (modules/protocol.h
// has the endpoint numbering); a design of its own may bind them to anything that speaks the protocol.
//
// A task's part on this node is the set of its cores here (Message::part_cores). The part has done its work
// when every one of them has; if the task runs on several nodes (Message::gang_nodes > 1) the part then
// waits, its cores busy at their level, for the barrier held by the task's gang root: BARRIER_ARRIVE to the
// root, BARRIER_RELEASE back, both over the interconnect. The part's STARTs are acknowledged once, when the
// last has arrived, with the part's projected end (STARTED) unless that is the end the START expected
// (modules/protocol.h); a later change of it (a DVFS switch of a shared domain, a wake-up) is reported
// (PROJECTED).
//
// A part's timing, once: when one START names all of a part's cores and they start from one state (one core
// type, idle at the START's P-state, ready now), the highest-indexed core keeps the part's timing (its progress,
// its completion on the core timer) and the others follow it (Core::start's `lead`), each with its own power
// state, meter and busy time. When the lead's work is done the followers' is too, at that instant (each takes
// the lead's state when it is released), and the part's completion comes where the last core's would (the
// cores due at an instant run in index order); a change of any core's timing first gives each follower the
// lead's timing as its own (split_part: a DVFS switch, a hold, a preemption). So the times and joules are those
// of cores timed one by one, at one timer entry and one activation per part instead of one per core.
//
// Switch-off policy: never, immediately when no core has work, or after an idle timeout; a node that is
// off wakes (latency, energy) for the next Start.
//
// Energy store (NodeType::energy_store_j > 0, modules/energy_store.h): everything the node draws comes out of
// it. When it is used up the node stops for good: every core's segment ends at that instant without a
// checkpoint (its work done so far accounted as a preemption accounts it), the manager hears DEPLETED for the
// node itself and then for each live part (remaining work and energy as PREEMPTED), and from then on the node
// draws nothing (it is off, at 0 W) and answers a START with DEPLETED. A node without a store pays one test per
// message.
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <systemc>
#include <tlm>

#include "modules/core_host.h"
#include "modules/core_timer.h"
#include "modules/delivery_queue.h"
#include "modules/dvfs_domain.h"
#include "modules/energy_store.h"
#include "modules/governors/governor_module.h"
#include "modules/governors/governor_registry.h"
#include "modules/instant_watchdog.h"
#include "modules/interconnect.h"
#include "modules/payload_event_queue.h"
#include "modules/power_meter.h"
#include "modules/processor.h"
#include "modules/protocol.h"
#include "platform/platform_spec.h"

namespace rmsim {

/// Everything a Node is built from (gem5 Params style): its type and the processor and core types it
/// refers to by index, the DVFS domain scope and its id. A node keeps its own copy.
struct NodeParams {
    NodeId id = 0;
    NodeType type;
    std::vector<ProcessorType> processor_types;  ///< indexed by NodeType::Processors::type
    std::vector<CoreType> core_types;            ///< indexed by ProcessorType::core_type
    DvfsScope dvfs_domain = DvfsScope::Core;
    PreemptionCost preemption;  ///< checkpoint / restart of a task's part
    /// Makes the governor of each DVFS domain (empty: none; the scheduler sets the levels).
    GovernorMaker governor;
    /// The parameters of node `id` of type `type` of a platform.
    static NodeParams from_platform(const PlatformSpec& spec, NodeTypeId type, NodeId id);
    /// std::invalid_argument if a type index is out of range or a node has no cores.
    void validate() const;
};

class Node : public sc_core::sc_module,
             public CoreHost,
             public CoreTimer,
             private DomainListener,
             private DeliveryTarget,
             private EnergyStoreListener {
public:
    tlm_utils::simple_target_socket<Node> net_in;        ///< commands and barrier messages
    tlm_utils::simple_initiator_socket<Node> net_out;    ///< notices and barrier messages
    tlm_utils::simple_initiator_socket<Node> local_out;  ///< transfers into the on-node interconnect
    tlm_utils::simple_target_socket<Node> local_in;      ///< transfers delivered by the on-node interconnect

    /// `account`: the machine-wide energy account every meter of the node reports to (nullptr: none).
    Node(sc_core::sc_module_name name, NodeParams params, EnergyAccount* account = nullptr);

    enum class PowerState : std::uint8_t { On, Off };

    PowerState power_state() const { return state_; }
    bool busy() const { return cores_with_segment_ > 0; }  ///< some core has work
    NodeId id() const { return params_.id; }
    const NodeType& type() const { return params_.type; }
    const NodeParams& params() const { return params_; }
    std::size_t core_count() const { return cores_.size(); }
    Core& core(std::uint32_t i) { return *cores_.at(i); }
    const Core& core(std::uint32_t i) const { return *cores_.at(i); }
    std::vector<std::unique_ptr<Processor>>& processors() { return processors_; }
    DvfsDomain& domain_of(std::uint32_t core) { return *domains_.at(domain_index_.at(core)); }
    std::size_t domain_count() const { return domains_.size(); }
    DvfsDomain& domain(std::size_t d) { return *domains_.at(d); }
    /// The governor module of domain `d`, nullptr if the domain has none (the scheduler sets its level).
    GovernorModule* governor(std::size_t d) { return governors_.empty() ? nullptr : governors_.at(d).get(); }
    const PowerMeter& meter() const { return meter_; }
    /// Reports every change of draw of the node's meters (its own, its processors' and cores') to `o`
    /// (nullptr: none). Their sum is the node's power; its current value is power(). (With an energy store,
    /// the store observes them and passes every report on.)
    void observe_power(PowerObserver* o) {
        if (store_) {
            store_->forward_to(o);
            return;
        }
        observe_meters(o);
    }
    /// The node's energy store, nullptr if it has none (NodeType::energy_store_j = 0).
    const EnergyStore* energy_store() const { return store_.get(); }
    /// The store is used up: the node has stopped for good.
    bool depleted() const { return depleted_; }
    Interconnect& network() { return *network_; }
    /// The cluster interconnect and the endpoint of the checkpoint store, for platforms whose checkpoints go
    /// over the network (PreemptionCost::over_network). Without it a checkpoint takes the flat rate only.
    void attach_checkpoint_store(Interconnect& cluster_net, std::uint32_t store_endpoint) {
        store_net_ = &cluster_net;
        store_endpoint_ = store_endpoint;
    }
    /// The network's messages to this node wait in `q`, shared with the machine's other nodes, instead of the
    /// node's own event queue, and `q` runs its core timer instead of its own event (modules/delivery_queue.h;
    /// the same timing); its switch-off timer and its governors' samples are control timers of `q`. Before the
    /// simulation starts.
    /// With `net` (the cluster interconnect its net_in is bound to), `net` posts the node's messages into `q`
    /// itself, without a call through the node's socket (Interconnect::deliver_directly).
    void attach_delivery(DeliveryQueue& q, Interconnect* net = nullptr) {
        delivery_ = &q;
        core_timer_id_ = q.add_timer(*this);
        timer_.attach(q, off_target_);  // with the idle timer a node that starts idle set when it was built
        if (store_) store_->attach(q);
        for (GovernorModule* g : sampling_governors_)
            if (g) g->attach(q);
        if (net) net->deliver_directly(node_endpoint(id()), q, *this, hot());
    }
    /// Energy of the node's own meter plus its processors and cores, up to now.
    EnergyBreakdown energy_breakdown() const;
    /// The node's total draw now: its own meter, its processors' and its cores' (O(cores)).
    Watts power() const;
    /// What domain `d` (its cores, and the uncore and base power that follow its level) would draw at `level`
    /// in the present state, once a switch there is over: a power cap's prediction.
    Watts domain_draw_at(std::size_t d, std::uint32_t level) const;
    /// The largest priority (Message::priority) of the tasks on the node; -infinity if none.
    double priority() const;

    // --- CoreHost (reports of the processors, on behalf of their cores) ---
    bool powered() const override { return state_ != PowerState::Off; }
    void on_core_activity(Core& core, bool segment_began) override;
    void on_core_pstate(Core& core) override;
    void on_work_done(Core& core) override;
    void on_projection(Core& core) override;
    void split_part(Core& core) override;
    NodeId node_id() const override { return params_.id; }
    CoreTimer* core_timer() override { return this; }

    // --- CoreTimer (one event for all the node's cores) ---
    void wake_core_at(Core& core, const sc_core::sc_time& at) override;
    void cancel_core(Core& core) override;

private:
    /// A task's cores on this node. Kept in slots that are reused (their vectors keep their capacity).
    struct Part {
        TaskId task = 0;
        bool live = false;
        std::uint32_t cores_expected = 0;  ///< Message::part_cores
        std::uint32_t cores_done = 0;      ///< cores whose work is done (waiting)
        std::uint32_t gang_nodes = 1;
        NodeId gang_root = 0;
        std::uint32_t attempt = 0;
        std::vector<std::uint32_t> cores;  ///< indices of the part's cores
        sc_core::sc_time reported_end;     ///< the projected end last sent to the manager (or expected by it)
        sc_core::sc_time expected_end;     ///< Message::expected_end of its START
        bool acknowledged = false;         ///< its START has been acknowledged (changes are reported from now)
        std::uint64_t memory_bytes = 0;    ///< what a checkpoint writes
        double priority = 0;               ///< Message::priority of its START
        bool checkpointing = false;        ///< preempted, writing its checkpoint
        /// At the gang root: the nodes whose parts of this attempt have arrived at the task's barrier.
        std::vector<NodeId> arrived;
    };
    static constexpr std::uint32_t kNoPart = ~std::uint32_t{0};
    static constexpr TaskId kFreeSlot = ~TaskId{0};
    struct Delivery {
        enum class Kind : std::uint8_t { Network, TransferDone, CheckpointDone };
        Kind kind;
        Message msg;
    };

    void net_b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    void local_b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    void drain();
    /// DeliveryTarget: a message of the network has arrived (through the machine's shared queue).
    void deliver(const Message& m) override { apply(m); }
    /// DeliveryTarget: the core timer's time has come.
    void timer_due() override {
        if (core_timer_set_) on_core_timer();
    }
    /// The members every activation reads first, from never_ to params_ (exclusive): the shared queue asks for
    /// them before the node's next activation (pointer arithmetic only: nothing of the node is read here).
    HotBytes hot() const {
        const auto* first = reinterpret_cast<const char*>(&never_);
        return {first, static_cast<std::uint32_t>(reinterpret_cast<const char*>(&params_) - first)};
    }
    /// Sets the core timer for `at` (>= now), through the shared queue if the node has one, else its event.
    /// `due`: a core that asked for `at` (its state is asked for before the activation), or nullptr.
    void arm_core_timer(const sc_core::sc_time& at, const sc_core::sc_time& now, const Core* due);
    /// Applies a message now (what the event queue does when it is due).
    void apply(const Message& m);
    void start(const Message& m);
    void preempt(const Message& m);
    /// The part's checkpoint is written: its cores give up the task, PREEMPTED goes to the manager.
    void finish_preempt(TaskId task, std::uint32_t core_field);
    /// Checkpoint or restore time of a part with `bytes` of memory.
    /// `writing`: a checkpoint written to the store (else a restore read from it); over the network the
    /// transfer reserves the interconnect's links from now.
    sc_core::sc_time cost_time(Seconds fixed_s, std::uint64_t bytes, bool writing);
    /// The energy lump of moving a part's checkpoint data (PreemptionCost::energy_j_per_byte).
    Joules data_energy(std::uint64_t bytes) const {
        return params_.preemption.energy_j_per_byte * static_cast<double>(bytes);
    }
    void barrier_arrive(TaskId task, std::uint32_t attempt, std::uint32_t gang_nodes, NodeId from);
    void barrier_release(TaskId task, std::uint32_t attempt);
    /// The part's barrier is released: it completes (its cores must all have done their work).
    void release_at_barrier(Part& part);
    /// Releases the part's cores (their work is done) and reports COMPLETED.
    void complete_part(Part& part);
    sc_core::sc_time projected_end(const Part& p) const;
    /// The live part of `task`, nullptr if none.
    Part* find_part(TaskId task);
    /// The START's cores can run as one (Core::start's `lead`): it names every core of the part (two or more) by
    /// its mask, each is Idle at m.pstate, not switching, of one core type, and its
    /// processor is ready now, as is the node (`ready`); no restore.
    bool starts_as_one(const Message& m, const Part& part, const sc_core::sc_time& ready,
                       const sc_core::sc_time& restore) const;
    /// The task's part, a fresh one (in a free slot) if it has none here.
    Part& part_for(TaskId task);
    void free_part(Part& p);
    void on_timer();
    void on_core_timer();
    /// DomainListener: reports the level of a domain that a governor or a power cap has set (DOMAIN_LEVEL).
    void on_domain_level(const DvfsDomain& d) override;
    void check_idle();
    /// Every meter of the node reports to `o`.
    void observe_meters(PowerObserver* o) {
        meter_.observe(o);
        for (auto& p : processors_) p->observe_power(o);
    }
    /// EnergyStoreListener: the store is used up; the node stops for good (see the top of this file).
    void on_store_empty() override;
    /// A message to a depleted node: a START is answered with DEPLETED (once per part); SET_PSTATE, SLEEP, WAKE
    /// and HOLD are ignored; the rest take their usual course (a PREEMPT or a barrier message finds no part).
    /// True if handled here.
    bool apply_depleted(const Message& m);
    sc_core::sc_time power_on();
    void power_off();
    void refresh_base_power();
    void send(const Message& m, std::uint32_t to);
    void notify_manager(const Message& m) { send(m, kManagerEndpoint); }
    template <typename F>
    void for_cores(std::uint32_t core, F&& f);
    /// The cores a START names: its core mask if set, else its core (or all cores).
    template <typename F>
    void for_start_cores(const Message& m, F&& f);

    // Laid out by use: what a core's activation, a START and a part's completion read comes first, in a few cache
    // lines (the 1,024 nodes of a large machine do not stay in the caches between two events of one node).
    // The cores' shared timer: when each asked to be activated (never_: not), and the time the event is set for.
    alignas(64) const sc_core::sc_time never_ = sc_core::sc_max_time();  ///< read once: the kernel's is a library call
    std::vector<sc_core::sc_time> core_due_;
    std::vector<Core*> cores_;
    std::vector<std::uint32_t> due_now_;  ///< scratch of on_core_timer()
    sc_core::sc_time core_timer_at_;
    sc_core::sc_time earliest_request_;    ///< during on_core_timer(): the earliest time a core asked for
    const Core* earliest_core_ = nullptr;  ///< the core that asked for it
    bool core_timer_set_ = false;
    DeliveryQueue::TimerId core_timer_id_ = 0;  ///< the node's timer in the shared queue
    bool in_core_timer_ = false;
    bool off_pending_ = false;
    bool depleted_ = false;  ///< the energy store is used up
    PowerState state_ = PowerState::On;
    std::uint32_t cores_with_segment_ = 0;     ///< kept in step by on_core_activity (O(1) busy())
    std::vector<std::uint32_t> part_of_core_;  ///< per core: slot of its part, kNoPart
    std::vector<Part> parts_;                  ///< slots, live or free
    std::vector<TaskId> slot_task_;            ///< per slot: its part's task, kFreeSlot (a compact copy for lookups)
    std::vector<Processor*> processor_of_;     ///< per core
    std::vector<GovernorModule*> sampling_governors_;  ///< per domain: the ones that sample, else nullptr
    std::vector<std::uint32_t> domain_index_;
    /// Inside a START of this task: its acknowledgement reports the part's projection (other parts that the START
    /// slows, through a shared DVFS domain, report theirs).
    std::optional<TaskId> starting_;
    sc_core::sc_time ready_at_;
    InstantWatchdog watchdog_;  ///< drain, on_timer and on_core_timer

    NodeParams params_;
    PowerMeter meter_;
    std::vector<std::unique_ptr<Processor>> processors_;
    std::vector<std::unique_ptr<DvfsDomain>> domains_;
    std::vector<std::unique_ptr<GovernorModule>> governors_;  ///< per domain (empty: no governors)
    std::vector<std::uint8_t> reporting_;  ///< per domain: a governor or a cap has set its level (it is reported)
    std::unique_ptr<Interconnect> network_;
    DeliveryQueue* delivery_ = nullptr;  ///< shared with the machine's nodes, or nullptr: peq_
    Interconnect* store_net_ = nullptr;  ///< the cluster interconnect, when checkpoints cross it
    std::uint32_t store_endpoint_ = 0;
    PayloadEventQueue<Delivery> peq_;
    /// The switch-off timer's target in a machine's queue (a control timer, modules/delivery_queue.h).
    struct OffTimer : ControlTarget {
        Node& node;
        explicit OffTimer(Node& n) : node(n) {}
        void timer_due() override { node.on_timer(); }
    };
    OffTimer off_target_{*this};
    ControlAlarm timer_{"timer"};  ///< the switch-off timer
    sc_core::sc_time off_due_;
    sc_core::sc_event core_timer_;
    std::unique_ptr<EnergyStore> store_;  ///< nullptr: no store
    /// After depletion: the parts whose STARTs have arrived in part (task, attempt, cores so far), answered
    /// with one DEPLETED when the last has.
    struct Refused {
        TaskId task;
        std::uint32_t attempt;
        std::uint32_t cores;
    };
    std::vector<Refused> refused_;
};

}  // namespace rmsim
