#include "workloads/tarplee_bag_generator.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

#include "workloads/arrivals.h"

namespace rmsim {

namespace {

void require(bool ok, const std::string& what) {
    if (!ok) throw std::invalid_argument("Tarplee bag: " + what);
}

}  // namespace

TarpleeBag generate_tarplee_bag(const TarpleeBagParams& p, std::mt19937_64& rng) {
    const std::size_t M = p.pstate_slowdown.size();
    require(M > 0, "no core types");
    TarpleeBag bag;
    switch (p.etc_source) {
        case BagEtcSource::Table: bag.etc = p.etc; break;
        case BagEtcSource::Uniform: {
            require(p.uniform_min_s > 0 && p.uniform_max_s >= p.uniform_min_s, "need 0 < min_s <= max_s");
            std::uniform_real_distribution<double> u(p.uniform_min_s, p.uniform_max_s);
            bag.etc.assign(p.task_types, std::vector<double>(M));
            for (auto& row : bag.etc)
                for (auto& v : row) v = u(rng);
            break;
        }
        case BagEtcSource::Range:
            bag.etc = generate_etc_range({p.task_types, M, p.r_task, p.r_mach, EtcConsistency::Inconsistent}, rng);
            break;
        case BagEtcSource::Cvb:
            bag.etc =
                generate_etc_cvb({p.task_types, M, p.mean_s, p.v_task, p.v_mach, EtcConsistency::Inconsistent}, rng);
            break;
    }
    const std::size_t T = bag.etc.size();
    require(T > 0, "no task types");
    for (const auto& row : bag.etc) {
        require(row.size() == M,
                "an ETC row has " + std::to_string(row.size()) + " entries for " + std::to_string(M) + " core types");
        for (double v : row) require(v > 0 && std::isfinite(v), "ETC entries must be > 0");
    }
    if (p.apc_cvb) {
        bag.apc = generate_etc_cvb({T, M, p.apc_mean_w, p.apc_v_task, p.apc_v_mach, EtcConsistency::Inconsistent}, rng);
    } else {
        bag.apc = p.apc;
    }
    if (!bag.apc.empty()) {
        require(bag.apc.size() == T,
                "the APC has " + std::to_string(bag.apc.size()) + " rows for " + std::to_string(T) + " task types");
        for (const auto& row : bag.apc) {
            require(row.size() == M, "an APC row has " + std::to_string(row.size()) + " entries for " +
                                         std::to_string(M) + " core types");
            for (double v : row) require(v > 0 && std::isfinite(v), "APC entries must be > 0");
        }
    }
    std::vector<double> w = p.type_weights.empty() ? std::vector<double>(T, 1.0) : p.type_weights;
    require(w.size() == T,
            "type_weights has " + std::to_string(w.size()) + " entries for " + std::to_string(T) + " task types");
    for (double x : w) require(x >= 0 && std::isfinite(x), "type weights must be >= 0");

    std::vector<std::shared_ptr<const TimeTable>> tables(T);
    for (std::size_t i = 0; i < T; ++i) {
        auto t = std::make_shared<TimeTable>();
        t->seconds.resize(M);
        for (std::size_t j = 0; j < M; ++j) {
            for (double slow : p.pstate_slowdown[j]) t->seconds[j].push_back(bag.etc[i][j] * slow);
            if (!bag.apc.empty()) {
                t->busy_power_w.resize(M);
                t->busy_power_w[j] = {bag.apc[i][j]};  // P0; the other P-states keep their busy power
            }
        }
        tables[i] = t;
    }
    if (!p.rewards.empty()) {
        require(p.rewards.size() == T, "rewards has " + std::to_string(p.rewards.size()) + " entries for " +
                                           std::to_string(T) + " task types");
        for (double r : p.rewards) require(r >= 0 && std::isfinite(r), "rewards must be >= 0");
    }
    auto make = [&](Task& t, std::size_t i) {
        t.type = static_cast<TaskTypeId>(i);
        t.cores = 1;
        t.work.set_table(tables[i]);
        if (!p.rewards.empty()) t.utility = UtilityFunction::constant(p.rewards[i]);
    };
    if (!p.arrival_rates.empty()) {
        require(p.arrival_rates.size() == T, "arrival_rates has " + std::to_string(p.arrival_rates.size()) +
                                                 " entries for " + std::to_string(T) + " task types");
        require(p.horizon_s > 0 && std::isfinite(p.horizon_s), "horizon_s must be > 0");
        std::vector<std::pair<Seconds, std::size_t>> arrivals;  // (time, type), types in order
        for (std::size_t i = 0; i < T; ++i) {
            require(p.arrival_rates[i] >= 0 && std::isfinite(p.arrival_rates[i]), "arrival rates must be >= 0");
            if (p.arrival_rates[i] > 0)
                for (Seconds a : poisson_arrivals(p.arrival_rates[i], p.horizon_s, rng)) arrivals.emplace_back(a, i);
        }
        std::stable_sort(arrivals.begin(), arrivals.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        bag.tasks.resize(arrivals.size());
        for (std::size_t k = 0; k < arrivals.size(); ++k) {
            Task& t = bag.tasks[k];
            t.id = k;
            t.arrival_s = arrivals[k].first;
            make(t, arrivals[k].second);
        }
        return bag;
    }
    std::discrete_distribution<std::size_t> type(w.begin(), w.end());
    bag.tasks.resize(p.tasks);
    for (std::uint32_t k = 0; k < p.tasks; ++k) {
        Task& t = bag.tasks[k];
        t.id = k;
        t.arrival_s = 0;
        make(t, type(rng));
    }
    return bag;
}

}  // namespace rmsim
