#include "workloads/singh_dag_generator.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace rmsim {

namespace {

void require(bool ok, const std::string& what) {
    if (!ok) throw std::invalid_argument("singh workload: " + what);
}

bool finite_range(double lo, double hi) { return std::isfinite(lo) && std::isfinite(hi) && lo <= hi; }

using Edges = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

Edges chain_edges(std::uint32_t n) {
    Edges e;
    for (std::uint32_t i = 0; i + 1 < n; ++i) e.emplace_back(i, i + 1);
    return e;
}

Edges fork_join_edges(std::uint32_t n) {
    Edges e;
    for (std::uint32_t i = 1; i + 1 < n; ++i) e.emplace_back(0, i);
    for (std::uint32_t i = 1; i + 1 < n; ++i) e.emplace_back(i, n - 1);
    return e;
}

Edges layered_edges(std::uint32_t n, double extra_p, std::mt19937_64& rng) {
    const std::uint32_t layers = std::uniform_int_distribution<std::uint32_t>(2, n - 1)(rng);
    std::vector<std::uint32_t> size(layers, 1);
    std::uniform_int_distribution<std::uint32_t> any_layer(0, layers - 1);
    for (std::uint32_t i = layers; i < n; ++i) ++size[any_layer(rng)];
    std::vector<std::uint32_t> first(layers + 1, 0);  // tasks of layer l: [first[l], first[l+1])
    for (std::uint32_t l = 0; l < layers; ++l) first[l + 1] = first[l] + size[l];
    std::vector<std::vector<bool>> edge(n, std::vector<bool>(n, false));
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (std::uint32_t l = 1; l < layers; ++l)
        for (std::uint32_t t = first[l]; t < first[l + 1]; ++t) {
            const std::uint32_t p = std::uniform_int_distribution<std::uint32_t>(first[l - 1], first[l] - 1)(rng);
            edge[p][t] = true;
            for (std::uint32_t q = 0; q < first[l]; ++q)
                if (q != p && unit(rng) < extra_p) edge[q][t] = true;
        }
    for (std::uint32_t l = 0; l + 1 < layers; ++l)
        for (std::uint32_t t = first[l]; t < first[l + 1]; ++t) {
            if (std::find(edge[t].begin(), edge[t].end(), true) != edge[t].end()) continue;
            edge[t][std::uniform_int_distribution<std::uint32_t>(first[l + 1], first[l + 2] - 1)(rng)] = true;
        }
    Edges e;
    for (std::uint32_t a = 0; a < n; ++a)
        for (std::uint32_t b = 0; b < n; ++b)
            if (edge[a][b]) e.emplace_back(a, b);
    return e;
}

/// Inverse CDF of the day shape on [0, day_s): breakpoints, rates and cumulative weights.
struct DayShape {
    std::vector<Seconds> start;
    std::vector<double> rate;
    std::vector<double> cumulative;  ///< weight before segment i; back() = total

    DayShape(const PiecewiseRate& shape, Seconds day_s) {
        shape.validate();
        std::vector<Seconds> b{0};
        if (shape.period_s > 0) {
            for (Seconds base = 0; base < day_s; base += shape.period_s)
                for (const auto& s : shape.segments)
                    if (base + s.start_s < day_s) b.push_back(base + s.start_s);
        } else {
            for (const auto& s : shape.segments)
                if (s.start_s < day_s) b.push_back(s.start_s);
        }
        std::sort(b.begin(), b.end());
        b.erase(std::unique(b.begin(), b.end()), b.end());
        cumulative.push_back(0);
        for (std::size_t i = 0; i < b.size(); ++i) {
            const Seconds end = i + 1 < b.size() ? b[i + 1] : day_s;
            start.push_back(b[i]);
            rate.push_back(shape.at(b[i]));
            cumulative.push_back(cumulative.back() + rate.back() * (end - b[i]));
        }
        require(cumulative.back() > 0, "day_rate_shape has zero rate over the whole day");
    }

    /// u in [0, 1) -> time in [0, day_s).
    Seconds inverse(double u, Seconds day_s) const {
        // Clamped below the total so that a positive-rate segment always holds w.
        const double w = std::min(u * cumulative.back(), std::nextafter(cumulative.back(), 0.0));
        std::size_t i = 0;
        while (i + 1 < start.size() && (rate[i] == 0 || cumulative[i + 1] <= w)) ++i;
        const Seconds t = start[i] + (w - cumulative[i]) / rate[i];
        return std::min(t, std::nextafter(day_s, 0.0));
    }
};

}  // namespace

void SinghWorkloadParams::validate() const {
    require(job_count >= 1, "job_count must be >= 1");
    require(min_tasks >= 3 && min_tasks <= max_tasks, "need 3 <= min_tasks <= max_tasks");
    const double shapes = fork_join_probability + chain_probability + layered_probability;
    require(fork_join_probability >= 0 && chain_probability >= 0 && layered_probability >= 0 && std::isfinite(shapes) &&
                shapes > 0,
            "shape probabilities must be >= 0 with a positive sum");
    require(layered_extra_edge_probability >= 0 && layered_extra_edge_probability <= 1,
            "layered_extra_edge_probability must be in [0, 1]");
    require(finite_range(task_time_min_s, task_time_max_s) && task_time_min_s > 0,
            "need 0 < task_time_min_s <= task_time_max_s");
    require(std::isfinite(reference_frequency_hz) && reference_frequency_hz > 0, "reference_frequency_hz must be > 0");
    require(
        finite_range(memory_fraction_min, memory_fraction_max) && memory_fraction_min >= 0 && memory_fraction_max < 1,
        "need 0 <= memory_fraction_min <= memory_fraction_max < 1");
    require(finite_range(edge_bytes_min, edge_bytes_max) && edge_bytes_min >= 1,
            "need 1 <= edge_bytes_min <= edge_bytes_max");
    require(std::isfinite(value_per_work_s) && value_per_work_s > 0, "value_per_work_s must be > 0");
    require(finite_range(importance_min, importance_max) && importance_min > 0,
            "need 0 < importance_min <= importance_max");
    require(finite_range(soft_deadline_factor_min, soft_deadline_factor_max) && soft_deadline_factor_min >= 0,
            "need 0 <= soft_deadline_factor_min <= soft_deadline_factor_max");
    require(finite_range(decay_factor_min, decay_factor_max) && decay_factor_min > 0,
            "need 0 < decay_factor_min <= decay_factor_max");
    require(std::isfinite(day_s) && day_s > 0, "day_s must be > 0");
    require(std::isfinite(mean_interarrival_low_s) && mean_interarrival_low_s > 0 &&
                std::isfinite(mean_interarrival_moderate_s) && mean_interarrival_moderate_s > 0 &&
                std::isfinite(mean_interarrival_high_s) && mean_interarrival_high_s > 0,
            "mean inter-arrival times must be > 0");
}

Seconds SinghWorkloadParams::mean_interarrival_s() const {
    switch (rate) {
        case SinghArrivalRate::Low: return mean_interarrival_low_s;
        case SinghArrivalRate::Moderate: return mean_interarrival_moderate_s;
        case SinghArrivalRate::High: return mean_interarrival_high_s;
    }
    throw std::logic_error("singh workload: unknown rate level");
}

Seconds SinghWorkloadParams::arrival_span_s() const {
    return std::min(day_s, static_cast<double>(job_count) * mean_interarrival_s());
}

std::vector<Job> generate_singh_jobs(const SinghWorkloadParams& p, std::mt19937_64& rng, TaskId first_task_id) {
    p.validate();
    const DayShape day(p.day_rate_shape, p.day_s);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    auto uniform = [&](double lo, double hi) { return lo + (hi - lo) * unit(rng); };
    const double shapes = p.fork_join_probability + p.chain_probability + p.layered_probability;

    std::vector<Job> jobs(p.job_count);
    TaskId next_task = first_task_id;
    for (std::uint32_t j = 0; j < p.job_count; ++j) {
        Job& job = jobs[j];
        job.id = j;
        const std::uint32_t n = std::uniform_int_distribution<std::uint32_t>(p.min_tasks, p.max_tasks)(rng);
        const double pick = unit(rng) * shapes;
        const Edges edges = pick < p.fork_join_probability ? fork_join_edges(n)
                            : pick < p.fork_join_probability + p.chain_probability
                                ? chain_edges(n)
                                : layered_edges(n, p.layered_extra_edge_probability, rng);
        std::vector<Seconds> time_ref(n);
        job.tasks.resize(n);
        for (std::uint32_t t = 0; t < n; ++t) {
            Task& task = job.tasks[t];
            task.id = next_task++;
            const Seconds total = uniform(p.task_time_min_s, p.task_time_max_s);
            const double memory_share = uniform(p.memory_fraction_min, p.memory_fraction_max);
            task.work.set_memory_s(memory_share * total);
            task.work.set_cycles(std::round((1 - memory_share) * total * p.reference_frequency_hz));
            time_ref[t] = task.work.cycles() / p.reference_frequency_hz + task.work.memory_s();
        }
        const double log_lo = std::log(p.edge_bytes_min), log_hi = std::log(p.edge_bytes_max);
        for (const auto& [from, to] : edges)
            job.edges.push_back({from, to, std::max(1.0, std::round(std::exp(uniform(log_lo, log_hi))))});

        // Critical path at f_ref; edges go from lower to higher index in every shape.
        std::vector<Seconds> finish(n, 0);
        for (std::uint32_t t = 0; t < n; ++t) {
            Seconds ready = 0;
            for (const auto& e : job.edges)
                if (e.to == t) ready = std::max(ready, finish[e.from]);
            finish[t] = ready + time_ref[t];
        }
        const Seconds cp = *std::max_element(finish.begin(), finish.end());
        Seconds work = 0;
        for (Seconds x : time_ref) work += x;
        const double importance = uniform(p.importance_min, p.importance_max);
        const double soft = uniform(p.soft_deadline_factor_min, p.soft_deadline_factor_max);
        const double decay = uniform(p.decay_factor_min, p.decay_factor_max);
        job.value =
            UtilityFunction::value_curve(importance * p.value_per_work_s * work, soft * cp, soft * cp + decay * cp);
    }

    // Arrivals: the same N uniforms at every rate level, mapped through the day shape and scaled.
    std::vector<Seconds> at(p.job_count);
    for (auto& t : at) t = day.inverse(unit(rng), p.day_s);
    std::sort(at.begin(), at.end());
    const double scale = p.arrival_span_s() / p.day_s;
    for (std::uint32_t j = 0; j < p.job_count; ++j) {
        jobs[j].arrival_s = at[j] * scale;
        for (Task& task : jobs[j].tasks) task.arrival_s = jobs[j].arrival_s;
    }
    return jobs;
}

}  // namespace rmsim
