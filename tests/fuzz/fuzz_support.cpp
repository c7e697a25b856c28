#include "tests/fuzz/fuzz_support.h"

#include <cstdio>
#include <cstdlib>

#include "workloads/input_file.h"

namespace rmsim::fuzz {

void require(bool ok, const char* what) {
    if (ok) return;
    std::fprintf(stderr, "fuzz finding: broken contract: %s\n", what);
    std::abort();
}

const test::ScratchDir& scratch_dir() {
    static const test::ScratchDir dir("fuzz");
    return dir;
}

std::string repository_file(const std::string& relative) { return std::string(RMSIM_SOURCE_DIR) + "/" + relative; }

std::string file_text(std::string_view data, const std::string& what) {
    const bool gzip = data.size() >= 2 && data[0] == '\x1f' && data[1] == '\x8b';
    if (!gzip) return std::string(data);
    return read_input_file(scratch_dir().write("input.gz", std::string(data)), what);
}

}  // namespace rmsim::fuzz

// libsystemc's own main() refers to sc_main; the fuzz targets' main() is libFuzzer's or the replay driver's,
// and no target runs a simulation, so sc_main is never called.
extern "C" int sc_main(int, char**) { return 0; }
