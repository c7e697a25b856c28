#include "sim/config/waveform_config.h"

#include <algorithm>
#include <charconv>
#include <string>

#include "platform/yaml_quantities.h"
#include "platform/yaml_util.h"

namespace rmsim {

namespace {

/// A whole number written without sign or exponent ("12"), or nothing.
bool parse_id(const std::string& s, std::uint64_t& out) {
    if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) return false;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

/// Adds the nodes of one entry of `nodes`: an id (3) or a range of ids ("0-3", both ends included).
void add_entry(const YAML::Node& v, const std::string& file, std::uint32_t node_count, std::vector<NodeId>& out) {
    const std::string what = "waveforms node entry";
    std::uint64_t first = 0, last = 0;
    const std::string text = v.IsScalar() ? v.Scalar() : std::string();
    const auto dash = text.find('-');
    if (v.IsScalar() && dash != std::string::npos && dash > 0) {
        if (!parse_id(text.substr(0, dash), first) || !parse_id(text.substr(dash + 1), last))
            throw_at(v, file, what + " '" + text + "' must be a node id or a range of ids like \"0-3\"");
        if (last < first)
            throw_at(v, file, "waveforms node range '" + text + "' is empty (its end is before its start)");
    } else {
        if (!v.IsScalar() || !parse_id(text, first))
            throw_at(v, file,
                     what + (v.IsScalar() ? " '" + text + "'" : std::string()) +
                         " must be a node id or a range of ids like \"0-3\"");
        last = first;
    }
    if (last >= node_count)
        throw_at(v, file,
                 "waveforms: node " + std::to_string(last) + " is not a node of the platform (its nodes are 0-" +
                     std::to_string(node_count - 1) + ")");
    for (std::uint64_t n = first; n <= last; ++n) out.push_back(static_cast<NodeId>(n));
}

}  // namespace

WaveformConfig read_waveform_config(const YAML::Node& run, const std::string& file, const PlatformSpec& platform) {
    WaveformConfig c;
    if (!has_key(run, "waveforms")) return c;
    const YAML::Node w = get_node(run, "waveforms", file);
    check_allowed_keys(w, file, "waveforms", {"nodes", "start_s", "end_s"});
    const YAML::Node nodes = get_node(w, "nodes", file);
    const std::uint32_t node_count = platform.total_nodes();
    if (nodes.IsSequence()) {
        if (nodes.size() == 0) throw_at(nodes, file, "waveforms: 'nodes' lists no node");
        for (const YAML::Node& v : nodes) add_entry(v, file, node_count, c.nodes);
    } else {
        add_entry(nodes, file, node_count, c.nodes);
    }
    std::sort(c.nodes.begin(), c.nodes.end());
    c.nodes.erase(std::unique(c.nodes.begin(), c.nodes.end()), c.nodes.end());
    c.start = SimTime::from_seconds(get_seconds_or(w, "start_s", file, 0));
    if (has_key(w, "end_s")) {
        c.end = SimTime::from_seconds(get_seconds(w, "end_s", file, true));
        if (c.end <= c.start) throw_at(w["end_s"], file, "waveforms: end_s must be after start_s");
    }
    c.enabled = true;
    return c;
}

}  // namespace rmsim
