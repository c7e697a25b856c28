#include "platform/platform_loader.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "platform/model_limits.h"
#include "platform/resource_limits.h"
#include "platform/short_number.h"
#include "platform/yaml_quantities.h"
#include "platform/yaml_util.h"

namespace rmsim {
namespace {

std::string ghz(Hertz f) { return short_number(f / 1e9) + " GHz"; }

std::string pname(std::size_t p) { return "P" + std::to_string(p); }

/// Names of one kind of type (or of clusters), in id order, with the node that defined each for messages.
class NameTable {
public:
    explicit NameTable(std::string kind) : kind_(std::move(kind)) {}

    /// Registers `name` (defined at `where`) as the next id; a duplicate is an error at `where`.
    void add(const std::string& name, const YAML::Node& where, const std::string& file) {
        for (const auto& e : entries_) {
            if (e.first != name) continue;
            SourceLocation first = yaml_location(e.second, file);
            std::string at = first.line > 0 ? " (first defined at line " + std::to_string(first.line) + ")" : "";
            throw_at(where, file, "duplicate " + kind_ + " name '" + name + "'" + at);
        }
        entries_.emplace_back(name, where);
    }

    /// The id of the name held by `ref` (a scalar node); an unknown name is an error at `ref`.
    std::uint32_t resolve(const YAML::Node& ref, const std::string& file) const {
        std::string name = as_string(ref, file, "a " + kind_ + " reference");
        for (std::size_t i = 0; i < entries_.size(); ++i)
            if (entries_[i].first == name) return static_cast<std::uint32_t>(i);
        std::string list;
        for (const auto& e : entries_) list += (list.empty() ? "" : ", ") + e.first;
        throw_at(ref, file, "undefined " + kind_ + " '" + name + "' (defined: " + (list.empty() ? "none" : list) + ")");
    }

private:
    std::string kind_;
    std::vector<std::pair<std::string, YAML::Node>> entries_;
};

class PlatformLoader {
public:
    explicit PlatformLoader(std::string file) : file_(std::move(file)) {}

    PlatformSpec load(const YAML::Node& node) {
        check_allowed_keys(node, file_, "platform",
                           {"name", "dvfs_domain", "manager_link", "preemption", "core_types", "processor_types",
                            "node_types", "clusters"});
        spec_.name = name_of(node);
        spec_.dvfs_domain = dvfs_domain(node);
        if (has_key(node, "manager_link"))
            spec_.manager_link = link(get_node(node, "manager_link", file_), "manager_link");
        if (has_key(node, "preemption")) spec_.preemption = preemption(get_node(node, "preemption", file_));

        // Types may be omitted when every node type uses the simgrid_host shorthand, which generates its own.
        if (has_key(node, "core_types"))
            for (const auto& ct : sequence(node, "core_types", false)) core_type(ct);
        if (has_key(node, "processor_types"))
            for (const auto& pt : sequence(node, "processor_types", false)) processor_type(pt);
        for (const auto& nt : sequence(node, "node_types", true)) node_type(nt);
        const YAML::Node clusters = sequence(node, "clusters", true);
        for (const auto& c : clusters) cluster(c);

        std::uint64_t nodes = 0;
        for (const auto& c : spec_.clusters) nodes += c.nodes;
        if (nodes > std::numeric_limits<std::uint32_t>::max())
            throw_at(clusters, file_, "the platform has " + std::to_string(nodes) + " nodes, more than 4294967295");
        const double cores = static_cast<double>(spec_.total_cores());
        check_fits_in_memory(
            cores * kBytesPerCore + static_cast<double>(nodes) * kBytesPerNode, yaml_location(clusters, file_),
            "simulating " + std::to_string(nodes) + " nodes of " + short_number(cores) + " cores",
            "about " + format_bytes(kBytesPerCore) + " a core and " + format_bytes(kBytesPerNode) + " a node");
        return std::move(spec_);
    }

private:
    std::string file_;
    PlatformSpec spec_;
    NameTable core_names_{"core type"};
    NameTable processor_names_{"processor type"};
    NameTable node_names_{"node type"};
    NameTable cluster_names_{"cluster"};

    YAML::Node sequence(const YAML::Node& map, const char* key, bool non_empty) {
        YAML::Node seq = get_node(map, key, file_);
        expect_sequence(seq, file_, std::string("'") + key + "'");
        if (non_empty && seq.size() == 0) throw_at(seq, file_, std::string("'") + key + "' must not be empty");
        return seq;
    }

    std::string name_of(const YAML::Node& map) {
        std::string name = get_string(map, "name", file_);
        if (name.empty()) throw_at(get_node(map, "name", file_), file_, "'name' must not be empty");
        return name;
    }

    DvfsScope dvfs_domain(const YAML::Node& node) {
        if (!has_key(node, "dvfs_domain")) return DvfsScope::Core;
        const YAML::Node v = get_node(node, "dvfs_domain", file_);
        const std::string s = as_string(v, file_, "'dvfs_domain'");
        if (const auto scope = kDvfsScopeNames.parse(s)) return *scope;
        throw_at(v, file_, "unknown dvfs_domain '" + s + "' (allowed: " + kDvfsScopeNames.list() + ")");
    }

    PreemptionCost preemption(const YAML::Node& node) {
        check_allowed_keys(node, file_, "preemption",
                           {"checkpoint_s", "checkpoint_energy_j", "resume_s", "resume_energy_j",
                            "bandwidth_bytes_per_s", "over_network", "energy_j_per_byte"});
        PreemptionCost c;
        c.checkpoint_s = get_seconds_or(node, "checkpoint_s", file_, 0.0);
        c.checkpoint_j = get_amount_or(node, "checkpoint_energy_j", file_, 0.0);
        c.resume_s = get_seconds_or(node, "resume_s", file_, 0.0);
        c.resume_j = get_amount_or(node, "resume_energy_j", file_, 0.0);
        c.bandwidth_bytes_per_s =
            get_amount_or(node, "bandwidth_bytes_per_s", file_, std::numeric_limits<double>::infinity(), true);
        c.over_network = get_bool_or(node, "over_network", file_, false);
        c.energy_j_per_byte = get_amount_or(node, "energy_j_per_byte", file_, 0.0);
        return c;
    }

    LinkSpec link(const YAML::Node& node, const std::string& what) {
        check_allowed_keys(node, file_, what, {"latency_s", "bandwidth_bytes_per_s"});
        LinkSpec l;
        l.latency_s = get_seconds_or(node, "latency_s", file_, 0.0);
        l.bandwidth_bytes_per_s =
            get_amount_or(node, "bandwidth_bytes_per_s", file_, std::numeric_limits<double>::infinity(), true);
        return l;
    }

    // ---- P-states ----

    /// Exactly one of frequency_ghz / frequency_mhz / frequency_hz, > 0.
    Hertz frequency(const YAML::Node& map, const std::string& what) {
        static const std::pair<const char*, double> units[] = {
            {"frequency_ghz", 1e9}, {"frequency_mhz", 1e6}, {"frequency_hz", 1.0}};
        std::optional<Hertz> f;
        for (const auto& u : units) {
            if (!has_key(map, u.first)) continue;
            if (f)
                throw_at(get_node(map, u.first, file_), file_,
                         what + " gives more than one of frequency_ghz, frequency_mhz, frequency_hz");
            f = as_frequency(get_node(map, u.first, file_), file_, std::string("'") + u.first + "'", u.second);
        }
        if (!f) throw_at(map, file_, what + " needs one of frequency_ghz, frequency_mhz, frequency_hz");
        return *f;
    }

    /// At most kMaxPStates P-states per core type (the manager keeps a task's P-state in 16 bits); checked on
    /// the list before its entries are read.
    void check_pstate_count(const YAML::Node& seq, const char* what) {
        if (seq.size() > kMaxPStates)
            throw_at(seq, file_,
                     std::string(what) + " has " + std::to_string(seq.size()) + " P-states, more than " +
                         std::to_string(kMaxPStates) + " (the manager keeps a task's P-state in 16 bits)");
    }

    /// P0 is the fastest: each level must be strictly slower than the one before (gem5 DVFS convention).
    void check_decreasing(const std::vector<PState>& ps, const YAML::Node& entry) {
        std::size_t p = ps.size() - 1;
        if (p > 0 && !(ps[p].frequency_hz < ps[p - 1].frequency_hz))
            throw_at(entry, file_,
                     "P-state frequencies must strictly decrease from P0: " + pname(p) + " (" +
                         ghz(ps[p].frequency_hz) + ") is not below " + pname(p - 1) + " (" +
                         ghz(ps[p - 1].frequency_hz) + ")");
    }

    std::vector<PState> pstate_table(const YAML::Node& seq) {
        if (seq.size() == 0) throw_at(seq, file_, "'pstates' must not be empty");
        check_pstate_count(seq, "'pstates'");
        std::vector<PState> ps;
        for (const auto& e : seq) {
            const std::string what = "P-state " + pname(ps.size());
            check_allowed_keys(
                e, file_, what,
                {"frequency_ghz", "frequency_mhz", "frequency_hz", "voltage_v", "busy_power_w", "idle_power_w"});
            PState s;
            s.frequency_hz = frequency(e, what);
            s.voltage_v = get_amount_or(e, "voltage_v", file_, 0.0, true);  // informative only in a direct table
            s.busy_power_w = get_amount(e, "busy_power_w", file_);
            s.idle_power_w = get_amount_or(e, "idle_power_w", file_, 0.0);
            if (s.busy_power_w < s.idle_power_w)
                throw_at(e, file_,
                         "busy_power_w (" + short_number(s.busy_power_w) + " W) is below idle_power_w (" +
                             short_number(s.idle_power_w) + " W) in " + what);
            ps.push_back(s);
            check_decreasing(ps, e);
        }
        return ps;
    }

    /// busy = C_eff·V²·f·activity + V·I_leak, idle = V·I_leak (docs/architecture.md "Hardware semantics").
    std::vector<PState> pstate_model(const YAML::Node& map) {
        check_allowed_keys(map, file_, "analytic P-state model",
                           {"model", "c_eff_f", "activity", "i_leak_a", "levels"});
        const YAML::Node model = get_node(map, "model", file_);
        if (as_string(model, file_, "'model'") != "analytic")
            throw_at(model, file_, "unknown P-state model '" + model.Scalar() + "' (allowed: analytic)");
        const double c_eff_f = get_amount(map, "c_eff_f", file_, true);
        const double activity = get_amount_or(map, "activity", file_, 1.0, true);
        const double i_leak_a = get_amount_or(map, "i_leak_a", file_, 0.0);
        const YAML::Node levels = sequence(map, "levels", true);
        check_pstate_count(levels, "'levels'");
        std::vector<PState> ps;
        for (const auto& e : levels) {
            const std::string what = "P-state level " + pname(ps.size());
            check_allowed_keys(e, file_, what, {"frequency_ghz", "frequency_mhz", "frequency_hz", "voltage_v"});
            PState s;
            s.frequency_hz = frequency(e, what);
            s.voltage_v = get_amount(e, "voltage_v", file_, true);
            s.idle_power_w = s.voltage_v * i_leak_a;
            s.busy_power_w = c_eff_f * s.voltage_v * s.voltage_v * s.frequency_hz * activity + s.idle_power_w;
            if (!(s.busy_power_w <= kMaxMagnitude))
                throw_at(e, file_,
                         what + ": the model gives a busy power of " + short_number(s.busy_power_w) + " W, above " +
                             short_number(kMaxMagnitude) + " W");
            ps.push_back(s);
            check_decreasing(ps, e);
        }
        return ps;
    }

    void core_type(const YAML::Node& node) {
        check_allowed_keys(node, file_, "core type",
                           {"name", "pstates", "transition_latency_s", "transition_energy_j", "sleep_power_w",
                            "wake_latency_s", "wake_energy_j", "gate_when_idle"});
        CoreType ct;
        ct.name = name_of(node);
        core_names_.add(ct.name, node, file_);
        const YAML::Node ps = get_node(node, "pstates", file_);
        if (ps.IsSequence())
            ct.pstates = pstate_table(ps);
        else if (ps.IsMap())
            ct.pstates = pstate_model(ps);
        else
            throw_at(ps, file_, "'pstates' must be a table (a sequence, P0 first) or an analytic model (a map)");
        ct.transition_latency_s = get_seconds_or(node, "transition_latency_s", file_, 0.0);
        ct.transition_energy_j = get_amount_or(node, "transition_energy_j", file_, 0.0);
        ct.sleep_power_w = get_amount_or(node, "sleep_power_w", file_, 0.0);
        ct.wake_latency_s = get_seconds_or(node, "wake_latency_s", file_, 0.0);
        ct.wake_energy_j = get_amount_or(node, "wake_energy_j", file_, 0.0);
        ct.gate_when_idle = get_bool_or(node, "gate_when_idle", file_, false);
        spec_.core_types.push_back(std::move(ct));
    }

    // ---- processors and nodes ----

    /// A power drawn at every P-state (one number) or one per P-state (a list of `pstates` entries).
    /// `list_rule` is empty if a list is allowed, else the reason it is not.
    std::vector<Watts> power_levels(const YAML::Node& map, const char* key, std::size_t pstates,
                                    const std::string& list_rule, const std::string& owner) {
        if (!has_key(map, key)) return {0.0};
        const YAML::Node v = get_node(map, key, file_);
        const std::string what = std::string("'") + key + "'";
        if (v.IsScalar()) return {as_amount(v, file_, what)};
        if (!v.IsSequence()) throw_at(v, file_, what + " must be a number or a list with one number per P-state");
        if (!list_rule.empty()) throw_at(v, file_, "a per-P-state " + what + " list " + list_rule);
        if (v.size() != pstates)
            throw_at(v, file_,
                     what + " has " + std::to_string(v.size()) + " entries but " + owner + " has " +
                         std::to_string(pstates) + " P-states");
        std::vector<Watts> w;
        for (const auto& e : v) w.push_back(as_amount(e, file_, what + " entry"));
        return w;
    }

    void processor_type(const YAML::Node& node) {
        check_allowed_keys(
            node, file_, "processor type",
            {"name", "core_type", "cores", "uncore_power_w", "gate_when_idle", "wake_latency_s", "wake_energy_j"});
        ProcessorType pt;
        pt.name = name_of(node);
        processor_names_.add(pt.name, node, file_);
        pt.core_type = core_names_.resolve(get_node(node, "core_type", file_), file_);
        pt.cores = get_count(node, "cores", file_);
        const CoreType& ct = spec_.core_types[pt.core_type];
        // With per-core DVFS the cores of one processor may sit at different P-states: no P-state selects the
        // uncore.
        pt.uncore_power_w =
            power_levels(node, "uncore_power_w", ct.pstates.size(),
                         spec_.dvfs_domain == DvfsScope::Core ? "needs dvfs_domain processor or node" : "",
                         "core type '" + ct.name + "'");
        pt.gate_when_idle = get_bool_or(node, "gate_when_idle", file_, false);
        pt.wake_latency_s = get_seconds_or(node, "wake_latency_s", file_, 0.0);
        pt.wake_energy_j = get_amount_or(node, "wake_energy_j", file_, 0.0);
        spec_.processor_types.push_back(std::move(pt));
    }

    void switch_off(const YAML::Node& map, NodeType& nt) {
        if (!has_key(map, "switch_off")) return;
        const YAML::Node v = get_node(map, "switch_off", file_);
        const std::string usage = "'switch_off' must be never, immediately or {after_s: <seconds>}";
        if (v.IsScalar() && v.Scalar() == "never") {
            nt.switch_off = SwitchOffPolicy::Never;
        } else if (v.IsScalar() && v.Scalar() == "immediately") {
            nt.switch_off = SwitchOffPolicy::Immediately;
        } else if (v.IsMap()) {
            check_allowed_keys(v, file_, "switch_off", {"after_s"});
            nt.switch_off = SwitchOffPolicy::AfterTimeout;
            nt.switch_off_timeout_s = get_seconds(v, "after_s", file_);
        } else {
            throw_at(v, file_, usage + (v.IsScalar() ? ", got '" + v.Scalar() + "'" : ""));
        }
    }

    /// The P-state count shared by all cores of the node, or the reason there is none under a node-wide
    /// domain.
    std::size_t node_pstates(const NodeType& nt, const YAML::Node& where) {
        std::size_t n = 0;
        const CoreType* first = nullptr;
        for (const auto& p : nt.processors) {
            const CoreType& ct = spec_.core_types[spec_.processor_types[p.type].core_type];
            if (!first) {
                first = &ct;
                n = ct.pstates.size();
            } else if (ct.pstates.size() != n && spec_.dvfs_domain == DvfsScope::Node) {
                throw_at(where, file_,
                         "dvfs_domain node puts all cores of a node at one P-state, but node type '" + nt.name +
                             "' mixes core types with different P-state counts: '" + first->name + "' (" +
                             std::to_string(n) + ") and '" + ct.name + "' (" + std::to_string(ct.pstates.size()) + ")");
            } else {
                n = std::min(n, ct.pstates.size());
            }
        }
        return n;
    }

    void node_type(const YAML::Node& node) {
        check_allowed_keys(node, file_, "node type",
                           {"name", "processors", "base_power_w", "off_power_w", "switch_off", "wake_latency_s",
                            "wake_energy_j", "network", "simgrid_host", "energy_store_j"});
        NodeType nt;
        nt.name = name_of(node);
        node_names_.add(nt.name, node, file_);
        if (has_key(node, "simgrid_host")) {
            for (const char* k : {"processors", "base_power_w", "off_power_w"})
                if (has_key(node, k))
                    throw_at(
                        get_node(node, k, file_), file_,
                        std::string("'") + k + "' cannot be combined with 'simgrid_host' (the shorthand defines it)");
            simgrid_host(get_node(node, "simgrid_host", file_), nt);
        } else {
            const YAML::Node procs = sequence(node, "processors", true);
            std::uint64_t cores = 0;
            for (const auto& e : procs) {
                check_allowed_keys(e, file_, "processors entry", {"type", "count"});
                NodeType::Processors p;
                p.type = processor_names_.resolve(get_node(e, "type", file_), file_);
                p.count = get_count_or(e, "count", file_, 1);
                cores += std::uint64_t(p.count) * spec_.processor_types[p.type].cores;
                nt.processors.push_back(p);
            }
            if (cores > std::numeric_limits<std::uint32_t>::max())
                throw_at(procs, file_,
                         "node type '" + nt.name + "' has " + std::to_string(cores) + " cores, more than 4294967295");
            const std::size_t pstates = node_pstates(nt, procs);
            nt.base_power_w = power_levels(node, "base_power_w", pstates,
                                           spec_.dvfs_domain == DvfsScope::Node ? "" : "needs dvfs_domain node",
                                           "node type '" + nt.name + "'");
            nt.off_power_w = get_amount_or(node, "off_power_w", file_, 0.0);
        }
        switch_off(node, nt);
        nt.wake_latency_s = get_seconds_or(node, "wake_latency_s", file_, 0.0);
        nt.wake_energy_j = get_amount_or(node, "wake_energy_j", file_, 0.0);
        nt.energy_store_j = get_amount_or(node, "energy_store_j", file_, 0.0);
        if (has_key(node, "network")) nt.network = link(get_node(node, "network", file_), "network");
        spec_.node_types.push_back(std::move(nt));
    }

    // ---- SimGrid host_energy shorthand ----

    struct PowerRange {
        Watts idle_w, epsilon_w, all_cores_w;
    };

    static std::string trim(const std::string& s) {
        const char* ws = " \t\r\n";
        std::size_t b = s.find_first_not_of(ws);
        if (b == std::string::npos) return "";
        return s.substr(b, s.find_last_not_of(ws) - b + 1);
    }

    static std::vector<std::string> split(const std::string& s, char sep) {
        std::vector<std::string> out;
        std::size_t start = 0;
        for (std::size_t i = 0; i <= s.size(); ++i)
            if (i == s.size() || s[i] == sep) {
                out.push_back(trim(s.substr(start, i - start)));
                start = i + 1;
            }
        return out;
    }

    /// SimGrid's host_energy / wattage_per_state property: per P-state "Idle:Epsilon:AllCores", or
    /// "Idle:AllCores" (then Epsilon = Idle, as in SimGrid's plugins/host_energy.cpp), P-states separated by
    /// commas.
    std::vector<PowerRange> host_energy(const YAML::Node& v, std::size_t pstates) {
        const std::string text = as_string(v, file_, "'host_energy'");
        std::vector<PowerRange> ranges;
        for (const auto& level : split(text, ',')) {
            const std::string at = "host_energy " + pname(ranges.size());
            std::vector<double> w;
            for (const auto& field : split(level, ':')) {
                char* end = nullptr;
                double d = std::strtod(field.c_str(), &end);
                if (field.empty() || *end != '\0' || !std::isfinite(d) || d < 0)
                    throw_at(v, file_, at + ": '" + field + "' is not a power in W (>= 0)");
                if (d > kMaxMagnitude)
                    throw_at(v, file_, at + ": " + field + " W is above " + short_number(kMaxMagnitude) + " W");
                w.push_back(d);
            }
            if (w.size() != 2 && w.size() != 3)
                throw_at(v, file_, at + ": expected Idle:Epsilon:AllCores or Idle:AllCores, got '" + level + "'");
            PowerRange r = w.size() == 3 ? PowerRange{w[0], w[1], w[2]} : PowerRange{w[0], w[0], w[1]};
            if (r.epsilon_w < r.idle_w)
                throw_at(v, file_,
                         at + ": Epsilon (" + short_number(r.epsilon_w) + " W) is below Idle (" +
                             short_number(r.idle_w) +
                             " W); rmsim maps Epsilon - Idle onto processor uncore power, which cannot be "
                             "negative");
            if (r.all_cores_w < r.epsilon_w)
                throw_at(v, file_,
                         at + ": AllCores (" + short_number(r.all_cores_w) + " W) is below Epsilon (" +
                             short_number(r.epsilon_w) + " W)");
            ranges.push_back(r);
        }
        if (ranges.size() != pstates)
            throw_at(v, file_,
                     "'host_energy' has " + std::to_string(ranges.size()) + " P-states but 'speeds_hz' has " +
                         std::to_string(pstates));
        return ranges;
    }

    /// SimGrid: P = Idle if no core is busy, else Epsilon + busy/C·(AllCores − Epsilon). Mapped exactly onto
    ///   node base = Idle (always on), uncore = Epsilon − Idle (processor gated while no core is busy),
    ///   core busy = (AllCores − Epsilon)/C, core idle = 0. docs/config-platform.md explains why it is exact.
    void simgrid_host(const YAML::Node& sg, NodeType& nt) {
        check_allowed_keys(sg, file_, "simgrid_host", {"cores", "speeds_hz", "host_energy", "host_off_w"});
        if (spec_.dvfs_domain != DvfsScope::Node)
            throw_at(sg, file_,
                     "simgrid_host needs dvfs_domain node (a SimGrid host has one P-state for all its cores)");
        const std::uint32_t cores = get_count(sg, "cores", file_);

        CoreType ct;
        ct.name = nt.name + ".core";
        const YAML::Node speeds = get_node(sg, "speeds_hz", file_);
        if (speeds.IsScalar()) {
            ct.pstates.push_back(PState{as_frequency(speeds, file_, "'speeds_hz'"), 0, 0, 0});
        } else {
            expect_sequence(speeds, file_, "'speeds_hz'");
            if (speeds.size() == 0) throw_at(speeds, file_, "'speeds_hz' must not be empty");
            check_pstate_count(speeds, "'speeds_hz'");
            for (const auto& s : speeds) {
                ct.pstates.push_back(PState{as_frequency(s, file_, "'speeds_hz' entry"), 0, 0, 0});
                check_decreasing(ct.pstates, s);
            }
        }
        const auto ranges = host_energy(get_node(sg, "host_energy", file_), ct.pstates.size());

        ProcessorType pt;
        pt.name = nt.name + ".cpu";
        pt.cores = cores;
        pt.gate_when_idle = true;  // draws Epsilon − Idle only while a core is busy
        pt.uncore_power_w.clear();
        nt.base_power_w.clear();
        for (std::size_t p = 0; p < ranges.size(); ++p) {
            ct.pstates[p].busy_power_w = (ranges[p].all_cores_w - ranges[p].epsilon_w) / cores;
            ct.pstates[p].idle_power_w = 0;
            pt.uncore_power_w.push_back(ranges[p].epsilon_w - ranges[p].idle_w);
            nt.base_power_w.push_back(ranges[p].idle_w);
        }
        nt.off_power_w = get_amount_or(sg, "host_off_w", file_, 0.0);

        core_names_.add(ct.name, sg, file_);
        processor_names_.add(pt.name, sg, file_);
        pt.core_type = static_cast<CoreTypeId>(spec_.core_types.size());
        spec_.core_types.push_back(std::move(ct));
        nt.processors.push_back(NodeType::Processors{static_cast<ProcessorTypeId>(spec_.processor_types.size()), 1});
        spec_.processor_types.push_back(std::move(pt));
    }

    void cluster(const YAML::Node& node) {
        check_allowed_keys(node, file_, "cluster", {"name", "node_type", "nodes", "network", "memory_gb"});
        ClusterSpec c;
        c.name = name_of(node);
        cluster_names_.add(c.name, node, file_);
        c.node_type = node_names_.resolve(get_node(node, "node_type", file_), file_);
        c.nodes = get_count(node, "nodes", file_);
        if (has_key(node, "memory_gb")) c.memory_gb = get_amount(node, "memory_gb", file_, true);
        if (has_key(node, "network")) c.network = link(get_node(node, "network", file_), "network");
        spec_.clusters.push_back(std::move(c));
    }
};

}  // namespace

PlatformSpec load_platform(const YAML::Node& node, const std::string& file) { return PlatformLoader(file).load(node); }

namespace {

/// A platform file's document: `platform: {...}` as its only key, or the platform map itself.
PlatformSpec load_platform_document(const YAML::Node& root, const std::string& path) {
    if (!root.IsDefined() || root.IsNull()) throw InputError(SourceLocation{path, 0, 0}, "the platform file is empty");
    if (root.IsMap() && has_key(root, "platform")) {
        check_allowed_keys(root, path, "platform file", {"platform"});
        return load_platform(get_node(root, "platform", path), path);
    }
    return load_platform(root, path);
}

}  // namespace

PlatformSpec load_platform_file(const std::string& path) { return load_platform_document(load_yaml_file(path), path); }

PlatformSpec load_platform_text(const std::string& text, const std::string& file) {
    return load_platform_document(load_yaml_string(text, file), file);
}

}  // namespace rmsim
