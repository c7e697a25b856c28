// Fuzz target: a task CSV file (workloads/csv_tasks.h), plain or gzip-compressed, on a fixed platform of two
// core types ("big", "little") so that both work models are reachable: work_s (analytic, at the reference
// core type's P0) and time_s.<core type> columns (tabular). The reader promises tasks sorted by arrival, each
// with a work model that can run somewhere.
#include <cstddef>
#include <cstdint>

#include "platform/platform_loader.h"
#include "tests/fuzz/fuzz_support.h"
#include "workloads/csv_tasks.h"

namespace {

using rmsim::fuzz::require;

const rmsim::PlatformSpec& big_little() {
    static const rmsim::PlatformSpec p = rmsim::load_platform_text(R"(
name: big-little
core_types:
  - name: big
    pstates:
      - {frequency_ghz: 2.0, busy_power_w: 4.0, idle_power_w: 1.0}
      - {frequency_ghz: 1.0, busy_power_w: 2.0, idle_power_w: 0.5}
  - name: little
    pstates:
      - {frequency_ghz: 1.0, busy_power_w: 1.0, idle_power_w: 0.2}
      - {frequency_ghz: 0.5, busy_power_w: 0.5, idle_power_w: 0.1}
processor_types:
  - {name: big-cpu, core_type: big, cores: 2}
  - {name: little-cpu, core_type: little, cores: 4}
node_types:
  - name: board
    processors: [{type: big-cpu}, {type: little-cpu}]
clusters:
  - {name: boards, node_type: board, nodes: 2}
)",
                                                                   "big-little.yaml");
    return p;
}

void check_contract(const std::vector<rmsim::Task>& tasks, const rmsim::PlatformSpec& p) {
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        const rmsim::Task& t = tasks[i];
        require(i == 0 || tasks[i - 1].arrival_s <= t.arrival_s, "tasks not sorted by arrival");
        require(t.arrival_s >= 0 && t.cores >= 1, "a negative arrival or a task without cores");
        if (t.work.tabular()) {
            bool runs_somewhere = false;
            for (rmsim::CoreTypeId c = 0; c < p.core_types.size(); ++c)
                runs_somewhere = runs_somewhere || t.work.duration(p.core_types[c], c, 0) >= 0;
            require(runs_somewhere, "a tabular task that can run on no core type");
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return rmsim::fuzz::refusing_cleanly([&] {
        const std::string text = rmsim::fuzz::file_text(rmsim::fuzz::as_text(data, size), "task CSV");
        check_contract(rmsim::parse_csv_tasks(text, "fuzz.csv", big_little()), big_little());
    });
}
