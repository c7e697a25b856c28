#include "workloads/task.h"

#include <functional>
#include <queue>
#include <stdexcept>
#include <string>

namespace rmsim {

std::vector<std::uint32_t> Job::topological_order() const {
    const std::size_t n = tasks.size();
    std::vector<std::uint32_t> indegree(n, 0);
    std::vector<std::vector<std::uint32_t>> out(n);
    for (std::size_t e = 0; e < edges.size(); ++e) {
        const auto& d = edges[e];
        if (d.from >= n || d.to >= n)
            throw std::invalid_argument("job " + std::to_string(id) + ": edge " + std::to_string(e) +
                                        " refers to a task index out of range");
        if (d.from == d.to)
            throw std::invalid_argument("job " + std::to_string(id) + ": edge " + std::to_string(e) +
                                        " is a self-loop");
        out[d.from].push_back(d.to);
        ++indegree[d.to];
    }
    std::priority_queue<std::uint32_t, std::vector<std::uint32_t>, std::greater<>> ready;
    for (std::uint32_t i = 0; i < n; ++i)
        if (indegree[i] == 0) ready.push(i);
    std::vector<std::uint32_t> order;
    order.reserve(n);
    while (!ready.empty()) {
        const std::uint32_t t = ready.top();
        ready.pop();
        order.push_back(t);
        for (std::uint32_t s : out[t])
            if (--indegree[s] == 0) ready.push(s);
    }
    if (order.size() != n) throw std::invalid_argument("job " + std::to_string(id) + ": the task graph has a cycle");
    return order;
}

std::vector<std::uint32_t> Job::predecessors(std::uint32_t task) const {
    std::vector<std::uint32_t> r;
    for (const auto& e : edges)
        if (e.to == task) r.push_back(e.from);
    return r;
}

std::vector<std::uint32_t> Job::successors(std::uint32_t task) const {
    std::vector<std::uint32_t> r;
    for (const auto& e : edges)
        if (e.from == task) r.push_back(e.to);
    return r;
}

}  // namespace rmsim
