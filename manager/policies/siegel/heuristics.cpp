#include "manager/policies/siegel/heuristics.h"

#include <stdexcept>

namespace rmsim::siegel {

Heuristic heuristic_from_string(const std::string& name) {
    if (name == "lightest-load") return Heuristic::LightestLoad;
    if (name == "mect") return Heuristic::Mect;
    if (name == "shortest-queue") return Heuristic::ShortestQueue;
    if (name == "random") return Heuristic::Random;
    throw std::invalid_argument("heuristic must be lightest-load, mect, shortest-queue or random, got '" + name + "'");
}

const char* to_string(Heuristic h) {
    switch (h) {
        case Heuristic::LightestLoad: return "lightest-load";
        case Heuristic::Mect: return "mect";
        case Heuristic::ShortestQueue: return "shortest-queue";
        case Heuristic::Random: return "random";
    }
    return "?";
}

double lightest_load_value(const Candidate& c) { return (100.0 - 100.0 * c.on_time) * c.expected_energy; }

namespace {

/// Index of the first candidate for which better(candidate, best so far) never held.
template <typename Better>
std::size_t best_index(const std::vector<Candidate>& c, Better better) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < c.size(); ++i)
        if (better(c[i], c[best])) best = i;
    return best;
}

}  // namespace

std::optional<std::size_t> choose(Heuristic h, const std::vector<Candidate>& c, std::mt19937_64& rng) {
    if (c.empty()) return std::nullopt;
    switch (h) {
        case Heuristic::LightestLoad:  // Siegel §4 "Lightest Load"
            return best_index(c, [](const Candidate& a, const Candidate& b) {
                return lightest_load_value(a) < lightest_load_value(b);
            });
        case Heuristic::Mect:  // Siegel §4 MECT
            return best_index(c, [](const Candidate& a, const Candidate& b) {
                if (a.expected_completion != b.expected_completion)
                    return a.expected_completion < b.expected_completion;
                return a.expected_energy < b.expected_energy;
            });
        case Heuristic::ShortestQueue:  // Siegel §4 Shortest Queue
            return best_index(c, [](const Candidate& a, const Candidate& b) {
                if (a.queue_length != b.queue_length) return a.queue_length < b.queue_length;
                if (a.on_time != b.on_time) return a.on_time > b.on_time;
                return a.expected_energy < b.expected_energy;
            });
        case Heuristic::Random: return std::uniform_int_distribution<std::size_t>(0, c.size() - 1)(rng);
    }
    return std::nullopt;
}

}  // namespace rmsim::siegel
