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
//   bench_tarplee_provisioning e3 [--scenarios K] [--replications R] [--seed S]
//     E3 (§5.9.3) with the uncertainty model of §5.4 (provisioning_uncertainty.h: Table 5.5 factored with L = 3,
//     ETC CoV 25 %, arrival CoV 25 %): the fit errors, the machines H1-H3, MVP and RP buy (Table 5.6), their
//     costs, VSS and EVPI over R replications (RP by the L-shaped method), and how wide the replications' 95 %
//     interval of RP's objective is against its mean (§5.9.3: under 1 % from 1,500 scenarios). GAP choices of
//     this bench (the text leaves them to supplementary material): reward 1 per task, arrivals 0.2 per second
//     per type, the cost weighted 1e-6 beside the reward, budget $400,000 (as printed), and prices: M2 $2,370,
//     M6 $3,300 and M8 $2,910 as Table 5.6 implies them (H2 and H3 buy 168.8 M2 and H1 121.2 M6 for $400,000,
//     MVP 100 M8 for $291,000), the other six types $3,000.
// Not a test: `make bench`, then run it.
#include <sys/resource.h>

#include <boost/math/distributions/students_t.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "manager/policies/tarplee/provisioning.h"
#include "manager/policies/tarplee/provisioning_environments.h"
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
    show("RP buys M1", m1, "");
    show("RP buys M3", m3, "");
    show("expected reward rate, RP", rp_reward, "");
    show("expected reward rate, EEV (MVP)", eev_reward, "");
    show("expected reward rate, WS", ws_reward, "");
    show("expected reward rate, H1-H3", h_reward, "");
    show("VSS = (EEV - RP) / EEV reward", vss_pct, " %");
    show("EVPI = RP - WS", evpi, "");
    show("seconds per replication", secs, " s");
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

int e3(int argc, char** argv) {
    const std::size_t K = static_cast<std::size_t>(arg(argc, argv, "--scenarios", 1000));
    const int R = static_cast<int>(arg(argc, argv, "--replications", 5));
    const std::uint64_t seed = static_cast<std::uint64_t>(arg(argc, argv, "--seed", 1));
    const UncertaintyModel um =
        fit_uncertainty(tarplee_e3_etc(), {}, 3, Matrix2(10, std::vector<double>(9, 0.25)), seed);
    std::printf("E3 uncertainty model, L = 3: ETC fit error %.2f %%, variance fit error %.2f %%\n", 100 * um.etc_error,
                100 * um.var_error);
    ProvisioningEnvironment env;
    env.task_types = 10;
    env.machine_types = 9;
    env.reward.assign(10, 1.0);
    env.buy_price = {3000, 2370, 3000, 3000, 3000, 3300, 3000, 2910, 3000};
    env.sell_price.assign(9, 0.0);
    env.current.assign(9, 0.0);
    env.budget = 400000;
    env.w_cost = 1e-6;
    const std::vector<double> arrival(10, 0.2), arrival_cov(10, 0.25);
    const ProvisioningScenario mean = mean_model_scenario(um, arrival);
    auto show_purchase = [](const char* name, const Purchase& p, double cost) {
        std::printf("%-4s", name);
        for (double b : p.bought) std::printf(" %6.1f", b);
        std::printf("   $%.0f\n", cost);
    };
    std::printf("machines bought      M1     M2     M3     M4     M5     M6     M7     M8     M9   cost\n");
    for (ProvisioningHeuristic h :
         {ProvisioningHeuristic::kH1, ProvisioningHeuristic::kH2, ProvisioningHeuristic::kH3}) {
        const Purchase p = heuristic_purchase(env, mean, h);
        double cost = 0;
        for (std::size_t j = 0; j < 9; ++j) cost += env.buy_price[j] * p.bought[j];
        show_purchase(h == ProvisioningHeuristic::kH1 ? "H1" : h == ProvisioningHeuristic::kH2 ? "H2" : "H3", p, cost);
    }
    const ProvisioningSolution mvp = solve_provisioning(env, {mean});
    show_purchase("MVP", mvp.purchase, mvp.upgrade_cost);
    std::vector<double> rp_reward, eev_reward, h1_reward, vss_pct, evpi_pct, rp_objective, rp_cost, secs;
    Purchase rp_first;
    for (int r = 0; r < R; ++r) {
        const auto t0 = Clock::now();
        const auto k = draw_model_scenarios(um, arrival, arrival_cov, K, seed + static_cast<std::uint64_t>(r));
        const LShapedSolution rp = solve_provisioning_lshaped(env, k);
        const ProvisioningSolution eev = solve_provisioning(env, k, mvp.purchase);
        const ProvisioningSolution h1 =
            solve_provisioning(env, k, heuristic_purchase(env, mean, ProvisioningHeuristic::kH1));
        secs.push_back(seconds_since(t0));
        if (r == 0) {
            rp_first = rp.solution.purchase;
            show_purchase("RP", rp_first, rp.solution.upgrade_cost);
        }
        rp_reward.push_back(rp.solution.expected_reward_rate);
        eev_reward.push_back(eev.expected_reward_rate);
        h1_reward.push_back(h1.expected_reward_rate);
        rp_cost.push_back(rp.solution.upgrade_cost);
        vss_pct.push_back(100 * (eev.objective - rp.solution.objective) / std::abs(eev.objective));
        // WS: every scenario's own optimum (Eq. 49); EVPI = RP - WS, relative to RP's objective.
        double ws = 0;
        for (const ProvisioningScenario& sc : k) ws += solve_provisioning(env, {sc}).objective / static_cast<double>(K);
        evpi_pct.push_back(100 * (rp.solution.objective - ws) / std::abs(rp.solution.objective));
        rp_objective.push_back(rp.solution.objective);
    }
    std::printf("%d replications of %zu scenarios, mean +- 95 %% CI (RP's purchase above: the first)\n", R, K);
    show("expected reward rate, RP", rp_reward, " /s");
    show("expected reward rate, EEV (MVP)", eev_reward, " /s");
    show("expected reward rate, H1", h1_reward, " /s");
    show("RP's cost", rp_cost, " $");
    show("VSS, relative to EEV's objective", vss_pct, " %");
    show("EVPI, relative to RP's objective", evpi_pct, " %");
    show("RP's objective", rp_objective, "");
    const auto [m, h] = mean_ci(rp_objective);
    std::printf("%-34s %.2f %%\n", "RP's objective, CI / mean", 100 * h / std::abs(m));
    show("seconds per replication", secs, " s");
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
    if (argc >= 2 && std::strcmp(argv[1], "e3") == 0) return e3(argc, argv);
    std::fprintf(stderr,
                 "usage: bench_tarplee_provisioning e1 [--scenarios K] [--replications R] [--seed S]\n"
                 "       bench_tarplee_provisioning e3 [--scenarios K] [--replications R] [--seed S]\n"
                 "       bench_tarplee_provisioning e3-dep [--scenarios K] [--seed S] [--lshaped]\n");
    return 2;
}
