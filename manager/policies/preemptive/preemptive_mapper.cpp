#include "manager/policies/preemptive/preemptive_mapper.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <unordered_map>

namespace rmsim {

const char* to_string(PreemptRule r) {
    switch (r) {
        case PreemptRule::None: return "none";
        case PreemptRule::Greedy: return "greedy";
        case PreemptRule::Diff: return "diff";
        case PreemptRule::Pair: return "pair";
    }
    return "?";
}

double ch4_objective(Objective objective, double util, Seconds ret) {
    // Machovec Ch.4 §4.3.4.2: Util = U(CT); UPT = Util / RET. A task with no time left (RET 0) is valued by
    // its utility per nanosecond, so that it is never worth preempting.
    if (objective == Objective::Util) return util;
    if (objective == Objective::UPT) return util / std::max(ret, 1e-9);
    throw std::invalid_argument("Machovec Ch.4 heuristics use the Util or UPT objective");
}

namespace {
constexpr double kNone = -std::numeric_limits<double>::infinity();

/// One option of a task in phase 1.
struct Choice {
    bool valid = false;
    std::uint32_t core = 0;
    bool busy = false;             ///< preempts the core's task
    bool run_other_first = false;  ///< Pair: the better ordering runs the core's task first (defer)
    double value = kNone;          ///< what phase 1 maximizes (Greedy: Obj; Diff: the gain; Pair: the net)
    double score = kNone;          ///< what phase 2 maximizes
    double victim = kNone;         ///< Obj of the task it preempts (tie-break: the smallest)
};

/// Pair: the best pairs of a task on a cluster, best first (the higher net; on a tie the running task of lower
/// Obj, then of lower index), at most kPairs (the reference walks every pair but keeps as many). Whatever it
/// holds is the true top of the current pairs: a running task that leaves is erased, a new one inserted if it
/// ranks within; only when it runs empty is it walked anew.
constexpr std::size_t kPairs = 2;  // 1-8 measured: 2-3 walk least (bench_ch4_mapper and the Fig. 40 runs)
struct PairList {
    std::uint64_t stamp = 0;  ///< valid while equal to the cluster's stamp + 1
    std::size_t seen = 0;     ///< run_pair: the cluster's changes replayed into it
    std::size_t size = 0;
    std::array<Choice, kPairs> at;  ///< [0, size)

    static bool ahead(const Choice& a, const Choice& b) {
        if (a.value != b.value) return a.value > b.value;
        return std::make_pair(a.victim, a.core) < std::make_pair(b.victim, b.core);
    }
    /// Inserts c where it ranks; returns its position, or kPairs if it ranks below a full list.
    std::size_t insert(const Choice& c) {
        std::size_t p = size;
        while (p > 0 && ahead(c, at[p - 1])) --p;
        if (p >= kPairs) return kPairs;
        for (std::size_t q = std::min(size, kPairs - 1); q > p; --q) at[q] = at[q - 1];
        at[p] = c;
        size = std::min(size + 1, kPairs);
        return p;
    }
    void erase(std::uint32_t core) {
        for (std::size_t p = 0; p < size; ++p)
            if (at[p].core == core) {
                for (std::size_t q = p + 1; q < size; ++q) at[q - 1] = at[q];
                --size;
                return;
            }
    }
};

class Engine {
public:
    Engine(Objective objective, PreemptRule rule, const MapperModel& model, std::vector<MappableTask> mappable,
           std::vector<CoreState> cores, bool rescan)
        : obj_(objective), rule_(rule), model_(model), tasks_(std::move(mappable)), cores_(std::move(cores)),
          rescan_(rescan) {
        ClusterId clusters = 0;
        for (const CoreState& c : cores_) clusters = std::max<ClusterId>(clusters, c.cluster + 1);
        clusters_ = clusters;
        idle_.resize(clusters);
        busy_.resize(clusters);
        stamp_.assign(clusters, 0);
        changes_.resize(clusters);
        value_.assign(cores_.size(), kNone);
        for (std::uint32_t i = static_cast<std::uint32_t>(cores_.size()); i-- > 0;) {
            const CoreState& c = cores_[i];
            if (!c.busy)
                idle_[c.cluster].push_back(i);  // taken from the back: lowest index first
            else
                occupy_value(i);
        }
        active_.assign(tasks_.size(), true);
        original_ = tasks_.size();
        options_.reserve((tasks_.size() + cores_.size()) * clusters_);  // victims come during the event
        // None, Greedy and Diff value a task's options when it is first popped (most never are); Pair and the
        // reference value every task's at once.
        lazy_ = rule_ != PreemptRule::Pair && !rescan_;
        for (const MappableTask& t : tasks_) cache(t);
        // Pair's lists of best pairs: one per group of interchangeable tasks (one per task in the reference).
        if (rule_ != PreemptRule::Pair) return;
        std::unordered_map<std::uint32_t, std::uint32_t> list_of_group;
        std::uint32_t lists = 0;
        for (const MappableTask& t : tasks_) {
            if (rescan_ || t.group == MappableTask::kOwnGroup) {
                list_of_.push_back(lists++);
                continue;
            }
            const auto [it, added] = list_of_group.emplace(t.group, lists);
            if (added) ++lists;
            list_of_.push_back(it->second);
        }
    }

    MapperResult run() {
        MapperResult out;
        // Each preemption strictly raises the objective on its core (Greedy, Diff); Pair is bounded too, but
        // a guard turns an unforeseen cycle into an error rather than a hang.
        const std::uint64_t guard = 64 * (tasks_.size() + cores_.size()) + 1024;
        if (rule_ == PreemptRule::Pair && !rescan_) {
            run_pair(out, guard);
        } else if (rule_ == PreemptRule::Pair || rescan_) {
            // As Alg. 5-7 are written: every task is re-evaluated at each step (the reference).
            for (;;) {
                std::size_t best = tasks_.size();
                Choice pick;
                for (std::size_t i = 0; i < tasks_.size(); ++i) {
                    if (!active_[i]) continue;
                    const Choice c = phase1(i);
                    if (c.valid && c.score > pick.score) {
                        pick = c;
                        best = i;
                    }
                }
                if (best == tasks_.size()) break;
                if (++out.iterations > guard) throw std::logic_error("Machovec Ch.4 mapping: no progress (a cycle)");
                take(best, pick, out);
            }
        } else {
            // Under None, Greedy and Diff a step only makes the other tasks' options worse (an idle core fewer;
            // a running task replaced by one of higher objective, or by one that cannot be preempted), so a
            // task's score never rises within the event: a max-heap of scores, an entry re-valued when it
            // reaches the top, finds the same task as a scan of every task (ties: the earlier task).
            using Entry = std::pair<double, std::size_t>;  // (score, -order) via the comparator below
            auto lower = [](const Entry& a, const Entry& b) {
                return a.first != b.first ? a.first < b.first : a.second > b.second;
            };
            // An entry's key is at least the task's score now: at first a bound on its Obj over the clusters
            // (first_bound), so neither its options nor phase 1 are computed for every task before the first
            // step. These first entries are one heap; the entries re-valued or added (victims) during the event another, and
            // the next entry is the better of the two tops: the order of one heap of them all.
            //
            // Once no core is idle, a step only preempts a task of least Obj on its cluster for a task of higher
            // Obj there (Greedy, Diff; None: nothing), and the least Obj of a cluster never falls (the new task's
            // is higher, or it cannot be preempted): a first entry whose bound is at most every cluster's least
            // Obj can never be taken, nor any below it. Those are most tasks of a deep queue (about 95 % of the
            // entries at Fig. 37, B = 1): they are left unpopped, as phase 1 would find them without an option.
            auto hopeless = [&](double bound) {
                for (ClusterId k = 0; k < clusters_; ++k)
                    if (!idle_[k].empty()) return false;
                if (rule_ == PreemptRule::None) return true;
                for (ClusterId k = 0; k < clusters_; ++k)
                    if (!busy_[k].empty() && bound > busy_[k].front().first) return false;
                return true;
            };
            std::vector<Entry> first, heap;
            first.reserve(tasks_.size());
            for (std::size_t i = 0; i < tasks_.size(); ++i) {
                const double bound = first_bound(i);
                if (bound != kNone) first.emplace_back(bound, i);  // otherwise no option, ever
            }
            std::make_heap(first.begin(), first.end(), lower);
            auto push = [&](std::size_t i, double score) {
                heap.emplace_back(score, i);
                std::push_heap(heap.begin(), heap.end(), lower);
            };
            for (;;) {
                Entry top;
                if (!first.empty() && hopeless(first.front().first)) first.clear();
                if (!first.empty() && (heap.empty() || lower(heap.front(), first.front()))) {
                    std::pop_heap(first.begin(), first.end(), lower);
                    top = first.back();
                    first.pop_back();
                } else if (!heap.empty()) {
                    std::pop_heap(heap.begin(), heap.end(), lower);
                    top = heap.back();
                    heap.pop_back();
                } else {
                    break;
                }
                const auto [score, i] = top;
                value(i);
                const Choice c = phase1(i);
                if (!c.valid) continue;  // an option never comes back
                if (c.score != score) {
                    push(i, c.score);
                    continue;
                }
                if (++out.iterations > guard) throw std::logic_error("Machovec Ch.4 mapping: no progress (a cycle)");
                const std::size_t before = tasks_.size();
                take(i, c, out);
                for (std::size_t v = before; v < tasks_.size(); ++v) {  // a victim, mappable at once
                    const Choice cv = phase1(v);
                    if (cv.valid) push(v, cv.score);
                }
            }
        }
        out.cores = cores_;
        return out;
    }

private:
    /// Pair (Alg. 7) without re-evaluating every task at each step. A task's score is at most its best Obj over
    /// the clusters (an idle core and ordering A score Obj(t); ordering B scores t's utility after the running
    /// task's, never more), a bound that does not change in the event. A step that changes a core may change
    /// any task's choice, but the step's task is the one of highest score (ties: the lowest index): the tasks
    /// are evaluated in the order of their bounds, only until the best score found is above the next bound, and
    /// scores found stand until a core changes (a step that only defers a task changes none). So a step looks
    /// at the few tasks that could win it, not at all of them. The same choices as the reference (every task at
    /// each step), tested on random events.
    void run_pair(MapperResult& out, std::uint64_t guard) {
        using Entry = struct {
            double score;
            std::size_t task;
        };
        auto lower = [](const Entry& a, const Entry& b) {
            return a.score != b.score ? a.score < b.score : a.task > b.task;
        };
        std::vector<double> bound;
        auto bound_of = [&](std::size_t i) {
            double b = kNone;
            for (ClusterId k = 0; k < clusters_; ++k)
                if (option(i, k).ret >= 0) b = std::max(b, option(i, k).value);
            return b;
        };
        auto ahead = [&](std::size_t a, std::size_t b) { return bound[a] != bound[b] ? bound[a] > bound[b] : a < b; };
        for (std::size_t i = 0; i < tasks_.size(); ++i) bound.push_back(bound_of(i));
        std::vector<std::size_t> order(tasks_.size()), victims;  // by bound; victims come during the event
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::sort(order.begin(), order.end(), ahead);
        std::vector<Choice> choice(tasks_.size());
        std::vector<Entry> heap;                     // scores found since the last change of a core
        std::size_t next_task = 0, next_victim = 0;  // the first not evaluated since the last change
        for (;;) {
            while (next_task < order.size() && !active_[order[next_task]]) ++next_task;
            while (next_victim < victims.size() && !active_[victims[next_victim]]) ++next_victim;
            const bool from_tasks = next_task < order.size() &&
                                    (next_victim == victims.size() || ahead(order[next_task], victims[next_victim]));
            const std::size_t d = from_tasks                     ? order[next_task]
                                  : next_victim < victims.size() ? victims[next_victim]
                                                                 : tasks_.size();
            while (!heap.empty() && !active_[heap.front().task]) {
                std::pop_heap(heap.begin(), heap.end(), lower);
                heap.pop_back();
            }
            if (d < tasks_.size() && (heap.empty() || bound[d] > heap.front().score ||
                                      (bound[d] == heap.front().score && d < heap.front().task))) {
                (from_tasks ? next_task : next_victim)++;
                choice[d] = phase1(d);
                if (choice[d].valid) {
                    heap.push_back({choice[d].score, d});
                    std::push_heap(heap.begin(), heap.end(), lower);
                }
                continue;
            }
            if (heap.empty()) break;
            const std::size_t i = heap.front().task;
            if (++out.iterations > guard) throw std::logic_error("Machovec Ch.4 mapping: no progress (a cycle)");
            const std::size_t before = tasks_.size();
            take(i, choice[i], out);
            if (choice[i].run_other_first) continue;  // a deferral: no core changed, every score found stands
            heap.clear();
            next_task = next_victim = 0;
            for (std::size_t v = before; v < tasks_.size(); ++v) {  // a victim, mappable at once
                bound.push_back(bound_of(v));
                choice.emplace_back();
                victims.insert(std::upper_bound(victims.begin(), victims.end(), v, ahead), v);
            }
        }
    }

    /// Pair in run_pair: a change of `core` (its new running task, or the one that left) reaches the lists of
    /// best pairs on its cluster (PairList) when they are next read: the task that left is erased; the new one
    /// enters if it ranks ahead of the last entry (below it, other running tasks may rank between); a list that
    /// runs empty is walked anew.
    void replay(std::size_t i, ClusterId k, PairList& list) const {
        const std::vector<std::uint32_t>& log = changes_[k];
        for (; list.seen < log.size(); ++list.seen) {
            const std::uint32_t core = log[list.seen];
            list.erase(core);
            if (list.size == 0) {
                walk(i, k, list);
                list.seen = log.size();
                return;
            }
            const CoreState& c = cores_[core];
            if (!c.busy || !c.preemptible) continue;
            // A pair is worth at most Obj(t) + Obj(r) (utility never rises with delay).
            if (option(i, k).value + value_[core] < list.at[list.size - 1].value) continue;
            const Choice x = pair_with(i, k, core);
            if (x.valid && PairList::ahead(x, list.at[list.size - 1])) list.insert(x);
        }
    }

    void take(std::size_t i, const Choice& c, MapperResult& out) {
        active_[i] = false;
        if (c.run_other_first) {
            out.deferred.push_back(tasks_[i].id);
            return;
        }
        apply(i, c, out);
    }

    double objective(double util, Seconds r) const { return ch4_objective(obj_, util, r); }
    /// A task's RET, utility and objective on each cluster: fixed for the event (time does not move).
    struct Option {
        Seconds ret = -1;
        double util = 0;
        double value = kNone;
    };
    /// `victim_ret`: of a task preempted in this event, its RET on the cluster it is pinned to. A victim's
    /// options are valued at once (phase 1 runs for it next), the others' at once unless lazy_.
    void cache(const MappableTask& t, std::optional<Seconds> victim_ret = std::nullopt) {
        for (ClusterId k = 0; k < clusters_; ++k) {
            Option o;
            if (!t.pinned || *t.pinned == k) o.ret = victim_ret ? *victim_ret : model_.ret(t.id, k);
            options_.push_back(o);
        }
        valued_.push_back(false);
        if (!lazy_ || victim_ret) value(valued_.size() - 1);
    }
    /// Task i's utility and objective on each cluster where it can run.
    void value(std::size_t i) {
        if (valued_[i]) return;
        valued_[i] = true;
        for (ClusterId k = 0; k < clusters_; ++k) {
            Option& o = options_[i * clusters_ + k];
            if (o.ret < 0) continue;
            o.util = model_.utility(tasks_[i].id, o.ret);
            o.value = objective(o.util, o.ret);
        }
    }
    /// At least task i's score at any step (kNone: it has no option, ever) without valuing its options: the
    /// utility never rises with the completion time, so the cluster of least RET earns the most, and Obj is at
    /// most that utility (Util) or that utility per the least RET (UPT). An idle core and a preemption under
    /// Greedy score Obj; under Diff Obj less the victim's, never negative.
    double first_bound(std::size_t i) const {
        Seconds least = -1;
        for (ClusterId k = 0; k < clusters_; ++k) {
            const Seconds r = option(i, k).ret;
            if (r >= 0 && (least < 0 || r < least)) least = r;
        }
        if (least < 0) return kNone;
        const double u = model_.utility_bound(tasks_[i].id, least);
        return u > 0 ? objective(u, least) : kNone;
    }
    const Option& option(std::size_t i, ClusterId k) const { return options_[i * clusters_ + k]; }
    /// Obj of the task running on core i, at its own projected completion (now + RET_r).
    void occupy_value(std::uint32_t i) {
        const CoreState& c = cores_[i];
        value_[i] = objective(model_.utility(c.task, c.ret), c.ret);
        if (c.preemptible) {
            auto& busy = busy_[c.cluster];
            const std::pair<double, std::uint32_t> e{value_[i], i};
            busy.insert(std::lower_bound(busy.begin(), busy.end(), e), e);
        }
    }

    /// Better option for phase 1: a higher value; on a tie an idle core, then the smaller victim.
    static bool better(const Choice& a, const Choice& b) {
        if (!b.valid) return a.valid;
        if (a.value != b.value) return a.value > b.value;
        if (a.busy != b.busy) return !a.busy;
        return a.victim < b.victim;
    }

    Choice phase1(std::size_t i) const {
        const MappableTask& t = tasks_[i];
        Choice best;
        const auto clusters = static_cast<ClusterId>(idle_.size());
        // Pair: the best idle core and the best pair over every preemptible core.
        Choice idle_best, pair_best;
        for (ClusterId k = 0; k < clusters; ++k) {
            const Option& o = option(i, k);
            const Seconds r = o.ret;
            if (r < 0) continue;
            const double u = o.util;
            const double v = o.value;
            if (u > 0 && !idle_[k].empty()) {
                Choice c;
                c.valid = true;
                c.core = idle_[k].back();
                c.value = c.score = v;
                if (better(c, idle_best)) idle_best = c;
            }
            if (!t.can_preempt || rule_ == PreemptRule::None) continue;
            if (rule_ == PreemptRule::Pair) {
                // A task preempted during this event does not preempt in turn under Pair: the orderings of
                // three or more tasks can otherwise cycle (a preempts b, b preempts c, c preempts a), which
                // Alg. 7 does not rule out (a GAP; Greedy and Diff cannot cycle: each preemption raises the
                // objective on its core). It may still take an idle core.
                if (i >= original_) continue;
                const Choice* c = pair_on(i, k);
                if (c && c->value > pair_best.value) pair_best = *c;
                continue;
            }
            // Greedy / Diff: on a cluster every busy core gives t the same Obj; the victim of least Obj is
            // the tie-break of Alg. 6 and the best gain of Diff.
            if (u <= 0 || busy_[k].empty()) continue;
            const auto& [rv, core] = *busy_[k].begin();
            if (!(v > rv)) continue;  // preempt only for more (Alg. 6: Util(t, core) > Util_r)
            Choice c;
            c.valid = true;
            c.core = core;
            c.busy = true;
            c.victim = rv;
            c.value = c.score = rule_ == PreemptRule::Greedy ? v : v - rv;
            if (better(c, best)) best = c;
        }
        if (rule_ == PreemptRule::Pair) {
            if (!pair_best.valid) return idle_best;
            // The idle option leaves the pair's running task where it is: its own Obj counts beside t's.
            const double idle_net = idle_best.valid ? idle_best.value + pair_best.victim : kNone;
            return pair_best.value > idle_net ? pair_best : idle_best;
        }
        return better(idle_best, best) ? idle_best : best;
    }

    /// Pair: task i's best pair with a preemptible task of cluster k (Alg. 7: the better ordering on each
    /// core, the best net over the cores; null if none). Kept until cluster k's cores change (the reference)
    /// or, in run_pair, kept up to date as they change.
    const Choice* pair_on(std::size_t i, ClusterId k) const {
        const std::uint32_t l = list_of_[i];
        if (pair_cache_.size() <= l) pair_cache_.resize(l + 1);
        auto& row = pair_cache_[l];
        if (row.empty()) row.resize(idle_.size());
        PairList& list = row[k];
        if (list.stamp != stamp_[k] + 1) {
            list.stamp = stamp_[k] + 1;
            walk(i, k, list);
            list.seen = changes_[k].size();
        } else if (list.seen < changes_[k].size()) {
            replay(i, k, list);
        }
        return list.size > 0 ? &list.at[0] : nullptr;
    }

    /// The kPairs best pairs of task i on cluster k, best first; the reference (`rescan`) walks every pair. U
    /// is non-increasing, so a pair is worth at most Obj(t now) + Obj(r now) (each on its own): walking the
    /// running tasks from the most valuable down, the walk stops once that bound falls below the last pair
    /// kept. Once it only equals it (utility classes give many running tasks the same Obj), the rest of the
    /// walk can only tie, and only on running tasks of that same Obj; a tie goes to the running task of lower
    /// Obj, then of lower index (as a walk up would find it), so those are tried from the lowest index up until
    /// the list is full.
    void walk(std::size_t i, ClusterId k, PairList& list) const {
        list.size = 0;
        const double vt = option(i, k).value;
        const auto& busy = busy_[k];
        for (auto it = busy.rbegin(); it != busy.rend(); ++it) {
            const auto& [rv, core] = *it;
            if (!rescan_ && list.size == kPairs) {
                const double last = list.at[kPairs - 1].value;
                if (vt + rv < last) break;
                if (vt + rv == last) {
                    for (auto j = std::lower_bound(busy.begin(), busy.end(), std::make_pair(rv, 0u));
                         j != busy.end() && j->second <= core; ++j) {
                        const Choice c = pair_with(i, k, j->second);
                        if (c.valid && c.value == last && list.insert(c) == kPairs) break;
                    }
                    break;
                }
            }
            const Choice c = pair_with(i, k, core);
            if (c.valid) list.insert(c);
        }
    }

    /// Alg. 7 for task i and the preemptible task running on `core` of cluster k: the better ordering.
    Choice pair_with(std::size_t i, ClusterId k, std::uint32_t core) const {
        const Option& o = option(i, k);
        const CoreState& occ = cores_[core];
        const double rv = value_[core];
        const Seconds r = o.ret, rr = occ.ret;
        // Ordering A: t now, then r after it; B: r finishes, then t.
        const double net_a = o.value + objective(model_.utility(occ.task, r + rr), rr);
        const double ut_b = model_.utility(tasks_[i].id, rr + r);
        const double net_b = rv + objective(ut_b, r);
        Choice c;
        c.core = core;
        c.busy = true;
        c.victim = rv;
        c.run_other_first = net_b >= net_a;
        c.value = std::max(net_a, net_b);
        c.score = c.run_other_first ? objective(ut_b, r) : o.value;
        c.valid = c.run_other_first || o.util > 0;  // never an assignment that earns nothing
        return c;
    }

    void apply(std::size_t i, const Choice& c, MapperResult& out) {
        const MappableTask t = tasks_[i];
        CoreState& core = cores_[c.core];
        const ClusterId k = core.cluster;
        Assignment a;
        a.task = t.id;
        a.core = c.core;
        if (c.busy) {
            // The preempted task returns to the mappable set at once, pinned to its cluster (§4.2.3).
            auto& busy = busy_[k];
            busy.erase(std::lower_bound(busy.begin(), busy.end(), std::make_pair(value_[c.core], c.core)));
            a.preempted = core.task;
            MappableTask v;
            v.id = core.task;
            v.can_preempt = core.can_preempt;
            v.preemptible = true;
            v.pinned = k;
            tasks_.push_back(v);
            active_.push_back(true);
            cache(v, core.ret);
        } else {
            auto& list = idle_[k];
            list.erase(std::find(list.begin(), list.end(), c.core));
        }
        if (rescan_)
            ++stamp_[k];  // Pair's lists on this cluster are stale
        else
            changes_[k].push_back(c.core);  // run_pair: replayed into them when read
        core.busy = true;
        core.task = t.id;
        core.ret = option(i, k).ret;
        core.preemptible = t.preemptible;
        core.can_preempt = t.can_preempt;
        occupy_value(c.core);
        out.assignments.push_back(a);
    }

    Objective obj_;
    PreemptRule rule_;
    const MapperModel& model_;
    std::vector<MappableTask> tasks_;
    std::size_t original_ = 0;  ///< tasks_[original_..] were preempted during the event
    std::vector<bool> active_;
    std::vector<CoreState> cores_;
    bool rescan_ = false;
    ClusterId clusters_ = 0;
    std::vector<Option> options_;  ///< per task, per cluster (option())
    std::vector<bool> valued_;     ///< per task: its options' utilities known
    bool lazy_ = false;
    std::vector<double> value_;                     ///< per busy core: Obj of its task
    std::vector<std::vector<std::uint32_t>> idle_;  ///< per cluster
    /// Per cluster: its preemptible running tasks by (Obj, core), a sorted array (a cluster has hundreds of
    /// cores at most; the walks read it far more often than steps change it).
    std::vector<std::vector<std::pair<double, std::uint32_t>>> busy_;
    std::vector<std::uint64_t> stamp_;                       ///< per cluster: changes of its cores
    std::vector<std::vector<std::uint32_t>> changes_;        ///< per cluster: the cores changed, in order
    mutable std::vector<std::vector<PairList>> pair_cache_;  ///< Pair: per list (list_of_), per cluster
    /// Pair: per task given to the mapper, the index of its lists in pair_cache_ (shared within a group, §4.4.3
    /// bursts); the tasks preempted during the event do not pair (phase1).
    std::vector<std::uint32_t> list_of_;
};

}  // namespace

MapperResult map_event(Objective objective, PreemptRule rule, const MapperModel& model,
                       std::vector<MappableTask> mappable, std::vector<CoreState> cores, bool rescan) {
    if (objective != Objective::Util && objective != Objective::UPT)
        throw std::invalid_argument("Machovec Ch.4 heuristics use the Util or UPT objective");
    return Engine(objective, rule, model, std::move(mappable), std::move(cores), rescan).run();
}

}  // namespace rmsim
