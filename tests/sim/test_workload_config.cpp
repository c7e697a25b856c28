// The `workload:` section of an experiment (sim/workload_config.h): what it refuses in the files it reads.
#include <catch2/catch.hpp>

#include "platform/platform_loader.h"
#include "sim/workload_config.h"
#include "tests/support/scratch_dir.h"

using namespace rmsim;

TEST_CASE("workload config: an SWF job whose memory exceeds 2^64 bytes is refused at its line", "[sim]") {
    // Found by tests/fuzz (fuzz_swf): 1e300 KB (now refused by the reader; 1e20 still is too much) per processor reached an undefined double -> uint64 conversion.
    const test::ScratchDir dir("workload_config");
    dir.write("t.swf", "; MaxProcs: 4\n1 100 0 60 2 -1 1e20 2 600 -1 1 1 1 -1 -1 -1 -1 -1\n");
    const PlatformSpec p = load_platform_file(std::string(RMSIM_SOURCE_DIR) + "/configs/platforms/kth-sp2.yaml");
    const YAML::Node w = YAML::Load("{swf: {path: t.swf}}");
    CHECK_THROWS_WITH(load_workload(w, "exp.yaml", dir.string(), p, 1, 0),
                      dir.string() + "/t.swf:2:1: SWF job 1: its memory (1e+20 KB per processor x 2 processors) "
                                     "exceeds 2^64 bytes");
    dir.write("t.swf", "; MaxProcs: 4\n1 100 0 60 2 -1 1024 2 600 -1 1 1 1 -1 -1 -1 -1 -1\n");
    REQUIRE(load_workload(w, "exp.yaml", dir.string(), p, 1, 0).tasks.size() == 1);
    CHECK(load_workload(w, "exp.yaml", dir.string(), p, 1, 0).tasks[0].memory_bytes == 2u * 1024 * 1024);
}
