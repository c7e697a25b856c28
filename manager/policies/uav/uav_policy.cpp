#include "manager/policies/uav/uav_policy.h"

#include <algorithm>
#include <stdexcept>

#include "manager/decisions.h"
#include "manager/policy_view.h"

namespace rmsim {

namespace {
double hours(SimTime t) { return t.to_seconds() / 3600.0; }
}  // namespace

PolicyTraits UavPolicy::traits() const {
    PolicyTraits t;
    t.on_arrival = false;    // §5.3.1: mapping events at a fixed interval only
    t.on_completion = true;  // surveils that end are booked at once (no heuristic runs then)
    t.period = period_;
    t.granularity = Granularity::Core;
    t.serial_tasks = true;
    return t;
}

void UavPolicy::prepare(const PolicyView& view) {
    mission_ = view.uav_mission();
    if (!mission_) throw std::logic_error("UAV policy: the workload is not a uav_mission");
    state_ = std::make_unique<MissionState>(*mission_);
    const std::size_t U = mission_->uavs.size(), T = mission_->targets.size();
    status_.assign(view.task_count(), Status::Fresh);
    intervals_.assign(T, {});
    exhausted_seen_.assign(T, {});
    for (std::uint32_t t = 0; t < T; ++t) {
        for (const SurveilInterval& i : mission_->targets[t].intervals)
            intervals_[t].push_back(
                {0, 0, SimTime::from_seconds(i.start_h * 3600.0), SimTime::from_seconds(i.end_h * 3600.0)});
        exhausted_seen_[t].assign(intervals_[t].size(), false);
    }
    for (TaskId k = 0; k < mission_->attempts.size(); ++k) {
        const SurveilAttempt& a = mission_->attempts[k];
        IntervalTasks& iv = intervals_[a.target][a.interval];
        if (iv.count == 0) iv.first = k;
        ++iv.count;  // a target's attempts of one interval are consecutive ids (they arrive together)
    }
    for (std::uint32_t t = 0; t < T; ++t)
        for (std::uint32_t i = 0; i < intervals_[t].size(); ++i) ends_.push_back({intervals_[t][i].end, t, i});
    std::sort(ends_.begin(), ends_.end());
    running_.assign(U, std::nullopt);
    target_task_.assign(T, -1);
    target_uav_.assign(T, 0);
    vpe_sum_.assign(U, 0);
    surveils_.assign(U, 0);
    horizon_ = SimTime::from_seconds(mission_->horizon_h * 3600.0);
}

void UavPolicy::schedule(const PolicyView& view, Decisions& decide) {
    catch_up(view, decide);
    const SimTime now = view.now();
    if (!finished_ && now >= horizon_) {
        // The day is over (§5.2): every UAV returns to base, every surveil under way ends partial.
        for (std::uint32_t u = 0; u < running_.size(); ++u)
            if (running_[u]) stop(u, decide);
        for (TaskId k = 0; k < status_.size(); ++k)
            if (status_[k] == Status::Fresh && view.is_waiting(k)) {
                status_[k] = Status::Ended;
                decide.drop(k);
            }
        finished_ = true;
    }
    // One mapping event per grid time: the calls that the surveils it stops bring back at the same instant
    // only book them (running the heuristic again would let a surveil it just started be interrupted).
    if (!finished_ && period_.ns() > 0 && now.ns() % period_.ns() == 0 && now != last_heuristic_) {
        last_heuristic_ = now;
        run_heuristic(view, decide);
    }
    ask_wakeup(view, decide);
}

void UavPolicy::catch_up(const PolicyView& view, Decisions& decide) {
    close_ended(view, decide);
    apply_events(view, decide);
    end_intervals(view, decide);
}

void UavPolicy::close_ended(const PolicyView& view, Decisions& decide) {
    // A surveil ends when the hardware reports it: complete, or back in the waiting set with the work it had
    // left (stopped by this policy, or by the UAV's empty store). Its attempt is over either way.
    auto settle = [&](TaskId k) {
        const TaskRecord& r = view.record(k);
        if (r.state == TaskState::Completed) {
            value_.close(k, 1.0);
            ++completed_;
        } else if (r.state == TaskState::Waiting) {
            value_.close(k, std::clamp(1.0 - r.remaining, 0.0, 1.0));
            ++partial_;
            if (status_[k] == Status::Running) ++depleted_stops_;  // not stopped by the policy: the store
            decide.drop(k);
        } else {
            return false;
        }
        status_[k] = Status::Ended;
        return true;
    };
    for (std::uint32_t u = 0; u < running_.size(); ++u)
        if (running_[u] && settle(running_[u]->task)) {
            const std::uint32_t t = mission_->attempts[running_[u]->task].target;
            target_task_[t] = -1;
            running_[u].reset();
        }
    stopping_.erase(std::remove_if(stopping_.begin(), stopping_.end(), settle), stopping_.end());
}

void UavPolicy::stop(std::uint32_t u, Decisions& decide, std::optional<TaskId> for_task) {
    const TaskId k = running_[u]->task;
    if (!decide.preempt(k, for_task)) throw std::logic_error("UAV policy: a surveil could not be stopped");
    status_[k] = Status::Stopping;
    stopping_.push_back(k);
    target_task_[mission_->attempts[k].target] = -1;
    running_[u].reset();
}

void UavPolicy::apply_events(const PolicyView& view, Decisions& decide) {
    const double now_s = view.now().to_seconds();
    for (const MissionEvent* e : state_->advance(hours(view.now()))) {
        ++events_applied_;
        auto rerate = [&](std::uint32_t u) {
            const Surveil& s = *running_[u];
            value_.rerate(s.task, now_s, state_->value(u, s.sensor, mission_->attempts[s.task].target));
        };
        switch (e->kind) {
            case MissionEventKind::RemoveUav:
            case MissionEventKind::RemoveSensor:
                // The UAV, or the sensor in use, is gone: its surveil ends partial (GAP: which events end one).
                if (running_[e->uav] && (e->kind == MissionEventKind::RemoveUav || !state_->uav_present(e->uav) ||
                                         running_[e->uav]->sensor == e->sensor)) {
                    stop(e->uav, decide);
                    ++event_stops_;
                }
                break;
            case MissionEventKind::ModifyQualities:
                if (running_[e->uav]) rerate(e->uav);
                break;
            case MissionEventKind::RemoveTarget:
            case MissionEventKind::RemoveAllowedType:
            case MissionEventKind::ChangePriority:
            case MissionEventKind::ModifyAffinities: {
                if (target_task_[e->target] < 0) break;
                const std::uint32_t u = target_uav_[e->target];
                const bool ends = e->kind == MissionEventKind::RemoveTarget ||
                                  (e->kind == MissionEventKind::RemoveAllowedType &&
                                   state_->sensor(u, running_[u]->sensor).type == e->type);
                if (ends) {
                    stop(u, decide);
                    ++event_stops_;
                } else {
                    rerate(u);  // §5.2.2: the surveil splits into segments at the new value
                }
                break;
            }
            default: break;
        }
    }
}

void UavPolicy::end_intervals(const PolicyView& view, Decisions& decide) {
    const SimTime now = view.now();
    for (; next_end_ < ends_.size() && ends_[next_end_].at <= now; ++next_end_) {
        const std::uint32_t t = ends_[next_end_].target;
        const IntervalTasks& iv = intervals_[t][ends_[next_end_].interval];
        for (TaskId k = iv.first; k < iv.first + iv.count; ++k) {
            if (status_[k] == Status::Running) {
                stop(target_uav_[t], decide);  // §5.2.2: the interval ended, the surveil is partial
                ++interval_stops_;
            } else if (status_[k] == Status::Fresh && view.is_waiting(k)) {
                status_[k] = Status::Ended;
                decide.drop(k);
            }
        }
    }
}

int UavPolicy::open_interval(std::uint32_t t, SimTime now) const {
    const auto& ivs = intervals_[t];
    for (std::size_t i = 0; i < ivs.size(); ++i)
        if (ivs[i].start <= now && now < ivs[i].end) return static_cast<int>(i);
    return -1;
}

std::int64_t UavPolicy::fresh_attempt(const PolicyView& view, std::uint32_t t, SimTime now) {
    const int i = open_interval(t, now);
    if (i < 0) return -1;
    const IntervalTasks& iv = intervals_[t][i];
    for (TaskId k = iv.first; k < iv.first + iv.count; ++k)
        if (status_[k] == Status::Fresh && view.is_waiting(k)) return static_cast<std::int64_t>(k);
    if (!exhausted_seen_[t][i]) {
        exhausted_seen_[t][i] = true;
        ++exhausted_;
    }
    return -1;
}

void UavPolicy::run_heuristic(const PolicyView& view, Decisions& decide) {
    const auto w0 = std::chrono::steady_clock::now();
    const SimTime now = view.now();
    Fleet f;
    // δ, the energy line's share of the day by now (Fig. 42, Fig. 44): the day's fraction elapsed, or beyond the
    // papers the share a shaped goal (run.energy_goal, EnergyBudget::shape) allots to it.
    f.day_fraction = goal_fraction(view.budget().shape, std::min(1.0, now.to_seconds() / horizon_.to_seconds()));
    std::vector<std::int64_t> fresh(mission_->targets.size(), -1);
    for (std::uint32_t u = 0; u < running_.size(); ++u) {
        FleetUav a;
        const NodeId node = view.platform().first_node(u);
        const EnergyStoreLevel store = view.energy_store(node);
        a.usable = state_->uav_present(u) && !store.depleted && (!store.present() || store.left_j() > 0);
        a.energy_used = store.present() ? store.used_j / store.capacity_j : 0.0;
        for (std::uint32_t s = 0; s < state_->sensor_count(u); ++s) {
            const UavSensor& x = state_->sensor(u, s);
            a.sensors.push_back({x.type, x.quality, x.rate_per_h, state_->sensor_present(u, s)});
        }
        a.vpe_sum = vpe_sum_[u];
        a.surveils = surveils_[u];
        if (running_[u]) {
            a.busy = true;
            a.sensor = running_[u]->sensor;
            a.target = mission_->attempts[running_[u]->task].target;
        }
        f.uavs.push_back(std::move(a));
    }
    for (std::uint32_t t = 0; t < mission_->targets.size(); ++t) {
        FleetTarget g;
        if (state_->target_present(t)) fresh[t] = fresh_attempt(view, t, now);
        g.available = fresh[t] >= 0;
        g.priority = state_->priority(t);
        for (std::size_t s = 0; s < kSensorTypes; ++s) g.affinity[s] = state_->affinity(t, SensorType(s));
        if (g.available) g.surveil_h = mission_->targets[t].intervals[mission_->attempts[fresh[t]].interval].surveil_h;
        if (target_task_[t] >= 0) {
            g.busy = true;
            g.uav = target_uav_[t];
            if (!g.available)
                g.surveil_h = mission_->targets[t].intervals[mission_->attempts[target_task_[t]].interval].surveil_h;
        }
        f.targets.push_back(g);
    }
    const std::vector<SurveilChoice> choices = map_surveils(heuristic_, modifiers_, f, rng_);
    for (const SurveilChoice& c : choices) {
        const TaskId k = static_cast<TaskId>(fresh[c.target]);
        if (c.stops_uav) {
            stop(c.uav, decide, k);
            ++interrupted_;
        }
        if (c.stops_target) {
            stop(c.stopped_target_uav, decide, k);
            ++interrupted_;
        }
        const ClusterId cluster = c.uav;
        decide.start(k, cluster, {static_cast<LocalNodeIndex>(c.sensor)}, 0);
        status_[k] = Status::Running;
        const double vpe = surveil_vpe(f, c.uav, c.sensor, c.target);
        running_[c.uav] = Surveil{k, c.sensor, vpe};
        target_task_[c.target] = static_cast<std::int64_t>(k);
        target_uav_[c.target] = c.uav;
        vpe_sum_[c.uav] += vpe;
        ++surveils_[c.uav];
        ++started_;
        value_.open(k, now.to_seconds(), view.exec_time(k, cluster, 0).to_seconds(),
                    state_->value(c.uav, c.sensor, c.target));
        // The target's next attempt, if the same event frees it again (it cannot: its surveil is locked).
        fresh[c.target] = -1;
    }
    ++heuristic_events_;
    event_wall_s_.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count());
}

void UavPolicy::ask_wakeup(const PolicyView& view, Decisions& decide) {
    if (finished_) return;
    const SimTime now = view.now();
    SimTime next = horizon_;
    next = std::min(next, SimTime::from_seconds(state_->next_event_h() * 3600.0));
    if (next_end_ < ends_.size()) next = std::min(next, ends_[next_end_].at);
    if (next > now && next != asked_) {
        decide.wake_me_at(next);
        asked_ = next;
    }
}

void UavPolicy::report(PolicyReport& r) const {
    r.figures.emplace_back("surveillance_value", value_.total());
    r.figures.emplace_back("surveils_started", static_cast<double>(started_));
    r.figures.emplace_back("surveils_completed", static_cast<double>(completed_));
    r.figures.emplace_back("surveils_partial", static_cast<double>(partial_));
    r.figures.emplace_back("surveils_interrupted", static_cast<double>(interrupted_));
    r.figures.emplace_back("surveils_stopped_by_events", static_cast<double>(event_stops_));
    r.figures.emplace_back("surveils_stopped_at_interval_end", static_cast<double>(interval_stops_));
    r.figures.emplace_back("surveils_stopped_by_empty_store", static_cast<double>(depleted_stops_));
    r.figures.emplace_back("intervals_out_of_attempts", static_cast<double>(exhausted_));
    r.figures.emplace_back("dynamic_events_applied", static_cast<double>(events_applied_));
    r.figures.emplace_back("heuristic_mapping_events", static_cast<double>(heuristic_events_));
    if (!event_wall_s_.empty()) {
        std::vector<double> w = event_wall_s_;
        std::sort(w.begin(), w.end());
        r.wall.emplace_back("heuristic_event_median_s", w[w.size() / 2]);
        r.wall.emplace_back("heuristic_event_max_s", w.back());
    }
}

}  // namespace rmsim
