// Fuzz target: an SWF trace file (workloads/swf_reader.h), plain or gzip-compressed as the archive ships
// them, then the trace as experiments use it. The reader promises jobs in file order with -1 meaning
// unknown, integer fields whole and within their width; its consumers (sim/config/workload_config.h) turn the jobs
// into tasks: every job replayed (`swf` workload) and one trace day on a Machovec Ch.3 system
// (`machovec_trace` workload, the day being the trace's last).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "platform/platform_loader.h"
#include "sim/config/workload_config.h"
#include "tests/fuzz/fuzz_support.h"
#include "workloads/machovec_trace.h"
#include "workloads/swf_reader.h"

namespace {

using rmsim::fuzz::require;

void check_contract(const rmsim::SwfTrace& trace) {
    std::int32_t previous_line = 0;
    for (const rmsim::SwfJob& j : trace.jobs) {
        require(j.line > previous_line, "jobs out of file order");
        previous_line = j.line;
        // Unknown (negative) values must read as unknown, known ones as themselves.
        require(j.run_time().has_value() == (j.run_s >= 0), "run_time() disagrees with field 4");
        const auto procs = j.processors();
        require(!procs || *procs >= 0, "processors() returned a negative count");
        const auto requested = j.requested_processors();
        require(!requested || *requested >= 0, "requested_processors() returned a negative count");
        j.wait_time();
        j.requested_time();
        j.user_id();
        j.group_id();
    }
    for (const auto& [key, value] : trace.header.fields) {
        require(trace.header.text(key) == value, "header text() disagrees with its fields");
        trace.header.integer(key);
    }
}

void make_tasks(const std::string& text, const rmsim::SwfTrace& trace) {
    using rmsim::fuzz::repository_file;
    static const rmsim::PlatformSpec kth = rmsim::load_platform_file(repository_file("configs/platforms/kth-sp2.yaml"));
    static const rmsim::PlatformSpec ch3 =
        rmsim::load_platform_file(repository_file("configs/platforms/machovec-ch3.yaml"));
    const std::string dir = rmsim::fuzz::scratch_dir().string();
    rmsim::fuzz::scratch_dir().write("trace.swf", text);
    rmsim::load_workload(YAML::Load("{swf: {path: trace.swf}}"), "fuzz.yaml", dir, kth, 1, 0);
    const std::int64_t last_day = rmsim::swf_last_day(trace);
    if (last_day < 1) return;  // first_day counts from 1
    YAML::Node w = YAML::Load("{machovec_trace: {path: trace.swf, system_fraction: 0.1}}");
    w["machovec_trace"]["first_day"] = std::min<std::int64_t>(last_day, std::numeric_limits<std::uint32_t>::max());
    rmsim::load_workload(w, "fuzz.yaml", dir, rmsim::workload_platform(w, "fuzz.yaml", ch3), 1, 0);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return rmsim::fuzz::refusing_cleanly([&] {
        const std::string text = rmsim::fuzz::file_text(rmsim::fuzz::as_text(data, size), "SWF trace");
        const rmsim::SwfTrace trace = rmsim::parse_swf(text, "fuzz.swf");
        check_contract(trace);
        make_tasks(text, trace);
    });
}
