// Benchmark and report of Tarplee Ch.5's provisioning (manager/policies/tarplee/provisioning.h):
//   bench_tarplee_provisioning e1 [--scenarios K] [--replications R] [--seed S]
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
//   bench_tarplee_provisioning e2|e3 [--scenarios K] [--replications R] [--seed S]
//     E2 (§5.9.3) and E3 (§5.9.4) with the uncertainty model of §5.4 (provisioning_uncertainty.h; the
//     environments and their GAP choices: tarplee_e2 and tarplee_e3 in provisioning_environments.h): the fit
//     errors; the machines H1-H3 and MVP buy (Tables 5.4 and 5.6) with their reward rates at the mean
//     parameters (Fig. 5.5a); over R replications of K scenarios (RP by the L-shaped method) RP's purchase,
//     the expected reward rates of RP, EEV, WS and H1-H3 (Fig. 5.5b), VSS and EVPI, RP's gain over H1 scenario
//     by scenario (Fig. 5.6), and the width of the 95 % interval of RP's objective against its mean.
//   bench_tarplee_provisioning e3-front [--scenarios K] [--steps W] [--seed S] [--out DIR]
//     §5.8 on E3: the orthogonal weighted-sum front of expected reward rate against expected power, W weights
//     (provisioning_front.h), each point's 95 % confidence ellipse (Eq. 60); DIR/front.csv (per point: the
//     weights, the means, the covariance, the right-hand side of Eq. 60 and the machines bought) and
//     DIR/ellipses.csv (64 boundary points per ellipse); scripts/provisioning_front.py draws them.
// Not a test: `make bench`, then run it.
#include <sys/resource.h>

#include <boost/math/distributions/students_t.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <initializer_list>
#include <string>
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
        std::printf("  %4.1f  %.4f  %.4f  %.4f\n", b, v.rp.expected_reward_rate, v.ws_reward_rate,
                    solve_provisioning(cb.env, k, h).expected_reward_rate);
    }
    return 0;
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
    std::printf("machines bought (negative: sold)");
    for (std::size_t j = 0; j < M; ++j) std::printf("     M%zu", j + 1);
    std::printf("   cost   reward rate at the mean parameters\n");
    auto show_purchase = [&](const char* who, const Purchase& p) {
        const ProvisioningSolution at_mean = solve_provisioning(env, {mean}, p);
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
    return 0;
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
    return 0;
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
    std::fprintf(stderr,
                 "usage: bench_tarplee_provisioning e1 [--scenarios K] [--replications R] [--seed S]\n"
                 "       bench_tarplee_provisioning e2 [--scenarios K] [--replications R] [--seed S]\n"
                 "       bench_tarplee_provisioning e3 [--scenarios K] [--replications R] [--seed S]\n"
                 "       bench_tarplee_provisioning e3-dep [--scenarios K] [--seed S] [--lshaped]\n"
                 "       bench_tarplee_provisioning e3-front [--scenarios K] [--steps W] [--seed S] [--out DIR]\n");
    return 2;
}
