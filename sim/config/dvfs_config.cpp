#include "sim/config/dvfs_config.h"

#include <cmath>

#include "platform/yaml_quantities.h"
#include "platform/yaml_util.h"

namespace rmsim {

namespace {

PowerCapSpec load_cap(const YAML::Node& n, const std::string& file, const PlatformSpec& platform) {
    expect_map(n, file, "power cap");
    check_allowed_keys(n, file, "power cap", {"scope", "index", "watts", "window_s", "interval_s", "order", "nodes"});
    PowerCapSpec c;
    const std::string scope = get_string(n, "scope", file);
    if (scope == "machine")
        c.scope = PowerCapSpec::Scope::Machine;
    else if (scope == "cluster")
        c.scope = PowerCapSpec::Scope::Cluster;
    else if (scope == "node")
        c.scope = PowerCapSpec::Scope::Node;
    else
        throw_at(n["scope"], file, "scope must be machine, cluster or node, got '" + scope + "'");
    if (c.scope != PowerCapSpec::Scope::Machine) {
        const double i = get_non_negative(n, "index", file);
        const double limit = c.scope == PowerCapSpec::Scope::Node ? platform.total_nodes() : platform.clusters.size();
        if (i != std::floor(i) || i >= limit)
            throw_at(n["index"], file,
                     std::string("index must be a ") + to_string(c.scope) + " of the platform (0 to " +
                         std::to_string(static_cast<long long>(limit) - 1) + ")");
        c.index = static_cast<std::uint32_t>(i);
    } else if (has_key(n, "index")) {
        throw_at(n["index"], file, "a machine cap has no index");
    }
    c.watts = get_amount(n, "watts", file, true);
    c.interval_s = get_period_or(n, "interval_s", file, c.interval_s);
    c.window_s = get_period_or(n, "window_s", file, std::max(c.window_s, c.interval_s));
    const double steps = c.window_s / c.interval_s;
    if (steps < 1 - 1e-9 || std::fabs(steps - std::round(steps)) > 1e-9 * steps || steps > 1e6)
        throw_at(has_key(n, "window_s") ? n["window_s"] : n, file,
                 "window_s must be a whole number (at most 10^6) of interval_s");
    const std::string order = get_string_or(n, "order", file, has_key(n, "nodes") ? "listed" : "lowest-priority");
    if (order == "lowest-priority")
        c.order = PowerCapSpec::Order::LowestPriority;
    else if (order == "listed")
        c.order = PowerCapSpec::Order::Listed;
    else
        throw_at(n["order"], file, "order must be lowest-priority or listed, got '" + order + "'");
    if (c.order == PowerCapSpec::Order::Listed) {
        const YAML::Node nodes = get_node(n, "nodes", file);
        if (!nodes.IsSequence() || nodes.size() == 0) throw_at(nodes, file, "nodes: expected a list of node indices");
        for (const YAML::Node& x : nodes) {
            const double v = as_double(x, file, "'nodes' entry");
            const bool inside =
                v >= 0 && v == std::floor(v) && v < platform.total_nodes() &&
                (c.scope == PowerCapSpec::Scope::Machine || (c.scope == PowerCapSpec::Scope::Node && v == c.index) ||
                 (c.scope == PowerCapSpec::Scope::Cluster && platform.cluster_of(static_cast<NodeId>(v)) == c.index));
            if (!inside) throw_at(x, file, "node " + x.Scalar() + " is not a node under this cap");
            c.slow_first.push_back(static_cast<NodeId>(v));
        }
    } else if (has_key(n, "nodes")) {
        throw_at(n["nodes"], file, "nodes apply to order: listed");
    }
    return c;
}

}  // namespace

DvfsConfig load_dvfs_config(const YAML::Node& dvfs, const std::string& file, const PlatformSpec& platform,
                            const GovernorRegistry& governors) {
    DvfsConfig c;
    expect_map(dvfs, file, "dvfs");
    check_allowed_keys(dvfs, file, "dvfs", {"governor", "params", "power_caps"});
    c.governor = get_string_or(dvfs, "governor", file, c.governor);
    const YAML::Node params = has_key(dvfs, "params") ? dvfs["params"] : YAML::Node();
    const SourceLocation where =
        has_key(dvfs, "governor") ? yaml_location(dvfs["governor"], file) : yaml_location(dvfs, file);
    GovernorMaker maker = governors.configure(c.governor, Params(params, file), where, &platform);
    if (c.governor != "userspace") c.make_governor = std::move(maker);
    if (has_key(dvfs, "power_caps")) {
        const YAML::Node caps = dvfs["power_caps"];
        if (!caps.IsSequence()) throw_at(caps, file, "power_caps: expected a list of caps");
        for (const YAML::Node& cap : caps) c.power_caps.push_back(load_cap(cap, file, platform));
    }
    return c;
}

}  // namespace rmsim
