#include "tests/fuzz/experiment_fixture.h"

#include <zlib.h>

#include <stdexcept>

#include "tests/fuzz/fuzz_support.h"
#include "workloads/input_file.h"

namespace rmsim::fuzz {

namespace {

namespace fs = std::filesystem;

/// Jobs kept from each trace: KTH's first 1000 reach trace day 17, past the first days the Machovec trace
/// configs simulate (8 + trial).
constexpr int kJobsKept = 1000;

/// The header comments and the first kJobsKept job lines of an SWF text.
std::string cut_trace(const std::string& text) {
    std::string out;
    int jobs = 0;
    std::size_t pos = 0;
    while (pos < text.size() && jobs < kJobsKept) {
        std::size_t end = text.find('\n', pos);
        end = end == std::string::npos ? text.size() : end + 1;
        const std::string_view line(text.data() + pos, end - pos);
        const std::size_t first = line.find_first_not_of(" \t");
        if (first != std::string_view::npos && line[first] != ';') ++jobs;
        out.append(line);
        pos = end;
    }
    return out;
}

void write_gzip(const fs::path& path, const std::string& text) {
    gzFile f = gzopen(path.c_str(), "wb");
    const bool ok = f && gzwrite(f, text.data(), static_cast<unsigned>(text.size())) == static_cast<int>(text.size());
    if (!f || gzclose(f) != Z_OK || !ok) throw std::runtime_error("fuzz: cannot write " + path.string());
}

/// A task list every platform can run: work_s is in seconds at the reference core type's P0.
constexpr const char* kTasksCsv =
    "id,arrival_s,work_s,cores,deadline_s,value,requested_s\n"
    "1,0,60,1,600,5,120\n"
    "2,30,120,2,,1,\n"
    "3,45,10,1,100,2,20\n";

}  // namespace

const ExperimentFixture& ExperimentFixture::get() {
    static const ExperimentFixture fixture;
    return fixture;
}

ExperimentFixture::ExperimentFixture() {
    const fs::path root = scratch_dir() / "experiment";
    const fs::path configs = repository_file("configs");
    experiments_ = root / "experiments";
    fs::create_directories(experiments_);
    fs::create_directories(root / "traces");
    fs::create_directory_symlink(configs / "platforms", root / "platforms");
    for (const fs::directory_entry& e : fs::directory_iterator(configs / "traces"))
        if (e.path().extension() == ".gz")
            write_gzip(root / "traces" / e.path().filename(), cut_trace(read_input_file(e.path().string(), "trace")));
    scratch_dir().write("experiment/traces/tasks.csv", kTasksCsv);
}

std::string ExperimentFixture::write_input(std::string_view text) const {
    return scratch_dir().write("experiment/experiments/input.yaml", std::string(text));
}

}  // namespace rmsim::fuzz
