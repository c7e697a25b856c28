#include "modules/node.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "modules/report.h"
#include "modules/sim_time.h"

namespace rmsim {

using sc_core::sc_time;

NodeParams NodeParams::from_platform(const PlatformSpec& spec, NodeTypeId type, NodeId id) {
    NodeParams p;
    p.id = id;
    p.type = spec.node_types.at(type);
    p.processor_types = spec.processor_types;
    p.core_types = spec.core_types;
    p.dvfs_domain = spec.dvfs_domain;
    p.preemption = spec.preemption;
    return p;
}

void NodeParams::validate() const {
    std::uint32_t cores = 0;
    for (const auto& g : type.processors) {
        if (g.type >= processor_types.size())
            throw std::invalid_argument("node " + type.name + ": no processor type " + std::to_string(g.type));
        const ProcessorType& pt = processor_types[g.type];
        if (pt.core_type >= core_types.size())
            throw std::invalid_argument("processor type " + pt.name + ": no core type " + std::to_string(pt.core_type));
        if (core_types[pt.core_type].pstates.empty())
            throw std::invalid_argument("core type " + core_types[pt.core_type].name + " has no P-states");
        if (pt.uncore_power_w.empty()) throw std::invalid_argument("processor type " + pt.name + ": no uncore power");
        cores += g.count * pt.cores;
    }
    if (cores == 0) throw std::invalid_argument("node " + type.name + " has no cores");
    if (type.base_power_w.empty()) throw std::invalid_argument("node " + type.name + ": no base power");
}

Node::Node(sc_core::sc_module_name name, NodeParams params, EnergyAccount* account)
    : sc_module(name), net_in("net_in"), net_out("net_out"), local_out("local_out"), local_in("local_in"),
      params_(std::move(params)), meter_(account), peq_("peq"), core_timer_("core_timer") {
    params_.validate();
    std::uint32_t p_index = 0;
    for (const auto& group : params_.type.processors) {
        const ProcessorType& pt = params_.processor_types[group.type];
        for (std::uint32_t i = 0; i < group.count; ++i) {
            processors_.push_back(std::make_unique<Processor>(("cpu" + std::to_string(p_index++)).c_str(), pt,
                                                              params_.core_types[pt.core_type], pt.core_type, *this,
                                                              static_cast<std::uint32_t>(cores_.size()), account));
            for (auto& c : processors_.back()->cores()) {
                cores_.push_back(c.get());
                processor_of_.push_back(processors_.back().get());
            }
        }
    }
    // The store sees every draw of the node from the start (the first refresh of each meter, below).
    if (params_.type.energy_store_j > 0) {
        store_ = std::make_unique<EnergyStore>("store", params_.type.energy_store_j,
                                               static_cast<EnergyStoreListener&>(*this));
        observe_meters(store_.get());
    }
    // DVFS domains (docs/architecture.md "Hardware semantics": per core, per processor or per node).
    domain_index_.resize(cores_.size());
    for (auto& p : processors_) {
        for (auto& c : p->cores()) {
            const bool fresh = params_.dvfs_domain == DvfsScope::Core ||
                               (params_.dvfs_domain == DvfsScope::Processor && c.get() == p->cores().front().get()) ||
                               domains_.empty();
            if (fresh)
                domains_.push_back(std::make_unique<DvfsDomain>(static_cast<DomainListener*>(this),
                                                                static_cast<std::uint32_t>(domains_.size())));
            domains_.back()->add(c.get());
            domain_index_[c->index()] = static_cast<std::uint32_t>(domains_.size() - 1);
        }
    }
    if (params_.governor) {
        governors_.resize(domains_.size());
        sampling_governors_.assign(domains_.size(), nullptr);
        for (std::size_t d = 0; d < domains_.size(); ++d) {
            std::unique_ptr<Governor> g = params_.governor();
            if (g->follows_scheduler()) continue;  // userspace: the scheduler's levels, as without a governor
            const bool samples = g->sampling_period_s() > 0;
            governors_[d] =
                std::make_unique<GovernorModule>(("governor" + std::to_string(d)).c_str(), *domains_[d], std::move(g));
            if (samples) sampling_governors_[d] = governors_[d].get();
        }
    }
    reporting_.assign(domains_.size(), 0);
    part_of_core_.assign(cores_.size(), kNoPart);
    core_due_.assign(cores_.size(), never_);
    network_ = std::make_unique<Interconnect>("network", std::vector<LinkSpec>(cores_.size(), params_.type.network));
    local_out.bind(network_->in);
    network_->out.bind(local_in);
    net_in.register_b_transport(this, &Node::net_b_transport);
    local_in.register_b_transport(this, &Node::local_b_transport);

    SC_HAS_PROCESS(Node);
    SC_METHOD(drain);
    sensitive << peq_.event();
    dont_initialize();
    SC_METHOD(on_timer);
    sensitive << timer_.event();
    dont_initialize();
    SC_METHOD(on_core_timer);
    sensitive << core_timer_;
    dont_initialize();

    // A node that switches off when idle starts idle, hence off (or with its idle timer running).
    if (params_.type.switch_off == SwitchOffPolicy::Immediately) state_ = PowerState::Off;
    refresh_base_power();
    for (auto& p : processors_) p->refresh_power();
    if (params_.type.switch_off == SwitchOffPolicy::AfterTimeout) check_idle();
}

EnergyBreakdown Node::energy_breakdown() const {
    EnergyBreakdown b = meter_.breakdown();
    auto add = [&b](const PowerMeter& m) {
        EnergyBreakdown x = m.breakdown();
        for (std::size_t i = 0; i < kEnergyCategories; ++i) b[i] += x[i];
    };
    for (const auto& p : processors_) {
        add(p->meter());
        for (const auto& c : p->cores()) add(c->meter());
    }
    return b;
}

Watts Node::power() const {
    Watts w = meter_.total_power();
    for (const auto& p : processors_) {
        w += p->meter().total_power();
        for (const auto& c : p->cores()) w += c->meter().total_power();
    }
    return w;
}

Watts Node::domain_draw_at(std::size_t d, std::uint32_t level) const {
    const DvfsDomain& dom = *domains_.at(d);
    Watts w = 0;
    for (const Core* c : dom.cores()) w += c->draw_at(level);
    if (!powered()) return w;
    // Uncore and base power given per P-state follow core 0 of the processor / node (platform_spec.h).
    auto uncore = [&](const Processor& p) {
        const auto& u = p.type().uncore_power_w;
        return u.size() > 1 && p.powered() ? u.at(level) : 0.0;
    };
    switch (params_.dvfs_domain) {
        case DvfsScope::Core: break;
        case DvfsScope::Processor: w += uncore(*processor_of_[dom.cores().front()->index()]); break;
        case DvfsScope::Node:
            for (const auto& p : processors_) w += uncore(*p);
            if (params_.type.base_power_w.size() > 1) w += params_.type.base_power_w.at(level);
            break;
    }
    return w;
}

double Node::priority() const {
    double best = -std::numeric_limits<double>::infinity();
    for (const Part& p : parts_)
        if (p.live) best = std::max(best, p.priority);
    return best;
}

void Node::refresh_base_power() {
    const NodeType& t = params_.type;
    Watts w = depleted_ ? 0.0 : t.off_power_w;
    if (powered()) w = t.base_power_w.size() > 1 ? t.base_power_w.at(cores_.front()->pstate()) : t.base_power_w.front();
    meter_.set_power(EnergyCategory::NodeBase, w);
}

void Node::net_b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
    const Message* m = message_of(gp);
    if (!m || (is_notice(m->op) && !is_barrier(m->op))) {
        gp.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
        return;
    }
    if (delivery_) {
        delivery_->post(*this, *m, delay, hot());
    } else {
        peq_.notify(Delivery{Delivery::Kind::Network, *m}, delay);
    }
    delay = sc_core::SC_ZERO_TIME;
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

void Node::local_b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
    const Message* m = message_of(gp);
    if (!m || m->op != Op::Transfer) {
        gp.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
        return;
    }
    peq_.notify(Delivery{Delivery::Kind::TransferDone, *m}, delay);
    delay = sc_core::SC_ZERO_TIME;
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

void Node::drain() {
    watchdog_.activation(*this);
    peq_.drain([this](const Delivery& d) {
        switch (d.kind) {
            case Delivery::Kind::Network: apply(d.msg); break;
            case Delivery::Kind::CheckpointDone: finish_preempt(d.msg.task, d.msg.core); break;
            case Delivery::Kind::TransferDone: {
                Message n = d.msg;
                n.op = Op::Transferred;
                n.node = id();
                notify_manager(n);
                break;
            }
        }
    });
}

template <typename F>
void Node::for_cores(std::uint32_t core, F&& f) {
    if (core == kAllCores) {
        for (Core* c : cores_) f(*c);
    } else {
        if (core >= cores_.size()) {
            report_error(msg_type::node, std::string(name()) + ": no core " + std::to_string(core));
            return;
        }
        f(*cores_[core]);
    }
}

template <typename F>
void Node::for_start_cores(const Message& m, F&& f) {
    if (m.core_mask == 0) {
        for_cores(m.core, f);
        return;
    }
    for (std::uint64_t bits = m.core_mask; bits != 0; bits &= bits - 1) {
        const auto core = static_cast<std::uint32_t>(__builtin_ctzll(bits));
        if (core >= cores_.size()) {
            report_error(msg_type::node, std::string(name()) + ": no core " + std::to_string(core));
            continue;
        }
        f(*cores_[core]);
    }
}

void Node::send(const Message& m, std::uint32_t to) { send_message(net_out, m, node_endpoint(id()), to); }

sc_time Node::projected_end(const Part& p) const {
    sc_time end = sc_core::SC_ZERO_TIME;
    for (std::uint32_t c : p.cores) end = std::max(end, cores_[c]->projected_completion());
    return end;
}

bool Node::starts_as_one(const Message& m, const Part& part, const sc_time& ready, const sc_time& restore) const {
    if (m.core_mask == 0 || (m.core_mask & (m.core_mask - 1)) == 0 || !part.cores.empty()) return false;
    if (static_cast<std::uint32_t>(__builtin_popcountll(m.core_mask)) != part.cores_expected) return false;
    const sc_time now = sim_now();
    if (ready > now || restore != sc_core::SC_ZERO_TIME) return false;
    if (63 - __builtin_clzll(m.core_mask) >= static_cast<int>(cores_.size())) return false;
    const CoreType* type = &cores_[__builtin_ctzll(m.core_mask)]->type();
    for (std::uint64_t bits = m.core_mask; bits != 0; bits &= bits - 1) {
        const Core& c = *cores_[__builtin_ctzll(bits)];
        if (c.state() != Core::State::Idle || c.pstate() != m.pstate || c.switching() || &c.type() != type ||
            !processor_of_[c.index()]->ready_by(now))
            return false;
    }
    return true;
}

void Node::split_part(Core& core) {
    const std::uint32_t slot = part_of_core_[core.index()];
    if (slot == kNoPart) {
        report_error(msg_type::node, std::string(name()) + ": a core of no part follows another's timing");
        return;
    }
    Core& lead = core.following() ? core.lead() : core;
    for (std::uint32_t c : parts_[slot].cores)
        if (cores_[c]->following()) cores_[c]->stop_following();
    lead.clear_followers();
}

Node::Part* Node::find_part(TaskId task) {
    for (std::size_t i = 0; i < slot_task_.size(); ++i)
        if (slot_task_[i] == task) return &parts_[i];
    return nullptr;
}

Node::Part& Node::part_for(TaskId task) {
    if (Part* p = find_part(task)) return *p;
    Part* slot = nullptr;
    for (std::size_t i = 0; i < slot_task_.size(); ++i)
        if (slot_task_[i] == kFreeSlot) {
            slot = &parts_[i];
            break;
        }
    if (!slot) {
        slot = &parts_.emplace_back();
        slot_task_.push_back(task);
    }
    slot_task_[static_cast<std::size_t>(slot - parts_.data())] = task;
    std::vector<std::uint32_t> cores = std::move(slot->cores);
    std::vector<NodeId> arrived = std::move(slot->arrived);
    *slot = Part{};
    slot->cores = std::move(cores);
    slot->arrived = std::move(arrived);
    slot->task = task;
    slot->live = true;
    return *slot;
}

void Node::free_part(Part& p) {
    for (std::uint32_t c : p.cores)
        if (part_of_core_[c] == static_cast<std::uint32_t>(&p - parts_.data())) part_of_core_[c] = kNoPart;
    p.live = false;
    slot_task_[static_cast<std::size_t>(&p - parts_.data())] = kFreeSlot;
    p.cores.clear();
    p.arrived.clear();
}

void Node::apply(const Message& m) {
    if (depleted_ && apply_depleted(m)) return;
    switch (m.op) {
        case Op::Start: start(m); break;
        case Op::Preempt: preempt(m); break;
        case Op::SetPState: for_cores(m.core, [&](Core& c) { domain_of(c.index()).request(m.pstate); }); break;
        case Op::Sleep:
            for_cores(m.core, [&](Core& c) {
                if (!c.has_segment()) c.sleep();
            });
            break;
        case Op::Wake: {
            const sc_time ready = power_on();
            for_cores(m.core, [&](Core& c) { c.wake(ready); });
            break;
        }
        case Op::Hold: {
            const sc_time ready = power_on();
            for_start_cores(m, [&](Core& c) { c.keep_powered(ready); });
            break;
        }
        case Op::Unhold: {
            Message n;
            n.op = Op::HoldEnded;
            n.node = id();
            n.core = m.core;
            n.core_mask = m.core_mask;
            n.task = m.task;
            n.energy_j = 0;
            for_start_cores(m, [&](Core& c) { n.energy_j += c.end_keep_powered(); });
            notify_manager(n);
            break;
        }
        case Op::Transfer: {
            if (m.core >= cores_.size() || m.dst_core >= cores_.size())
                report_error(msg_type::node, std::string(name()) + ": TRANSFER between unknown cores");
            else
                send_message(local_out, m, m.core, m.dst_core);
            break;
        }
        case Op::BarrierArrive: barrier_arrive(m.task, m.attempt, m.gang_nodes, m.node); break;
        case Op::BarrierRelease: barrier_release(m.task, m.attempt); break;
        default: report_error(msg_type::node, std::string(name()) + ": unexpected " + to_string(m.op));
    }
}

void Node::start(const Message& m) {
    const sc_time ready = power_on();
    Part& part = part_for(m.task);
    const auto slot = static_cast<std::uint32_t>(&part - parts_.data());
    if (!part.cores.empty() && part.attempt != m.attempt) {
        report_error(msg_type::node, std::string(name()) + ": START of task " + std::to_string(m.task) +
                                         " while an earlier start of it is on the node");
        return;
    }
    part.cores_expected = m.core == kAllCores ? static_cast<std::uint32_t>(cores_.size()) : std::max(1u, m.part_cores);
    part.gang_nodes = std::max(1u, m.gang_nodes);
    part.gang_root = m.gang_root;
    part.attempt = m.attempt;
    part.memory_bytes = m.memory_bytes;
    part.priority = m.priority;
    part.expected_end = m.expected_end;
    // A task that resumes (work already done) restores its checkpoint first, its cores busy.
    const PreemptionCost& cost = params_.preemption;
    const bool resume = m.remaining < 1.0;
    const sc_time restore = resume ? cost_time(cost.resume_s, m.memory_bytes, false) : sc_core::SC_ZERO_TIME;
    starting_ = m.task;
    for_start_cores(m, [&](Core& c) {  // all the part's cores asked for before the first is touched
        c.prefetch();
        processor_of_[c.index()]->prefetch();
    });
    // One timing for the part when its cores start from one state (modules/node.h, "a part's timing"): the
    // highest-indexed core leads (it starts last, and is activated last among cores due together).
    Core* lead = starts_as_one(m, part, ready, restore) ? cores_[63 - __builtin_clzll(m.core_mask)] : nullptr;
    for_start_cores(m, [&](Core& c) {
        // Cores change level only through their domain: one at the level, not switching, is at the level
        // its domain last requested, so the request would change nothing (the domain validates the level).
        if (c.pstate() != m.pstate || c.switching()) domain_of(c.index()).request(m.pstate);
        if (!c.start(m, processor_of_[c.index()]->power_on(ready), restore, &c == lead ? nullptr : lead))
            return;  // refused, reported
        part.cores.push_back(c.index());
        part_of_core_[c.index()] = slot;
    });
    if (part.cores.empty()) {  // every core refused the START (reported, modules/report.h): nothing runs
        starting_.reset();
        free_part(part);
        return;
    }
    const Joules restore_j = cost.resume_j + data_energy(m.memory_bytes);
    if (resume && restore_j > 0)  // the part's lump, shared by its cores
        for_start_cores(m, [&](Core& c) { c.add_lump(restore_j / static_cast<double>(part.cores_expected)); });
    starting_.reset();
    if (part.cores.size() > part.cores_expected)
        report_error(msg_type::node, std::string(name()) + ": more cores started for task " + std::to_string(m.task) +
                                         " than its part has");
    // The acknowledgement, once per part: when its last core has started (the manager sends the STARTs of a
    // part's cores together, so they arrive at one instant), when the part would end if nothing changes;
    // not sent when that is the end the START expected.
    if (part.cores.size() < part.cores_expected) return;
    const sc_time end = projected_end(part);
    part.reported_end = end;
    part.acknowledged = true;
    if (part.expected_end != sc_core::SC_ZERO_TIME && end == part.expected_end) return;
    Message ack;
    ack.op = Op::Started;
    ack.node = id();
    ack.core = m.core;
    ack.task = m.task;
    ack.attempt = m.attempt;
    ack.projected_end = end;
    ack.expected_end = part.expected_end;
    ack.gang_nodes = part.gang_nodes;
    notify_manager(ack);
}

sc_time Node::cost_time(Seconds fixed_s, std::uint64_t bytes, bool writing) {
    const double bw = params_.preemption.bandwidth_bytes_per_s;
    const sc_time flat =
        from_seconds_ceil(fixed_s + (bytes > 0 && std::isfinite(bw) ? static_cast<double>(bytes) / bw : 0.0));
    if (!params_.preemption.over_network || !store_net_ || bytes == 0) return flat;
    // The data crosses the cluster interconnect (node link and store link, shared: contention), in parallel
    // with the store's own rate; the fixed time comes first.
    const sc_time now = sim_now();
    const sc_time begin = now + from_seconds_ceil(fixed_s);
    const std::uint32_t self = node_endpoint(id());
    const sc_time arrival = writing ? store_net_->route(self, store_endpoint_, bytes, begin)
                                    : store_net_->route(store_endpoint_, self, bytes, begin);
    return std::max(flat, arrival - now);
}

void Node::preempt(const Message& m) {
    Part* found = find_part(m.task);
    if (!found || found->checkpointing) return;  // completed (its notice is on the way) or already
    Part& part = *found;
    // A part that has work left writes its checkpoint first; the manager hears of the preemption when it is done.
    const PreemptionCost& cost = params_.preemption;
    const Joules ckpt_j = cost.checkpoint_j + data_energy(part.memory_bytes);
    const bool costly = cost.checkpoint_s > 0 || ckpt_j > 0 ||
                        (part.memory_bytes > 0 && (std::isfinite(cost.bandwidth_bytes_per_s) || cost.over_network));
    if (part.cores_done < part.cores_expected && costly) {
        const sc_time ckpt = cost_time(cost.checkpoint_s, part.memory_bytes, true);
        part.checkpointing = true;
        const sc_time until = sim_now() + ckpt;
        for (std::uint32_t c : part.cores) {
            cores_[c]->hold(until);
            cores_[c]->add_lump(ckpt_j / static_cast<double>(part.cores.size()));
        }
        Message done;
        done.task = m.task;
        done.core = m.core;
        peq_.notify(Delivery{Delivery::Kind::CheckpointDone, done}, ckpt);
        return;
    }
    finish_preempt(m.task, m.core);
}

void Node::finish_preempt(TaskId task, std::uint32_t core_field) {
    Part* part = find_part(task);
    if (!part) return;
    double remaining = 0;
    Joules energy = 0;
    for (std::uint32_t c : part->cores) {
        Joules e = 0;
        remaining = std::max(remaining, cores_[c]->preempt(e));
        energy += e;
    }
    const std::uint32_t attempt = part->attempt;
    free_part(*part);
    Message n;
    n.op = Op::Preempted;
    n.node = id();
    n.core = core_field;
    n.task = task;
    n.attempt = attempt;
    n.remaining = remaining;
    n.energy_j = energy;
    notify_manager(n);
}

void Node::on_work_done(Core& core) {
    const std::uint32_t slot = part_of_core_[core.index()];
    if (slot == kNoPart || parts_[slot].task != core.task()) {
        report_error(msg_type::node, std::string(name()) + ": work done for an unknown task part");
        return;
    }
    Part& part = parts_[slot];
    part.cores_done += core.followers();  // their work is done with the lead's (modules/node.h, "a part's timing")
    if (++part.cores_done < part.cores_expected) return;  // the part's other cores are still working
    if (part.gang_nodes <= 1) {
        complete_part(part);
        return;
    }
    if (part.gang_root == id()) {
        barrier_arrive(core.task(), part.attempt, part.gang_nodes, id());
        return;
    }
    Message a;
    a.op = Op::BarrierArrive;
    a.node = id();
    a.task = core.task();
    a.attempt = part.attempt;
    a.gang_nodes = part.gang_nodes;
    a.gang_root = part.gang_root;
    send(a, node_endpoint(part.gang_root));
}

void Node::barrier_arrive(TaskId task, std::uint32_t attempt, std::uint32_t gang_nodes, NodeId from) {
    // Only the root's own live part keeps the barrier: an arrival for an attempt the root no longer runs
    // (preempted, or a message overtaken by a newer start) is stale.
    Part* part = find_part(task);
    if (!part || part->attempt != attempt) return;
    part->arrived.push_back(from);
    if (part->arrived.size() < gang_nodes) return;
    for (NodeId n : part->arrived) {
        if (n == id()) continue;
        Message r;
        r.op = Op::BarrierRelease;
        r.node = id();
        r.task = task;
        r.attempt = attempt;
        send(r, node_endpoint(n));
    }
    part->arrived.clear();
    release_at_barrier(*part);
}

void Node::barrier_release(TaskId task, std::uint32_t attempt) {
    Part* part = find_part(task);
    if (!part || part->attempt != attempt) return;  // preempted meanwhile
    release_at_barrier(*part);
}

void Node::release_at_barrier(Part& part) {
    if (part.cores_done < part.cores_expected) {
        report_error(msg_type::node, std::string(name()) + ": barrier of task " + std::to_string(part.task) +
                                         " released before this node's part arrived");
        return;
    }
    complete_part(part);
}

void Node::complete_part(Part& part) {
    const TaskId task = part.task;
    // Released first: a released core reports nothing about its part (it has no task any more).
    Joules energy = 0;
    for (std::uint32_t c : part.cores) cores_[c]->prefetch();
    for (std::uint32_t c : part.cores) energy += cores_[c]->release();
    Message n;
    n.op = Op::Completed;
    n.node = id();
    n.core = part.cores.size() == 1 ? part.cores.front() : kAllCores;
    n.task = task;
    n.attempt = part.attempt;
    free_part(part);
    n.remaining = 0;
    n.energy_j = energy;
    notify_manager(n);
}

void Node::on_projection(Core& core) {
    if (starting_ == core.task()) return;
    const std::uint32_t slot = part_of_core_[core.index()];
    if (slot == kNoPart || parts_[slot].task != core.task()) return;
    Part& part = parts_[slot];
    if (!part.acknowledged || part.checkpointing) return;
    if (part.cores_done == part.cores_expected) return;  // at the barrier: nothing left to project
    const sc_time end = projected_end(part);
    if (end == part.reported_end) return;
    part.reported_end = end;
    Message n;
    n.op = Op::Projected;
    n.node = id();
    n.core = core.index();
    n.task = core.task();
    n.attempt = part.attempt;
    n.projected_end = end;
    n.expected_end = part.expected_end;
    n.gang_nodes = part.gang_nodes;
    notify_manager(n);
}

void Node::wake_core_at(Core& core, const sc_time& at) {
    core_due_[core.index()] = at;
    if (in_core_timer_) {  // the activation re-arms the event when it ends
        if (at < earliest_request_) {
            earliest_request_ = at;
            earliest_core_ = &core;
        }
        return;
    }
    // An earlier notification replaces a later pending one (IEEE 1666 §5.10.8).
    if (!core_timer_set_ || at < core_timer_at_) arm_core_timer(at, sim_now(), &core);
}

void Node::arm_core_timer(const sc_time& at, const sc_time& now, const Core* due) {
    if (delivery_) {
        // Asked for before the activation: the node's first state, its cores' times and the core that is due.
        const HotBytes times{core_due_.data(), static_cast<std::uint32_t>(core_due_.size() * sizeof(sc_time))};
        delivery_->wake(core_timer_id_, at - now, {hot(), times, due ? due->hot_bytes() : HotBytes{}});
    } else {
        core_timer_.notify(at - now);
    }
    core_timer_at_ = at;
    core_timer_set_ = true;
}

void Node::cancel_core(Core& core) { core_due_[core.index()] = never_; }

// The cores due now are activated in index order; a core that asks for now again (zero work) is activated in
// the next delta cycle, as with an event of its own.
void Node::on_core_timer() {
    // The node is cold since its last event: its per-core arrays are asked for together (platform/prefetch.h),
    // and below the due cores and their parts' slots, before the first is activated.
    prefetch_bytes(core_due_.data(), core_due_.size() * sizeof(sc_time));
    prefetch_bytes(cores_.data(), cores_.size() * sizeof(Core*));
    prefetch_bytes(part_of_core_.data(), part_of_core_.size() * sizeof(std::uint32_t));
    watchdog_.activation(*this);
    const sc_time now = sim_now();
    core_timer_set_ = false;
    in_core_timer_ = true;
    earliest_request_ = never_;
    earliest_core_ = nullptr;
    due_now_.clear();
    // The earliest of the other cores' times; a core may cancel or move its time meanwhile, which at worst
    // activates the node once for nothing.
    sc_time next = never_;
    std::uint32_t next_core = 0;
    for (std::uint32_t i = 0; i < core_due_.size(); ++i) {
        if (core_due_[i] <= now) {
            core_due_[i] = never_;
            due_now_.push_back(i);
        } else if (core_due_[i] < next) {
            next = core_due_[i];
            next_core = i;
        }
    }
    for (std::uint32_t i : due_now_) {
        cores_[i]->prefetch();
        if (part_of_core_[i] != kNoPart) prefetch_bytes(&parts_[part_of_core_[i]], 1);  // its counts, first
    }
    for (std::uint32_t i : due_now_) cores_[i]->activate();
    in_core_timer_ = false;
    const Core* due = next == never_ ? nullptr : cores_[next_core];
    if (earliest_request_ < next) {
        next = earliest_request_;
        due = earliest_core_;
    }
    if (next != never_) arm_core_timer(next, now, due);
}

void Node::on_core_activity(Core& core, bool segment_began) {
    if (!sampling_governors_.empty())
        if (GovernorModule* g = sampling_governors_[domain_index_[core.index()]]) g->on_activity(core, segment_began);
    if (segment_began) {
        ++cores_with_segment_;
    } else {
        if (cores_with_segment_ == 0)
            report_error(msg_type::node, std::string(name()) + ": more segment ends than starts");
        else
            --cores_with_segment_;
    }
    check_idle();
}

void Node::check_idle() {
    if (busy()) {
        if (off_pending_) {
            off_pending_ = false;
            timer_.cancel();
        }
        return;
    }
    switch (params_.type.switch_off) {
        case SwitchOffPolicy::Never: break;
        case SwitchOffPolicy::Immediately: power_off(); break;
        case SwitchOffPolicy::AfterTimeout:
            if (!powered() || off_pending_) break;
            off_pending_ = true;
            off_due_ = sim_now() + from_seconds_ceil(params_.type.switch_off_timeout_s);
            timer_.arm(off_due_ - sim_now());
            break;
    }
}

void Node::on_timer() {
    watchdog_.activation(*this);
    if (off_pending_ && sim_now() >= off_due_ && !busy()) power_off();
    off_pending_ = false;
}

void Node::on_domain_level(const DvfsDomain& d) {
    std::uint8_t& reporting = reporting_.at(d.index());
    if (!reporting && !d.governed() && d.cap_level() == 0) return;  // the scheduler's own request
    reporting = 1;
    Message n;
    n.op = Op::DomainLevel;
    n.node = id();
    n.core = d.cores().front()->index();
    n.pstate = d.requested();
    notify_manager(n);
}

void Node::on_store_empty() {
    depleted_ = true;
    // Off at 0 W from now on: the cores and processors draw nothing (powered() is false), nor the node. No level
    // changes any more (their transition energy), no switch-off timer.
    state_ = PowerState::Off;
    off_pending_ = false;
    timer_.cancel();
    for (auto& d : domains_) d->freeze();
    refresh_base_power();
    for (auto& p : processors_) p->refresh_power();
    Message node;
    node.op = Op::Depleted;
    node.node = id();
    node.task = kNodeItself;
    node.remaining = 0;
    notify_manager(node);
    // Every live part stops now without a checkpoint (one being written is abandoned): its cores' work done so
    // far is accounted as a preemption accounts it.
    for (Part& part : parts_) {
        if (!part.live) continue;
        double remaining = 0;
        Joules energy = 0;
        for (std::uint32_t c : part.cores) cores_[c]->prefetch();
        for (std::uint32_t c : part.cores) {
            Joules e = 0;
            remaining = std::max(remaining, cores_[c]->preempt(e));
            energy += e;
        }
        Message n;
        n.op = Op::Depleted;
        n.node = id();
        n.core = part.cores.size() == 1 ? part.cores.front() : kAllCores;
        n.task = part.task;
        n.attempt = part.attempt;
        n.remaining = remaining;
        n.energy_j = energy;
        free_part(part);
        notify_manager(n);
    }
}

bool Node::apply_depleted(const Message& m) {
    switch (m.op) {
        case Op::Start: {
            // Sent before the manager heard of the depletion: the part is answered once, when its last START
            // has arrived, as a part that stopped at once.
            std::uint32_t cores = 1;
            if (m.core_mask != 0) cores = static_cast<std::uint32_t>(__builtin_popcountll(m.core_mask));
            if (m.core == kAllCores) cores = static_cast<std::uint32_t>(cores_.size());
            const std::uint32_t expected =
                m.core == kAllCores ? static_cast<std::uint32_t>(cores_.size()) : std::max(1u, m.part_cores);
            auto it = std::find_if(refused_.begin(), refused_.end(),
                                   [&](const Refused& r) { return r.task == m.task && r.attempt == m.attempt; });
            if (it == refused_.end()) it = refused_.insert(refused_.end(), Refused{m.task, m.attempt, 0});
            it->cores += cores;
            if (it->cores < expected) return true;
            refused_.erase(it);
            Message n;
            n.op = Op::Depleted;
            n.node = id();
            n.core = m.core_mask == 0 && expected == 1 ? m.core : kAllCores;
            n.task = m.task;
            n.attempt = m.attempt;
            n.remaining = m.remaining;
            n.energy_j = 0;
            notify_manager(n);
            return true;
        }
        case Op::Unhold:
        case Op::Transfer:
        case Op::Preempt:
        case Op::BarrierArrive:
        case Op::BarrierRelease: return false;  // answered as usual (a preemption or barrier finds no part)
        default: return true;                   // SET_PSTATE, SLEEP, WAKE, HOLD: nothing changes any more
    }
}

void Node::on_core_pstate(Core&) {
    if (params_.type.base_power_w.size() > 1) refresh_base_power();
}

sc_time Node::power_on() {
    const sc_time now = sim_now();
    if (state_ == PowerState::Off) {
        state_ = PowerState::On;
        meter_.add_energy(EnergyCategory::Transition, params_.type.wake_energy_j);
        ready_at_ = now + from_seconds_ceil(params_.type.wake_latency_s);
        refresh_base_power();
        for (auto& p : processors_) p->refresh_power();
    }
    return std::max(now, ready_at_);
}

void Node::power_off() {
    if (state_ == PowerState::Off) return;
    if (busy()) {
        report_error(msg_type::node, std::string(name()) + ": switched off while a core has work");
        return;
    }
    state_ = PowerState::Off;
    refresh_base_power();
    for (auto& p : processors_) p->refresh_power();
}

}  // namespace rmsim
