#pragma once
// A core: executes one task segment at a time at its DVFS level, event driven (one activation per
// completion, DVFS transition end or wake-up; never one per clock cycle).
//
// Progress is a fraction of the segment's work. On any rate change (P-state switch, stall, preemption) the
// core adds elapsed / T_old to the fraction done, then schedules completion at
// now + (1 - done) * T_new, rounded up to whole clock periods of the current frequency and to whole ticks of
// the kernel's time resolution (platform/exec_rounding.h).
//
// When the work is done the core tells its host (CoreHost::on_work_done) and waits, busy at its level, until
// the host releases it: the other cores of the task's part, and the parts on other nodes, may still be
// working (the barrier is the node's business, modules/node.h).
//
// Power (W) by state, at P-state p (0 while the processor or node is switched off):
//   Off 0 | Sleeping sleep_power | Waking, Idle idle(p) | Running, Barrier busy(p) = idle(p) + dynamic
//   during a DVFS transition a Running core is stalled and draws idle(p_old); the transition energy is a lump.
//   While it restores or writes a checkpoint (hold) a Running core makes no progress and draws busy(p).
#include <cstdint>
#include <memory>

#include <systemc>

#include "modules/core_host.h"
#include "modules/core_timer.h"
#include "modules/instant_watchdog.h"
#include "modules/power_meter.h"
#include "modules/protocol.h"
#include "modules/sim_time.h"
#include "platform/platform_spec.h"
#include "platform/prefetch.h"
#include "platform/work_model.h"

namespace rmsim {

class ActivityLog;

class Core : public sc_core::sc_module {
public:
    enum class State : std::uint8_t { Off, Sleeping, Waking, Idle, Running, Barrier };

    /// `type` must outlive the core. `account`: the machine-wide energy account the core's meter reports to
    /// (nullptr: none).
    Core(sc_core::sc_module_name name, const CoreType& type, CoreTypeId type_id, CoreHost& host,
         std::uint32_t index_in_node, EnergyAccount* account);

    // --- effects, applied at the current simulated time (by the node, from its event queue) ---
    /// Takes the segment of a Start message. `ready_at`: earliest time the hardware above is on. `restore`:
    /// time the core spends, busy, restoring the task's checkpoint before its work resumes. False if the START
    /// does not fit the core (reported, modules/report.h; the core unchanged).
    /// `lead`: a core that starts the same segment next, at this instant, from the same state (same type, Idle
    /// at m.pstate, not switching, ready now, no restore): this core follows the lead's timing instead of keeping
    /// its own (no timer, no completion of its own: the part's cores run as one, modules/node.h) until either
    /// changes its timing (stop_following) or it is released after the lead's work is done.
    bool start(const Message& m, const sc_core::sc_time& ready_at,
               const sc_core::sc_time& restore = sc_core::SC_ZERO_TIME, Core* lead = nullptr);
    /// A follower takes its own timing again: the lead's, which is the one it would have computed (the same
    /// operations on the same state; once the lead's work is done, its own is too, at that instant), and a
    /// timer of its own at the lead's completion if that is still to come.
    void stop_following();
    bool following() const { return lead_ != nullptr; }
    /// The cores that follow this one's timing.
    std::uint32_t followers() const { return followers_; }
    Core& lead() const { return *lead_; }
    /// Its followers have all stopped following.
    void clear_followers() { followers_ = 0; }
    /// The segment's work pauses until `until`, the core busy (e.g. writing a checkpoint before a preemption).
    void hold(const sc_core::sc_time& until);
    /// An energy lump attributed to the segment (a checkpoint's or a restore's).
    void add_lump(Joules j) { meter_.add_energy(EnergyCategory::Transition, j); }
    /// Stops the segment; returns the fraction of its work still to do (0 if it was waiting after its work).
    /// `energy_j` receives the energy attributed to the segment since it started here.
    double preempt(Joules& energy_j);
    /// Ends a segment whose work is done (the node's barrier let it go); returns the segment's energy.
    Joules release();
    void sleep();
    void wake(const sc_core::sc_time& ready_at);
    /// Keeps the core powered until end_keep_powered(): wakes it (ready at `ready_at` + its wake latency) if
    /// gated or asleep, and it is not gated while it waits between segments. Its energy from now on goes to
    /// its next segment, and after its last segment to end_keep_powered(): a DAG job's cores over the job's
    /// span (Singh 2015 Eq. 1, modules/protocol.h Op::Hold).
    void keep_powered(const sc_core::sc_time& ready_at);
    /// Ends keep_powered(): an idle core takes its idle state again (gated, if its type gates when idle).
    /// Returns the core's energy since its last segment ended (or since keep_powered(), if none ran); 0 if it
    /// was not kept powered or a segment is on it (that segment gets the energy).
    Joules end_keep_powered();
    /// Begins a DVFS switch to `level` (validated by the domain). A no-op if already there and not switching;
    /// replaces a pending switch (gem5 DVFS semantics).
    void switch_pstate(std::uint32_t level);
    /// Recomputes the draw after a state change above (processor or node switched on/off, P-state).
    void refresh_power();
    /// Reports segments and P-state switches to `log` from now on (nullptr: no reports).
    void attach_log(ActivityLog* log) { log_ = log; }
    /// The time the core asked its host's timer for has come (modules/core_timer.h).
    void activate() { on_event(); }
    /// Asks the memory system for the state a start, an activation and a release use (a software prefetch,
    /// no effect on the simulation): a node issues it for every core of a part before it touches any, so that
    /// their cache misses overlap instead of coming one after another.
    void prefetch() const { prefetch_bytes(hot_bytes()); }
    /// The state prefetch() asks for (pointer arithmetic only: nothing of the core is read).
    HotBytes hot_bytes() const {
        const auto* first = reinterpret_cast<const char*>(&state_);
        return {first, static_cast<std::uint32_t>(reinterpret_cast<const char*>(&target_level_) - first)};
    }

    // --- queries ---
    State state() const {
        return lead_ && lead_->state_ == State::Barrier ? State::Barrier : state_;  // a follower: its lead's
    }
    std::uint32_t pstate() const { return level_; }  ///< the level in force (the old one during a switch)
    bool switching() const { return switching_; }
    bool has_segment() const {
        return state_ == State::Running || state_ == State::Barrier || (state_ == State::Waking && has_task_);
    }
    bool kept_powered() const { return kept_powered_; }
    /// True while the core holds a task segment (from its START to its end: wake-up and barrier wait
    /// included), as an operating system would count a CPU busy.
    bool busy() const { return has_task_; }
    /// The time the core has been busy since the start of the run, up to now (DVFS governors' load).
    sc_core::sc_time busy_time() const { return has_task_ ? busy_total_ + (sim_now() - busy_since_) : busy_total_; }
    TaskId task() const { return task_; }
    double done_fraction() const { return lead_ ? lead_->own_done_fraction() : own_done_fraction(); }
    /// When the segment's work will be done if nothing changes (through a pending wake-up or DVFS switch);
    /// when it was done for a core waiting after its work; SC_ZERO_TIME without a segment.
    sc_core::sc_time projected_completion() const {
        return lead_ ? lead_->own_projected_completion() : own_projected_completion();
    }
    const CoreType& type() const { return type_; }
    CoreTypeId type_id() const { return type_id_; }
    std::uint32_t index() const { return index_; }
    const PowerMeter& meter() const { return meter_; }
    /// What the core would draw in its present state at `level` once a switch there is over (a power cap's
    /// prediction).
    Watts draw_at(std::uint32_t level) const;
    /// Reports every change of the core's draw to `o` (nullptr: none).
    void observe_power(PowerObserver* o) { meter_.observe(o); }

private:
    double own_done_fraction() const;  ///< of the current segment, up to now
    /// A follower's timing becomes its own: its lead's.
    void take_lead_timing();
    sc_core::sc_time own_projected_completion() const;
    /// Before a change of its timing: a core of a group (following or leading) splits the group.
    void split() {
        if (lead_ || followers_) host_.split_part(*this);
    }
    void on_event();
    /// Asks to be activated at `at` (>= now) if `armed`, else not at all: the host's timer, or its own event.
    void set_activation(bool armed, const sc_core::sc_time& at);
    bool progressing() const { return state_ == State::Running && !switching_ && !holding_; }
    void accrue_progress();
    void reschedule();
    void finish_work();
    void become_idle();
    /// Time for the fraction `left` of the work at `level`, in whole ticks of the resolution.
    sc_core::sc_time time_for(double left, std::uint32_t level) const {
        return time_for(left, level, work_.duration(type_, type_id_, level));
    }
    /// The same, given the whole work's duration at `level` (WorkModel::duration).
    sc_core::sc_time time_for(double left, std::uint32_t level, Seconds full_s) const;

    // Laid out by use: the state a timer activation, a START and a release read and write comes first, in a
    // few cache lines (the 32,768 cores of a large machine do not stay in the caches between two events of
    // one core); what only a DVFS switch, a wake-up, a hold or a standalone core reads comes last. (Not aligned
    // to a cache line: that costs 24 bytes a core and the aligned allocation's slack, about 5 MB at 32,768
    // cores, for 1 % fewer modelled misses.)
    State state_ = State::Idle;
    bool switching_ = false;
    bool holding_ = false;  ///< busy but not progressing until hold_until_ (restore, checkpoint)
    bool has_task_ = false;
    bool completion_armed_ = false;  ///< completion_at_ is a pending completion (it may be now: zero work)
    bool kept_powered_ = false;      ///< keep_powered(): not gated between segments
    std::uint32_t level_ = 0;
    std::uint32_t followers_ = 0;  ///< cores that follow this one's timing
    Core* lead_ = nullptr;         ///< the core whose timing this one follows, or nullptr
    sc_core::sc_time completion_at_;
    sc_core::sc_time progress_since_;
    double done_ = 0;         ///< fraction done at progress_since_
    Seconds duration_s_ = 0;  ///< time of the whole work at the level in force
    CoreTimer* timer_;        ///< the host's, or nullptr: then event_ and a process of its own
    CoreHost& host_;
    const CoreType& type_;
    CoreTypeId type_id_;
    std::uint32_t index_;
    // the segment
    TaskId task_ = 0;
    sc_core::sc_time work_done_at_;     ///< Barrier: when the work was done
    sc_core::sc_time last_projection_;  ///< as last reported to the host
    Joules energy_at_start_ = 0;
    sc_core::sc_time busy_since_;  ///< when the current segment began
    ActivityLog* log_ = nullptr;
    WorkModel work_;
    sc_core::sc_time busy_total_;  ///< busy time of the segments that have ended
    Joules kept_since_j_ = 0;      ///< meter reading when the energy not yet given to a segment began
    PowerMeter meter_;
    // DVFS switches, wake-ups, holds
    std::uint32_t target_level_ = 0;
    sc_core::sc_time switch_end_;
    sc_core::sc_time wake_end_;
    sc_core::sc_time hold_until_;
    std::unique_ptr<sc_core::sc_event> event_;
    InstantWatchdog watchdog_;
};

}  // namespace rmsim
