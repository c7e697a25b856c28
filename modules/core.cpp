#include "modules/core.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include "modules/activity_log.h"
#include "modules/sim_time.h"
#include "platform/exec_rounding.h"

namespace rmsim {

using sc_core::sc_time;
using sc_core::SC_ZERO_TIME;

Core::Core(sc_core::sc_module_name name, const CoreType& type, CoreTypeId type_id, CoreHost& host,
           std::uint32_t index_in_node, EnergyAccount* account)
    : sc_module(name), timer_(host.core_timer()), host_(host), type_(type), type_id_(type_id), index_(index_in_node),
      meter_(account) {
    if (type.gate_when_idle) state_ = State::Off;
    if (timer_) return;
    event_ = std::make_unique<sc_core::sc_event>("event");
    SC_HAS_PROCESS(Core);
    SC_METHOD(on_event);
    sensitive << *event_;
    dont_initialize();
}

double Core::own_done_fraction() const {
    if (!has_task_) return 0;
    if (!progressing() || duration_s_ <= 0) return done_;
    return std::min(1.0, done_ + to_seconds(sim_now() - progress_since_) / duration_s_);
}

sc_time Core::time_for(double left, std::uint32_t level, Seconds full_s) const {
    const double f = type_.pstates[level].frequency_hz;
    return sc_time::from_value(remaining_exec_ticks(left, full_s, f, ticks_per_second()));
}

sc_time Core::own_projected_completion() const {
    if (!has_task_) return SC_ZERO_TIME;
    if (state_ == State::Barrier) return work_done_at_;
    if (progressing()) return completion_at_;
    // Stalled by a wake-up, a DVFS switch or a hold: the work resumes when they are over, at the level then in
    // force.
    const sc_time now = sim_now();
    sc_time resume = now;
    if (state_ == State::Waking) resume = std::max(resume, wake_end_);
    if (switching_) resume = std::max(resume, switch_end_);
    if (holding_) resume = std::max(resume, hold_until_);
    return resume + time_for(1.0 - done_, switching_ ? target_level_ : level_);
}

void Core::accrue_progress() {
    const sc_time now = sim_now();
    if (progressing() && duration_s_ > 0)
        done_ = std::min(1.0, done_ + to_seconds(now - progress_since_) / duration_s_);
    progress_since_ = now;
}

void Core::reschedule() {
    const sc_time now = sim_now();
    completion_armed_ = false;
    sc_time next = SC_ZERO_TIME;
    bool armed = false;
    auto arm = [&](const sc_time& t) {
        if (!armed || t < next) next = t;
        armed = true;
    };
    if (state_ == State::Waking) arm(wake_end_);
    if (switching_) arm(switch_end_);
    if (holding_) arm(hold_until_);
    if (progressing()) {
        duration_s_ = work_.duration(type_, type_id_, level_);
        // Whole clock periods at the current frequency, then whole ticks, never shortened: the rounding the
        // manager's estimates share (platform/exec_rounding.h). Zero work completes now, in the next delta.
        completion_at_ = now + time_for(1.0 - done_, level_, duration_s_);
        completion_armed_ = true;
        arm(completion_at_);
    }
    set_activation(armed, next);
    if (has_task_ && state_ != State::Barrier) {
        const sc_time p = projected_completion();
        if (p != last_projection_) {
            last_projection_ = p;
            host_.on_projection(*this);
        }
    }
}

void Core::refresh_power() {
    Watts stat = 0, dyn = 0;
    if (host_.powered()) {
        const PState& p = type_.pstates[level_];
        switch (state_) {
            case State::Off: break;
            case State::Sleeping: stat = type_.sleep_power_w; break;
            case State::Waking:
            case State::Idle: stat = p.idle_power_w; break;
            case State::Running:
            case State::Barrier:
                stat = p.idle_power_w;
                // The work may bring its own busy power (per-task-type APC, platform/work_model.h).
                if (!switching_) dyn = work_.busy_power_w(type_, type_id_, level_) - p.idle_power_w;
                break;
        }
    }
    meter_.set_power(EnergyCategory::CoreStatic, stat);
    meter_.set_power(EnergyCategory::CoreDynamic, dyn);
}

Watts Core::draw_at(std::uint32_t level) const {
    if (!host_.powered()) return 0;
    const PState& p = type_.pstates.at(level);
    switch (state_) {
        case State::Off: return 0;
        case State::Sleeping: return type_.sleep_power_w;
        case State::Waking:
        case State::Idle: return p.idle_power_w;
        case State::Running:
        case State::Barrier: return work_.busy_power_w(type_, type_id_, level);
    }
    return 0;
}

bool Core::start(const Message& m, const sc_time& ready_at, const sc_time& restore, Core* lead) {
    // A START that does not fit is refused before anything changes (modules/report.h).
    if (has_segment()) {
        report_error(msg_type::core, std::string(name()) + ": START of task " + std::to_string(m.task) +
                                         " while task " + std::to_string(task_) + " is on the core");
        return false;
    }
    const sc_time now = sim_now();
    if (m.remaining < 0 || m.remaining > 1 || m.remaining != m.remaining) {
        report_error(msg_type::core, std::string(name()) + ": START with remaining work outside [0, 1]");
        return false;
    }
    if (m.pstate >= type_.pstates.size()) {
        report_error(msg_type::core,
                     std::string(name()) + ": START at P-state " + std::to_string(m.pstate) + " out of range");
        return false;
    }
    if (m.work.duration(type_, type_id_, level_) < 0 ||
        (m.pstate != level_ && m.work.duration(type_, type_id_, m.pstate) < 0)) {
        report_error(msg_type::core, std::string(name()) + ": task " + std::to_string(m.task) +
                                         " cannot run on core type " + type_.name);
        return false;
    }
    has_task_ = true;
    busy_since_ = now;
    task_ = m.task;
    work_ = m.work;
    done_ = 1.0 - m.remaining;
    progress_since_ = now;
    // A core kept powered gives the segment its energy since the last one ended (its wait, Singh Eq. 1).
    energy_at_start_ = kept_powered_ ? kept_since_j_ : meter_.total_energy();
    last_projection_ = SC_ZERO_TIME;
    if (log_) log_->segment_begin(host_.node_id(), index_, m.task, now);
    sc_time ready = ready_at;
    if (state_ == State::Off || state_ == State::Sleeping) {
        meter_.add_energy(EnergyCategory::Transition, type_.wake_energy_j);
        ready = std::max(ready, now) + from_seconds_ceil(type_.wake_latency_s);
    } else if (state_ == State::Waking) {
        ready = std::max(ready, wake_end_);
    }
    if (ready > now) {
        state_ = State::Waking;
        wake_end_ = ready;
    } else {
        state_ = State::Running;
    }
    holding_ = restore > SC_ZERO_TIME;
    if (holding_) hold_until_ = std::max(ready, now) + restore;
    host_.on_core_activity(*this, true);
    refresh_power();
    if (lead) {
        // Its timing is the lead's from now on (the lead starts next from the same state); nothing to arm.
        lead_ = lead;
        ++lead->followers_;
        return true;
    }
    reschedule();
    return true;
}

void Core::take_lead_timing() {
    const Core& l = *lead_;
    lead_ = nullptr;
    state_ = l.state_;  // Running, or Barrier once the lead's work is done
    done_ = l.done_;
    progress_since_ = l.progress_since_;
    duration_s_ = l.duration_s_;
    completion_at_ = l.completion_at_;
    completion_armed_ = l.completion_armed_;
    last_projection_ = l.last_projection_;
    work_done_at_ = l.work_done_at_;
}

void Core::stop_following() {
    take_lead_timing();
    if (completion_armed_) set_activation(true, completion_at_);
}

void Core::set_activation(bool armed, const sc_time& at) {
    if (timer_) {
        if (armed) {
            timer_->wake_core_at(*this, at);
        } else {
            timer_->cancel_core(*this);
        }
    } else {
        event_->cancel();
        if (armed) event_->notify(at - sim_now());
    }
}

void Core::hold(const sc_time& until) {
    if (!has_segment()) {
        report_error(msg_type::core, std::string(name()) + ": hold with no segment");
        return;
    }
    split();
    accrue_progress();
    if (!holding_ || until > hold_until_) hold_until_ = until;
    holding_ = true;
    refresh_power();
    reschedule();
}

double Core::preempt(Joules& energy_j) {
    if (!has_segment()) {
        report_error(msg_type::core, std::string(name()) + ": PREEMPT with no segment");
        energy_j = 0;
        return 0;
    }
    split();
    accrue_progress();
    const double remaining = state_ == State::Barrier ? 0.0 : 1.0 - done_;
    energy_j = meter_.total_energy() - energy_at_start_;
    kept_since_j_ = energy_at_start_ + energy_j;
    if (log_) log_->segment_end(host_.node_id(), index_, sim_now(), ActivityLog::SegmentEnd::Preempted);
    become_idle();
    return remaining;
}

Joules Core::release() {
    if (lead_) {  // its lead's work is done: so is its own, at the same instant
        Core& lead = *lead_;
        take_lead_timing();
        --lead.followers_;
    }
    if (followers_) split();  // not expected: a lead is released after its followers
    if (state_ != State::Barrier) {
        report_error(msg_type::core, std::string(name()) + ": released before its work is done");
        return 0;
    }
    const Joules energy = meter_.total_energy() - energy_at_start_;
    kept_since_j_ = energy_at_start_ + energy;
    if (log_) log_->segment_end(host_.node_id(), index_, sim_now(), ActivityLog::SegmentEnd::Completed);
    become_idle();
    return energy;
}

void Core::become_idle() {
    busy_total_ += sim_now() - busy_since_;
    has_task_ = false;
    holding_ = false;
    completion_armed_ = false;
    state_ = type_.gate_when_idle && !kept_powered_ ? State::Off : State::Idle;
    host_.on_core_activity(*this, false);
    refresh_power();
    reschedule();
}

void Core::sleep() {
    if (has_segment()) {
        report_error(msg_type::core, std::string(name()) + ": SLEEP while running a segment");
        return;
    }
    state_ = State::Sleeping;
    refresh_power();
    reschedule();
}

void Core::wake(const sc_time& ready_at) {
    if (state_ != State::Off && state_ != State::Sleeping) return;
    const sc_time now = sim_now();
    meter_.add_energy(EnergyCategory::Transition, type_.wake_energy_j);
    wake_end_ = std::max(ready_at, now) + from_seconds_ceil(type_.wake_latency_s);
    state_ = wake_end_ > now ? State::Waking : State::Idle;
    refresh_power();
    reschedule();
}

void Core::keep_powered(const sc_time& ready_at) {
    if (!kept_powered_) {
        kept_powered_ = true;
        kept_since_j_ = meter_.total_energy();
    }
    wake(ready_at);  // a no-op unless gated or asleep
}

Joules Core::end_keep_powered() {
    if (!kept_powered_) return 0;
    kept_powered_ = false;
    if (has_task_) return 0;
    const Joules energy = meter_.total_energy() - kept_since_j_;
    if ((state_ == State::Idle || state_ == State::Waking) && type_.gate_when_idle) {
        state_ = State::Off;
        refresh_power();
        reschedule();
    }
    return energy;
}

void Core::switch_pstate(std::uint32_t level) {
    if (level >= type_.pstates.size()) {
        report_error(msg_type::core, std::string(name()) + ": P-state " + std::to_string(level) + " out of range");
        return;
    }
    if (!switching_ && level == level_) return;
    if (switching_ && level == target_level_) return;
    split();
    accrue_progress();
    target_level_ = level;
    if (!switching_) meter_.add_energy(EnergyCategory::Transition, type_.transition_energy_j);
    if (type_.transition_latency_s <= 0) {
        switching_ = false;
        level_ = level;
        host_.on_core_pstate(*this);
    } else if (!switching_) {
        switching_ = true;
        switch_end_ = sim_now() + from_seconds_ceil(type_.transition_latency_s);
    }
    // A request that replaces a pending switch takes effect when that switch ends.
    if (log_) log_->pstate_change(host_.node_id(), index_, level, sim_now(), switching_ ? switch_end_ : sim_now());
    refresh_power();
    reschedule();
}

void Core::finish_work() {
    done_ = 1.0;
    completion_armed_ = false;
    work_done_at_ = sim_now();
    // Busy-waits at its level until the host releases it. Its draw does not change: a Running core that
    // progresses (not switching, not holding) draws busy(p), as at the barrier.
    state_ = State::Barrier;
    reschedule();
    host_.on_work_done(*this);
}

void Core::on_event() {
    if (!timer_) watchdog_.activation(*this);  // a shared timer's owner has a watchdog of its own
    const sc_time now = sim_now();
    // A lead is activated at its completion only (every other change of its timing splits its group first).
    if (followers_ && !(progressing() && completion_armed_ && completion_at_ <= now)) split();
    if (switching_ && switch_end_ <= now) {
        accrue_progress();
        switching_ = false;
        level_ = target_level_;
        host_.on_core_pstate(*this);
        progress_since_ = now;
    }
    if (state_ == State::Waking && wake_end_ <= now) {
        state_ = has_task_ ? State::Running : State::Idle;
        progress_since_ = now;
    }
    if (holding_ && hold_until_ <= now && state_ != State::Waking) {
        holding_ = false;
        progress_since_ = now;
    }
    if (progressing() && completion_armed_ && completion_at_ <= now) {
        finish_work();
        return;
    }
    refresh_power();
    reschedule();
}

}  // namespace rmsim
