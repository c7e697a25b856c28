#include "manager/policies/tarplee/nsga2.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <random>
#include <stdexcept>

#include "manager/policies/tarplee/min_min.h"

namespace rmsim {

namespace {

struct Machine {
    std::size_t type;
};

struct Individual {
    std::vector<std::uint32_t> genes;  ///< machine per task
    double energy = 0, makespan = 0;
    std::size_t rank = 0;
    double crowding = 0;
};

class Problem {
public:
    Problem(const TypeBag& bag, const EnergyModel& m) : bag_(bag), m_(m) {
        for (std::size_t j = 0; j < bag.machine_types(); ++j)
            for (Count k = 0; k < bag.machines[j]; ++k) machines_.push_back({j});
        for (std::size_t i = 0; i < bag.task_types(); ++i)
            for (Count n = 0; n < bag.tasks[i]; ++n) task_type_.push_back(i);
        first_machine_.assign(bag.machine_types() + 1, 0);
        for (std::size_t j = 0; j < bag.machine_types(); ++j)
            first_machine_[j + 1] = first_machine_[j] + static_cast<std::size_t>(bag.machines[j]);
    }
    std::size_t tasks() const { return task_type_.size(); }
    std::size_t machines() const { return machines_.size(); }

    void evaluate(Individual& x) const {
        std::vector<double> ready(machines_.size(), 0.0);
        double busy_energy = 0;
        for (std::size_t t = 0; t < task_type_.size(); ++t) {
            const std::size_t i = task_type_[t], j = machines_[x.genes[t]].type;
            ready[x.genes[t]] += bag_.etc[i][j];
            busy_energy += m_.apc[i][j] * bag_.etc[i][j];
        }
        x.makespan = *std::max_element(ready.begin(), ready.end());
        double idle = 0;
        for (std::size_t k = 0; k < ready.size(); ++k)
            idle += m_.idle_power[machines_[k].type] * (x.makespan - ready[k]);
        x.energy = busy_energy + idle;
    }

    /// Genes of a full allocation: each machine's y_ijk tasks of type i, in task order.
    Individual from_allocation(const FullAllocation& a) const {
        Individual x;
        x.genes.assign(task_type_.size(), 0);
        std::vector<std::size_t> next(bag_.task_types(), 0), first(bag_.task_types(), 0);
        for (std::size_t t = 0, i = 0; i < bag_.task_types(); t += static_cast<std::size_t>(bag_.tasks[i]), ++i)
            first[i] = t;
        for (std::size_t j = 0; j < bag_.machine_types(); ++j)
            for (std::size_t k = 0; k < static_cast<std::size_t>(bag_.machines[j]); ++k)
                for (std::size_t i = 0; i < bag_.task_types(); ++i)
                    for (Count n = 0; n < a.count(i, j, k); ++n)
                        x.genes[first[i] + next[i]++] = static_cast<std::uint32_t>(first_machine_[j] + k);
        return x;
    }

    /// Seeding 1: each task to its least-energy machine type (lower type on ties), round-robin over its machines.
    Individual min_energy() const {
        Individual x;
        std::vector<std::size_t> turn(bag_.machine_types(), 0);
        for (std::size_t i : task_type_) {
            std::size_t best = 0;
            double e = std::numeric_limits<double>::infinity();
            for (std::size_t j = 0; j < bag_.machine_types(); ++j)
                if (bag_.machines[j] > 0 && bag_.etc[i][j] * m_.apc[i][j] < e) {
                    e = bag_.etc[i][j] * m_.apc[i][j];
                    best = j;
                }
            x.genes.push_back(static_cast<std::uint32_t>(first_machine_[best] +
                                                         turn[best]++ % static_cast<std::size_t>(bag_.machines[best])));
        }
        return x;
    }

    FrontPoint point(const Individual& x) const {
        FrontPoint p;
        p.energy = x.energy;
        p.makespan = x.makespan;
        p.mu.assign(bag_.task_types(), std::vector<double>(bag_.machine_types(), 0.0));
        for (std::size_t t = 0; t < task_type_.size(); ++t) p.mu[task_type_[t]][machines_[x.genes[t]].type] += 1;
        return p;
    }

private:
    const TypeBag& bag_;
    const EnergyModel& m_;
    std::vector<Machine> machines_;
    std::vector<std::size_t> task_type_, first_machine_;
};

bool dominates(const Individual& a, const Individual& b) {
    return a.energy <= b.energy && a.makespan <= b.makespan && (a.energy < b.energy || a.makespan < b.makespan);
}

/// Deb et al.'s fast non-dominated sort and crowding distance; returns the fronts (indices).
std::vector<std::vector<std::size_t>> rank_and_crowd(std::vector<Individual>& pop) {
    const std::size_t n = pop.size();
    std::vector<std::vector<std::size_t>> dominated(n), fronts(1);
    std::vector<std::size_t> count(n, 0);
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b) {
            if (dominates(pop[a], pop[b])) {
                dominated[a].push_back(b);
                ++count[b];
            } else if (dominates(pop[b], pop[a])) {
                dominated[b].push_back(a);
                ++count[a];
            }
        }
    for (std::size_t a = 0; a < n; ++a)
        if (count[a] == 0) {
            pop[a].rank = 0;
            fronts[0].push_back(a);
        }
    for (std::size_t f = 0; !fronts[f].empty(); ++f) {
        std::vector<std::size_t> next;
        for (std::size_t a : fronts[f])
            for (std::size_t b : dominated[a])
                if (--count[b] == 0) {
                    pop[b].rank = f + 1;
                    next.push_back(b);
                }
        fronts.push_back(std::move(next));
    }
    fronts.pop_back();
    for (auto& front : fronts) {
        for (std::size_t a : front) pop[a].crowding = 0;
        for (int obj = 0; obj < 2; ++obj) {
            auto val = [&](std::size_t a) { return obj == 0 ? pop[a].energy : pop[a].makespan; };
            std::stable_sort(front.begin(), front.end(), [&](std::size_t a, std::size_t b) { return val(a) < val(b); });
            const double span = val(front.back()) - val(front.front());
            pop[front.front()].crowding = pop[front.back()].crowding = std::numeric_limits<double>::infinity();
            if (span <= 0) continue;
            for (std::size_t k = 1; k + 1 < front.size(); ++k)
                pop[front[k]].crowding += (val(front[k + 1]) - val(front[k - 1])) / span;
        }
    }
    return fronts;
}

bool better(const Individual& a, const Individual& b) {
    return a.rank != b.rank ? a.rank < b.rank : a.crowding > b.crowding;
}

}  // namespace

std::vector<FrontPoint> nsga2_front(const TypeBag& bag, const EnergyModel& m, const Nsga2Params& p,
                                    const std::vector<FullAllocation>& seeds) {
    bag.validate();
    if (p.population < 2) throw std::invalid_argument("NSGA-II: population must be >= 2");
    const Problem prob(bag, m);
    if (prob.tasks() == 0) return {};
    std::mt19937_64 rng(p.seed);
    std::uniform_int_distribution<std::uint32_t> machine(0, static_cast<std::uint32_t>(prob.machines() - 1));
    std::uniform_real_distribution<double> u01(0.0, 1.0);
    std::vector<Individual> pop;
    if (seeds.empty()) {
        pop.push_back(prob.min_energy());
        pop.push_back(prob.from_allocation(min_min_optimized(bag, BatchSelection::MinMin)));
    } else {
        for (const FullAllocation& a : seeds)
            if (pop.size() < p.population) pop.push_back(prob.from_allocation(a));
    }
    while (pop.size() < p.population) {
        Individual x;
        for (std::size_t t = 0; t < prob.tasks(); ++t) x.genes.push_back(machine(rng));
        pop.push_back(std::move(x));
    }
    for (Individual& x : pop) prob.evaluate(x);
    rank_and_crowd(pop);
    const double mutation = 1.0 / static_cast<double>(prob.tasks());
    std::uniform_int_distribution<std::size_t> pick(0, pop.size() - 1), cut(0, prob.tasks());
    auto tournament = [&]() -> const Individual& {
        const Individual& a = pop[pick(rng)];
        const Individual& b = pop[pick(rng)];
        return better(b, a) ? b : a;
    };
    for (std::size_t g = 0; g < p.generations; ++g) {
        std::vector<Individual> next = pop;
        while (next.size() < 2 * p.population) {
            Individual c1 = tournament(), c2 = tournament();
            if (u01(rng) < p.crossover_probability) {
                std::size_t a = cut(rng), b = cut(rng);
                if (a > b) std::swap(a, b);
                for (std::size_t t = a; t < b; ++t) std::swap(c1.genes[t], c2.genes[t]);
            }
            for (Individual* c : {&c1, &c2}) {
                for (std::size_t t = 0; t < prob.tasks(); ++t)
                    if (u01(rng) < mutation) c->genes[t] = machine(rng);
                prob.evaluate(*c);
                next.push_back(std::move(*c));
            }
        }
        // Elitist survival: whole fronts by rank, the last one by crowding distance.
        const auto fronts = rank_and_crowd(next);
        std::vector<Individual> survivors;
        for (const auto& front : fronts) {
            if (survivors.size() + front.size() <= p.population) {
                for (std::size_t a : front) survivors.push_back(next[a]);
                continue;
            }
            std::vector<std::size_t> f = front;
            std::stable_sort(f.begin(), f.end(),
                             [&](std::size_t a, std::size_t b) { return next[a].crowding > next[b].crowding; });
            for (std::size_t k = 0; survivors.size() < p.population; ++k) survivors.push_back(next[f[k]]);
            break;
        }
        pop = std::move(survivors);
        rank_and_crowd(pop);
    }
    std::vector<FrontPoint> out;
    for (const Individual& x : pop)
        if (x.rank == 0) out.push_back(prob.point(x));
    return non_dominated(std::move(out));
}

}  // namespace rmsim
