#include "sim/run/shards.h"

#include <algorithm>
#include <charconv>
#include <numeric>
#include <queue>

#include "sim/run/cli_args.h"

namespace rmsim {

namespace {

bool whole(const std::string& text, std::uint64_t& n) {
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, n);
    return !text.empty() && error == std::errc() && stop == end;
}

}  // namespace

ShardSpec parse_shard(const std::string& option, const std::string& text) {
    const std::size_t slash = text.find('/');
    std::uint64_t i = 0, n = 0;
    if (slash == std::string::npos || !whole(text.substr(0, slash), i) || !whole(text.substr(slash + 1), n) || n < 1 ||
        n > kMaxShards || i >= n)
        usage_error(option + " expects I/N, shard I of N with 0 <= I < N <= " + std::to_string(kMaxShards) + ", got '" +
                    text + "'");
    return {static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(n)};
}

std::vector<std::uint32_t> assign_shards(const std::vector<std::uint64_t>& cost, std::uint32_t shards) {
    std::vector<std::size_t> order(cost.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    auto cost_of = [&](std::size_t r) { return std::max<std::uint64_t>(cost[r], 1); };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return cost_of(a) > cost_of(b); });
    // The least-loaded shard on top; among equal loads the lowest index.
    using Load = std::pair<std::uint64_t, std::uint32_t>;
    std::priority_queue<Load, std::vector<Load>, std::greater<>> loads;
    for (std::uint32_t s = 0; s < std::max<std::uint32_t>(shards, 1); ++s) loads.push({0, s});
    std::vector<std::uint32_t> shard(cost.size(), 0);
    for (std::size_t r : order) {
        auto [load, s] = loads.top();
        loads.pop();
        shard[r] = s;
        loads.push({load + cost_of(r), s});
    }
    return shard;
}

}  // namespace rmsim
