#include "modules/node.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace rmsim {

using sc_core::sc_time;
using sc_core::sc_time_stamp;

Node::Node(sc_core::sc_module_name name, const PlatformSpec& spec, NodeTypeId type, NodeId id,
           EnergyAccount* account)
    : sc_module(name), cmd("cmd"), notice_out("notice_out"), local_out("local_out"), local_in("local_in"),
      type_(spec.node_types.at(type)), id_(id), meter_(account), peq_("peq"), timer_("timer") {
    std::uint32_t p_index = 0;
    for (const auto& group : type_.processors) {
        const ProcessorType& pt = spec.processor_types.at(group.type);
        for (std::uint32_t i = 0; i < group.count; ++i) {
            processors_.push_back(std::make_unique<Processor>(
                ("cpu" + std::to_string(p_index++)).c_str(), pt, spec.core_types.at(pt.core_type), pt.core_type,
                *this, static_cast<std::uint32_t>(cores_.size()), account));
            for (auto& c : processors_.back()->cores()) cores_.push_back(c.get());
        }
    }
    // DVFS domains (DESIGN.md: per core, per processor or per node).
    domain_index_.resize(cores_.size());
    for (auto& p : processors_) {
        for (auto& c : p->cores()) {
            const bool fresh = spec.dvfs_domain == DvfsScope::Core ||
                               (spec.dvfs_domain == DvfsScope::Processor && c.get() == p->cores().front().get()) ||
                               domains_.empty();
            if (fresh) domains_.push_back(std::make_unique<DvfsDomain>());
            domains_.back()->add(c.get());
            domain_index_[c->index()] = static_cast<std::uint32_t>(domains_.size() - 1);
        }
    }
    network_ = std::make_unique<Interconnect>("network", std::vector<LinkSpec>(cores_.size(), type_.network));
    local_out.bind(network_->in);
    network_->out.bind(local_in);
    cmd.register_b_transport(this, &Node::cmd_b_transport);
    local_in.register_b_transport(this, &Node::local_b_transport);

    SC_HAS_PROCESS(Node);
    SC_METHOD(drain);
    sensitive << peq_.event();
    dont_initialize();
    SC_METHOD(on_timer);
    sensitive << timer_;
    dont_initialize();

    // A node that switches off when idle starts idle, hence off (or with its idle timer running).
    if (type_.switch_off == SwitchOffPolicy::Immediately) state_ = PowerState::Off;
    refresh_base_power();
    for (auto& p : processors_) p->refresh_power();
    if (type_.switch_off == SwitchOffPolicy::AfterTimeout) check_idle();
}

EnergyBreakdown Node::energy_breakdown() const {
    EnergyBreakdown b = meter_.breakdown();
    auto add = [&b](const PowerMeter& m) {
        EnergyBreakdown x = m.breakdown();
        for (std::size_t i = 0; i < kEnergyCategories; ++i) b[i] += x[i];
    };
    for (const auto& p : processors_) {
        add(p->meter());
        for (const auto& c : const_cast<Processor&>(*p).cores()) add(c->meter());
    }
    return b;
}

void Node::refresh_base_power() {
    Watts w = type_.off_power_w;
    if (powered())
        w = type_.base_power_w.size() > 1 ? type_.base_power_w.at(cores_.front()->pstate()) : type_.base_power_w.front();
    meter_.set_power(EnergyCategory::NodeBase, w);
}

void Node::cmd_b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
    const Message* m = message_of(gp);
    if (!m || is_notice(m->op)) {
        gp.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
        return;
    }
    peq_.notify(Delivery{false, *m}, delay);
    delay = sc_core::SC_ZERO_TIME;
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

void Node::local_b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
    const Message* m = message_of(gp);
    if (!m || m->op != Op::Transfer) {
        gp.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
        return;
    }
    peq_.notify(Delivery{true, *m}, delay);
    delay = sc_core::SC_ZERO_TIME;
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

void Node::drain() {
    peq_.drain([this](const Delivery& d) {
        if (!d.transfer_done) {
            apply(d.msg);
            return;
        }
        Message n = d.msg;
        n.op = Op::Transferred;
        n.node = id_;
        notify_manager(n);
    });
}

template <typename F>
void Node::for_cores(std::uint32_t core, F&& f) {
    if (core == kAllCores) {
        for (Core* c : cores_) f(*c);
    } else {
        if (core >= cores_.size())
            throw std::logic_error(std::string(name()) + ": no core " + std::to_string(core));
        f(*cores_[core]);
    }
}

void Node::apply(const Message& m) {
    switch (m.op) {
        case Op::Start: {
            const sc_time ready = power_on();
            std::uint32_t n = 0;
            for_cores(m.core, [&](Core& c) {
                domain_of(c.index()).request(m.pstate);
                c.start(m, c.processor().power_on(ready));
                ++n;
            });
            parts_[m.task].cores_running += n;
            break;
        }
        case Op::Preempt: {
            auto it = parts_.find(m.task);
            if (it == parts_.end()) break;  // already completed: its Completed notice is on the way
            double remaining = 0;
            Joules energy = it->second.energy_j;
            for_cores(m.core, [&](Core& c) {
                if (!c.has_segment() || c.task() != m.task) return;
                Joules e = 0;
                remaining = std::max(remaining, c.preempt(e));
                energy += e;
                --it->second.cores_running;
            });
            if (it->second.cores_running == 0) parts_.erase(it);
            Message n;
            n.op = Op::Preempted;
            n.node = id_;
            n.core = m.core;
            n.task = m.task;
            n.remaining = remaining;
            n.energy_j = energy;
            notify_manager(n);
            break;
        }
        case Op::SetPState:
            for_cores(m.core, [&](Core& c) { domain_of(c.index()).request(m.pstate); });
            break;
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
        case Op::Transfer: {
            if (m.core >= cores_.size() || m.dst_core >= cores_.size())
                throw std::logic_error(std::string(name()) + ": TRANSFER between unknown cores");
            send_message(local_out, m, m.core, m.dst_core);
            break;
        }
        default:
            throw std::logic_error(std::string(name()) + ": unexpected " + to_string(m.op));
    }
}

void Node::on_segment_done(Core& c, TaskId task, Joules energy_j) {
    auto it = parts_.find(task);
    if (it == parts_.end()) throw std::logic_error(std::string(name()) + ": completion of an unknown task part");
    it->second.energy_j += energy_j;
    if (--it->second.cores_running > 0) return;
    Message n;
    n.op = Op::Completed;
    n.node = id_;
    n.core = c.index();
    n.task = task;
    n.remaining = 0;
    n.energy_j = it->second.energy_j;
    parts_.erase(it);
    notify_manager(n);
}

void Node::notify_manager(const Message& m) { send_message(notice_out, m, node_endpoint(id_), kManagerEndpoint); }

void Node::on_activity(bool segment_began) {
    if (segment_began) {
        ++cores_with_segment_;
    } else {
        if (cores_with_segment_ == 0) throw std::logic_error(std::string(name()) + ": more segment ends than starts");
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
    switch (type_.switch_off) {
        case SwitchOffPolicy::Never: break;
        case SwitchOffPolicy::Immediately: power_off(); break;
        case SwitchOffPolicy::AfterTimeout:
            if (!powered() || off_pending_) break;
            off_pending_ = true;
            off_due_ = sc_time_stamp() + from_seconds_ceil(type_.switch_off_timeout_s);
            timer_.notify(off_due_ - sc_time_stamp());
            break;
    }
}

void Node::on_timer() {
    if (off_pending_ && sc_time_stamp() >= off_due_ && !busy()) power_off();
    off_pending_ = false;
}

void Node::on_core_pstate() {
    if (type_.base_power_w.size() > 1) refresh_base_power();
}

sc_time Node::power_on() {
    const sc_time now = sc_time_stamp();
    if (state_ == PowerState::Off) {
        state_ = PowerState::On;
        meter_.add_energy(EnergyCategory::Transition, type_.wake_energy_j);
        ready_at_ = now + from_seconds_ceil(type_.wake_latency_s);
        refresh_base_power();
        for (auto& p : processors_) p->refresh_power();
    }
    return std::max(now, ready_at_);
}

void Node::power_off() {
    if (state_ == PowerState::Off) return;
    if (busy()) throw std::logic_error(std::string(name()) + ": switched off while a core has work");
    state_ = PowerState::Off;
    refresh_base_power();
    for (auto& p : processors_) p->refresh_power();
}

}  // namespace rmsim
