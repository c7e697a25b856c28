// Golden results: every shipped paper config, run at a small scale, must give the outputs checked in under
// tests/golden/ byte for byte (wall-clock timing.json and provenance.json aside). A change that moves a paper's
// numbers on purpose regenerates its golden in the same commit and says why; one that moves them by accident
// fails here.
//
//   RMSIM_UPDATE_GOLDENS=1 build/rmsim_tests "[golden]"     rewrites the goldens (review the diff)
//
// A golden holds the run's headline table in full (comparison.csv with variants, else aggregate.json with
// several trials, else summary.json), so that a failure shows which numbers moved, and a 64-bit FNV-1a digest,
// size and path of every output file (tasks.csv, jobs.csv, energy.csv, pstates.csv, summaries, ...).
#include <sys/wait.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/scratch_dir.h"

namespace fs = std::filesystem;
using rmsim::test::ScratchDir;

namespace {

const std::string kRoot = RMSIM_SOURCE_DIR;

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string fnv1a64(const std::string& bytes) {
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 1099511628211ull;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

/// The golden text of an output folder.
std::string listing(const fs::path& out) {
    std::vector<std::string> files;
    for (const auto& e : fs::recursive_directory_iterator(out))
        // timing.json is wall-clock time; provenance.json records the rmsim version and the resolved config,
        // which a release or an edit of a config can change without moving any result.
        if (e.is_regular_file() && e.path().filename() != "timing.json" && e.path().filename() != "provenance.json")
            files.push_back(fs::relative(e.path(), out).generic_string());
    std::sort(files.begin(), files.end());
    std::string headline;
    for (const char* name : {"comparison.csv", "aggregate.json", "summary.json"})
        if (fs::exists(out / name)) {
            headline = name;
            break;
        }
    std::ostringstream s;
    if (!headline.empty()) s << "== " << headline << "\n" << slurp(out / headline);
    s << "== files (fnv1a64, bytes, path)\n";
    for (const std::string& f : files) {
        const std::string bytes = slurp(out / f);
        s << fnv1a64(bytes) << ' ' << bytes.size() << ' ' << f << "\n";
    }
    return s.str();
}

/// The lines that differ, for the failure message.
std::string first_differences(const std::string& want, const std::string& got) {
    std::istringstream a(want), b(got);
    std::ostringstream d;
    std::string la, lb;
    int line = 0, shown = 0;
    for (;;) {
        const bool ha = static_cast<bool>(std::getline(a, la));
        const bool hb = static_cast<bool>(std::getline(b, lb));
        if (!ha && !hb) break;
        ++line;
        if ((ha ? la : "<none>") == (hb ? lb : "<none>")) continue;
        d << "line " << line << "\n  golden: " << (ha ? la : "<none>") << "\n  now:    " << (hb ? lb : "<none>")
          << "\n";
        if (++shown == 12) {
            d << "...\n";
            break;
        }
    }
    return d.str();
}

void check_golden(const std::string& name, const std::string& config, const std::string& args) {
    const ScratchDir d("golden_" + name);
    const fs::path out = d / "out";
    const std::string run = "run " + config + " " + args;
    const std::string cmd = "cd " + kRoot + " && " + RMSIM_BINARY + " " + run + " --quiet --out " + out.string() +
                            " >/dev/null 2>" + (d / "stderr.txt").string();
    const int status = std::system(cmd.c_str());
    INFO(slurp(d / "stderr.txt"));
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    const std::string got = "# rmsim golden '" + name + "': rmsim " + run + "\n" + listing(out);
    const fs::path golden = fs::path(kRoot) / "tests" / "golden" / (name + ".txt");
    const char* update = std::getenv("RMSIM_UPDATE_GOLDENS");
    if (update && std::string(update) == "1") {
        std::ofstream(golden, std::ios::binary) << got;
        SUCCEED("golden rewritten: " + golden.string());
        return;
    }
    REQUIRE(fs::exists(golden));
    const std::string want = slurp(golden);
    INFO("golden " << golden.string() << " differs (RMSIM_UPDATE_GOLDENS=1 rewrites it):\n"
                   << first_differences(want, got));
    CHECK(want == got);
}

// Golden scale of the Machovec Ch.3 configs: each cluster just above the 4,097 cores that Table 4's largest
// task class needs (24,576 cores instead of 100,000), a few hundred tasks a day.
const std::string kMachovecSmall =
    "--set platform.clusters.0.nodes=257 --set platform.clusters.1.nodes=205 --set platform.clusters.2.nodes=171 "
    "--set platform.clusters.3.nodes=129 --set platform.clusters.4.nodes=114 --set platform.clusters.5.nodes=86 "
    "--jobs 2 ";

/// --only for every variant at a few of a sweep's points ("NAME POINT", as rmsim names swept variants).
std::string only(const std::vector<std::string>& variants, const std::vector<std::string>& points) {
    std::string list;
    for (const std::string& v : variants)
        for (const std::string& p : points) list += (list.empty() ? "" : ",") + v + " " + p;
    return "--only '" + list + "' ";
}

const std::vector<std::string> kBaselines = {"random", "fcfs-multiqueue", "conservative", "easy"};

std::vector<std::string> with(std::vector<std::string> a, const std::vector<std::string>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

}  // namespace

TEST_CASE("golden: quickstart", "[golden]") {
    check_golden("quickstart", "configs/quickstart.yaml", "--trials 2 --set workload.synthetic.tasks=300");
}

TEST_CASE("golden: kth-easy", "[golden]") {
    check_golden("kth-easy", "configs/experiments/kth-easy.yaml", "");
}

TEST_CASE("golden: singh-arrival-rate", "[golden]") {
    check_golden("singh-arrival-rate", "configs/experiments/singh-arrival-rate.yaml",
                 "--trials 2 --jobs 2 --set workload.singh.jobs=40");
}

TEST_CASE("golden: singh-arrival-rate-calibrated", "[golden]") {
    check_golden("singh-arrival-rate-calibrated", "configs/experiments/singh-arrival-rate-calibrated.yaml",
                 "--trials 2 --jobs 2 --set workload.singh.jobs=40");
}

TEST_CASE("golden: singh-nodes", "[golden]") {
    check_golden("singh-nodes", "configs/experiments/singh-nodes.yaml", "--trials 2 --jobs 2 --set workload.singh.jobs=40");
}

TEST_CASE("golden: singh-cores", "[golden]") {
    check_golden("singh-cores", "configs/experiments/singh-cores.yaml", "--trials 2 --jobs 2 --set workload.singh.jobs=40");
}

// A budget that binds at this scale (the configs' 12-15 GJ are for 5,000-10,000 tasks a day).
TEST_CASE("golden: machovec-fig25", "[golden]") {
    check_golden("machovec-fig25", "configs/experiments/machovec-fig25.yaml",
                 kMachovecSmall + "--trials 2 --set workload.machovec_ch3.tasks_per_day=300 --set run.energy_budget_j=3e8");
}

// The calibrated platform (scripts/calibrate_machovec.py), at the same scale as machovec-fig25.
TEST_CASE("golden: machovec-fig25-calibrated", "[golden]") {
    check_golden("machovec-fig25-calibrated", "configs/experiments/machovec-fig25-calibrated.yaml",
                 kMachovecSmall + "--trials 2 --set workload.machovec_ch3.tasks_per_day=300 --set run.energy_budget_j=3e8");
}

TEST_CASE("golden: machovec-fig26", "[golden]") {
    check_golden("machovec-fig26", "configs/experiments/machovec-fig26.yaml",
                 kMachovecSmall + "--trials 2 --set workload.machovec_ch3.tasks_per_day=600 --set run.energy_budget_j=6e8");
}

TEST_CASE("golden: machovec-fig27", "[golden]") {
    check_golden("machovec-fig27", "configs/experiments/machovec-fig27.yaml",
                 kMachovecSmall + "--trials 2 --set workload.machovec_ch3.tasks_per_day=300 --set run.energy_budget_j=3e8");
}

// Swept configs: every variant at the two ends of the sweep.
TEST_CASE("golden: machovec-fig28", "[golden]") {
    check_golden("machovec-fig28", "configs/experiments/machovec-fig28.yaml",
                 kMachovecSmall + "--trials 1 --set workload.machovec_ch3.tasks_per_day=300 --set run.energy_budget_j=3e8 " +
                     only(with(kBaselines, {"max-util-ph", "max-upt-ph", "max-upr-ph", "max-upe-ph"}),
                          {"dropping_threshold=-1", "dropping_threshold=0.5"}));
}

// The swept budgets (8-18 GJ) stay as they are: at this scale they bind little, if at all.
TEST_CASE("golden: machovec-fig29", "[golden]") {
    check_golden("machovec-fig29", "configs/experiments/machovec-fig29.yaml",
                 kMachovecSmall + "--trials 1 --set workload.machovec_ch3.tasks_per_day=300 " +
                     only(with(kBaselines, {"max-util-ph", "max-upt-ph", "max-upr-ph", "max-upe-ph", "event-based-ph",
                                            "task-based-ph"}),
                          {"energy_budget_j=8.0e9", "energy_budget_j=18.0e9"}));
}

TEST_CASE("golden: machovec-fig30", "[golden]") {
    check_golden("machovec-fig30", "configs/experiments/machovec-fig30.yaml",
                 kMachovecSmall + "--trials 1 --set workload.machovec_ch3.tasks_per_day=300 " +
                     only(with(kBaselines, {"max-util-ph-epr", "max-upt-ph-epr", "max-upr-ph-epr", "max-upe-ph-epr",
                                            "event-based-ph-epr", "task-based-ph-epr"}),
                          {"energy_budget_j=8.0e9", "energy_budget_j=18.0e9"}));
}

const std::vector<std::string> kTraceVariants = with(kBaselines, {"max-util-ph", "max-upt-ph", "max-upr-ph",
                                                                  "max-upe-ph", "event-based", "task-based"});

TEST_CASE("golden: machovec-fig31", "[golden]") {
    check_golden("machovec-fig31", "configs/experiments/machovec-fig31.yaml",
                 kMachovecSmall + "--trials 1 " + only(kTraceVariants, {"system_fraction=0.1", "system_fraction=0.5"}));
}

TEST_CASE("golden: machovec-fig32", "[golden]") {
    check_golden("machovec-fig32", "configs/experiments/machovec-fig32.yaml",
                 kMachovecSmall + "--trials 1 " + only(kTraceVariants, {"energy_budget_j=2.88e8", "energy_budget_j=8.24e8"}));
}

// Golden scale of the Machovec Ch.4 configs: one node per cluster (88 cores instead of 800) and 6,600 tasks a
// day for 8 hours, so that the system stays oversubscribed about as much as at full scale.
const std::string kCh4Small =
    "--set platform.clusters.0.nodes=1 --set platform.clusters.1.nodes=1 --set platform.clusters.2.nodes=1 "
    "--set platform.clusters.3.nodes=1 --set platform.clusters.4.nodes=1 "
    "--set workload.machovec_ch4.tasks_per_day=6600 --set workload.machovec_ch4.hours=8 --jobs 2 ";

TEST_CASE("golden: machovec-ch4-fig37", "[golden]") {
    check_golden("machovec-ch4-fig37", "configs/experiments/machovec-ch4-fig37.yaml",
                 kCh4Small + "--trials 1 " +
                     only({"random", "fcfs", "max-util", "max-upt", "max-util-greedy", "max-util-diff", "max-util-pair",
                           "max-upt-greedy", "max-upt-diff", "max-upt-pair"},
                          {"burst_size=1", "burst_size=64"}));
}

// Golden scale of the Machovec Ch.2 configs: 64 cores (2 nodes) and 250-300 tasks arriving over 8 hours, run
// for 10 hours (the first 2 warm-up), so that the system stays oversubscribed as at full scale.
const std::string kCh2Small =
    "--set platform.clusters.0.nodes=2 --set workload.machovec_ch2.tasks_min=250 "
    "--set workload.machovec_ch2.tasks_max=300 --set workload.machovec_ch2.hours=8 --set run.end_s=36000 "
    "--set run.measure_end_s=36000 --jobs 2 ";

TEST_CASE("golden: machovec-ch2-fig8", "[golden]") {
    check_golden("machovec-ch2-fig8", "configs/experiments/machovec-ch2-fig8.yaml",
                 kCh2Small + "--trials 1 " +
                     only({"max-vptr", "simple", "simple-dropping", "simple-placeholders", "simple-dp"},
                          {"memory_gb=128", "memory_gb=192"}));
}
