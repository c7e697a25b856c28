// Benchmark and report of Tarplee Ch.5's provisioning (manager/policies/tarplee/provisioning.h):
//   bench_tarplee_provisioning e1 [--scenarios K] [--replications R] [--seed S] [--json FILE]
//     E1 (§5.9.1): the machines H1-H3, MVP and RP buy (Table 5.2), the expected reward rates, VSS and EVPI
//     with their 95 % confidence intervals over R SAA replications of K scenarios, the reward against the
//     budget (Fig. 5.2), and the time per replication.
//   bench_tarplee_provisioning e3-dep [--scenarios K] [--seed S] [--lshaped]
//     The size and solve time of a deterministic equivalent the size of E3's (10 task types, 9 machine types;
//     63,011 x 270,018 at K = 3,000, §5.9.3) and the process's peak memory; with --lshaped the same recourse
//     problem by the L-shaped method (provisioning_lshaped.h) instead, with its iterations and cuts. Its parameters beyond Table 5.5
//     are GAP choices of this bench (docs/performance.md): arrivals 1 per second per type and every ETC
//     uniform with CoV 25 % (independent elements, not the NNMF model of §5.4), reward 1 per task, every
//     machine $2,000, budget $400,000, and the cost weighted 1e-6 beside the reward.
//   bench_tarplee_provisioning e2|e3 [--scenarios K] [--replications R] [--seed S] [--json FILE]
//     E2 (§5.9.3) and E3 (§5.9.4) with the uncertainty model of §5.4 (provisioning_uncertainty.h; the
//     environments and their GAP choices: tarplee_e2 and tarplee_e3 in provisioning_environments.h): the fit
//     errors; the machines H1-H3 and MVP buy (Tables 5.4 and 5.6) with their reward rates at the mean
//     parameters (Fig. 5.5a); over R replications of K scenarios (RP by the L-shaped method) RP's purchase,
//     the expected reward rates of RP, EEV, WS and H1-H3 (Fig. 5.5b), VSS and EVPI, RP's gain over H1 scenario
//     by scenario (Fig. 5.6), and the width of the 95 % interval of RP's objective against its mean.
//   With --json FILE, e1, e2, e3 and e3-front also write their figures (per replication where they vary) for
//   scripts/fidelity.py collect.
//   bench_tarplee_provisioning e3-front [--scenarios K] [--steps W] [--seed S] [--out DIR] [--json FILE]
//     §5.8 on E3: the orthogonal weighted-sum front of expected reward rate against expected power, W weights
//     (provisioning_front.h), each point's 95 % confidence ellipse (Eq. 60); DIR/front.csv (per point: the
//     weights, the means, the covariance, the right-hand side of Eq. 60 and the machines bought) and
//     DIR/ellipses.csv (64 boundary points per ellipse); scripts/provisioning_front.py draws them.
//   bench_tarplee_provisioning loop e1|e3 [--scale S] [--horizon H] [--trials N] [--scenarios K] [--seed S]
//                                         [--jobs J] [--out DIR] [--rmsim PATH]
//     Closes the loop between the LP and the simulator (docs/fidelity.md, "Tarplee Ch. 5: the loop"): RP (on K
//     training scenarios), MVP and H1-H3 buy machines for the environment scaled by S (arrival rates and
//     budget x S: the LP is linear, so the purchase scales and rounding it costs little); each purchase is
//     made whole (integer_purchase) and written to DIR as a platform (one cluster per machine type bought,
//     single-core nodes); N held-out scenarios (seeds from S + 1,000,003) each get, per purchase, the LP's
//     second stage at that purchase (solve_provisioning with the purchase fixed) and an experiment config
//     running it: Poisson arrivals at the scenario's rates over H seconds, its ETC exact, the schedule as the
//     policy tarplee-steady-state. Each config runs as its own `rmsim run` process (J at once); the table
//     gives per purchase the LP's reward rate and power at the integer purchase against the simulator's over
//     the window [H / 10, H) (the first tenth, while the queues fill, left out), mean +- 95 % CI over the
//     held-out scenarios. Power: E1 and E3 print none; the platform's busy and idle power of each machine
//     type stand in for APC^d_ij + APC_0j and APC_0j on both sides (E1: GAP 80/8, 100/10, 120/12 W for
//     M1-M3; E3: configs/platforms/tarplee-9types.yaml's).
// Not a test: `make bench`, then run it.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "manager/policies/tarplee/provisioning.h"
#include "manager/policies/tarplee/provisioning_environments.h"
#include "manager/policies/tarplee/provisioning_front.h"
#include "manager/policies/tarplee/provisioning_lshaped.h"
#include "manager/policies/tarplee/provisioning_study.h"
#include "manager/policies/tarplee/provisioning_uncertainty.h"

namespace {

using namespace rmsim;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

/// Mean and half-width of the two-sided 95 % interval (Student's t).
std::pair<double, double> mean_ci(const std::vector<double>& xs) {
    double m = 0;
    for (double x : xs) m += x / static_cast<double>(xs.size());
    if (xs.size() < 2) return {m, 0};
    double ss = 0;
    for (double x : xs) ss += (x - m) * (x - m);
    const double n = static_cast<double>(xs.size());
    const boost::math::students_t t(n - 1);
    return {m, boost::math::quantile(complement(t, 0.025)) * std::sqrt(ss / (n - 1) / n)};
}

/// One line "what  mean +- half-width unit".
void show(const char* what, const std::vector<double>& xs, const char* unit) {
    const auto [m, h] = mean_ci(xs);
    std::printf("%-34s %.4f +- %.4f%s\n", what, m, h, unit);
}

struct Row {
    const char* what;
    const std::vector<double>* xs;
    const char* unit;
};

void show_rows(std::initializer_list<Row> rows) {
    for (const Row& r : rows) show(r.what, *r.xs, r.unit);
}

long arg(int argc, char** argv, const char* name, long fallback) {
    for (int i = 2; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], name) == 0) return std::atol(argv[i + 1]);
    return fallback;
}

std::string text_arg(int argc, char** argv, const char* name, const std::string& fallback) {
    for (int i = 2; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], name) == 0) return argv[i + 1];
    return fallback;
}

double number_arg(int argc, char** argv, const char* name, double fallback) {
    for (int i = 2; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], name) == 0) return std::atof(argv[i + 1]);
    return fallback;
}

/// `--json FILE`: the figures of a study, each a list of per-replication values or one number, written as one
/// JSON object (`scripts/fidelity.py collect FILE --summary NAME` reads it into docs/fidelity/summaries/).
class JsonFigures {
public:
    JsonFigures(int argc, char** argv) : path_(text_arg(argc, argv, "--json", "")) {}
    void add(const std::string& key, const std::vector<double>& xs) { doc_[key] = xs; }
    void add(const std::string& key, double x) { doc_[key] = x; }
    /// Writes the file; false (with a message) when it cannot be written.
    bool write() const {
        if (path_.empty()) return true;
        std::ofstream f(path_);
        f << doc_.dump(1) << "\n";
        if (!f) std::fprintf(stderr, "bench_tarplee_provisioning: cannot write %s\n", path_.c_str());
        return static_cast<bool>(f);
    }

private:
    std::string path_;
    nlohmann::json doc_ = nlohmann::json::object();
};

int e1(int argc, char** argv) {
    const std::size_t K = static_cast<std::size_t>(arg(argc, argv, "--scenarios", 3000));
    const int R = static_cast<int>(arg(argc, argv, "--replications", 10));
    const std::uint64_t seed = static_cast<std::uint64_t>(arg(argc, argv, "--seed", 1));
    const ProvisioningCase c = tarplee_e1();
    std::vector<double> vss_pct, evpi, rp_reward, eev_reward, ws_reward, h_reward, m1, m3, secs;
    Purchase mvp;
    for (int r = 0; r < R; ++r) {
        const auto t0 = Clock::now();
        const auto k = draw_scenarios(c.model, K, seed + static_cast<std::uint64_t>(r));
        const ValueOfInformation v = value_of_information(c.env, c.model, k);
        const Purchase h = heuristic_purchase(c.env, c.model.mean, ProvisioningHeuristic::kH1);
        h_reward.push_back(solve_provisioning(c.env, k, h).expected_reward_rate);
        secs.push_back(seconds_since(t0));
        vss_pct.push_back(100 * v.vss() / v.eev.expected_reward_rate);
        evpi.push_back(v.evpi());
        rp_reward.push_back(v.rp.expected_reward_rate);
        eev_reward.push_back(v.eev.expected_reward_rate);
        ws_reward.push_back(v.ws_reward_rate);
        m1.push_back(v.rp.purchase.bought[0]);
        m3.push_back(v.rp.purchase.bought[2]);
        mvp = v.mvp.purchase;
    }
    std::printf("E1, %d replications of %zu scenarios (seeds %llu..), mean +- 95 %% CI\n", R, K,
                static_cast<unsigned long long>(seed));
    for (ProvisioningHeuristic h :
         {ProvisioningHeuristic::kH1, ProvisioningHeuristic::kH2, ProvisioningHeuristic::kH3}) {
        const Purchase p = heuristic_purchase(c.env, c.model.mean, h);
        std::printf("H%d buys M1 %.2f, M2 %.2f, M3 %.2f\n", static_cast<int>(h) + 1, p.bought[0], p.bought[1],
                    p.bought[2]);
    }
    std::printf("MVP buys M1 %.2f, M2 %.2f, M3 %.2f\n", mvp.bought[0], mvp.bought[1], mvp.bought[2]);
    JsonFigures json(argc, argv);
    for (std::size_t j = 0; j < 3; ++j) {
        const std::string m = "m" + std::to_string(j + 1);
        json.add("mvp." + m, mvp.bought[j]);
        json.add("h1." + m, heuristic_purchase(c.env, c.model.mean, ProvisioningHeuristic::kH1).bought[j]);
    }
    std::vector<double> evpi_pct;
    for (std::size_t r = 0; r < rp_reward.size(); ++r) evpi_pct.push_back(100 * evpi[r] / rp_reward[r]);
    json.add("rp.m1", m1);
    json.add("rp.m3", m3);
    json.add("reward.rp", rp_reward);
    json.add("reward.eev", eev_reward);
    json.add("reward.ws", ws_reward);
    json.add("reward.h1", h_reward);
    json.add("vss_percent", vss_pct);
    json.add("evpi", evpi);
    json.add("evpi_percent", evpi_pct);
    json.add("reward_at_mean.mvp", solve_provisioning(c.env, {c.model.mean}, mvp).expected_reward_rate);
    show_rows({{"RP buys M1", &m1, ""},
               {"RP buys M3", &m3, ""},
               {"expected reward rate, RP", &rp_reward, ""},
               {"expected reward rate, EEV (MVP)", &eev_reward, ""},
               {"expected reward rate, WS", &ws_reward, ""},
               {"expected reward rate, H1-H3", &h_reward, ""},
               {"VSS = (EEV - RP) / EEV reward", &vss_pct, " %"},
               {"EVPI = RP - WS", &evpi, ""},
               {"seconds per replication", &secs, " s"}});
    const auto k = draw_scenarios(c.model, K, seed);
    std::printf("budget: RP / WS / H1 expected reward rate (Fig. 5.2, the first replication's scenarios)\n");
    for (double b : {1.0, 2.0, 3.0, 3.5, 4.0, 5.0, 6.0, 8.0}) {
        const ProvisioningCase cb = tarplee_e1(b);
        const ValueOfInformation v = value_of_information(cb.env, cb.model, k);
        const Purchase h = heuristic_purchase(cb.env, cb.model.mean, ProvisioningHeuristic::kH1);
        const double h_rate = solve_provisioning(cb.env, k, h).expected_reward_rate;
        std::printf("  %4.1f  %.4f  %.4f  %.4f\n", b, v.rp.expected_reward_rate, v.ws_reward_rate, h_rate);
        char key[32];
        std::snprintf(key, sizeof key, "budget_%g.", b);
        json.add(std::string(key) + "rp", v.rp.expected_reward_rate);
        json.add(std::string(key) + "ws", v.ws_reward_rate);
        json.add(std::string(key) + "h1", h_rate);
    }
    return json.write() ? 0 : 1;
}

/// E2 and E3 (§5.9.3-5.9.4): the machines each strategy buys, their reward rates at the mean parameters and
/// over the scenarios, VSS and EVPI, and RP's per-scenario gain over H1, over R SAA replications.
int model_study(const char* name, int argc, char** argv, ModelCase (*make)(std::uint64_t), std::size_t default_k) {
    const std::size_t K = static_cast<std::size_t>(arg(argc, argv, "--scenarios", static_cast<long>(default_k)));
    const int R = static_cast<int>(arg(argc, argv, "--replications", 5));
    const std::uint64_t seed = static_cast<std::uint64_t>(arg(argc, argv, "--seed", 1));
    const ModelCase c = make(seed);
    const ProvisioningEnvironment& env = c.env;
    const std::size_t M = env.machine_types;
    std::printf("%s uncertainty model, L = %zu: ETC fit error %.2f %%, variance fit error %.2f %%\n", name,
                c.model.tau.size(), 100 * c.model.etc_error, 100 * c.model.var_error);
    const ProvisioningScenario mean = c.mean();
    JsonFigures json(argc, argv);
    json.add("fit_error_percent.etc", 100 * c.model.etc_error);
    json.add("fit_error_percent.variance", 100 * c.model.var_error);
    std::printf("machines bought (negative: sold)");
    for (std::size_t j = 0; j < M; ++j) std::printf("     M%zu", j + 1);
    std::printf("   cost   reward rate at the mean parameters\n");
    auto show_purchase = [&](const char* who, const Purchase& p) {
        const ProvisioningSolution at_mean = solve_provisioning(env, {mean}, p);
        std::string key = who;
        key = key.substr(0, key.find(' '));
        for (char& ch : key) ch = static_cast<char>(std::tolower(ch));
        for (std::size_t j = 0; j < M; ++j) json.add(key + ".m" + std::to_string(j + 1), p.bought[j] - p.sold[j]);
        json.add(key + ".cost", at_mean.upgrade_cost);
        json.add("reward_at_mean." + key, at_mean.expected_reward_rate);
        std::printf("%-32s", who);
        for (std::size_t j = 0; j < M; ++j) std::printf(" %6.1f", p.bought[j] - p.sold[j]);
        std::printf("   $%.0f   %.4f /s\n", at_mean.upgrade_cost, at_mean.expected_reward_rate);
    };
    const ProvisioningHeuristic heuristics[] = {ProvisioningHeuristic::kH1, ProvisioningHeuristic::kH2,
                                                ProvisioningHeuristic::kH3};
    const char* heuristic_names[] = {"H1", "H2", "H3"};
    std::vector<Purchase> h_purchase;
    for (int h = 0; h < 3; ++h) {
        h_purchase.push_back(heuristic_purchase(env, mean, heuristics[h]));
        show_purchase(heuristic_names[h], h_purchase.back());
    }
    const ProvisioningSolution mvp = solve_provisioning(env, {mean});
    show_purchase("MVP", mvp.purchase);
    std::vector<double> rp_reward, eev_reward, ws_reward, h_reward[3], vss_pct, vss_obj_pct, evpi_pct, evpi_obj_pct,
        rp_objective, rp_cost, gain_min, gain_max, gain_mean, secs;
    std::vector<std::vector<double>> rp_net(M);
    for (int r = 0; r < R; ++r) {
        const auto t0 = Clock::now();
        const auto k = c.draw(K, seed + static_cast<std::uint64_t>(r));
        const LShapedSolution rp = solve_provisioning_lshaped(env, k);
        const ProvisioningSolution eev = solve_provisioning(env, k, mvp.purchase);
        ProvisioningSolution h1;
        for (int h = 0; h < 3; ++h) {
            const ProvisioningSolution hs = solve_provisioning(env, k, h_purchase[h]);
            h_reward[h].push_back(hs.expected_reward_rate);
            if (h == 0) h1 = hs;
        }
        // WS: every scenario's own optimum (Eq. 49).
        double ws = 0, ws_rate = 0;
        for (const ProvisioningScenario& sc : k) {
            const ProvisioningSolution own = solve_provisioning(env, {sc});
            ws += own.objective / static_cast<double>(K);
            ws_rate += own.expected_reward_rate / static_cast<double>(K);
        }
        secs.push_back(seconds_since(t0));
        if (r == 0) show_purchase("RP (the first replication)", rp.solution.purchase);
        for (std::size_t j = 0; j < M; ++j)
            rp_net[j].push_back(rp.solution.purchase.bought[j] - rp.solution.purchase.sold[j]);
        const double rp_rate = rp.solution.expected_reward_rate;
        rp_reward.push_back(rp_rate);
        eev_reward.push_back(eev.expected_reward_rate);
        ws_reward.push_back(ws_rate);
        rp_cost.push_back(rp.solution.upgrade_cost);
        rp_objective.push_back(rp.solution.objective);
        vss_pct.push_back(100 * (rp_rate - eev.expected_reward_rate) / eev.expected_reward_rate);
        vss_obj_pct.push_back(100 * (eev.objective - rp.solution.objective) / std::abs(eev.objective));
        evpi_pct.push_back(100 * (ws_rate - rp_rate) / rp_rate);
        evpi_obj_pct.push_back(100 * (rp.solution.objective - ws) / std::abs(rp.solution.objective));
        // Fig. 5.6: RP's reward rate relative to H1's, scenario by scenario.
        double lo = kNoLimit, hi = -kNoLimit, sum = 0;
        for (std::size_t s = 0; s < K; ++s) {
            const double g = 100 * (rp.solution.scenarios[s].reward_rate / h1.scenarios[s].reward_rate - 1);
            lo = std::min(lo, g);
            hi = std::max(hi, g);
            sum += g / static_cast<double>(K);
        }
        gain_min.push_back(lo);
        gain_max.push_back(hi);
        gain_mean.push_back(sum);
    }
    std::printf("%d replications of %zu scenarios (seeds %llu..), mean +- 95 %% CI\n", R, K,
                static_cast<unsigned long long>(seed));
    for (std::size_t j = 0; j < M; ++j) {
        const std::string what = "RP's net purchase of M" + std::to_string(j + 1);
        show(what.c_str(), rp_net[j], "");
    }
    show_rows({{"RP's cost", &rp_cost, " $"},
               {"expected reward rate, RP", &rp_reward, " /s"},
               {"expected reward rate, EEV (MVP)", &eev_reward, " /s"},
               {"expected reward rate, WS", &ws_reward, " /s"},
               {"expected reward rate, H1", &h_reward[0], " /s"},
               {"expected reward rate, H2", &h_reward[1], " /s"},
               {"expected reward rate, H3", &h_reward[2], " /s"},
               {"VSS, RP over EEV reward rate", &vss_pct, " %"},
               {"VSS, relative to EEV's objective", &vss_obj_pct, " %"},
               {"EVPI, WS over RP reward rate", &evpi_pct, " %"},
               {"EVPI, relative to RP's objective", &evpi_obj_pct, " %"},
               {"RP over H1 per scenario: lowest", &gain_min, " %"},
               {"RP over H1 per scenario: highest", &gain_max, " %"},
               {"RP over H1 per scenario: mean", &gain_mean, " %"},
               {"RP's objective", &rp_objective, ""}});
    const auto [m, h] = mean_ci(rp_objective);
    std::printf("%-34s %.2f %%\n", "RP's objective, CI / mean", 100 * h / std::abs(m));
    show("seconds per replication", secs, " s");
    for (std::size_t j = 0; j < M; ++j) json.add("rp.m" + std::to_string(j + 1), rp_net[j]);
    json.add("rp.cost", rp_cost);
    json.add("reward.rp", rp_reward);
    json.add("reward.eev", eev_reward);
    json.add("reward.ws", ws_reward);
    for (int i = 0; i < 3; ++i) json.add("reward.h" + std::to_string(i + 1), h_reward[i]);
    json.add("vss_percent", vss_pct);
    json.add("vss_objective_percent", vss_obj_pct);
    json.add("evpi_percent", evpi_pct);
    json.add("evpi_objective_percent", evpi_obj_pct);
    json.add("gain_over_h1_percent.lowest", gain_min);
    json.add("gain_over_h1_percent.highest", gain_max);
    json.add("gain_over_h1_percent.mean", gain_mean);
    json.add("rp.objective", rp_objective);
    json.add("rp.objective_ci_over_mean_percent", 100 * h / std::abs(m));
    return json.write() ? 0 : 1;
}

/// §5.8 on E3: the orthogonal weighted-sum front of expected reward rate against expected power with the 95 %
/// confidence ellipses of Eq. 60, written to DIR/front.csv and DIR/ellipses.csv.
int e3_front(int argc, char** argv) {
    const std::size_t K = static_cast<std::size_t>(arg(argc, argv, "--scenarios", 1000));
    const std::size_t steps = static_cast<std::size_t>(arg(argc, argv, "--steps", 21));
    const std::uint64_t seed = static_cast<std::uint64_t>(arg(argc, argv, "--seed", 1));
    std::string dir = ".";
    for (int i = 2; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--out") == 0) dir = argv[i + 1];
    const ModelCase c = tarplee_e3(seed);
    const auto k = c.draw(K, seed);
    const auto t0 = Clock::now();
    const std::vector<ProvisioningFrontPoint> front = provisioning_front(c.env, k, FrontObjective::kPower, steps);
    const double secs = seconds_since(t0);
    std::error_code made;
    std::filesystem::create_directories(dir, made);
    const std::string front_path = dir + "/front.csv", ellipse_path = dir + "/ellipses.csv";
    std::FILE* f = std::fopen(front_path.c_str(), "w");
    std::FILE* e = std::fopen(ellipse_path.c_str(), "w");
    if (f == nullptr || e == nullptr) {
        std::fprintf(stderr, "bench_tarplee_provisioning: cannot write into %s\n", dir.c_str());
        return 2;
    }
    std::fprintf(f, "point,weight_reward,weight_power,reward_rate,power_w,cost,s_rr,s_rp,s_pp,radius2");
    for (std::size_t j = 0; j < c.env.machine_types; ++j) std::fprintf(f, ",m%zu", j + 1);
    std::fprintf(f, "\n");
    std::fprintf(e, "point,reward_rate,power_w\n");
    std::printf("E3 front, %zu scenarios, %zu weights: %zu points in %.1f s\n", K, steps, front.size(), secs);
    std::printf("  reward /s   power kW   95 %% ellipse half-widths (reward, kW)   cost\n");
    for (std::size_t p = 0; p < front.size(); ++p) {
        const ProvisioningFrontPoint& q = front[p];
        const ConfidenceEllipse& el = q.ellipse;
        std::fprintf(f, "%zu,%.6g,%.6g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g", p, q.weight_reward, q.weight_other,
                     q.reward_rate, q.other, q.solution.upgrade_cost, el.sxx, el.sxy, el.syy, el.radius2);
        for (std::size_t j = 0; j < c.env.machine_types; ++j)
            std::fprintf(f, ",%.6g", q.solution.purchase.bought[j] - q.solution.purchase.sold[j]);
        std::fprintf(f, "\n");
        for (const auto& [x, y] : el.boundary(64)) std::fprintf(e, "%zu,%.9g,%.9g\n", p, x, y);
        std::printf("  %8.4f  %9.3f   +-%.4f  +-%.4f   $%.0f\n", q.reward_rate, q.other / 1000,
                    std::sqrt(el.radius2 * el.sxx), std::sqrt(el.radius2 * el.syy) / 1000, q.solution.upgrade_cost);
    }
    std::fclose(f);
    std::fclose(e);
    std::printf("wrote %s and %s\n", front_path.c_str(), ellipse_path.c_str());
    // The ellipses' largest half-widths relative to the front's largest reward rate and power.
    double hw_reward = 0, hw_power = 0, top_reward = 0, top_power = 0;
    for (const ProvisioningFrontPoint& q : front) {
        hw_reward = std::max(hw_reward, std::sqrt(q.ellipse.radius2 * q.ellipse.sxx));
        hw_power = std::max(hw_power, std::sqrt(q.ellipse.radius2 * q.ellipse.syy));
        top_reward = std::max(top_reward, q.reward_rate);
        top_power = std::max(top_power, q.other);
    }
    JsonFigures json(argc, argv);
    json.add("front.seconds", secs);
    json.add("front.points", static_cast<double>(front.size()));
    json.add("front.weights", static_cast<double>(steps));
    json.add("ellipse.half_width_reward_percent", 100 * hw_reward / top_reward);
    json.add("ellipse.half_width_power_percent", 100 * hw_power / top_power);
    return json.write() ? 0 : 1;
}

int e3_dep(int argc, char** argv) {
    const std::size_t K = static_cast<std::size_t>(arg(argc, argv, "--scenarios", 3000));
    const std::uint64_t seed = static_cast<std::uint64_t>(arg(argc, argv, "--seed", 1));
    ProvisioningEnvironment env;
    env.task_types = 10;
    env.machine_types = 9;
    env.reward.assign(10, 1.0);
    env.buy_price.assign(9, 2000.0);
    env.sell_price.assign(9, 0.0);
    env.current.assign(9, 0.0);
    env.budget = 400000;
    env.w_cost = 1e-6;
    ScenarioModel model;
    model.mean.arrival.assign(10, 1.0);
    model.mean.etc = tarplee_e3_etc();
    model.arrival_cov.assign(10, 0.25);
    model.etc_cov.assign(10, std::vector<double>(9, 0.25));
    const auto t0 = Clock::now();
    const auto k = draw_scenarios(model, K, seed);
    const double draw_s = seconds_since(t0);
    bool lshaped = false;
    for (int i = 2; i < argc; ++i) lshaped = lshaped || std::strcmp(argv[i], "--lshaped") == 0;
    const auto t1 = Clock::now();
    LShapedSolution ls;
    const ProvisioningSolution s =
        lshaped ? (ls = solve_provisioning_lshaped(env, k)).solution : solve_provisioning(env, k);
    const double solve_s = seconds_since(t1);
    if (lshaped)
        std::printf("L-shaped: %zu iterations, %zu cuts, objective %.9g (bound %.9g)\n", ls.iterations, ls.cuts,
                    s.objective, ls.lower_bound);
    else
        std::printf("DEP: objective %.9g\n", s.objective);
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    std::printf(
        "E3-sized DEP, %zu scenarios: %zu rows x %zu columns; drawn in %.2f s, built and solved in %.2f s; "
        "peak memory %.0f MiB\n",
        K, s.rows, s.columns, draw_s, solve_s, static_cast<double>(ru.ru_maxrss) / 1024.0);
    std::printf("RP buys:");
    for (double b : s.purchase.bought) std::printf(" %.1f", b);
    std::printf("  (cost $%.0f, expected reward rate %.4f per s)\n", s.upgrade_cost, s.expected_reward_rate);
    return 0;
}

/// What the loop needs of an environment: the LP's data, how to draw its scenarios, and the machines' names
/// and powers.
struct LoopCase {
    std::string name;
    ProvisioningEnvironment env;
    ProvisioningScenario mean;
    std::function<std::vector<ProvisioningScenario>(std::size_t, std::uint64_t)> draw;
    bool lshaped = false;  ///< solve RP by the L-shaped method (E3) rather than the DEP
    std::vector<std::string> machine;
    std::vector<double> busy_w, idle_w;
};

LoopCase loop_e1(double scale) {
    ProvisioningCase c = tarplee_e1(3.5 * scale);
    for (double& l : c.model.mean.arrival) l *= scale;
    LoopCase l;
    l.name = "e1";
    l.env = c.env;
    l.mean = c.model.mean;
    l.draw = [model = c.model](std::size_t K, std::uint64_t seed) { return draw_scenarios(model, K, seed); };
    l.machine = {"M1", "M2", "M3"};
    l.busy_w = {80, 100, 120};
    l.idle_w = {8, 10, 12};
    return l;
}

LoopCase loop_e3(double scale, std::uint64_t seed) {
    ModelCase c = tarplee_e3(seed);
    for (double& a : c.arrival) a *= scale;
    LoopCase l;
    l.name = "e3";
    l.env = c.env;
    l.env.budget *= scale;
    l.mean = c.mean();
    l.draw = [c](std::size_t K, std::uint64_t s) { return c.draw(K, s); };
    l.lshaped = true;
    for (int j = 1; j <= 9; ++j) l.machine.push_back("m" + std::to_string(j));
    l.idle_w = c.env.idle_power;  // configs/platforms/tarplee-9types.yaml's, 10 % of busy (tarplee_e3)
    for (double idle : l.idle_w) l.busy_w.push_back(10 * idle);
    return l;
}

std::string num(double v) {
    char b[40];
    std::snprintf(b, sizeof b, "%.17g", v);
    return b;
}

std::string yaml_list(const std::vector<double>& v) {
    std::string s = "[";
    for (std::size_t k = 0; k < v.size(); ++k) s += (k ? ", " : "") + num(v[k]);
    return s + "]";
}

/// The rows of `m` restricted to the columns `cols`, as a YAML flow matrix.
std::string yaml_matrix(const std::vector<std::vector<double>>& m, const std::vector<std::size_t>& cols) {
    std::string s = "[";
    for (std::size_t i = 0; i < m.size(); ++i) {
        std::vector<double> row;
        for (std::size_t j : cols) row.push_back(m[i][j]);
        s += (i ? ", " : "") + yaml_list(row);
    }
    return s + "]";
}

/// One cluster per machine type bought (`cols`), `count[j]` single-core nodes each.
void write_platform(const std::string& path, const LoopCase& lc, const std::vector<std::size_t>& cols,
                    const std::vector<double>& count) {
    std::ofstream f(path);
    f << "# Written by bench_tarplee_provisioning loop: the machines of one purchase, one single-core node each;\n"
         "# the machine's power is its core's (no uncore, no base power, never off).\n"
         "platform:\n  name: tarplee-loop-"
      << lc.name << "\n  dvfs_domain: core\n"
      << "  manager_link: {latency_s: 50.0e-6, bandwidth_bytes_per_s: 125.0e6}\n  core_types:\n";
    for (std::size_t j : cols)
        f << "    - {name: " << lc.machine[j]
          << ".core, pstates: [{frequency_ghz: 1.0, busy_power_w: " << num(lc.busy_w[j])
          << ", idle_power_w: " << num(lc.idle_w[j]) << "}]}\n";
    f << "  processor_types:\n";
    for (std::size_t j : cols)
        f << "    - {name: " << lc.machine[j] << ".cpu, core_type: " << lc.machine[j] << ".core, cores: 1}\n";
    f << "  node_types:\n";
    for (std::size_t j : cols)
        f << "    - {name: " << lc.machine[j] << ", processors: [{type: " << lc.machine[j] << ".cpu}]}\n";
    f << "  clusters:\n";
    for (std::size_t j : cols)
        f << "    - {name: " << lc.machine[j] << ", node_type: " << lc.machine[j] << ", nodes: " << num(count[j])
          << ", network: {latency_s: 50.0e-6, bandwidth_bytes_per_s: 125.0e6}}\n";
}

/// Runs `rmsim run CONFIG --out DIR --force --quiet` for every (config, dir), `jobs` processes at once;
/// false if one failed.
bool run_all(const std::string& rmsim, const std::vector<std::pair<std::string, std::string>>& runs, int jobs) {
    std::size_t next = 0;
    int running = 0;
    bool ok = true;
    while (next < runs.size() || running > 0) {
        if (next < runs.size() && running < jobs) {
            const auto& [config, dir] = runs[next++];
            const pid_t pid = fork();
            if (pid == 0) {
                execl(rmsim.c_str(), rmsim.c_str(), "run", config.c_str(), "--out", dir.c_str(), "--force", "--quiet",
                      static_cast<char*>(nullptr));
                _exit(127);
            }
            if (pid < 0) return false;
            ++running;
            continue;
        }
        int status = 0;
        if (wait(&status) > 0) {
            --running;
            ok = ok && WIFEXITED(status) && WEXITSTATUS(status) == 0;
        }
    }
    return ok;
}

int loop(int argc, char** argv) {
    const std::string which = argc >= 3 ? argv[2] : "";
    if (which != "e1" && which != "e3") {
        std::fprintf(stderr, "bench_tarplee_provisioning loop: give e1 or e3\n");
        return 2;
    }
    const bool e1 = which == "e1";
    const double scale = number_arg(argc, argv, "--scale", e1 ? 10 : 1);
    const double horizon = number_arg(argc, argv, "--horizon", e1 ? 2000 : 20000);
    const std::size_t N = static_cast<std::size_t>(arg(argc, argv, "--trials", 10));
    const std::size_t K = static_cast<std::size_t>(arg(argc, argv, "--scenarios", e1 ? 1000 : 250));
    const std::uint64_t seed = static_cast<std::uint64_t>(arg(argc, argv, "--seed", 1));
    const int jobs = static_cast<int>(arg(argc, argv, "--jobs", 2));
    const std::string out = text_arg(argc, argv, "--out", "tarplee-loop-" + which);
    std::string rmsim = text_arg(argc, argv, "--rmsim", "");
    if (rmsim.empty()) {  // beside this program in the build folder
        char self[4096];
        const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
        const std::string me = n > 0 ? std::string(self, static_cast<std::size_t>(n)) : std::string("./x");
        rmsim = me.substr(0, me.rfind('/') + 1) + "rmsim";
    }
    const auto t0 = Clock::now();
    const LoopCase lc = e1 ? loop_e1(scale) : loop_e3(scale, seed);
    const std::size_t T = lc.env.task_types, M = lc.env.machine_types;

    // The purchases, fractional, then whole.
    const auto train = lc.draw(K, seed);
    std::vector<std::pair<std::string, Purchase>> bought;
    bought.emplace_back("RP", lc.lshaped ? solve_provisioning_lshaped(lc.env, train).solution.purchase
                                         : solve_provisioning(lc.env, train).purchase);
    bought.emplace_back("MVP", solve_provisioning(lc.env, {lc.mean}).purchase);
    for (ProvisioningHeuristic h :
         {ProvisioningHeuristic::kH1, ProvisioningHeuristic::kH2, ProvisioningHeuristic::kH3}) {
        const std::string name = "H" + std::to_string(static_cast<int>(h) + 1);
        const Purchase p = heuristic_purchase(lc.env, lc.mean, h);
        if (bought.back().first[0] == 'H' && bought.back().second.bought == p.bought)
            bought.back().first += "=" + name;  // the same machines: run once
        else
            bought.emplace_back(name, p);
    }
    const double solve_s = seconds_since(t0);
    for (const auto& [name, p] : bought) {
        std::printf("%s buys", name.c_str());
        for (std::size_t j = 0; j < M; ++j)
            if (p.bought[j] > 1e-9) std::printf(" %s %.3f", lc.machine[j].c_str(), p.bought[j]);
        std::printf("\n");
    }

    // The LP's view at the whole purchases, with the platform's powers as APC^d + APC_0 and APC_0.
    ProvisioningEnvironment env = lc.env;
    env.idle_power = lc.idle_w;
    std::vector<ProvisioningScenario> held = lc.draw(N, seed + 1000003);
    for (ProvisioningScenario& sc : held) {
        sc.dynamic_power.assign(T, std::vector<double>(M));
        for (std::size_t i = 0; i < T; ++i)
            for (std::size_t j = 0; j < M; ++j) sc.dynamic_power[i][j] = lc.busy_w[j] - lc.idle_w[j];
    }
    std::string cmd = "mkdir -p '" + out + "'";
    if (std::system(cmd.c_str()) != 0) return 1;
    struct Row {
        std::string name;
        Purchase whole;
        std::vector<double> reward_lp, power_lp, reward_sim, power_sim;
    };
    std::vector<Row> rows;
    std::vector<std::pair<std::string, std::string>> runs;
    const double warmup = horizon / 10;
    for (const auto& [name, fractional] : bought) {
        Row r{name, integer_purchase(env, fractional), {}, {}, {}, {}};
        std::vector<double> count(M);
        std::vector<std::size_t> cols;
        for (std::size_t j = 0; j < M; ++j) {
            count[j] = env.current[j] + r.whole.bought[j] - r.whole.sold[j];
            if (count[j] >= 1) cols.push_back(j);
        }
        std::string tag = name.substr(0, name.find('='));
        for (char& ch : tag) ch = static_cast<char>(std::tolower(ch));
        write_platform(out + "/platform-" + tag + ".yaml", lc, cols, count);
        for (std::size_t k = 0; k < N; ++k) {
            const ProvisioningSolution s = solve_provisioning(env, {held[k]}, r.whole);
            const SteadyState& ss = s.scenarios[0];
            r.reward_lp.push_back(ss.reward_rate);
            r.power_lp.push_back(ss.power);
            std::vector<std::vector<double>> x(T, std::vector<double>(M, 0.0));
            for (std::size_t i = 0; i < T; ++i)
                for (std::size_t j = 0; j < M; ++j) x[i][j] = ss.ptilde[i][j] / held[k].etc[i][j];
            const std::string base = tag + "-" + std::to_string(k);
            std::ofstream f(out + "/" + base + ".yaml");
            f << "# Written by bench_tarplee_provisioning loop: " << lc.name << ", purchase " << name
              << ", held-out scenario " << k << ".\n"
              << "name: tarplee-loop-" << lc.name << "-" << base << "\nplatform: platform-" << tag << ".yaml\n"
              << "workload:\n  tarplee:\n    arrival_rates: " << yaml_list(held[k].arrival)
              << "\n    horizon_s: " << num(horizon) << "\n    rewards: " << yaml_list(lc.env.reward)
              << "\n    etc: " << yaml_matrix(held[k].etc, cols) << "\nmanager:\n  policy: tarplee-steady-state\n"
              << "  params:\n    throughput: " << yaml_matrix(x, cols)
              << "\n    arrival_rates: " << yaml_list(held[k].arrival) << "\n    seed: " << k + 1
              << "\nrun: {seed: " << k + 1 << ", end_s: " << num(horizon) << ", warmup_s: " << num(warmup)
              << ", measure_end_s: " << num(horizon) << "}\n";
            runs.emplace_back(out + "/" + base + ".yaml", out + "/runs/" + base);
        }
        rows.push_back(std::move(r));
    }
    const auto t1 = Clock::now();
    if (!run_all(rmsim, runs, jobs)) {
        std::fprintf(stderr, "bench_tarplee_provisioning loop: a run failed (%s)\n", rmsim.c_str());
        return 1;
    }
    const double sim_s = seconds_since(t1);
    std::size_t next = 0;
    for (Row& r : rows)
        for (std::size_t k = 0; k < N; ++k) {
            std::ifstream f(runs[next++].second + "/summary.json");
            const nlohmann::json sum = nlohmann::json::parse(f);
            const nlohmann::json& w = sum.at("window");
            const double span = w.at("end_s").get<double>() - w.at("start_s").get<double>();
            r.reward_sim.push_back(w.at("utility_earned").get<double>() / span);
            r.power_sim.push_back(w.at("energy_j").get<double>() / span);
        }

    std::printf(
        "%s x %g (arrival rates and budget), RP on %zu training scenarios (seed %llu); %zu held-out "
        "scenarios (seeds from %llu), %g s of arrivals each, measured over [%g, %g) s; mean +- 95 %% CI\n",
        lc.name.c_str(), scale, K, static_cast<unsigned long long>(seed), N,
        static_cast<unsigned long long>(seed + 1000003), horizon, warmup, horizon);
    std::printf("%-10s %-22s %-18s %-18s %-18s %-18s %-18s\n", "purchase", "machines", "reward/s LP", "reward/s sim",
                "sim/LP reward", "power W LP", "power W sim");
    for (const Row& r : rows) {
        std::string m;
        for (std::size_t j = 0; j < M; ++j)
            if (r.whole.bought[j] > 0) m += (m.empty() ? "" : " ") + lc.machine[j] + ":" + num(r.whole.bought[j]);
        const auto [rl, rlh] = mean_ci(r.reward_lp);
        const auto [rs, rsh] = mean_ci(r.reward_sim);
        const auto [pl, plh] = mean_ci(r.power_lp);
        const auto [ps, psh] = mean_ci(r.power_sim);
        std::vector<double> ratio;
        for (std::size_t k = 0; k < N; ++k) ratio.push_back(r.reward_sim[k] / r.reward_lp[k]);
        const auto [q, qh] = mean_ci(ratio);
        std::printf("%-10s %-22s %7.3f +- %-7.3f %7.3f +- %-7.3f %7.4f +- %-7.4f %7.1f +- %-7.1f %7.1f +- %-7.1f\n",
                    r.name.c_str(), m.c_str(), rl, rlh, rs, rsh, q, qh, pl, plh, ps, psh);
    }
    std::printf("LPs %.1f s, %zu simulations %.1f s (%d at once); configs and results in %s\n", solve_s, runs.size(),
                sim_s, jobs, out.c_str());
    return 0;
}

}  // namespace

// libsystemc's own main() refers to sc_main (rmsim_lib links SystemC); this program's main() is its own, so
// sc_main is never called.
extern "C" int sc_main(int, char**) { return 0; }

int main(int argc, char** argv) {
    if (argc >= 2 && std::strcmp(argv[1], "e1") == 0) return e1(argc, argv);
    if (argc >= 2 && std::strcmp(argv[1], "e3-dep") == 0) return e3_dep(argc, argv);
    if (argc >= 2 && std::strcmp(argv[1], "e3-front") == 0) return e3_front(argc, argv);
    if (argc >= 2 && std::strcmp(argv[1], "e2") == 0) return model_study("E2", argc, argv, tarplee_e2, 8000);
    if (argc >= 2 && std::strcmp(argv[1], "e3") == 0) return model_study("E3", argc, argv, tarplee_e3, 1000);
    if (argc >= 2 && std::strcmp(argv[1], "loop") == 0) return loop(argc, argv);
    std::fprintf(
        stderr,
        "usage: bench_tarplee_provisioning e1 [--scenarios K] [--replications R] [--seed S] [--json FILE]\n"
        "       bench_tarplee_provisioning e2 [--scenarios K] [--replications R] [--seed S] [--json FILE]\n"
        "       bench_tarplee_provisioning e3 [--scenarios K] [--replications R] [--seed S] [--json FILE]\n"
        "       bench_tarplee_provisioning e3-dep [--scenarios K] [--seed S] [--lshaped]\n"
        "       bench_tarplee_provisioning e3-front [--scenarios K] [--steps W] [--seed S] [--out DIR] [--json FILE]\n"

        "       bench_tarplee_provisioning loop e1|e3 [--scale S] [--horizon H] [--trials N] [--scenarios K]\n"
        "                                  [--seed S] [--jobs J] [--out DIR] [--rmsim PATH]\n");
    return 2;
}
