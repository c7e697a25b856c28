#pragma once
// The folder the experiment fuzz target reads its input from, laid out like the repository's configs/ so
// that the relative paths of configs/experiments (../platforms/x.yaml, ../traces/y.swf.gz) resolve and the
// fuzzer reaches the platform, trace and CSV loading behind them:
//   experiments/input.yaml   the input being tried (rewritten for each one)
//   platforms/               the repository's configs/platforms (a link: read, never written)
//   traces/                  each trace of configs/traces cut to its header and first jobs (gzip, same names,
//                            so that a trial's workload loads in milliseconds), and tasks.csv
#include <filesystem>
#include <string>
#include <string_view>

namespace rmsim::fuzz {

class ExperimentFixture {
public:
    /// Built on first use in the process's scratch folder.
    static const ExperimentFixture& get();

    /// Writes `text` as the experiment file; returns its path.
    std::string write_input(std::string_view text) const;
    /// The experiment file's folder: where its relative paths start.
    const std::filesystem::path& experiments_dir() const { return experiments_; }

private:
    ExperimentFixture();
    std::filesystem::path experiments_;
};

}  // namespace rmsim::fuzz
