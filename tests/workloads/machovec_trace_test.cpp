// Machovec Ch.3 §3.4.3 trace workload (workloads/machovec_trace.h) and its YAML kind machovec_trace.
#include "workloads/machovec_trace.h"
#include "tests/support/scratch_dir.h"

#include <sys/wait.h>
#include <catch2/catch.hpp>
#include <limits>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "platform/input_error.h"
#include "platform/platform_loader.h"
#include "platform/yaml_util.h"
#include "sim/config/experiment.h"
#include "sim/config/variants.h"
#include "sim/config/workload_config.h"

using namespace rmsim;
namespace fs = std::filesystem;
using rmsim::test::ScratchDir;

namespace {

const std::string kCh3Platform = std::string(RMSIM_SOURCE_DIR) + "/configs/platforms/machovec-ch3.yaml";

// MaxProcs 100. Day 1 with its 4 h warm-up is submit time [86400 - 14400, 2 · 86400) = [72000, 172800).
//   job 1  submit  71999: before the window
//   job 2  submit  72000: run 100, 1 proc -> arrival 72000 - 72000 = 0; cores ceil(1 · 92160/100) = ceil(921.6) = 922
//   job 3  submit 100000: run 500, 4 procs -> arrival 28000; cores ceil(368.64 · 10) = ceil(3686.4) = 3687 <= 4096
//   job 4  submit 110000: 5 procs -> cores 4608 > 4096: removed (too large)
//   job 5  submit 120000: runtime unknown (-1): skipped
//   job 6  submit 130000: runtime 0: skipped
//   job 7  submit 172799: run 50, 2 procs -> arrival 100799; cores ceil(1843.2) = 1844
//   job 8  submit 172800: day 2, outside
//   job 9  submit 300000: day floor(300000 / 86400) = 3, the trace's last day
const char* kTinySwf =
    "; MaxProcs: 100\n"
    "1  71999 0 100 1 -1 -1 1 -1 -1 1 1 1 -1 -1 -1 -1 -1\n"
    "2  72000 0 100 1 -1 -1 1 -1 -1 1 1 1 -1 -1 -1 -1 -1\n"
    "3 100000 0 500 4 -1 -1 4 -1 -1 1 1 1 -1 -1 -1 -1 -1\n"
    "4 110000 0 300 5 -1 -1 5 -1 -1 1 1 1 -1 -1 -1 -1 -1\n"
    "5 120000 0  -1 2 -1 -1 2 -1 -1 1 1 1 -1 -1 -1 -1 -1\n"
    "6 130000 0   0 2 -1 -1 2 -1 -1 1 1 1 -1 -1 -1 -1 -1\n"
    "7 172799 0  50 2 -1 -1 2 -1 -1 1 1 1 -1 -1 -1 -1 -1\n"
    "8 172800 0  70 1 -1 -1 1 -1 -1 1 1 1 -1 -1 -1 -1 -1\n"
    "9 300000 0  80 1 -1 -1 1 -1 -1 1 1 1 -1 -1 -1 -1 -1\n";

MachovecTraceParams params_for(const PlatformSpec& platform, std::uint32_t day = 1) {
    MachovecTraceParams p;
    p.clusters = machovec_ch3_clusters(platform);
    p.day = day;
    return p;
}

MachovecTraceWorkload generate(const SwfTrace& t, const MachovecTraceParams& p, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    return generate_machovec_trace(t, p, rng);
}

ScratchDir scratch(const std::string& name) { return ScratchDir("machovec_trace_" + name); }

void write(const fs::path& f, const std::string& text) { std::ofstream(f) << text; }

}  // namespace

TEST_CASE("machovec_trace: machine size from the header, core scaling rounds up", "[workloads][machovec_trace]") {
    const SwfTrace t = parse_swf(kTinySwf, "tiny.swf");
    CHECK(swf_machine_procs(t) == 100);
    CHECK(swf_last_day(t) == 3);
    // A day beyond 2^63 saturates (found by tests/fuzz: the conversion to an integer was undefined). The SWF
    // reader now refuses times past the end of simulated time; swf_last_day does not rely on it.
    SwfTrace far;
    far.jobs.emplace_back();
    far.jobs.back().submit_s = 1e300;
    CHECK(swf_last_day(far) == std::numeric_limits<std::int64_t>::max());
    // No MaxProcs: MaxNodes; neither: the largest job (5 procs, job 4).
    CHECK(swf_machine_procs(parse_swf("; MaxNodes: 256\n1 0 0 10 1 -1 -1 1 -1 -1 1 1 1 -1 -1 -1 -1 -1\n", "a")) == 256);
    CHECK(swf_machine_procs(parse_swf(std::string(kTinySwf).substr(16), "b")) == 5);
    CHECK(machovec_trace_cores(1, 92160, 100) == 922);   // 921.6 up
    CHECK(machovec_trace_cores(4, 92160, 100) == 3687);  // 3686.4 up
    CHECK(machovec_trace_cores(1, 92160, 256) == 360);   // exactly 360: not rounded up
    CHECK(machovec_trace_cores(5, 100, 100) == 5);
}

TEST_CASE("machovec_trace: the day window, the time shift and the removals", "[workloads][machovec_trace]") {
    const SwfTrace t = parse_swf(kTinySwf, "tiny.swf");
    const PlatformSpec plat = scale_platform(load_platform_file(kCh3Platform), 0.8 * 92160);
    const MachovecTraceWorkload w = generate(t, params_for(plat), 5);
    // Jobs 2..7 were submitted in the window; 5 and 6 skipped, 4 too large; 2, 3, 7 fit everywhere at 80 %
    // (the smallest cluster, gp4, has 295 · 32 = 9440 cores >= 3687).
    CHECK(w.counts.in_window == 6);
    CHECK(w.counts.unknown == 2);
    CHECK(w.counts.unknown_lines == std::vector<std::int32_t>{6, 7});  // jobs 5 and 6, after the header line
    CHECK(w.counts.too_large == 1);
    CHECK(w.counts.does_not_fit == 0);
    REQUIRE(w.tasks.size() == 3);
    CHECK(w.counts.tasks == 3);
    CHECK(w.tasks[0].arrival_s == 0);
    CHECK(w.tasks[1].arrival_s == 28000);
    CHECK(w.tasks[2].arrival_s == 100799);
    CHECK(w.tasks[0].cores == 922);
    CHECK(w.tasks[1].cores == 3687);
    CHECK(w.tasks[2].cores == 1844);
    const Seconds run[] = {100, 500, 50};
    for (std::size_t i = 0; i < 3; ++i) {
        INFO("task " << i);
        CHECK(w.tasks[i].id == i);
        CHECK(w.tasks[i].type == i);
        const MachovecCh3TaskType& ty = w.types[i];
        // The reference cluster is the first eligible one: gp1 (index 0) or the special cluster (4 or 5).
        const std::size_t ref = ty.special_index < 0 ? 0 : std::size_t(4 + ty.special_index);
        CHECK(ty.time_s[ref][0] == Approx(run[i]).epsilon(1e-12));  // the trace runtime at P0 there
        // ... i.e. the single-core time there is runtime × S(nodes) / (P0 time factor): slower P-states longer.
        CHECK(ty.time_s[ref][2] > ty.time_s[ref][0]);
        CHECK(w.tasks[i].work.table()->seconds[ref][0] == ty.time_s[ref][0]);
        const std::uint32_t cpn[] = {16, 20, 24, 32, 36, 48};
        CHECK((*ty.nodes_per_cluster)[ref] == (w.tasks[i].cores + cpn[ref] - 1) / cpn[ref]);
    }
    // Day 2: [158400, 259200): jobs 7 (arrival 172799 - 158400 = 14399) and 8 (14400).
    const MachovecTraceWorkload d2 = generate(t, params_for(plat, 2), 5);
    REQUIRE(d2.tasks.size() == 2);
    CHECK(d2.tasks[0].arrival_s == 14399);
    CHECK(d2.tasks[1].arrival_s == 14400);
    // A smaller cut removes job 3 (3687 cores) as well.
    MachovecTraceParams cut = params_for(plat);
    cut.max_task_cores = 3686;
    const MachovecTraceWorkload wc = generate(t, cut, 5);
    CHECK(wc.counts.too_large == 2);
    CHECK(wc.tasks.size() == 2);
}

TEST_CASE("machovec_trace: platform scaling keeps each cluster's share", "[workloads][machovec_trace]") {
    const PlatformSpec base = load_platform_file(kCh3Platform);  // 100,000 cores
    // 80 % of 92,160 = 73,728 cores: factor 0.73728. gp1 800 -> 589.824 -> 590, gp2 600 -> 442.368 -> 442,
    // gp3 500 -> 368.64 -> 369, gp4 400 -> 294.912 -> 295, sp1 700 -> 516.096 -> 516, sp2 525 -> 387.072 -> 387.
    const PlatformSpec p80 = scale_platform(base, 0.8 * 92160);
    const std::uint32_t n80[] = {590, 442, 369, 295, 516, 387};
    // 10 %: 9,216 cores, factor 0.09216: 73.728 -> 74, 55.296 -> 55, 46.08 -> 46, 36.864 -> 37, 64.512 -> 65,
    // 48.384 -> 48.
    const PlatformSpec p10 = scale_platform(base, 0.1 * 92160);
    const std::uint32_t n10[] = {74, 55, 46, 37, 65, 48};
    REQUIRE(p80.clusters.size() == 6);
    for (std::size_t c = 0; c < 6; ++c) {
        CHECK(p80.clusters[c].nodes == n80[c]);
        CHECK(p10.clusters[c].nodes == n10[c]);
        CHECK(p10.clusters[c].node_type == base.clusters[c].node_type);
    }
    // One core in total: every cluster keeps at least one node.
    for (const ClusterSpec& c : scale_platform(base, 1).clusters) CHECK(c.nodes == 1);
    CHECK_THROWS_AS(scale_platform(base, 0), std::invalid_argument);
}

TEST_CASE("machovec_trace: same seed same tasks, another seed other draws", "[workloads][machovec_trace]") {
    const SwfTrace t = parse_swf(kTinySwf, "tiny.swf");
    const PlatformSpec plat = scale_platform(load_platform_file(kCh3Platform), 0.8 * 92160);
    const MachovecTraceWorkload a = generate(t, params_for(plat), 11), b = generate(t, params_for(plat), 11),
                                c = generate(t, params_for(plat), 12);
    REQUIRE(a.tasks.size() == b.tasks.size());
    REQUIRE(a.tasks.size() == c.tasks.size());  // which jobs are kept does not depend on the seed at 80 %
    bool differs = false;
    for (std::size_t i = 0; i < a.tasks.size(); ++i) {
        CHECK(a.tasks[i].arrival_s == b.tasks[i].arrival_s);
        CHECK(a.types[i].special_index == b.types[i].special_index);
        CHECK(a.types[i].priority == b.types[i].priority);
        CHECK(a.types[i].time_s == b.types[i].time_s);
        CHECK(a.types[i].apc_w == b.types[i].apc_w);
        CHECK(a.tasks[i].utility.value_at(3600) == b.tasks[i].utility.value_at(3600));
        differs = differs || a.types[i].priority != c.types[i].priority || a.types[i].apc_w != c.types[i].apc_w;
    }
    CHECK(differs);
}

TEST_CASE("machovec_trace: jobs run only where their nodes fit; none fitting are removed",
          "[workloads][machovec_trace]") {
    // machine_cores = MaxProcs = 100: cores = procs. Clusters: gpA 2 nodes × 4 cores, gpB 1 × 4, sp1 4 × 4,
    // sp2 1 × 2.
    MachovecTraceParams p;
    p.machine_cores = 100;
    p.clusters = {{0, 2, 4, -1}, {1, 1, 4, -1}, {2, 4, 4, 0}, {3, 1, 2, 1}};
    // 40 jobs of 6 cores: gpA ceil(6/4) = 2 <= 2 fits, gpB 2 > 1 no, sp1 2 <= 4 fits, sp2 3 > 1 no.
    // One job of 20 cores: gpA 5 > 2, gpB 5 > 1, sp1 5 > 4, sp2 10 > 1: fits nowhere.
    std::string swf = "; MaxProcs: 100\n";
    for (int i = 0; i < 40; ++i)
        swf += std::to_string(i + 1) + " " + std::to_string(80000 + 10 * i) +
               " 0 60 6 -1 -1 6 -1 -1 1 1 1 -1 -1 -1 -1 -1\n";
    swf += "41 90000 0 60 20 -1 -1 20 -1 -1 1 1 1 -1 -1 -1 -1 -1\n";
    const MachovecTraceWorkload w = generate(parse_swf(swf, "fit.swf"), p, 3);
    CHECK(w.counts.in_window == 41);
    CHECK(w.counts.tasks + w.counts.does_not_fit == 41);
    // The 20-core job, and every 6-core job drawn for special cluster 2 (some of 40 at probability 0.2).
    CHECK(w.counts.does_not_fit > 1);
    std::size_t general = 0, special1 = 0;
    for (std::size_t i = 0; i < w.tasks.size(); ++i) {
        const std::vector<std::uint32_t>& n = *w.tasks[i].nodes_per_cluster;
        CHECK(w.tasks[i].cores == 6);
        REQUIRE(w.types[i].special_index < 1);
        if (w.types[i].special_index < 0) {
            ++general;
            CHECK(n == std::vector<std::uint32_t>{2, 0, 0, 0});
            CHECK(w.types[i].time_s[0][0] == Approx(60).epsilon(1e-12));  // gpA is the reference
            CHECK(w.types[i].downey.A == 2);  // mean node count over the one eligible cluster
        } else {
            ++special1;
            CHECK(n == std::vector<std::uint32_t>{0, 0, 2, 0});
            CHECK(w.types[i].time_s[2][0] == Approx(60).epsilon(1e-12));
        }
    }
    CHECK(general > 0);
    CHECK(special1 > 0);
}

TEST_CASE("machovec_trace: 60/20/20 split of the type classes", "[workloads][machovec_trace]") {
    const PlatformSpec plat = scale_platform(load_platform_file(kCh3Platform), 0.8 * 92160);
    std::string swf = "; MaxProcs: 100\n";
    for (int i = 0; i < 3000; ++i)
        swf += std::to_string(i + 1) + " " + std::to_string(80000 + i) + " 0 60 1 -1 -1 1 -1 -1 1 1 1 -1 -1 -1 -1 -1\n";
    const MachovecTraceWorkload w = generate(parse_swf(swf, "split.swf"), params_for(plat), 9);
    REQUIRE(w.tasks.size() == 3000);
    double cls[3] = {0, 0, 0};
    for (const MachovecCh3TaskType& t : w.types) cls[t.special_index + 1] += 1.0 / 3000;
    // Binomial standard deviation sqrt(0.6 · 0.4 / 3000) = 0.009: a 0.04 band is > 4 sigma.
    CHECK(cls[0] == Approx(0.6).margin(0.04));
    CHECK(cls[1] == Approx(0.2).margin(0.04));
    CHECK(cls[2] == Approx(0.2).margin(0.04));
}

TEST_CASE("machovec_trace: YAML kind, the day of each trial, a day past the trace", "[workloads][machovec_trace]") {
    const ScratchDir d = scratch("yaml");
    write(d / "tiny.swf", kTinySwf);
    const PlatformSpec base = load_platform_file(kCh3Platform);
    const YAML::Node w = load_yaml_string("machovec_trace: {path: tiny.swf, first_day: 1}\n", "cfg.yaml");
    const PlatformSpec plat = workload_platform(w, "cfg.yaml", base);  // default fraction 0.8 of 92,160
    CHECK(plat.clusters[0].nodes == 590);
    // Trial 0 = day 1 (3 tasks, as above), trial 1 = day 2 (2 tasks), trial 2 = day 3 (job 9 only).
    const Workload day1 = load_workload(w, "cfg.yaml", d.string(), plat, 1, 0);
    CHECK(day1.tasks.size() == 3);
    // Jobs 5 and 6 of day 1 never ran: noted as the swf workload notes them; day 2 has none.
    REQUIRE(day1.skipped.size() == 1);
    CHECK(skipped_note(day1.skipped[0]) == (d / "tiny.swf").string() +
                                               ": 2 jobs skipped (of the simulated day, never ran: unknown or zero "
                                               "runtime or processors), at lines 6, 7");
    CHECK(load_workload(w, "cfg.yaml", d.string(), plat, 1, 1).skipped.empty());
    CHECK(load_workload(w, "cfg.yaml", d.string(), plat, 1, 1).tasks.size() == 2);
    CHECK(load_workload(w, "cfg.yaml", d.string(), plat, 1, 2).tasks.size() == 1);
    // Trial 3 = day 4 > last day 3: error at first_day's value. "machovec_trace: {path: tiny.swf, first_day: " is
    // 44 characters, so the value is at line 1, column 45 (1-based).
    try {
        load_workload(w, "cfg.yaml", d.string(), plat, 1, 3);
        FAIL("no error");
    } catch (const InputError& e) {
        CHECK(std::string(e.what()).rfind("cfg.yaml:1:45: trial 3 simulates trace day 1 + 3 = 4", 0) == 0);
    }
    // Checked before any trial runs: 3 trials fit (days 1..3), 4 do not (the same error, for the last trial).
    CHECK_NOTHROW(load_workload(w, "cfg.yaml", d.string(), plat, 1, 0, 3));
    CHECK_THROWS_WITH(load_workload(w, "cfg.yaml", d.string(), plat, 1, 0, 4),
                      Catch::StartsWith("cfg.yaml:1:45: trial 3 simulates trace day 1 + 3 = 4"));
    const YAML::Node bad = load_yaml_string("machovec_trace: {path: tiny.swf, system_fraction: 1.5}\n", "cfg.yaml");
    // "machovec_trace: {path: tiny.swf, system_fraction: " is 50 characters: the value at column 51.
    CHECK_THROWS_WITH(workload_platform(bad, "cfg.yaml", base), Catch::Contains("cfg.yaml:1:51"));
    // apc (B1 AMBIG): per-node or per-task. "machovec_trace: {path: tiny.swf, apc: " is 38 characters.
    const YAML::Node per_task = load_yaml_string("machovec_trace: {path: tiny.swf, apc: per-task}\n", "cfg.yaml");
    CHECK(load_workload(per_task, "cfg.yaml", d.string(), plat, 1, 0).tasks.size() == 3);
    const YAML::Node bad_apc = load_yaml_string("machovec_trace: {path: tiny.swf, apc: per-core}\n", "cfg.yaml");
    CHECK_THROWS_WITH(load_workload(bad_apc, "cfg.yaml", d.string(), plat, 1, 0),
                      Catch::StartsWith("cfg.yaml:1:39: apc must be 'per-node' or 'per-task'"));
}

TEST_CASE("machovec_trace: a variant's system_fraction scales the experiment's platform",
          "[workloads][machovec_trace]") {
    const ScratchDir d = scratch("experiment");
    write(d / "tiny.swf", kTinySwf);
    write(d / "e.yaml", "platform: " + kCh3Platform +
                            "\n"
                            "workload:\n"
                            "  machovec_trace: {path: tiny.swf}\n"
                            "manager: {policy: max-upr}\n"
                            "run: {trials: 2}\n"
                            "variants:\n"
                            "  - {name: small, set: {workload.machovec_trace.system_fraction: 0.1}}\n");
    const std::string cfg = (d / "e.yaml").string();
    const std::vector<Variant> v = expand_variants(load_yaml_file(cfg), cfg);
    REQUIRE(v.size() == 1);
    const Experiment e = load_experiment(cfg, {}, &v[0]);
    CHECK(e.platform.clusters[0].nodes == 74);  // 800 × 0.09216 = 73.728 (see the scaling test)
    CHECK(e.platform.clusters[5].nodes == 48);
    // --set after the variant wins; without either, the default 0.8.
    CHECK(load_experiment(cfg, {parse_override("workload.machovec_trace.system_fraction=0.8")}, &v[0])
              .platform.clusters[0]
              .nodes == 590);
    // At 10 % job 3 (3687 cores) fits no cluster (the largest, sp1, has 65 · 36 = 2340 cores).
    const Workload w = make_workload(e, 0);
    CHECK(w.tasks.size() <= 2);
    for (const Task& t : w.tasks) CHECK(t.cores != 3687);
    // `rmsim run` with more trials than the trace has days (first_day 1, days 1..3): exit 2 before anything
    // runs, no output folder, the location of the trace workload.
    const fs::path out = d / "out";
    const std::string cmd = std::string(RMSIM_BINARY) + " run " + cfg + " --trials 4 --quiet --out " + out.string() +
                            " >/dev/null 2>" + (d / "err.txt").string();
    const int status = std::system(cmd.c_str());
    CHECK(WEXITSTATUS(status) == 2);
    std::ifstream err(d / "err.txt");
    const std::string text((std::istreambuf_iterator<char>(err)), std::istreambuf_iterator<char>());
    CHECK(text.find("e.yaml:3:19: trial 3 simulates trace day 1 + 3 = 4") != std::string::npos);
    CHECK_FALSE(fs::exists(out));
}
