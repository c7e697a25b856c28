// Fuzz target: an experiment file, loaded as `rmsim run` loads it before anything runs (sim/run/run_plan.h):
// the config's variants and sweep expanded and checked with its `compare` section, each variant's experiment
// loaded (platform, manager, policy parameters, run settings), and a trial's workload made and checked
// against the policy. The file lies in a fixed folder (tests/fuzz/experiment_fixture.h) where the configs'
// platform and trace paths resolve.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "sim/run/run_plan.h"
#include "tests/fuzz/experiment_fixture.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/input_guards.h"

namespace {

/// Variants loaded per input, spread evenly over the config's list (first and last included): a sweep of
/// hundreds of variants would otherwise make one input take seconds.
constexpr std::size_t kVariantsLoaded = 4;
/// Workloads larger than this are validated by the loader but not generated (tests/fuzz/input_guards.h).
constexpr double kMaxGeneratedTasks = 5000;

void load_like_run(const std::string& path) {
    rmsim::RunArgs args;
    args.config = path;
    const rmsim::ConfigVariants cv = rmsim::load_variants(args);
    const std::size_t n = cv.variants.size();
    const std::size_t picks = std::min(n, kVariantsLoaded);
    for (std::size_t k = 0; k < picks; ++k) {
        const rmsim::Variant& v = cv.variants[picks == 1 ? 0 : k * (n - 1) / (picks - 1)];
        const rmsim::Experiment e = rmsim::load_experiment(path, cv.cli, cv.multi ? &v : nullptr);
        if (rmsim::fuzz::generated_tasks(e.root["workload"]) <= kMaxGeneratedTasks)
            rmsim::check_policy_fits(e, rmsim::make_workload(e, 0));
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const rmsim::fuzz::ExperimentFixture& fixture = rmsim::fuzz::ExperimentFixture::get();
    const std::string text(rmsim::fuzz::as_text(data, size));
    YAML::Node doc;
    try {
        doc = YAML::Load(text);
    } catch (const YAML::Exception&) {
        // Not YAML: the loader refuses it below; there are no paths to look at.
    }
    if (!rmsim::fuzz::names_only_plain_files(doc, fixture.experiments_dir())) return 0;
    const std::string path = fixture.write_input(text);
    return rmsim::fuzz::refusing_cleanly([&] { load_like_run(path); });
}
